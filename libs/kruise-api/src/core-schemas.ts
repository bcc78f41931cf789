// Schemas of ObjectMeta and the core/v1 (and apps/v1) types in core.ts, meta.ts and apps-v1.ts, one
// entry per declared field (the compiler keeps them in step with the types). Enumerations are checked
// where kube-apiserver's validation refuses other values for the field. Each names the Kubernetes type
// it is (`'V1Container'`): the fields of that type it does not model round-trip, any other member is an
// unknown field (upstream-schemas.ts; test/upstream-fields.test.ts keeps the two in step).
import type { ObjectMeta, OwnerReference, LabelSelector, LabelSelectorRequirement } from './meta.js';
import type {
  Affinity, Capabilities, ConfigMapKeySelector, Container, ContainerImage, ContainerLifecycle, ContainerPort, ContainerResizePolicy,
  ContainerState, ContainerStateRunning, ContainerStateTerminated, ContainerStateWaiting, ContainerStatus, ControllerRevision, EnvFromSource,
  EnvVar, EnvVarSource, Event, EventSeries, EventSource, ExecAction, GRPCAction, HTTPGetAction, HTTPHeader, KeyToPath, LifecycleHandler,
  CSIPersistentVolumeSource, LocalObjectReference, Namespace, NamespaceCondition, Node, NodeAddress, NodeAffinity, NodeCondition, NodeSelector, NodeSelectorRequirement,
  NodeSelectorTerm, NodeSpec, NodeStatus, NodeSystemInfo, ObjectFieldSelector, ObjectReference, PersistentVolumeClaim,
  PersistentVolume, PersistentVolumeClaimCondition, PersistentVolumeClaimSpec, PersistentVolumeClaimStatus, PersistentVolumeClaimTemplate,
  PersistentVolumeSpec, PersistentVolumeStatus, Pod, PodAffinity,
  PodAffinityTerm, PodCondition, PodIP, PodReadinessGate, PodSecurityContext, PodSpec, PodStatus, PodTemplateSpec, PreferredSchedulingTerm,
  Probe, ResourceFieldSelector, ResourceRequirements, Secret, SecretKeySelector, SecurityContext, Taint, TCPSocketAction, Toleration,
  TopologySpreadConstraint, TypedLocalObjectReference, Volume, VolumeMount, WeightedPodAffinityTerm,
} from './core.js';
import type {
  Deployment, DeploymentCondition, DeploymentSpec, DeploymentStatus, DeploymentStrategy, NativeRollingUpdateStatefulSetStrategy, NativeStatefulSet, NativeStatefulSetSpec, NativeStatefulSetStatus,
  NativeStatefulSetUpdateStrategy, ReplicaSet, ReplicaSetCondition, ReplicaSetSpec, ReplicaSetStatus, RollingUpdateDeployment,
} from './apps-v1.js';
import type { CustomResourceDefinition, CustomResourceDefinitionSpec, CustomResourceDefinitionVersion, PrinterColumn } from './apiextensions.js';
import type { Lease, LeaseSpec } from './coordination.js';
import type {
  MatchCondition, MutatingWebhook, MutatingWebhookConfiguration, RuleWithOperations, ServiceReference, ValidatingWebhook,
  ValidatingWebhookConfiguration, WebhookClientConfig,
} from './admissionregistration.js';
import type { StatefulSetCondition, StatefulSetPersistentVolumeClaimRetentionPolicy } from './statefulset.js';
import {
  boolean, int32, int64, intOrString, json, listOf, mapOf, object, oneOf, quantity, string, stringList, stringMap, time, type Schema,
} from './object-schema.js';

// --- meta ---------------------------------------------------------------------------------------

export const ownerReference = object<OwnerReference>('V1OwnerReference', {
  apiVersion: string, kind: string, name: string, uid: string, controller: boolean, blockOwnerDeletion: boolean,
});

export const objectMeta = object<ObjectMeta>('V1ObjectMeta', {
  name: string,
  generateName: string,
  namespace: string,
  uid: string,
  resourceVersion: string,
  generation: int64,
  creationTimestamp: time,
  deletionTimestamp: time,
  deletionGracePeriodSeconds: int64,
  labels: stringMap,
  annotations: stringMap,
  ownerReferences: listOf(ownerReference),
  finalizers: stringList,
});

