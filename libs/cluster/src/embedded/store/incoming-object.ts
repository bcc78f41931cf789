// Turns an object handed in by a caller into the store's own copy and decides its address, refusing
// what cannot be addressed (unknown kind, missing metadata, a namespace on a cluster-scoped kind).
import type { KubeObject } from '@coxswain/kruise-api';
import { ApiError } from '../../errors.js';
import { copyInput, isPlainObject } from './json-value.js';
import { DEFAULT_NAMESPACE, objectKey, resolveKind, type ResolvedKind } from './object-key.js';

export interface IncomingObject {
  kind: ResolvedKind;
  /** "" for cluster-scoped kinds. */
  namespace: string;
  /** The store's private copy; planners may modify it until it is staged. */
  object: KubeObject;
}

export function readIncoming(input: unknown): IncomingObject {
  if (!isPlainObject(input)) throw ApiError.badRequest('the object must be a JSON object');
  const kind = resolveKind({ apiVersion: input.apiVersion as string, kind: input.kind as string });
  const object = copyInput(input, `${kind.info.kind} object`) as unknown as KubeObject;
  const rawMetadata: unknown = object.metadata;
  if (!isPlainObject(rawMetadata)) {
    throw ApiError.invalid(kind.info.kind, '', [{ field: 'metadata', message: 'is required and must be an object' }]);
  }
  const meta = object.metadata;
  let namespace = '';
  if (kind.info.namespaced) {
    namespace = meta.namespace || DEFAULT_NAMESPACE;
    meta.namespace = namespace;
  } else if (meta.namespace) {
    throw ApiError.invalid(kind.info.kind, meta.name ?? '', [
      { field: 'metadata.namespace', message: `not allowed: ${kind.info.kind} is cluster-scoped` },
    ]);
  } else {
    delete meta.namespace;
  }
  return { kind, namespace, object };
}

export function keyOf(incoming: IncomingObject): string {
  return objectKey(incoming.kind.resource, incoming.namespace, incoming.object.metadata.name ?? '');
}
