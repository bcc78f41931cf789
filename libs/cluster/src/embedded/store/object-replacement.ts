// Planning of update, merge patch and status update: one path that applies preconditions, keeps what
// clients may not set, bumps generation on spec changes only, skips writes that change nothing, and
// removes an object whose last finalizer is gone.
import { FieldPath, validateSchema, type KubeObject, type Schema } from '@coxswain/kruise-api';
import { ApiError } from '../../errors.js';
import type { KindRef, MergePatch } from '../../port.js';
import { copyInput, deepEqual, isPlainObject } from './json-value.js';
import { assertWellFormed, keyOf, readIncoming } from './incoming-object.js';
import { applyMergePatch } from './merge-patch.js';
import { validateMetadata } from './metadata-validation.js';
import { objectKey, resolveKind, scopeNamespace, type ResolvedKind } from './object-key.js';
import type { StoredEntry } from './object-index.js';
import { specChanged } from './spec-change.js';
import type { WriteTransaction } from './write-transaction.js';
import type { WriteContext } from './write-context.js';
import { admit } from './admit.js';

/** A patch is any JSON; before it is merged only its text and depth are checked. */
const JSON_VALUE: Schema = { type: 'json' };
const STALE = 'the object has been modified; please apply your changes to the latest version and try again';

export function planUpdate(tx: WriteTransaction, ctx: WriteContext, input: KubeObject): KubeObject {
  const incoming = readIncoming(input);
  const current = requireStored(tx, incoming.kind, keyOf(incoming), incoming.object.metadata.name ?? '');
  return replaceSpec(tx, ctx, incoming.kind, current, incoming.object);
}

export function planUpdateStatus(tx: WriteTransaction, input: KubeObject): KubeObject {
  const incoming = readIncoming(input);
  const { kind } = incoming;
  if (!kind.info.hasStatusSubresource) {
    throw new ApiError('MethodNotAllowed', `${kind.info.kind} has no status subresource; update the object instead`, {
      kind: kind.info.kind,
      name: incoming.object.metadata.name,
    });
  }
  const current = requireStored(tx, kind, keyOf(incoming), incoming.object.metadata.name ?? '');
  const stored = current.object;
  checkPreconditions(kind, stored, incoming.object.metadata.resourceVersion, incoming.object.metadata.uid);
  // Spec and metadata come from the stored object; sharing its untouched subtrees is safe because stored
  // objects are never mutated.
  const next: KubeObject = { ...stored, metadata: { ...stored.metadata } };
  if (incoming.object.status === undefined) delete next.status;
  else next.status = incoming.object.status;
  if (deepEqual(next, stored)) return stored;
  return tx.put({ ...current, object: next });
}

export function planPatch(
  tx: WriteTransaction,
  ctx: WriteContext,
  ref: KindRef,
  namespace: string | undefined,
  name: string,
  patch: MergePatch,
): KubeObject {
  const kind = resolveKind(ref);
  const ns = scopeNamespace(kind, namespace);
  if (!isPlainObject(patch)) throw ApiError.badRequest('a merge patch must be a JSON object');
  const current = requireStored(tx, kind, objectKey(kind.resource, ns, name), name);
  const stored = current.object;
  const problems = validateSchema(patch, JSON_VALUE, FieldPath.of('patch'));
  if (problems.length > 0) throw ApiError.fromFieldErrors(kind.info.kind, name, problems);
  const merged = applyMergePatch(stored, copyInput(patch, 'patch'));
  if (!isPlainObject(merged) || !isPlainObject(merged.metadata)) {
    throw ApiError.badRequest(`the patch leaves ${kind.info.kind} "${name}" without metadata`);
  }
  const candidate = merged as unknown as KubeObject;
  if (candidate.kind !== stored.kind) throw ApiError.badRequest(`kind cannot be changed from ${stored.kind} to ${String(candidate.kind)}`);
  if (resolveKind(candidate).resource !== kind.resource) {
    throw ApiError.badRequest(`apiVersion ${String(candidate.apiVersion)} does not serve ${kind.info.kind}`);
  }
  if (candidate.metadata.name !== name || (candidate.metadata.namespace ?? '') !== ns) {
    throw ApiError.badRequest(`the name of the object (${String(candidate.metadata.name)}) does not match the name on the URL (${name})`);
  }
  assertWellFormed(kind, candidate);
  // merge patch shares subtrees with the stored object; metadata is about to be modified, so own it.
  candidate.metadata = { ...candidate.metadata };
  return replaceSpec(tx, ctx, kind, current, candidate);
}