export const labelSelector = object<LabelSelector>('V1LabelSelector', {
  matchLabels: stringMap,
  matchExpressions: listOf(object<LabelSelectorRequirement>('V1LabelSelectorRequirement', { key: string, operator: string, values: stringList })),
});

/** TypeMeta and ObjectMeta of a top-level object; the kind adds the rest. */
const typeMeta = { apiVersion: string, kind: string, metadata: objectMeta };

const conditionStatus = oneOf('True', 'False', 'Unknown');
const resourceList = mapOf(quantity);

// --- containers ---------------------------------------------------------------------------------

const objectFieldSelector = object<ObjectFieldSelector>('V1ObjectFieldSelector', { apiVersion: string, fieldPath: string });
const resourceFieldSelector = object<ResourceFieldSelector>('V1ResourceFieldSelector', { containerName: string, resource: string, divisor: quantity });
const configMapKeySelector = object<ConfigMapKeySelector>('V1ConfigMapKeySelector', { name: string, key: string, optional: boolean });
const secretKeySelector = object<SecretKeySelector>('V1SecretKeySelector', { name: string, key: string, optional: boolean });

const envVar = object<EnvVar>('V1EnvVar', {
  name: string,
  value: string,
  valueFrom: object<EnvVarSource>('V1EnvVarSource', {
    fieldRef: objectFieldSelector, resourceFieldRef: resourceFieldSelector, configMapKeyRef: configMapKeySelector, secretKeyRef: secretKeySelector,
  }),
}, ['name']);

type OptionalReference = { name?: string; optional?: boolean };
const envFromSource = object<EnvFromSource>('V1EnvFromSource', {
  prefix: string,
  configMapRef: object<OptionalReference>('V1ConfigMapEnvSource', { name: string, optional: boolean }),
  secretRef: object<OptionalReference>('V1SecretEnvSource', { name: string, optional: boolean }),
});

const containerPort = object<ContainerPort>('V1ContainerPort', {
  name: string, containerPort: int32, hostPort: int32, hostIP: string, protocol: oneOf('TCP', 'UDP', 'SCTP'),
});

const resourceRequirements = object<ResourceRequirements>('V1ResourceRequirements', {
  limits: resourceList, requests: resourceList, claims: listOf(object<{ name: string; request?: string }>('CoreV1ResourceClaim', { name: string, request: string })),
});

const volumeMount = object<VolumeMount>('V1VolumeMount', {
  name: string, mountPath: string, readOnly: boolean, subPath: string, subPathExpr: string,
  mountPropagation: oneOf('None', 'HostToContainer', 'Bidirectional'),
});

const execAction = object<ExecAction>('V1ExecAction', { command: stringList });
const httpGetAction = object<HTTPGetAction>('V1HTTPGetAction', {
  path: string, port: intOrString, host: string, scheme: oneOf('HTTP', 'HTTPS'),
  httpHeaders: listOf(object<HTTPHeader>('V1HTTPHeader', { name: string, value: string })),
});
const tcpSocketAction = object<TCPSocketAction>('V1TCPSocketAction', { port: intOrString, host: string });

const probe = object<Probe>('V1Probe', {
  exec: execAction,
  httpGet: httpGetAction,
  tcpSocket: tcpSocketAction,
  grpc: object<GRPCAction>('V1GRPCAction', { port: int32, service: string }),
  initialDelaySeconds: int32,
  timeoutSeconds: int32,
  periodSeconds: int32,
  successThreshold: int32,
  failureThreshold: int32,
  terminationGracePeriodSeconds: int64,
});

const lifecycleHandler = object<LifecycleHandler>('V1LifecycleHandler', {
  exec: execAction, httpGet: httpGetAction, tcpSocket: tcpSocketAction, sleep: object<{ seconds: number }>('V1SleepAction', { seconds: int64 }),
});

