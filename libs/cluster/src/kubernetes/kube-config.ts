// Where the real cluster is and who we are to it: a kubeconfig file, or the pod's service account
// (in-cluster configuration), through @kubernetes/client-node's KubeConfig (auth plugins, TLS and all).
import { KubeConfig } from '@kubernetes/client-node';

export interface KubernetesConnectionOptions {
  /** A kubeconfig file. Unset: in-cluster configuration when running in a pod, else KUBECONFIG or ~/.kube/config. */
  kubeconfig?: string;
  /** The kubeconfig context; unset: its current context. */
  context?: string;
}

export function loadKubeConfig(options: KubernetesConnectionOptions = {}): KubeConfig {
  const kc = new KubeConfig();
  if (options.kubeconfig) kc.loadFromFile(options.kubeconfig);
  else if (process.env.KUBERNETES_SERVICE_HOST) kc.loadFromCluster();
  else kc.loadFromDefault();
  if (options.context) {
    if (!kc.getContextObject(options.context)) throw new Error(`the kubeconfig has no context "${options.context}"`);
    kc.setCurrentContext(options.context);
  }
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error('the kubeconfig names no cluster for its current context');
  return kc;
}

/** The server the configuration points at, for messages. */
export function serverOf(kc: KubeConfig): string {
  return kc.getCurrentCluster()?.server ?? '(no server)';
}
