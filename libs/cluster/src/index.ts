// @coxswain/cluster: the ClusterClient port and what its users run over it (the embedded cluster, the
// remote client, clocks, apply). Named exports only; scripts/check-exports.mjs (run by
// test/architecture/public-surface.test.ts) fails on a name here that no other package imports.
// The real-cluster adapter is @coxswain/cluster/kubernetes (src/kubernetes/index.ts).
export { kindAdmission } from './admission/kind-admission.js';
export { kruiseAdmission } from './admission/kruise-admission.js';
export type { AppliedObject, ApplyAction } from './apply/apply-merge.js';
export { type ApplyDocument, ApplyError, applyObjects, type StatusSeeder, type TransactionalApplier } from './apply/apply-objects.js';
export { type Clock, isoNow, ManualClock, RealClock, rfc3339, ScaledClock, type ScaledClockOrigin, type TimerHandle, wallTimeOf } from './clock.js';
export { SortedKeys } from './collections/sorted-keys.js';
export { EmbeddedCluster } from './embedded/embedded-cluster.js';
export { installKruiseCrds } from './embedded/kruise-crds.js';
export { containerPriority, envFromMetadataHash, hasEnvFromMetadata, readRuntimeContainerMeta, type RuntimeContainerMeta } from './embedded/sim/kruise-daemon-contract.js';
export { DEFAULT_KUBELET_OPTIONS, type KubeletOptions } from './embedded/sim/kubelet.js';
export type { SimulatedNodesOptions } from './embedded/sim/nodes.js';
export { EmbeddedStore } from './embedded/store/embedded-store.js';
export { applyMergePatch } from './embedded/store/merge-patch.js';
export { MemoryPersistence, type PersistedChange, type StorePersistence, type StoreSnapshot } from './embedded/store/persistence.js';
export { ApiError, isApiError } from './errors.js';
export { TimeSlice, yieldToEventLoop } from './event-loop.js';
export { StringInterner } from './json-interning.js';
export type { ClusterClient, DeleteOptions, KindRef, ListOptions, MergePatch, ObjectList, WatchEvent, WatchEventType, WatchHandle, WatchOptions, WriteOptions } from './port.js';
export { RemoteClusterClient } from './remote/remote-cluster-client.js';
export { RpcClient } from './remote/rpc-client.js';
export { RpcServer } from './remote/rpc-server.js';
export { serveClusterClient } from './remote/serve-cluster.js';
export { jsonChunks } from './young-strings.js';
