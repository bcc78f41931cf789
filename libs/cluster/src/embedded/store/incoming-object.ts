// Turns an object handed in by a caller into the store's own copy and decides its address, refusing
// what cannot be addressed (unknown kind, missing metadata, a namespace on a cluster-scoped kind) and
// what does not match its kind's schema (as kube-apiserver's decoding does, before any webhook runs).
import { validateObjectSchema, type KubeObject } from '@coxswain/kruise-api';
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
  // Before the copy: the check bounds the depth that copying (recursive) may meet.
  assertWellFormed(kind, input);
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

/** Refuses an object that does not match its kind's schema, with a field error per problem. */
export function assertWellFormed(kind: ResolvedKind, object: unknown): void {
  const errors = validateObjectSchema(object);
  if (errors.length === 0) return;
  const metadata = (object as { metadata?: { name?: unknown } }).metadata;
  const name = typeof metadata?.name === 'string' ? metadata.name : '';
  throw ApiError.fromFieldErrors(kind.info.kind, name, errors);
}

export function keyOf(incoming: IncomingObject): string {
  return objectKey(incoming.kind.resource, incoming.namespace, incoming.object.metadata.name ?? '');
}
