// What applying one document means for the object it names, the same whether the documents go to a real
// cluster one by one or into the embedded store in one transaction: a new object is created without the
// fields only the server sets; an existing one keeps what the document leaves out (server fields, status,
// and the metadata maps the document does not mention) and takes everything else from the document.
import type { KubeObject } from '@coxswain/kruise-api';

export type ApplyAction = 'created' | 'configured' | 'unchanged';

export interface AppliedObject {
  action: ApplyAction;
  object: KubeObject;
}

/** Pods and Nodes may carry `status` in a manifest in embedded mode; every other kind's status is its controller's. */
export const SEEDABLE_WITH_STATUS: ReadonlySet<string> = new Set(['Pod', 'Node']);

/** The object to send to `update` when `document` is applied over `current`. */
export function mergeForApply(current: KubeObject, document: KubeObject): KubeObject {
  return {
    ...current,
    ...withoutStatus(document),
    metadata: {
      ...current.metadata,
      labels: document.metadata.labels ?? current.metadata.labels,
      annotations: document.metadata.annotations ?? current.metadata.annotations,
      ownerReferences: document.metadata.ownerReferences ?? current.metadata.ownerReferences,
      finalizers: document.metadata.finalizers ?? current.metadata.finalizers,
    },
  };
}

/** The object to send to `create`: the document without status and the fields only the server sets. */
export function forCreate(document: KubeObject): KubeObject {
  const { uid: _u, resourceVersion: _rv, generation: _g, creationTimestamp: _c, deletionTimestamp: _d, ...metadata } = document.metadata;
  return { ...withoutStatus(document), metadata };
}

export function hasStatus(object: KubeObject): boolean {
  return object.status !== undefined && object.status !== null && typeof object.status === 'object' && Object.keys(object.status).length > 0;
}

function withoutStatus(object: KubeObject): KubeObject {
  const { status: _status, ...rest } = object;
  return rest as KubeObject;
}