const securityContext = object<SecurityContext>('V1SecurityContext', {
  capabilities: object<Capabilities>('V1Capabilities', { add: stringList, drop: stringList }),
  privileged: boolean,
  runAsUser: int64,
  runAsGroup: int64,
  runAsNonRoot: boolean,
  readOnlyRootFilesystem: boolean,
  allowPrivilegeEscalation: boolean,
});

const container = object<Container>('V1Container', {
  name: string,
  image: string,
  command: stringList,
  args: stringList,
  workingDir: string,
  ports: listOf(containerPort),
  envFrom: listOf(envFromSource),
  env: listOf(envVar),
  resources: resourceRequirements,
  resizePolicy: listOf(object<ContainerResizePolicy>('V1ContainerResizePolicy', { resourceName: string, restartPolicy: oneOf('NotRequired', 'RestartContainer') })),
  restartPolicy: oneOf('Always'),
  volumeMounts: listOf(volumeMount),
  livenessProbe: probe,
  readinessProbe: probe,
  startupProbe: probe,
  lifecycle: object<ContainerLifecycle>('V1Lifecycle', { postStart: lifecycleHandler, preStop: lifecycleHandler, stopSignal: string }),
  terminationMessagePath: string,
  terminationMessagePolicy: oneOf('File', 'FallbackToLogsOnError'),
  imagePullPolicy: oneOf('Always', 'Never', 'IfNotPresent'),
  securityContext,
  stdin: boolean,
  tty: boolean,
}, ['name']);

// --- scheduling ---------------------------------------------------------------------------------

const nodeSelectorRequirement = object<NodeSelectorRequirement>('V1NodeSelectorRequirement', {
  key: string, operator: oneOf('In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'), values: stringList,
}, ['key', 'operator']);

export const nodeSelectorTerm = object<NodeSelectorTerm>('V1NodeSelectorTerm', {
  matchExpressions: listOf(nodeSelectorRequirement), matchFields: listOf(nodeSelectorRequirement),
});

const podAffinityTerm = object<PodAffinityTerm>('V1PodAffinityTerm', {
  labelSelector, namespaces: stringList, topologyKey: string, namespaceSelector: labelSelector,
  matchLabelKeys: stringList, mismatchLabelKeys: stringList,
});

const podAffinityFields = {
  requiredDuringSchedulingIgnoredDuringExecution: listOf(podAffinityTerm),
  preferredDuringSchedulingIgnoredDuringExecution: listOf(object<WeightedPodAffinityTerm>('V1WeightedPodAffinityTerm', { weight: int32, podAffinityTerm })),
};

const affinity = object<Affinity>('V1Affinity', {
  nodeAffinity: object<NodeAffinity>('V1NodeAffinity', {
    requiredDuringSchedulingIgnoredDuringExecution: object<NodeSelector>('V1NodeSelector', { nodeSelectorTerms: listOf(nodeSelectorTerm) }, ['nodeSelectorTerms']),
    preferredDuringSchedulingIgnoredDuringExecution: listOf(object<PreferredSchedulingTerm>('V1PreferredSchedulingTerm', { weight: int32, preference: nodeSelectorTerm })),
  }),
  podAffinity: object<PodAffinity>('V1PodAffinity', podAffinityFields),
  podAntiAffinity: object<PodAffinity>('V1PodAntiAffinity', podAffinityFields),
});

const taintEffect = oneOf('NoSchedule', 'PreferNoSchedule', 'NoExecute');

const taint = object<Taint>('V1Taint', { key: string, value: string, effect: taintEffect, timeAdded: time }, ['key', 'effect']);

export const toleration = object<Toleration>('V1Toleration', {
  key: string, operator: oneOf('Exists', 'Equal'), value: string, effect: taintEffect, tolerationSeconds: int64,
});

const topologySpreadConstraint = object<TopologySpreadConstraint>('V1TopologySpreadConstraint', {
  maxSkew: int32,
  topologyKey: string,
  whenUnsatisfiable: oneOf('DoNotSchedule', 'ScheduleAnyway'),
  labelSelector,
  minDomains: int32,
  nodeAffinityPolicy: oneOf('Honor', 'Ignore'),
  nodeTaintsPolicy: oneOf('Honor', 'Ignore'),
  matchLabelKeys: stringList,
});

