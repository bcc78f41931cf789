// Kubernetes core/v1 (and apps/v1 ControllerRevision) objects, shaped exactly like their JSON.
// Only the fields Coxswain reads or writes are modelled; the other fields of the Kubernetes types still
// round-trip at runtime because objects are plain JSON. Timestamps are RFC 3339 strings, as on the wire.
import type { KubeObject, LabelSelector, IntOrString, ObjectMeta } from './meta.js';

// ---------------------------------------------------------------------------------------------
// Shared value types

/** Any JSON value (runtime.RawExtension payloads, strategic-merge patches). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export type ConditionStatus = 'True' | 'False' | 'Unknown';

/**
 * A resource.Quantity as written in a manifest. The API server always serializes quantities as
 * strings ("500m", "1Gi"), but manifests may carry bare numbers (`cpu: 1`), so both are accepted.
 */
export type Quantity = string | number;

/** resource name ("cpu", "memory", "ephemeral-storage", "nvidia.com/gpu") -> quantity */
export type ResourceList = Record<string, Quantity>;

export interface ObjectReference {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  resourceVersion?: string;
  fieldPath?: string;
}

export interface LocalObjectReference {
  name?: string;
}

// ---------------------------------------------------------------------------------------------
// Containers

export interface ObjectFieldSelector {
  apiVersion?: string;
  /** e.g. `metadata.labels['app']`, `metadata.annotations['app-config']`, `status.podIP` */
  fieldPath: string;
}

export interface ResourceFieldSelector {
  containerName?: string;
  resource: string;
  divisor?: Quantity;
}

export interface ConfigMapKeySelector {
  name?: string;
  key: string;
  optional?: boolean;
}

export interface SecretKeySelector {
  name?: string;
  key: string;
  optional?: boolean;
}

export interface EnvVarSource {
  fieldRef?: ObjectFieldSelector;
  resourceFieldRef?: ResourceFieldSelector;
  configMapKeyRef?: ConfigMapKeySelector;
  secretKeyRef?: SecretKeySelector;
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: EnvVarSource;
}

export interface EnvFromSource {
  prefix?: string;
  configMapRef?: { name?: string; optional?: boolean };
  secretRef?: { name?: string; optional?: boolean };
}

export type Protocol = 'TCP' | 'UDP' | 'SCTP';

export interface ContainerPort {
  name?: string;
  containerPort: number;
  hostPort?: number;
  hostIP?: string;
  protocol?: Protocol;
}

export interface ResourceRequirements {
  limits?: ResourceList;
  requests?: ResourceList;
  claims?: { name: string; request?: string }[];
}

export interface ContainerResizePolicy {
  resourceName: string;
  restartPolicy: 'NotRequired' | 'RestartContainer';
}

export interface VolumeMount {
  name: string;
  mountPath: string;
  readOnly?: boolean;
  subPath?: string;
  subPathExpr?: string;
  mountPropagation?: 'None' | 'HostToContainer' | 'Bidirectional';
}

export interface ExecAction {
  command?: string[];
}

export interface HTTPHeader {
  name: string;
  value: string;
}

export interface HTTPGetAction {
  path?: string;
  port: IntOrString;
  host?: string;
  scheme?: 'HTTP' | 'HTTPS';
  httpHeaders?: HTTPHeader[];
}

export interface TCPSocketAction {
  port: IntOrString;
  host?: string;
}

export interface GRPCAction {
  port: number;
  service?: string;
}

export interface Probe {
  exec?: ExecAction;
  httpGet?: HTTPGetAction;
  tcpSocket?: TCPSocketAction;
  grpc?: GRPCAction;
  initialDelaySeconds?: number;
  timeoutSeconds?: number;
  periodSeconds?: number;
  successThreshold?: number;
  failureThreshold?: number;
  terminationGracePeriodSeconds?: number;
}

export interface LifecycleHandler {
  exec?: ExecAction;
  httpGet?: HTTPGetAction;
  tcpSocket?: TCPSocketAction;
  sleep?: { seconds: number };
}

/**
 * Kubernetes' container `lifecycle` (corev1.Lifecycle). Renamed here because Kruise's workload-level
 * `Lifecycle` (preDelete/inPlaceUpdate/preNormal hooks, see pub.ts) is the one Coxswain talks about.
 */
export interface ContainerLifecycle {
  postStart?: LifecycleHandler;
  preStop?: LifecycleHandler;
  stopSignal?: string;
}

export interface Capabilities {
  add?: string[];
  drop?: string[];
}

export interface SecurityContext {
  capabilities?: Capabilities;
  privileged?: boolean;
  runAsUser?: number;
  runAsGroup?: number;
  runAsNonRoot?: boolean;
  readOnlyRootFilesystem?: boolean;
  allowPrivilegeEscalation?: boolean;
}