function requireStored(tx: WriteTransaction, kind: ResolvedKind, key: string, name: string): StoredEntry {
  const current = tx.get(key);
  if (!current) throw ApiError.notFound(kind.info.kind, name);
  return current;
}

export function checkPreconditions(kind: ResolvedKind, stored: KubeObject, resourceVersion: string | undefined, uid: string | undefined): void {
  const name = stored.metadata.name!;
  if (uid && uid !== stored.metadata.uid) {
    throw ApiError.conflict(kind.info.kind, name, `Precondition failed: UID in precondition: ${uid}, UID in object meta: ${stored.metadata.uid}`);
  }
  if (resourceVersion && resourceVersion !== stored.metadata.resourceVersion) {
    throw ApiError.conflict(kind.info.kind, name, STALE);
  }
}

/** Update semantics shared by update and patch; `candidate` is owned by the caller's transaction. */
function replaceSpec(tx: WriteTransaction, ctx: WriteContext, kind: ResolvedKind, current: StoredEntry, input: KubeObject): KubeObject {
  const stored = current.object;
  // An update without resourceVersion is unconditional (the apiserver requires one for most kinds;
  // accepting none keeps scripted fixes simple). Patches carry it only when the caller wants a precondition.
  checkPreconditions(kind, stored, input.metadata.resourceVersion, input.metadata.uid);
  const candidate = admit(tx, ctx, 'UPDATE', input, stored);
  const meta = candidate.metadata;

  const kept = stored.metadata;
  meta.uid = kept.uid;
  meta.resourceVersion = kept.resourceVersion;
  meta.creationTimestamp = kept.creationTimestamp;
  meta.generation = kept.generation;
  setOrDelete(meta, 'deletionTimestamp', kept.deletionTimestamp);
  setOrDelete(meta, 'deletionGracePeriodSeconds', kept.deletionGracePeriodSeconds);
  if (kind.info.hasStatusSubresource) setOrDelete(candidate, 'status', stored.status);

  const causes = validateMetadata(candidate, kind.resource === 'Namespace');
  if (kept.deletionTimestamp) {
    const before = new Set(kept.finalizers ?? []);
    const added = (Array.isArray(meta.finalizers) ? meta.finalizers : []).filter((f) => !before.has(f));
    if (added.length > 0) {
      causes.push({ field: 'metadata.finalizers', message: `no new finalizers can be added if the object is being deleted, found new finalizers ${JSON.stringify(added)}` });
    }
  }
  if (causes.length > 0) throw ApiError.invalid(kind.info.kind, stored.metadata.name!, causes);

  // An empty list and no list are the same thing; storing one form keeps no-op writes no-ops.
  if (meta.finalizers?.length === 0) delete meta.finalizers;
  if (deepEqual(candidate, stored)) return stored;
  if (specChanged(candidate, stored)) meta.generation = (kept.generation ?? 0) + 1;
  if (isReadyToRemove(candidate)) return tx.remove(current.key, candidate);
  return tx.put({ ...current, object: candidate });
}

/** Marked for deletion, nothing holding it, and no grace period left to wait for. */
function isReadyToRemove(object: KubeObject): boolean {
  const meta = object.metadata;
  return Boolean(meta.deletionTimestamp) && (meta.finalizers?.length ?? 0) === 0 && (meta.deletionGracePeriodSeconds ?? 0) === 0;
}

function setOrDelete<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value === undefined) delete target[key];
  else target[key] = value;
}