// --- volumes ------------------------------------------------------------------------------------

const keyToPath = object<KeyToPath>('V1KeyToPath', { key: string, path: string, mode: int32 });

type VolumeSources = Required<Volume>;

const volume = object<Volume>('V1Volume', {
  name: string,
  persistentVolumeClaim: object<VolumeSources['persistentVolumeClaim']>('V1PersistentVolumeClaimVolumeSource', { claimName: string, readOnly: boolean }),
  emptyDir: object<VolumeSources['emptyDir']>('V1EmptyDirVolumeSource', { medium: oneOf('', 'Memory'), sizeLimit: quantity }),
  configMap: object<VolumeSources['configMap']>('V1ConfigMapVolumeSource', { name: string, items: listOf(keyToPath), defaultMode: int32, optional: boolean }),
  secret: object<VolumeSources['secret']>('V1SecretVolumeSource', { secretName: string, items: listOf(keyToPath), defaultMode: int32, optional: boolean }),
  hostPath: object<VolumeSources['hostPath']>('V1HostPathVolumeSource', { path: string, type: string }),
  downwardAPI: object<VolumeSources['downwardAPI']>('V1DownwardAPIVolumeSource', {
    items: listOf(object<NonNullable<VolumeSources['downwardAPI']['items']>[number]>('V1DownwardAPIVolumeFile', {
      path: string, fieldRef: objectFieldSelector, resourceFieldRef: resourceFieldSelector, mode: int32,
    })),
    defaultMode: int32,
  }),
}, ['name']);

// --- pod ----------------------------------------------------------------------------------------

export const podSpec = object<PodSpec>('V1PodSpec', {
  containers: listOf(container),
  initContainers: listOf(container),
  volumes: listOf(volume),
  restartPolicy: oneOf('Always', 'OnFailure', 'Never'),
  terminationGracePeriodSeconds: int64,
  activeDeadlineSeconds: int64,
  dnsPolicy: oneOf('ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'),
  nodeSelector: stringMap,
  serviceAccountName: string,
  automountServiceAccountToken: boolean,
  nodeName: string,
  hostNetwork: boolean,
  hostname: string,
  subdomain: string,
  affinity,
  schedulerName: string,
  tolerations: listOf(toleration),
  priorityClassName: string,
  priority: int32,
  readinessGates: listOf(object<PodReadinessGate>('V1PodReadinessGate', { conditionType: string }, ['conditionType'])),
  topologySpreadConstraints: listOf(topologySpreadConstraint),
  imagePullSecrets: listOf(object<LocalObjectReference>('V1LocalObjectReference', { name: string })),
  securityContext: object<PodSecurityContext>('V1PodSecurityContext', {
    runAsUser: int64, runAsGroup: int64, runAsNonRoot: boolean, fsGroup: int64, supplementalGroups: listOf(int64),
  }),
  enableServiceLinks: boolean,
});

export const podTemplateSpec = object<PodTemplateSpec>('V1PodTemplateSpec', { metadata: objectMeta, spec: podSpec });

const podCondition = object<PodCondition>('V1PodCondition', {
  type: string, status: conditionStatus, lastProbeTime: time, lastTransitionTime: time, reason: string, message: string,
}, ['type', 'status']);

const containerState = object<ContainerState>('V1ContainerState', {
  waiting: object<ContainerStateWaiting>('V1ContainerStateWaiting', { reason: string, message: string }),
  running: object<ContainerStateRunning>('V1ContainerStateRunning', { startedAt: time }),
  terminated: object<ContainerStateTerminated>('V1ContainerStateTerminated', {
    exitCode: int32, signal: int32, reason: string, message: string, startedAt: time, finishedAt: time, containerID: string,
  }),
});

const containerStatus = object<ContainerStatus>('V1ContainerStatus', {
  name: string,
  state: containerState,
  lastState: containerState,
  ready: boolean,
  restartCount: int32,
  image: string,
  imageID: string,
  containerID: string,
  started: boolean,
  allocatedResources: resourceList,
  resources: resourceRequirements,
}, ['name']);