export interface PodSecurityContext {
  runAsUser?: number;
  runAsGroup?: number;
  runAsNonRoot?: boolean;
  fsGroup?: number;
  supplementalGroups?: number[];
}

export type PullPolicy = 'Always' | 'Never' | 'IfNotPresent';

export interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  workingDir?: string;
  ports?: ContainerPort[];
  envFrom?: EnvFromSource[];
  env?: EnvVar[];
  resources?: ResourceRequirements;
  resizePolicy?: ContainerResizePolicy[];
  /** Only for init containers: `Always` makes it a sidecar. */
  restartPolicy?: 'Always';
  volumeMounts?: VolumeMount[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: ContainerLifecycle;
  terminationMessagePath?: string;
  terminationMessagePolicy?: 'File' | 'FallbackToLogsOnError';
  imagePullPolicy?: PullPolicy;
  securityContext?: SecurityContext;
  stdin?: boolean;
  tty?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Scheduling

/** Node selector operators; Gt and Lt compare the label value as an integer. */
export type NodeSelectorOperator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt';

export interface NodeSelectorRequirement {
  key: string;
  operator: NodeSelectorOperator;
  values?: string[];
}

/** Requirements are ANDed. `matchExpressions` match node labels, `matchFields` node fields (`metadata.name`). */
export interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[];
  matchFields?: NodeSelectorRequirement[];
}

/** Terms are ORed. */
export interface NodeSelector {
  nodeSelectorTerms: NodeSelectorTerm[];
}

export interface PreferredSchedulingTerm {
  weight: number;
  preference: NodeSelectorTerm;
}

export interface NodeAffinity {
  requiredDuringSchedulingIgnoredDuringExecution?: NodeSelector;
  preferredDuringSchedulingIgnoredDuringExecution?: PreferredSchedulingTerm[];
}

export interface PodAffinityTerm {
  labelSelector?: LabelSelector;
  namespaces?: string[];
  topologyKey: string;
  namespaceSelector?: LabelSelector;
  matchLabelKeys?: string[];
  mismatchLabelKeys?: string[];
}

export interface WeightedPodAffinityTerm {
  weight: number;
  podAffinityTerm: PodAffinityTerm;
}

export interface PodAffinity {
  requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTerm[];
  preferredDuringSchedulingIgnoredDuringExecution?: WeightedPodAffinityTerm[];
}

export interface Affinity {
  nodeAffinity?: NodeAffinity;
  podAffinity?: PodAffinity;
  podAntiAffinity?: PodAffinity;
}

export type TaintEffect = 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';

export interface Taint {
  key: string;
  value?: string;
  effect: TaintEffect;
  timeAdded?: string;
}

/** An empty `key` with operator Exists tolerates every taint; an empty `effect` matches all effects. */
export interface Toleration {
  key?: string;
  /** Defaults to Equal. */
  operator?: 'Exists' | 'Equal';
  value?: string;
  effect?: TaintEffect;
  tolerationSeconds?: number;
}

export interface TopologySpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  whenUnsatisfiable: 'DoNotSchedule' | 'ScheduleAnyway';
  labelSelector?: LabelSelector;
  minDomains?: number;
  nodeAffinityPolicy?: 'Honor' | 'Ignore';
  nodeTaintsPolicy?: 'Honor' | 'Ignore';
  matchLabelKeys?: string[];
}

export interface PodReadinessGate {
  conditionType: string;
}

// ---------------------------------------------------------------------------------------------
// Volumes

export interface KeyToPath {
  key: string;
  path: string;
  mode?: number;
}

export interface Volume {
  name: string;
  persistentVolumeClaim?: { claimName: string; readOnly?: boolean };
  emptyDir?: { medium?: '' | 'Memory'; sizeLimit?: Quantity };
  configMap?: { name?: string; items?: KeyToPath[]; defaultMode?: number; optional?: boolean };
  secret?: { secretName?: string; items?: KeyToPath[]; defaultMode?: number; optional?: boolean };
  hostPath?: { path: string; type?: string };
  downwardAPI?: {
    items?: { path: string; fieldRef?: ObjectFieldSelector; resourceFieldRef?: ResourceFieldSelector; mode?: number }[];
    defaultMode?: number;
  };
}

// ---------------------------------------------------------------------------------------------
// Pod

export type RestartPolicy = 'Always' | 'OnFailure' | 'Never';

