// The ClusterClient port over a real cluster (@kubernetes/client-node). A subpath of its own
// (@coxswain/cluster/kubernetes) so that code running only the embedded cluster never loads the client.
export { KubernetesClusterClient, type KubernetesClusterClientOptions } from './kubernetes-cluster-client.js';
export { loadKubeConfig, type KubernetesConnectionOptions } from './kube-config.js';
export { ResumableWatch, type ResumableWatchOptions } from './resumable-watch.js';
export { apiErrorFromStatus } from './status-errors.js';