const podStatus = object<PodStatus>('V1PodStatus', {
  phase: oneOf('Pending', 'Running', 'Succeeded', 'Failed', 'Unknown'),
  conditions: listOf(podCondition),
  message: string,
  reason: string,
  nominatedNodeName: string,
  hostIP: string,
  hostIPs: listOf(object<PodIP>('V1HostIP', { ip: string })),
  podIP: string,
  podIPs: listOf(object<PodIP>('V1PodIP', { ip: string })),
  startTime: time,
  initContainerStatuses: listOf(containerStatus),
  containerStatuses: listOf(containerStatus),
  qosClass: oneOf('Guaranteed', 'Burstable', 'BestEffort'),
});

export const pod = object<Pod>('V1Pod', { ...typeMeta, spec: podSpec, status: podStatus });

// --- persistent volume claims ---------------------------------------------------------------------

const accessMode = oneOf('ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod');

const typedReference = { apiGroup: string, kind: string, name: string };

const pvcSpec = object<PersistentVolumeClaimSpec>('V1PersistentVolumeClaimSpec', {
  accessModes: listOf(accessMode),
  selector: labelSelector,
  resources: object<NonNullable<PersistentVolumeClaimSpec['resources']>>('V1VolumeResourceRequirements', { limits: resourceList, requests: resourceList }),
  volumeName: string,
  storageClassName: string,
  volumeMode: oneOf('Filesystem', 'Block'),
  dataSource: object<TypedLocalObjectReference>('V1TypedLocalObjectReference', typedReference),
  dataSourceRef: object<TypedLocalObjectReference & { namespace?: string }>('V1TypedObjectReference', { ...typedReference, namespace: string }),
});

const pvcStatus = object<PersistentVolumeClaimStatus>('V1PersistentVolumeClaimStatus', {
  phase: oneOf('Pending', 'Bound', 'Lost'),
  accessModes: listOf(accessMode),
  capacity: resourceList,
  conditions: listOf(object<PersistentVolumeClaimCondition>('V1PersistentVolumeClaimCondition', {
    type: string, status: conditionStatus, lastProbeTime: time, lastTransitionTime: time, reason: string, message: string,
  })),
  allocatedResources: resourceList,
});

export const persistentVolumeClaim = object<PersistentVolumeClaim>('V1PersistentVolumeClaim', { ...typeMeta, spec: pvcSpec, status: pvcStatus });

export const persistentVolumeClaimTemplate = object<PersistentVolumeClaimTemplate>('V1PersistentVolumeClaim', {
  apiVersion: string, kind: string, metadata: objectMeta, spec: pvcSpec, status: pvcStatus,
});

// --- persistent volumes -------------------------------------------------------------------------

const pvSpec = object<PersistentVolumeSpec>('V1PersistentVolumeSpec', {
  capacity: resourceList,
  accessModes: listOf(accessMode),
  claimRef: object<ObjectReference>('V1ObjectReference', {
    apiVersion: string, kind: string, namespace: string, name: string, uid: string, resourceVersion: string, fieldPath: string,
  }),
  persistentVolumeReclaimPolicy: oneOf('Retain', 'Delete', 'Recycle'),
  storageClassName: string,
  volumeMode: oneOf('Filesystem', 'Block'),
  volumeAttributesClassName: string,
  mountOptions: stringList,
  nodeAffinity: object<NonNullable<PersistentVolumeSpec['nodeAffinity']>>('V1VolumeNodeAffinity', {
    required: object<NodeSelector>('V1NodeSelector', { nodeSelectorTerms: listOf(nodeSelectorTerm) }, ['nodeSelectorTerms']),
  }),
  csi: object<CSIPersistentVolumeSource>('V1CSIPersistentVolumeSource', { driver: string, volumeHandle: string, readOnly: boolean, fsType: string, volumeAttributes: stringMap }, ['driver', 'volumeHandle']),
  hostPath: object<NonNullable<PersistentVolumeSpec['hostPath']>>('V1HostPathVolumeSource', { path: string, type: string }, ['path']),
});