export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  volumes?: Volume[];
  restartPolicy?: RestartPolicy;
  terminationGracePeriodSeconds?: number;
  activeDeadlineSeconds?: number;
  dnsPolicy?: 'ClusterFirstWithHostNet' | 'ClusterFirst' | 'Default' | 'None';
  nodeSelector?: Record<string, string>;
  serviceAccountName?: string;
  automountServiceAccountToken?: boolean;
  /** Set by the scheduler; empty means unscheduled. */
  nodeName?: string;
  hostNetwork?: boolean;
  hostname?: string;
  subdomain?: string;
  affinity?: Affinity;
  schedulerName?: string;
  tolerations?: Toleration[];
  priorityClassName?: string;
  priority?: number;
  readinessGates?: PodReadinessGate[];
  topologySpreadConstraints?: TopologySpreadConstraint[];
  imagePullSecrets?: LocalObjectReference[];
  securityContext?: PodSecurityContext;
  enableServiceLinks?: boolean;
}

export interface PodTemplateSpec {
  metadata?: ObjectMeta;
  spec: PodSpec;
}

export type PodPhase = 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';

/**
 * Pod condition. `type` is open: besides Kubernetes' own (Ready, ContainersReady, PodScheduled,
 * Initialized) readiness-gate conditions such as InPlaceUpdateReady and KruisePodReady live here.
 */
