// Work-queue keys, as client-go's MetaNamespaceKeyFunc writes them: "namespace/name", or just "name" for
// cluster-scoped objects. Queues hold keys rather than objects so that a burst of events for one object
// collapses into one reconcile of its latest state.
import type { KubeObject } from '@coxswain/kruise-api';

/** What a reconciler is asked to reconcile (controller-runtime's reconcile.Request / NamespacedName). */
export interface Request {
  namespace?: string;
  name: string;
}

export function requestKey(request: Request): string {
  return request.namespace ? `${request.namespace}/${request.name}` : request.name;
}

export function objectKey(object: KubeObject): string {
  return requestKey({ namespace: object.metadata.namespace, name: object.metadata.name ?? '' });
}

/** Inverse of requestKey. Names and namespaces cannot contain "/", so the first one splits them. */
export function splitKey(key: string): Request {
  const slash = key.indexOf('/');
  return slash < 0 ? { name: key } : { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}