const pvStatus = object<PersistentVolumeStatus>('V1PersistentVolumeStatus', {
  phase: oneOf('Pending', 'Available', 'Bound', 'Released', 'Failed'), message: string, reason: string, lastPhaseTransitionTime: time,
});

export const persistentVolume = object<PersistentVolume>('V1PersistentVolume', { ...typeMeta, spec: pvSpec, status: pvStatus });

// --- node ---------------------------------------------------------------------------------------

const nodeSpec = object<NodeSpec>('V1NodeSpec', { podCIDR: string, podCIDRs: stringList, providerID: string, unschedulable: boolean, taints: listOf(taint) });

const nodeStatus = object<NodeStatus>('V1NodeStatus', {
  capacity: resourceList,
  allocatable: resourceList,
  phase: oneOf('Pending', 'Running', 'Terminated'),
  conditions: listOf(object<NodeCondition>('V1NodeCondition', {
    type: string, status: conditionStatus, lastHeartbeatTime: time, lastTransitionTime: time, reason: string, message: string,
  }, ['type', 'status'])),
  addresses: listOf(object<NodeAddress>('V1NodeAddress', {
    type: oneOf('Hostname', 'InternalIP', 'ExternalIP', 'InternalDNS', 'ExternalDNS'), address: string,
  }, ['type', 'address'])),
  nodeInfo: object<NodeSystemInfo>('V1NodeSystemInfo', {
    machineID: string, systemUUID: string, bootID: string, kernelVersion: string, osImage: string, containerRuntimeVersion: string,
    kubeletVersion: string, kubeProxyVersion: string, operatingSystem: string, architecture: string,
  }),
  images: listOf(object<ContainerImage>('V1ContainerImage', { names: stringList, sizeBytes: int64 })),
});

export const node = object<Node>('V1Node', { ...typeMeta, spec: nodeSpec, status: nodeStatus });

// --- event, namespace, controller revision ------------------------------------------------------

const objectReference = object<ObjectReference>('V1ObjectReference', {
  apiVersion: string, kind: string, namespace: string, name: string, uid: string, resourceVersion: string, fieldPath: string,
});

export const event = object<Event>('CoreV1Event', {
  ...typeMeta,
  spec: json,
  status: json,
  involvedObject: objectReference,
  reason: string,
  message: string,
  source: object<EventSource>('V1EventSource', { component: string, host: string }),
  firstTimestamp: time,
  lastTimestamp: time,
  count: int32,
  type: oneOf('Normal', 'Warning'),
  eventTime: time,
  series: object<EventSeries>('CoreV1EventSeries', { count: int32, lastObservedTime: time }),
  action: string,
  related: objectReference,
  reportingComponent: string,
  reportingInstance: string,
});

type NamespaceParts = Required<Namespace>;

export const namespace = object<Namespace>('V1Namespace', {
  ...typeMeta,
  spec: object<NamespaceParts['spec']>('V1NamespaceSpec', { finalizers: stringList }),
  status: object<NamespaceParts['status']>('V1NamespaceStatus', {
    phase: oneOf('Active', 'Terminating'),
    conditions: listOf(object<NamespaceCondition>('V1NamespaceCondition', {
      type: string, status: conditionStatus, lastTransitionTime: time, reason: string, message: string,
    })),
  }),
});

export const secret = object<Secret>('V1Secret', { ...typeMeta, spec: json, status: json, type: string, data: stringMap, stringData: stringMap, immutable: boolean });

export const controllerRevision = object<ControllerRevision>('V1ControllerRevision', { ...typeMeta, spec: json, status: json, data: json, revision: int64 }, ['revision']);

// --- apps/v1 specs inside UnitedDeployment templates --------------------------------------------

export const persistentVolumeClaimRetentionPolicy = object<StatefulSetPersistentVolumeClaimRetentionPolicy>('V1StatefulSetPersistentVolumeClaimRetentionPolicy', {
  whenDeleted: oneOf('Retain', 'Delete'), whenScaled: oneOf('Retain', 'Delete'),
});