export interface PodCondition {
  type: string;
  status: ConditionStatus;
  lastProbeTime?: string | null;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface ContainerStateWaiting {
  reason?: string;
  message?: string;
}

export interface ContainerStateRunning {
  startedAt?: string;
}

export interface ContainerStateTerminated {
  exitCode: number;
  signal?: number;
  reason?: string;
  message?: string;
  startedAt?: string;
  finishedAt?: string;
  containerID?: string;
}

/** At most one member is set. */
export interface ContainerState {
  waiting?: ContainerStateWaiting;
  running?: ContainerStateRunning;
  terminated?: ContainerStateTerminated;
}

export interface ContainerStatus {
  name: string;
  state?: ContainerState;
  lastState?: ContainerState;
  ready: boolean;
  restartCount: number;
  /** The image the container runs, as reported by the runtime (may differ in form from spec.image). */
  image: string;
  /** Digest-qualified image id; a change of imageID is how in-place updates are detected as done. */
  imageID: string;
  containerID?: string;
  started?: boolean;
  allocatedResources?: ResourceList;
  resources?: ResourceRequirements;
}

export interface PodIP {
  ip: string;
}

export interface PodStatus {
  phase?: PodPhase;
  conditions?: PodCondition[];
  message?: string;
  reason?: string;
  nominatedNodeName?: string;
  hostIP?: string;
  hostIPs?: PodIP[];
  podIP?: string;
  podIPs?: PodIP[];
  startTime?: string;
  initContainerStatuses?: ContainerStatus[];
  containerStatuses?: ContainerStatus[];
  qosClass?: 'Guaranteed' | 'Burstable' | 'BestEffort';
}

export interface Pod extends KubeObject {
  apiVersion: 'v1';
  kind: 'Pod';
  spec: PodSpec;
  status?: PodStatus;
}

// ---------------------------------------------------------------------------------------------
// PersistentVolumeClaim

export type PersistentVolumeAccessMode = 'ReadWriteOnce' | 'ReadOnlyMany' | 'ReadWriteMany' | 'ReadWriteOncePod';

export interface TypedLocalObjectReference {
  apiGroup?: string;
  kind: string;
  name: string;
}

export interface PersistentVolumeClaimSpec {
  accessModes?: PersistentVolumeAccessMode[];
  selector?: LabelSelector;
  resources?: { limits?: ResourceList; requests?: ResourceList };
  volumeName?: string;
  storageClassName?: string;
  volumeMode?: 'Filesystem' | 'Block';
  dataSource?: TypedLocalObjectReference;
  dataSourceRef?: TypedLocalObjectReference & { namespace?: string };
}

export interface PersistentVolumeClaimCondition {
  type: string;
  status: ConditionStatus;
  lastProbeTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface PersistentVolumeClaimStatus {
  phase?: 'Pending' | 'Bound' | 'Lost';
  accessModes?: PersistentVolumeAccessMode[];
  capacity?: ResourceList;
  conditions?: PersistentVolumeClaimCondition[];
  allocatedResources?: ResourceList;
}

export interface PersistentVolumeClaim extends KubeObject {
  apiVersion: 'v1';
  kind: 'PersistentVolumeClaim';
  spec: PersistentVolumeClaimSpec;
  status?: PersistentVolumeClaimStatus;
}

/**
 * A PersistentVolumeClaim as embedded in a workload's `volumeClaimTemplates`: the Go type is the full
 * PersistentVolumeClaim, but manifests normally omit apiVersion/kind and status.
 */
export interface PersistentVolumeClaimTemplate {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: PersistentVolumeClaimSpec;
  status?: PersistentVolumeClaimStatus;
}

// ---------------------------------------------------------------------------------------------
// PersistentVolume

export interface CSIPersistentVolumeSource {
  driver: string;
  volumeHandle: string;
  readOnly?: boolean;
  fsType?: string;
  volumeAttributes?: Record<string, string>;
}

export interface PersistentVolumeSpec {
  capacity?: ResourceList;
  accessModes?: PersistentVolumeAccessMode[];
  /** The claim bound to this volume (its namespace, name and uid). */
  claimRef?: ObjectReference;
  persistentVolumeReclaimPolicy?: 'Retain' | 'Delete' | 'Recycle';
  storageClassName?: string;
  volumeMode?: 'Filesystem' | 'Block';
  volumeAttributesClassName?: string;
  mountOptions?: string[];
  nodeAffinity?: { required?: NodeSelector };
  csi?: CSIPersistentVolumeSource;
  hostPath?: { path: string; type?: string };
}

export interface PersistentVolumeStatus {
  phase?: 'Pending' | 'Available' | 'Bound' | 'Released' | 'Failed';
  message?: string;
  reason?: string;
  lastPhaseTransitionTime?: string;
}

export interface PersistentVolume extends KubeObject {
  apiVersion: 'v1';
  kind: 'PersistentVolume';
  spec: PersistentVolumeSpec;
  status?: PersistentVolumeStatus;
}

// ---------------------------------------------------------------------------------------------
// Node

export interface NodeSpec {
  podCIDR?: string;
  podCIDRs?: string[];
  providerID?: string;
  unschedulable?: boolean;
  taints?: Taint[];
}

export interface NodeCondition {
  /** Ready, MemoryPressure, DiskPressure, PIDPressure, NetworkUnavailable, ... */
  type: string;
  status: ConditionStatus;
  lastHeartbeatTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface NodeAddress {
  type: 'Hostname' | 'InternalIP' | 'ExternalIP' | 'InternalDNS' | 'ExternalDNS';
  address: string;
}

export interface NodeSystemInfo {
  machineID: string;
  systemUUID: string;
  bootID: string;
  kernelVersion: string;
  osImage: string;
  containerRuntimeVersion: string;
  kubeletVersion: string;
  kubeProxyVersion: string;
  operatingSystem: string;
  architecture: string;
}

/** An image present on the node (the kubelet simulator's image cache is reported here). */
export interface ContainerImage {
  names?: string[];
  sizeBytes?: number;
}

export interface NodeStatus {
  capacity?: Record<string, string>;
  allocatable?: Record<string, string>;
  phase?: 'Pending' | 'Running' | 'Terminated';
  conditions?: NodeCondition[];
  addresses?: NodeAddress[];
  nodeInfo?: NodeSystemInfo;
  images?: ContainerImage[];
}

export interface Node extends KubeObject {
  apiVersion: 'v1';
  kind: 'Node';
  spec?: NodeSpec;
  status?: NodeStatus;
}

// ---------------------------------------------------------------------------------------------
// Event (core/v1)

export interface EventSource {
  component?: string;
  host?: string;
}

export interface EventSeries {
  count?: number;
  lastObservedTime?: string;
}

/** core/v1 Event. Unlike most kinds its payload sits at the top level (no spec/status). */
export interface Event extends KubeObject {
  apiVersion: 'v1';
  kind: 'Event';
  involvedObject: ObjectReference;
  reason?: string;
  message?: string;
  source?: EventSource;
  firstTimestamp?: string;
  lastTimestamp?: string;
  count?: number;
  type?: 'Normal' | 'Warning';
  eventTime?: string | null;
  series?: EventSeries;
  action?: string;
  related?: ObjectReference;
  reportingComponent?: string;
  reportingInstance?: string;
}

// ---------------------------------------------------------------------------------------------
// Namespace

export interface Namespace extends KubeObject {
  apiVersion: 'v1';
  kind: 'Namespace';
  spec?: { finalizers?: string[] };
  status?: { phase?: 'Active' | 'Terminating'; conditions?: NamespaceCondition[] };
}

export interface NamespaceCondition {
  type: string;
  status: ConditionStatus;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

// ---------------------------------------------------------------------------------------------
// ControllerRevision (apps/v1)

/**
 * An immutable snapshot of workload state. For Kruise workloads `data` is
 * `{"spec":{"template":{...,"$patch":"replace"}}}` (see docs/spec/cloneset.md §4.1).
 */
export interface ControllerRevision extends KubeObject {
  apiVersion: 'apps/v1';
  kind: 'ControllerRevision';
  data?: JsonValue;
  revision: number;
}

// ---------------------------------------------------------------------------------------------
// Secret

/** A Secret (what the webhook keeps its certificate in). `data` values are base64. */
export interface Secret extends KubeObject {
  apiVersion: 'v1';
  kind: 'Secret';
  type?: string;
  data?: Record<string, string>;
  /** Write-only plain text; the API server merges it into `data` and never returns it. */
  stringData?: Record<string, string>;
  immutable?: boolean;
}
