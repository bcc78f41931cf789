// The namespaces every Kubernetes cluster has from its first moment: the apiserver creates them (and
// recreates them) itself. Creates into a missing namespace are refused through the Kubernetes API, as
// the apiserver refuses them, so `kubectl create deployment web` needs `default` to be there, and a
// controller's leader election `kube-system`.
import type { KubeObject } from '@coxswain/kruise-api';
import type { EmbeddedStore } from './store/embedded-store.js';

export const SYSTEM_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'] as const;
/**
 * The namespaces a Kruise installation creates beside its kinds: kruise-daemon-config, where the
 * ImagePullJob controller copies pull Secrets for kruise-daemon (docs/spec/image-pull.md §3.7).
 */
const KRUISE_NAMESPACES = ['kruise-daemon-config'] as const;

/** Creates the system (and Kruise's) namespaces the store does not hold (all of them on a first start). */
export async function ensureSystemNamespaces(store: EmbeddedStore): Promise<void> {
  const NAMESPACE = { apiVersion: 'v1', kind: 'Namespace' };
  const existing = new Set((await store.list(NAMESPACE)).items.map((n) => n.metadata.name));
  const missing: KubeObject[] = [...SYSTEM_NAMESPACES, ...KRUISE_NAMESPACES].filter((name) => !existing.has(name)).map((name) => ({ ...NAMESPACE, metadata: { name } }));
  if (missing.length > 0) await store.seed(missing);
}
