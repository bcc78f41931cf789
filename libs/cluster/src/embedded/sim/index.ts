// The embedded cluster's simulated machinery: virtual nodes, a scheduler, the nodes' kubelets and a volume
// provisioner. They talk to the cluster only through the ClusterClient port, like any other client.
export { DEFAULT_ZONE_NAME_LABEL, simulatedNodes, type SimulatedNodesOptions } from './nodes.js';
export { Scheduler, type SchedulerOptions } from './scheduler.js';
export { KubeletSimulator, DEFAULT_KUBELET_OPTIONS, type KubeletOptions } from './kubelet.js';
export { SIMULATED_PROVISIONER, VolumeProvisioner, type VolumeProvisionerOptions } from './volume-provisioner.js';
export {
  containerPriority, envFromMetadataHash, formatRuntimeContainerMeta, hasEnvFromMetadata, readRuntimeContainerMeta, type RuntimeContainerMeta,
} from './kruise-daemon-contract.js';