export const nativeStatefulSetSpec = object<NativeStatefulSetSpec>('V1StatefulSetSpec', {
  replicas: int32,
  selector: labelSelector,
  template: podTemplateSpec,
  volumeClaimTemplates: listOf(persistentVolumeClaimTemplate),
  serviceName: string,
  podManagementPolicy: oneOf('OrderedReady', 'Parallel'),
  updateStrategy: object<NativeStatefulSetUpdateStrategy>('V1StatefulSetUpdateStrategy', {
    type: oneOf('RollingUpdate', 'OnDelete'),
    rollingUpdate: object<NativeRollingUpdateStatefulSetStrategy>('V1RollingUpdateStatefulSetStrategy', { partition: int32, maxUnavailable: intOrString }),
  }),
  revisionHistoryLimit: int32,
  minReadySeconds: int32,
  persistentVolumeClaimRetentionPolicy,
  ordinals: object<{ start?: number }>('V1StatefulSetOrdinals', { start: int32 }),
});

const nativeStatefulSetStatus = object<NativeStatefulSetStatus>('V1StatefulSetStatus', {
  observedGeneration: int64,
  replicas: int32,
  readyReplicas: int32,
  currentReplicas: int32,
  updatedReplicas: int32,
  currentRevision: string,
  updateRevision: string,
  collisionCount: int32,
  conditions: listOf(object<StatefulSetCondition>('V1StatefulSetCondition', { type: string, status: string, lastTransitionTime: time, reason: string, message: string })),
  availableReplicas: int32,
});

/** apps/v1 StatefulSet: the native fields only (Kruise's extensions are refused by its validation). */
export const nativeStatefulSet = object<NativeStatefulSet>('V1StatefulSet', { ...typeMeta, spec: nativeStatefulSetSpec, status: nativeStatefulSetStatus });

export const deploymentSpec = object<DeploymentSpec>('V1DeploymentSpec', {
  replicas: int32,
  selector: labelSelector,
  template: podTemplateSpec,
  strategy: object<DeploymentStrategy>('V1DeploymentStrategy', {
    type: oneOf('Recreate', 'RollingUpdate'),
    rollingUpdate: object<RollingUpdateDeployment>('V1RollingUpdateDeployment', { maxUnavailable: intOrString, maxSurge: intOrString }),
  }),
  minReadySeconds: int32,
  revisionHistoryLimit: int32,
  paused: boolean,
  progressDeadlineSeconds: int32,
});

const deploymentStatus = object<DeploymentStatus>('V1DeploymentStatus', {
  observedGeneration: int64,
  replicas: int32,
  updatedReplicas: int32,
  readyReplicas: int32,
  availableReplicas: int32,
  unavailableReplicas: int32,
  conditions: listOf(object<DeploymentCondition>('V1DeploymentCondition', {
    type: string, status: oneOf('True', 'False', 'Unknown'), lastUpdateTime: time, lastTransitionTime: time, reason: string, message: string,
  })),
  collisionCount: int32,
});

export const deployment = object<Deployment>('V1Deployment', { ...typeMeta, spec: deploymentSpec, status: deploymentStatus });

const replicaSetSpec = object<ReplicaSetSpec>('V1ReplicaSetSpec', { replicas: int32, minReadySeconds: int32, selector: labelSelector, template: podTemplateSpec });

const replicaSetStatus = object<ReplicaSetStatus>('V1ReplicaSetStatus', {
  replicas: int32,
  fullyLabeledReplicas: int32,
  readyReplicas: int32,
  availableReplicas: int32,
  observedGeneration: int64,
  conditions: listOf(object<ReplicaSetCondition>('V1ReplicaSetCondition', {
    type: oneOf('ReplicaFailure'), status: oneOf('True', 'False', 'Unknown'), lastTransitionTime: time, reason: string, message: string,
  })),
});

export const replicaSet = object<ReplicaSet>('V1ReplicaSet', { ...typeMeta, spec: replicaSetSpec, status: replicaSetStatus });

// --- coordination.k8s.io/v1 and apiextensions.k8s.io/v1 -----------------------------------------

