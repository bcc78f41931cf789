// Every GraphQL document the dashboard sends, in one place, so the API surface it relies on is easy to audit.
const SUMMARY = `kind namespace name uid generation resourceVersion replicas images createdAt updateStrategy
  status { observedGeneration replicas readyReplicas availableReplicas updatedReplicas updatedReadyReplicas
           updatedAvailableReplicas expectedUpdatedReplicas currentRevision updateRevision }`;

export const POD_FIELDS = `name node zone podIP phase ready available revision isUpdated lifecycleState
  pendingHook pendingSince deleting createdAt containers { name image ready restartCount }`;

export const ME = `query Me { me { name role namespaces } }`;

export const PENDING_HOOKS = `query PendingHooks($namespace: String) {
  pendingHooks(namespace: $namespace) { namespace pod workload { kind name } hook state since podIP node zone }
}`;

export const WORKLOADS = `query Workloads($after: String) {
  workloads(first: 1000, after: $after) {
    pageInfo { hasNextPage endCursor }
    edges { node { ${SUMMARY} plan { complete actions { type } blockers { code message pods } } } }
  }
}`;

export const WORKLOAD = `query Workload($kind: WorkloadKind!, $namespace: String!, $name: String!) {
  workload(kind: $kind, namespace: $namespace, name: $name) {
    ${SUMMARY}
    manifest
    plan { updateRevision currentRevision complete diff actions { type pod reason revision } blockers { code message pods } }
    revisions { name hash revision createdAt isCurrent isUpdate podCount images manifest }
    events(first: 100) { type reason message count firstTimestamp lastTimestamp object }
  }
}`;

export const PODS = `query Pods($kind: WorkloadKind!, $namespace: String!, $name: String!, $after: String) {
  workload(kind: $kind, namespace: $namespace, name: $name) {
    pods(first: 1000, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { ${POD_FIELDS} } } }
  }
}`;

export const WORKLOAD_CHANGED = `subscription WorkloadChanged($kind: WorkloadKind, $namespace: String, $name: String) {
  workloadChanged(kind: $kind, namespace: $namespace, name: $name) { ${SUMMARY} }
}`;

export const POD_CHANGED = `subscription PodChanged($namespace: String!, $workload: String) {
  podChanged(namespace: $namespace, workload: $workload) { type pod { ${POD_FIELDS} } }
}`;

const ADDRESS = `$kind: WorkloadKind!, $namespace: String!, $name: String!`;
const AT = `kind: $kind, namespace: $namespace, name: $name`;
const RESULT = `{ generation }`;

export const SET_PARTITION = `mutation SetPartition(${ADDRESS}, $partition: IntOrPercent!, $expectedGeneration: Int) {
  setPartition(${AT}, partition: $partition, expectedGeneration: $expectedGeneration) ${RESULT} }`;
export const SET_IMAGE = `mutation SetImage(${ADDRESS}, $container: String!, $image: String!, $expectedGeneration: Int) {
  setImage(${AT}, container: $container, image: $image, expectedGeneration: $expectedGeneration) ${RESULT} }`;
export const SCALE = `mutation Scale(${ADDRESS}, $replicas: Int!, $expectedGeneration: Int) {
  scaleWorkload(${AT}, replicas: $replicas, expectedGeneration: $expectedGeneration) ${RESULT} }`;
export const PAUSE = `mutation Pause(${ADDRESS}) { pauseRollout(${AT}) ${RESULT} }`;
export const RESUME = `mutation Resume(${ADDRESS}) { resumeRollout(${AT}) ${RESULT} }`;
export const DELETE_PODS = `mutation DeletePods(${ADDRESS}, $pods: [String!]!, $scaleDown: Boolean) {
  deletePods(${AT}, pods: $pods, scaleDown: $scaleDown) ${RESULT} }`;
export const ROLLBACK = `mutation Rollback(${ADDRESS}, $revision: String!) { rollbackWorkload(${AT}, revision: $revision) ${RESULT} }`;
export const ACK_HOOK = `mutation AckHook($namespace: String!, $pod: String!, $hook: HookPoint!, $idempotencyKey: String, $reason: String) {
  ackHook(namespace: $namespace, pod: $pod, hook: $hook, idempotencyKey: $idempotencyKey, reason: $reason) { pod hook acknowledgedBy at replayed } }`;
