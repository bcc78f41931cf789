// Schemas of ObjectMeta and the core/v1 (and apps/v1) types in core.ts, meta.ts and apps-v1.ts, one
// entry per declared field (the compiler keeps them in step with the types). Enumerations are checked
// where kube-apiserver's validation refuses other values for the field.
import type { ObjectMeta, OwnerReference, LabelSelector, LabelSelectorRequirement, Condition } from './meta.js';
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

export const ownerReference = object<OwnerReference>({
  apiVersion: string, kind: string, name: string, uid: string, controller: boolean, blockOwnerDeletion: boolean,
});

export const objectMeta = object<ObjectMeta>({
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

export const labelSelector = object<LabelSelector>({
  matchLabels: stringMap,
  matchExpressions: listOf(object<LabelSelectorRequirement>({ key: string, operator: string, values: stringList })),
});

export const condition = object<Condition>({
  type: string, status: string, lastTransitionTime: time, lastUpdateTime: time, reason: string, message: string,
});

/** TypeMeta and ObjectMeta of a top-level object; the kind adds the rest. */
const typeMeta = { apiVersion: string, kind: string, metadata: objectMeta };

const conditionStatus = oneOf('True', 'False', 'Unknown');
const resourceList = mapOf(quantity);

// --- containers ---------------------------------------------------------------------------------

const objectFieldSelector = object<ObjectFieldSelector>({ apiVersion: string, fieldPath: string });
const resourceFieldSelector = object<ResourceFieldSelector>({ containerName: string, resource: string, divisor: quantity });
const keySelector = object<ConfigMapKeySelector & SecretKeySelector>({ name: string, key: string, optional: boolean });

const envVar = object<EnvVar>({
  name: string,
  value: string,
  valueFrom: object<EnvVarSource>({
    fieldRef: objectFieldSelector, resourceFieldRef: resourceFieldSelector, configMapKeyRef: keySelector, secretKeyRef: keySelector,
  }),
}, ['name']);

const optionalReference = object<{ name?: string; optional?: boolean }>({ name: string, optional: boolean });
const envFromSource = object<EnvFromSource>({ prefix: string, configMapRef: optionalReference, secretRef: optionalReference });

const containerPort = object<ContainerPort>({
  name: string, containerPort: int32, hostPort: int32, hostIP: string, protocol: oneOf('TCP', 'UDP', 'SCTP'),
});

const resourceRequirements = object<ResourceRequirements>({
  limits: resourceList, requests: resourceList, claims: listOf(object<{ name: string; request?: string }>({ name: string, request: string })),
});

const volumeMount = object<VolumeMount>({
  name: string, mountPath: string, readOnly: boolean, subPath: string, subPathExpr: string,
  mountPropagation: oneOf('None', 'HostToContainer', 'Bidirectional'),
});

const execAction = object<ExecAction>({ command: stringList });
const httpGetAction = object<HTTPGetAction>({
  path: string, port: intOrString, host: string, scheme: oneOf('HTTP', 'HTTPS'),
  httpHeaders: listOf(object<HTTPHeader>({ name: string, value: string })),
});
const tcpSocketAction = object<TCPSocketAction>({ port: intOrString, host: string });

const probe = object<Probe>({
  exec: execAction,
  httpGet: httpGetAction,
  tcpSocket: tcpSocketAction,
  grpc: object<GRPCAction>({ port: int32, service: string }),
  initialDelaySeconds: int32,
  timeoutSeconds: int32,
  periodSeconds: int32,
  successThreshold: int32,
  failureThreshold: int32,
  terminationGracePeriodSeconds: int64,
});

const lifecycleHandler = object<LifecycleHandler>({
  exec: execAction, httpGet: httpGetAction, tcpSocket: tcpSocketAction, sleep: object<{ seconds: number }>({ seconds: int64 }),
});

const securityContext = object<SecurityContext>({
  capabilities: object<Capabilities>({ add: stringList, drop: stringList }),
  privileged: boolean,
  runAsUser: int64,
  runAsGroup: int64,
  runAsNonRoot: boolean,
  readOnlyRootFilesystem: boolean,
  allowPrivilegeEscalation: boolean,
});

const container = object<Container>({
  name: string,
  image: string,
  command: stringList,
  args: stringList,
  workingDir: string,
  ports: listOf(containerPort),
  envFrom: listOf(envFromSource),
  env: listOf(envVar),
  resources: resourceRequirements,
  resizePolicy: listOf(object<ContainerResizePolicy>({ resourceName: string, restartPolicy: oneOf('NotRequired', 'RestartContainer') })),
  restartPolicy: oneOf('Always'),
  volumeMounts: listOf(volumeMount),
  livenessProbe: probe,
  readinessProbe: probe,
  startupProbe: probe,
  lifecycle: object<ContainerLifecycle>({ postStart: lifecycleHandler, preStop: lifecycleHandler, stopSignal: string }),
  terminationMessagePath: string,
  terminationMessagePolicy: oneOf('File', 'FallbackToLogsOnError'),
  imagePullPolicy: oneOf('Always', 'Never', 'IfNotPresent'),
  securityContext,
  stdin: boolean,
  tty: boolean,
}, ['name']);

// --- scheduling ---------------------------------------------------------------------------------

const nodeSelectorRequirement = object<NodeSelectorRequirement>({
  key: string, operator: oneOf('In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'), values: stringList,
}, ['key', 'operator']);

export const nodeSelectorTerm = object<NodeSelectorTerm>({
  matchExpressions: listOf(nodeSelectorRequirement), matchFields: listOf(nodeSelectorRequirement),
});

const podAffinityTerm = object<PodAffinityTerm>({
  labelSelector, namespaces: stringList, topologyKey: string, namespaceSelector: labelSelector,
  matchLabelKeys: stringList, mismatchLabelKeys: stringList,
});

const podAffinity = object<PodAffinity>({
  requiredDuringSchedulingIgnoredDuringExecution: listOf(podAffinityTerm),
  preferredDuringSchedulingIgnoredDuringExecution: listOf(object<WeightedPodAffinityTerm>({ weight: int32, podAffinityTerm })),
});

const affinity = object<Affinity>({
  nodeAffinity: object<NodeAffinity>({
    requiredDuringSchedulingIgnoredDuringExecution: object<NodeSelector>({ nodeSelectorTerms: listOf(nodeSelectorTerm) }, ['nodeSelectorTerms']),
    preferredDuringSchedulingIgnoredDuringExecution: listOf(object<PreferredSchedulingTerm>({ weight: int32, preference: nodeSelectorTerm })),
  }),
  podAffinity,
  podAntiAffinity: podAffinity,
});

const taintEffect = oneOf('NoSchedule', 'PreferNoSchedule', 'NoExecute');

const taint = object<Taint>({ key: string, value: string, effect: taintEffect, timeAdded: time }, ['key', 'effect']);

export const toleration = object<Toleration>({
  key: string, operator: oneOf('Exists', 'Equal'), value: string, effect: taintEffect, tolerationSeconds: int64,
});

const topologySpreadConstraint = object<TopologySpreadConstraint>({
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

const keyToPath = object<KeyToPath>({ key: string, path: string, mode: int32 });

type VolumeSources = Required<Volume>;

const volume = object<Volume>({
  name: string,
  persistentVolumeClaim: object<VolumeSources['persistentVolumeClaim']>({ claimName: string, readOnly: boolean }),
  emptyDir: object<VolumeSources['emptyDir']>({ medium: oneOf('', 'Memory'), sizeLimit: quantity }),
  configMap: object<VolumeSources['configMap']>({ name: string, items: listOf(keyToPath), defaultMode: int32, optional: boolean }),
  secret: object<VolumeSources['secret']>({ secretName: string, items: listOf(keyToPath), defaultMode: int32, optional: boolean }),
  hostPath: object<VolumeSources['hostPath']>({ path: string, type: string }),
  downwardAPI: object<VolumeSources['downwardAPI']>({
    items: listOf(object<NonNullable<VolumeSources['downwardAPI']['items']>[number]>({
      path: string, fieldRef: objectFieldSelector, resourceFieldRef: resourceFieldSelector, mode: int32,
    })),
    defaultMode: int32,
  }),
}, ['name']);

// --- pod ----------------------------------------------------------------------------------------

export const podSpec = object<PodSpec>({
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
  readinessGates: listOf(object<PodReadinessGate>({ conditionType: string }, ['conditionType'])),
  topologySpreadConstraints: listOf(topologySpreadConstraint),
  imagePullSecrets: listOf(object<LocalObjectReference>({ name: string })),
  securityContext: object<PodSecurityContext>({
    runAsUser: int64, runAsGroup: int64, runAsNonRoot: boolean, fsGroup: int64, supplementalGroups: listOf(int64),
  }),
  enableServiceLinks: boolean,
});

export const podTemplateSpec = object<PodTemplateSpec>({ metadata: objectMeta, spec: podSpec });

const podCondition = object<PodCondition>({
  type: string, status: conditionStatus, lastProbeTime: time, lastTransitionTime: time, reason: string, message: string,
}, ['type', 'status']);

const containerState = object<ContainerState>({
  waiting: object<ContainerStateWaiting>({ reason: string, message: string }),
  running: object<ContainerStateRunning>({ startedAt: time }),
  terminated: object<ContainerStateTerminated>({
    exitCode: int32, signal: int32, reason: string, message: string, startedAt: time, finishedAt: time, containerID: string,
  }),
});

const containerStatus = object<ContainerStatus>({
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

const podIPs = listOf(object<PodIP>({ ip: string }));

const podStatus = object<PodStatus>({
  phase: oneOf('Pending', 'Running', 'Succeeded', 'Failed', 'Unknown'),
  conditions: listOf(podCondition),
  message: string,
  reason: string,
  nominatedNodeName: string,
  hostIP: string,
  hostIPs: podIPs,
  podIP: string,
  podIPs,
  startTime: time,
  initContainerStatuses: listOf(containerStatus),
  containerStatuses: listOf(containerStatus),
  qosClass: oneOf('Guaranteed', 'Burstable', 'BestEffort'),
});

export const pod = object<Pod>({ ...typeMeta, spec: podSpec, status: podStatus });

// --- persistent volume claims ---------------------------------------------------------------------

const accessMode = oneOf('ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod');

const typedReference = { apiGroup: string, kind: string, name: string };

const pvcSpec = object<PersistentVolumeClaimSpec>({
  accessModes: listOf(accessMode),
  selector: labelSelector,
  resources: object<NonNullable<PersistentVolumeClaimSpec['resources']>>({ limits: resourceList, requests: resourceList }),
  volumeName: string,
  storageClassName: string,
  volumeMode: oneOf('Filesystem', 'Block'),
  dataSource: object<TypedLocalObjectReference>(typedReference),
  dataSourceRef: object<TypedLocalObjectReference & { namespace?: string }>({ ...typedReference, namespace: string }),
});

const pvcStatus = object<PersistentVolumeClaimStatus>({
  phase: oneOf('Pending', 'Bound', 'Lost'),
  accessModes: listOf(accessMode),
  capacity: resourceList,
  conditions: listOf(object<PersistentVolumeClaimCondition>({
    type: string, status: conditionStatus, lastProbeTime: time, lastTransitionTime: time, reason: string, message: string,
  })),
  allocatedResources: resourceList,
});

export const persistentVolumeClaim = object<PersistentVolumeClaim>({ ...typeMeta, spec: pvcSpec, status: pvcStatus });

export const persistentVolumeClaimTemplate = object<PersistentVolumeClaimTemplate>({
  apiVersion: string, kind: string, metadata: objectMeta, spec: pvcSpec, status: pvcStatus,
});

// --- persistent volumes -------------------------------------------------------------------------

const pvSpec = object<PersistentVolumeSpec>({
  capacity: resourceList,
  accessModes: listOf(accessMode),
  claimRef: object<ObjectReference>({
    apiVersion: string, kind: string, namespace: string, name: string, uid: string, resourceVersion: string, fieldPath: string,
  }),
  persistentVolumeReclaimPolicy: oneOf('Retain', 'Delete', 'Recycle'),
  storageClassName: string,
  volumeMode: oneOf('Filesystem', 'Block'),
  volumeAttributesClassName: string,
  mountOptions: stringList,
  nodeAffinity: object<NonNullable<PersistentVolumeSpec['nodeAffinity']>>({
    required: object<NodeSelector>({ nodeSelectorTerms: listOf(nodeSelectorTerm) }, ['nodeSelectorTerms']),
  }),
  csi: object<CSIPersistentVolumeSource>({ driver: string, volumeHandle: string, readOnly: boolean, fsType: string, volumeAttributes: stringMap }, ['driver', 'volumeHandle']),
  hostPath: object<NonNullable<PersistentVolumeSpec['hostPath']>>({ path: string, type: string }, ['path']),
});

const pvStatus = object<PersistentVolumeStatus>({
  phase: oneOf('Pending', 'Available', 'Bound', 'Released', 'Failed'), message: string, reason: string, lastPhaseTransitionTime: time,
});

export const persistentVolume = object<PersistentVolume>({ ...typeMeta, spec: pvSpec, status: pvStatus });

// --- node ---------------------------------------------------------------------------------------

const nodeSpec = object<NodeSpec>({ podCIDR: string, podCIDRs: stringList, providerID: string, unschedulable: boolean, taints: listOf(taint) });

const nodeStatus = object<NodeStatus>({
  capacity: resourceList,
  allocatable: resourceList,
  phase: oneOf('Pending', 'Running', 'Terminated'),
  conditions: listOf(object<NodeCondition>({
    type: string, status: conditionStatus, lastHeartbeatTime: time, lastTransitionTime: time, reason: string, message: string,
  }, ['type', 'status'])),
  addresses: listOf(object<NodeAddress>({
    type: oneOf('Hostname', 'InternalIP', 'ExternalIP', 'InternalDNS', 'ExternalDNS'), address: string,
  }, ['type', 'address'])),
  nodeInfo: object<NodeSystemInfo>({
    machineID: string, systemUUID: string, bootID: string, kernelVersion: string, osImage: string, containerRuntimeVersion: string,
    kubeletVersion: string, kubeProxyVersion: string, operatingSystem: string, architecture: string,
  }),
  images: listOf(object<ContainerImage>({ names: stringList, sizeBytes: int64 })),
});

export const node = object<Node>({ ...typeMeta, spec: nodeSpec, status: nodeStatus });

// --- event, namespace, controller revision ------------------------------------------------------

const objectReference = object<ObjectReference>({
  apiVersion: string, kind: string, namespace: string, name: string, uid: string, resourceVersion: string, fieldPath: string,
});

export const event = object<Event>({
  ...typeMeta,
  spec: json,
  status: json,
  involvedObject: objectReference,
  reason: string,
  message: string,
  source: object<EventSource>({ component: string, host: string }),
  firstTimestamp: time,
  lastTimestamp: time,
  count: int32,
  type: oneOf('Normal', 'Warning'),
  eventTime: time,
  series: object<EventSeries>({ count: int32, lastObservedTime: time }),
  action: string,
  related: objectReference,
  reportingComponent: string,
  reportingInstance: string,
});

type NamespaceParts = Required<Namespace>;

export const namespace = object<Namespace>({
  ...typeMeta,
  spec: object<NamespaceParts['spec']>({ finalizers: stringList }),
  status: object<NamespaceParts['status']>({
    phase: oneOf('Active', 'Terminating'),
    conditions: listOf(object<NamespaceCondition>({
      type: string, status: conditionStatus, lastTransitionTime: time, reason: string, message: string,
    })),
  }),
});

export const secret = object<Secret>({ ...typeMeta, spec: json, status: json, type: string, data: stringMap, stringData: stringMap, immutable: boolean });

export const controllerRevision = object<ControllerRevision>({ ...typeMeta, spec: json, status: json, data: json, revision: int64 }, ['revision']);

// --- apps/v1 specs inside UnitedDeployment templates --------------------------------------------

export const persistentVolumeClaimRetentionPolicy = object<StatefulSetPersistentVolumeClaimRetentionPolicy>({
  whenDeleted: oneOf('Retain', 'Delete'), whenScaled: oneOf('Retain', 'Delete'),
});

export const nativeStatefulSetSpec = object<NativeStatefulSetSpec>({
  replicas: int32,
  selector: labelSelector,
  template: podTemplateSpec,
  volumeClaimTemplates: listOf(persistentVolumeClaimTemplate),
  serviceName: string,
  podManagementPolicy: oneOf('OrderedReady', 'Parallel'),
  updateStrategy: object<NativeStatefulSetUpdateStrategy>({
    type: oneOf('RollingUpdate', 'OnDelete'),
    rollingUpdate: object<NativeRollingUpdateStatefulSetStrategy>({ partition: int32, maxUnavailable: intOrString }),
  }),
  revisionHistoryLimit: int32,
  minReadySeconds: int32,
  persistentVolumeClaimRetentionPolicy,
  ordinals: object<{ start?: number }>({ start: int32 }),
});

const nativeStatefulSetStatus = object<NativeStatefulSetStatus>({
  observedGeneration: int64,
  replicas: int32,
  readyReplicas: int32,
  currentReplicas: int32,
  updatedReplicas: int32,
  currentRevision: string,
  updateRevision: string,
  collisionCount: int32,
  conditions: listOf(object<StatefulSetCondition>({ type: string, status: string, lastTransitionTime: time, reason: string, message: string })),
  availableReplicas: int32,
});

/** apps/v1 StatefulSet: the native fields only (Kruise's extensions are refused by its validation). */
export const nativeStatefulSet = object<NativeStatefulSet>({ ...typeMeta, spec: nativeStatefulSetSpec, status: nativeStatefulSetStatus });

export const deploymentSpec = object<DeploymentSpec>({
  replicas: int32,
  selector: labelSelector,
  template: podTemplateSpec,
  strategy: object<DeploymentStrategy>({
    type: oneOf('Recreate', 'RollingUpdate'),
    rollingUpdate: object<RollingUpdateDeployment>({ maxUnavailable: intOrString, maxSurge: intOrString }),
  }),
  minReadySeconds: int32,
  revisionHistoryLimit: int32,
  paused: boolean,
  progressDeadlineSeconds: int32,
});

const deploymentStatus = object<DeploymentStatus>({
  observedGeneration: int64,
  replicas: int32,
  updatedReplicas: int32,
  readyReplicas: int32,
  availableReplicas: int32,
  unavailableReplicas: int32,
  conditions: listOf(object<DeploymentCondition>({
    type: string, status: oneOf('True', 'False', 'Unknown'), lastUpdateTime: time, lastTransitionTime: time, reason: string, message: string,
  })),
  collisionCount: int32,
});

export const deployment = object<Deployment>({ ...typeMeta, spec: deploymentSpec, status: deploymentStatus });

const replicaSetSpec = object<ReplicaSetSpec>({ replicas: int32, minReadySeconds: int32, selector: labelSelector, template: podTemplateSpec });

const replicaSetStatus = object<ReplicaSetStatus>({
  replicas: int32,
  fullyLabeledReplicas: int32,
  readyReplicas: int32,
  availableReplicas: int32,
  observedGeneration: int64,
  conditions: listOf(object<ReplicaSetCondition>({
    type: oneOf('ReplicaFailure'), status: oneOf('True', 'False', 'Unknown'), lastTransitionTime: time, reason: string, message: string,
  })),
});

export const replicaSet = object<ReplicaSet>({ ...typeMeta, spec: replicaSetSpec, status: replicaSetStatus });

// --- coordination.k8s.io/v1 and apiextensions.k8s.io/v1 -----------------------------------------

export const lease = object<Lease>({
  ...typeMeta,
  spec: object<LeaseSpec>({ holderIdentity: string, leaseDurationSeconds: int32, acquireTime: time, renewTime: time, leaseTransitions: int32 }),
  status: json,
});

// --- admissionregistration.k8s.io/v1 ------------------------------------------------------------

const webhookClientConfig = object<WebhookClientConfig>({
  url: string,
  service: object<ServiceReference>({ namespace: string, name: string, path: string, port: int32 }, ['namespace', 'name']),
  caBundle: string,
});

const validatingWebhookFields = {
  name: string,
  clientConfig: webhookClientConfig,
  rules: listOf(object<RuleWithOperations>({
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
  matchConditions: listOf(object<MatchCondition>({ name: string, expression: string }, ['name', 'expression'])),
};
const webhookRequired = ['name', 'clientConfig', 'sideEffects', 'admissionReviewVersions'] as const;

export const mutatingWebhookConfiguration = object<MutatingWebhookConfiguration>({
  ...typeMeta, spec: json, status: json,
  webhooks: listOf(object<MutatingWebhook>({ ...validatingWebhookFields, reinvocationPolicy: oneOf('Never', 'IfNeeded') }, webhookRequired)),
});

export const validatingWebhookConfiguration = object<ValidatingWebhookConfiguration>({
  ...typeMeta, spec: json, status: json,
  webhooks: listOf(object<ValidatingWebhook>(validatingWebhookFields, webhookRequired)),
});

const printerColumn = object<PrinterColumn>({
  name: string, type: oneOf('integer', 'number', 'string', 'boolean', 'date'), jsonPath: string, description: string, format: string, priority: int32,
}, ['name', 'type', 'jsonPath']);

const crdVersion = object<CustomResourceDefinitionVersion>({
  name: string,
  served: boolean,
  storage: boolean,
  // An OpenAPI v3 schema is itself recursive JSON: its strings and depth are what can be checked here.
  schema: json,
  subresources: json,
  additionalPrinterColumns: listOf(printerColumn),
}, ['name', 'served', 'storage']);

export const customResourceDefinition = object<CustomResourceDefinition>({
  ...typeMeta,
  spec: object<CustomResourceDefinitionSpec>({
    group: string,
    names: object<CustomResourceDefinitionSpec['names']>({
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
