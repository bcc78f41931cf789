// Planning of delete: preconditions, finalizers and the pod grace period decide whether the object goes
// at once or is only marked with deletionTimestamp (to be finished by a finalizer's owner or the kubelet).
import type { KubeObject } from '@coxswain/kruise-api';
import { ApiError } from '../../errors.js';
import type { DeleteOptions, KindRef } from '../../port.js';
import { objectKey, resolveKind, scopeNamespace } from './object-key.js';
import { checkPreconditions } from './object-replacement.js';
import { rfc3339 } from '../../clock.js';
import type { WriteContext } from './write-context.js';
import type { WriteTransaction } from './write-transaction.js';

/** The garbage collector's finalizer: dependents lose their ownerReference before the owner goes. */
export const ORPHAN_FINALIZER = 'orphan';
/** corev1 default for spec.terminationGracePeriodSeconds. */
const DEFAULT_POD_GRACE_SECONDS = 30;

export function planDelete(
  tx: WriteTransaction,
  ctx: WriteContext,
  ref: KindRef,
  namespace: string | undefined,
  name: string,
  options: DeleteOptions,
): KubeObject {
  checkDeleteOptions(options);
  const kind = resolveKind(ref);
  const key = objectKey(kind.resource, scopeNamespace(kind, namespace), name);
  const current = tx.get(key);
  if (!current) throw ApiError.notFound(kind.info.kind, name);
  const stored = current.object;
  checkPreconditions(kind, stored, options.preconditions?.resourceVersion, options.preconditions?.uid);
  const isPod = kind.resource === 'Pod';

  if (stored.metadata.deletionTimestamp) {
    // Already terminating: a delete may only shorten a pod's grace period (the kubelet's final delete).
    const remaining = stored.metadata.deletionGracePeriodSeconds ?? 0;
    const requested = options.gracePeriodSeconds;
    if (!isPod || requested === undefined || requested >= remaining) return stored;
    const deadline = Math.min(Date.parse(stored.metadata.deletionTimestamp), ctx.clock.now() + requested * 1000);
    const next: KubeObject = {
      ...stored,
      metadata: { ...stored.metadata, deletionGracePeriodSeconds: requested, deletionTimestamp: rfc3339(deadline) },
    };
    if (requested === 0 && !next.metadata.finalizers?.length) return tx.remove(key, next);
    return tx.put({ ...current, object: next });
  }

  const grace = isPod ? podGracePeriod(stored, options) : 0;
  const finalizers = [...(stored.metadata.finalizers ?? [])];
  if (options.propagationPolicy === 'Orphan' && !finalizers.includes(ORPHAN_FINALIZER)) finalizers.push(ORPHAN_FINALIZER);
  if (grace === 0 && finalizers.length === 0) return tx.remove(key, stored);

  const meta = { ...stored.metadata };
  meta.deletionTimestamp = rfc3339(ctx.clock.now() + grace * 1000);
  meta.deletionGracePeriodSeconds = grace;
  if (finalizers.length > 0) meta.finalizers = finalizers;
  // The apiserver bumps generation when it marks an object, so controllers comparing
  // observedGeneration notice the deletion.
  if (meta.generation) meta.generation += 1;
  return tx.put({ ...current, object: { ...stored, metadata: meta } });
}

/**
 * Pods on a node get time to stop; pods never scheduled, or already finished, have nothing to stop and
 * go at once (as in the pod registry's CheckGracefulDelete).
 */
function podGracePeriod(pod: KubeObject, options: DeleteOptions): number {
  const spec = (pod.spec ?? {}) as { nodeName?: string; terminationGracePeriodSeconds?: number };
  const phase = (pod.status as { phase?: string } | undefined)?.phase;
  if (!spec.nodeName || phase === 'Succeeded' || phase === 'Failed') return 0;
  const configured = options.gracePeriodSeconds ?? spec.terminationGracePeriodSeconds;
  return typeof configured === 'number' && Number.isInteger(configured) && configured >= 0 ? configured : DEFAULT_POD_GRACE_SECONDS;
}

function checkDeleteOptions(options: DeleteOptions): void {
  const grace = options.gracePeriodSeconds;
  if (grace !== undefined && (!Number.isInteger(grace) || grace < 0)) {
    throw ApiError.badRequest(`gracePeriodSeconds must be a non-negative integer, got ${grace}`, [
      { field: 'gracePeriodSeconds', message: 'must be a non-negative integer' },
    ]);
  }
  const policy = options.propagationPolicy;
  if (policy !== undefined && policy !== 'Background' && policy !== 'Orphan') {
    throw ApiError.badRequest(`unsupported propagationPolicy "${String(policy)}"`, [
      { field: 'propagationPolicy', message: 'must be Background or Orphan' },
    ]);
  }
}