export const lease = object<Lease>('V1Lease', {
  ...typeMeta,
  spec: object<LeaseSpec>('V1LeaseSpec', { holderIdentity: string, leaseDurationSeconds: int32, acquireTime: time, renewTime: time, leaseTransitions: int32 }),
  status: json,
});

// --- admissionregistration.k8s.io/v1 ------------------------------------------------------------

const webhookClientConfig = object<WebhookClientConfig>('AdmissionregistrationV1WebhookClientConfig', {
  url: string,
  service: object<ServiceReference>('AdmissionregistrationV1ServiceReference', { namespace: string, name: string, path: string, port: int32 }, ['namespace', 'name']),
  caBundle: string,
});

const validatingWebhookFields = {
  name: string,
  clientConfig: webhookClientConfig,
  rules: listOf(object<RuleWithOperations>('V1RuleWithOperations', {
    operations: listOf(oneOf('*', 'CREATE', 'UPDATE', 'DELETE', 'CONNECT')), apiGroups: stringList, apiVersions: stringList, resources: stringList,
    scope: oneOf('*', 'Cluster', 'Namespaced'),
  })),
  failurePolicy: oneOf('Ignore', 'Fail'),
  matchPolicy: oneOf('Exact', 'Equivalent'),
  namespaceSelector: labelSelector,
  objectSelector: labelSelector,
  sideEffects: oneOf('None', 'NoneOnDryRun', 'Some', 'Unknown'),
  timeoutSeconds: int32,
  admissionReviewVersions: stringList,
  matchConditions: listOf(object<MatchCondition>('V1MatchCondition', { name: string, expression: string }, ['name', 'expression'])),
};
const webhookRequired = ['name', 'clientConfig', 'sideEffects', 'admissionReviewVersions'] as const;

export const mutatingWebhookConfiguration = object<MutatingWebhookConfiguration>('V1MutatingWebhookConfiguration', {
  ...typeMeta, spec: json, status: json,
  webhooks: listOf(object<MutatingWebhook>('V1MutatingWebhook', { ...validatingWebhookFields, reinvocationPolicy: oneOf('Never', 'IfNeeded') }, webhookRequired)),
});

export const validatingWebhookConfiguration = object<ValidatingWebhookConfiguration>('V1ValidatingWebhookConfiguration', {
  ...typeMeta, spec: json, status: json,
  webhooks: listOf(object<ValidatingWebhook>('V1ValidatingWebhook', validatingWebhookFields, webhookRequired)),
});

const printerColumn = object<PrinterColumn>('V1CustomResourceColumnDefinition', {
  name: string, type: oneOf('integer', 'number', 'string', 'boolean', 'date'), jsonPath: string, description: string, format: string, priority: int32,
}, ['name', 'type', 'jsonPath']);

const crdVersion = object<CustomResourceDefinitionVersion>('V1CustomResourceDefinitionVersion', {
  name: string,
  served: boolean,
  storage: boolean,
  // An OpenAPI v3 schema is itself recursive JSON: its strings and depth are what can be checked here.
  schema: json,
  subresources: json,
  additionalPrinterColumns: listOf(printerColumn),
}, ['name', 'served', 'storage']);

export const customResourceDefinition = object<CustomResourceDefinition>('V1CustomResourceDefinition', {
  ...typeMeta,
  spec: object<CustomResourceDefinitionSpec>('V1CustomResourceDefinitionSpec', {
    group: string,
    names: object<CustomResourceDefinitionSpec['names']>('V1CustomResourceDefinitionNames', {
      kind: string, listKind: string, plural: string, singular: string, shortNames: stringList, categories: stringList,
    }, ['kind', 'plural']),
    scope: oneOf('Namespaced', 'Cluster'),
    versions: listOf(crdVersion),
    conversion: json,
  }, ['group', 'names', 'scope', 'versions']),
  status: json,
});

export type { Schema };

// Core types inside the image-pull kinds' structs (image-pull-schemas.ts).
export { containerPort, execAction, httpGetAction, objectReference, tcpSocketAction };
