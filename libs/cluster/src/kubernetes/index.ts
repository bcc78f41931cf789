// The ClusterClient port over a real cluster (@kubernetes/client-node). A subpath of its own
// (@coxswain/cluster/kubernetes) so that code running only the embedded cluster never loads the client.
export { KubernetesClusterClient } from './kubernetes-cluster-client.js';
