// Acknowledging a lifecycle hook (docs/spec/api-contract.md §2): exactly once per
// Idempotency-Key, as one conditional write on the pod, recorded with the caller's identity.
//
// 1. The key is claimed by inserting its row (in flight) BEFORE the pod is touched: a concurrent
//    request with the same key finds the row and gets 409 (in flight) or, later, the stored answer;
//    the same key with a different request gets 422. So at most one request per key writes the pod.
//    A claim abandoned in flight (its process died) is taken over by the same request after
//    ABANDONED_CLAIM_MS, under the same id; the state precondition in step 2 still lets only one attempt
//    write the pod.
// 2. The pod is read (first from the API's cache) and must still wait on that hook (state and
//    pendingHook); the write carries the read resourceVersion and uid, and a Conflict re-reads from the
//    cluster and re-checks (bounded). The write also stamps the pod with the ack's id and time
//    (ack-stamp.ts): a pod read with this id's stamp was written by this key already (a first attempt
//    that died before step 3), and is answered with that attempt's answer instead of a refusal; so is a
//    taken-over key whose pod is gone but left that stamp in hook_ack_tombstones.
// 3. The answer is stored and the row marked done, while the API's cache catches up with the write (so
//    the caller reads its change back) and alongside the audit row (AuditTrail.alongsideRecord).
//    Answers that state a fact about the pod (200, 404 unknown pod, 409 hook not pending, 410 pod gone)
//    are final for the key and replayed to retries; a failure without an answer (pod kept changing, an
//    internal error) releases the key so a retry runs again — nothing was written to the pod then. Not
//    after a takeover: the first attempt may have written the pod, so the key stays in flight.
import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { isApiError, type Clock, type ClusterClient } from '@coxswain/cluster';
import { isDNS1123Label, isDNS1123Subdomain, LABEL_LIFECYCLE_STATE, type LifecycleHook, type Pod } from '@coxswain/kruise-api';
import { pendingHook, POD_REF, type HookPoint } from '@coxswain/workloads';
import { AuditTrail } from '../audit/audit-trail.js';
import { ClusterCache } from '../cluster/cluster-cache.js';
import type { Principal } from '../auth/principal.js';
import { DomainError, isDomainError, type DomainErrorCode } from '../errors/domain-error.js';
import type { Prisma } from '../generated/prisma/client.js';
import { KeyedRequests, validateKeyAndReason, type KeyedRequestRules } from '../idempotency/keyed-request.js';
import { CLOCK, CLUSTER } from '../tokens.js';
import { ackPatch } from './ack-patch.js';
import { formatStamp, readStamp, stampAnnotation } from './ack-stamp.js';
import { AckTombstonesRepository } from './ack-tombstones.repository.js';
import { HOOK_POINTS, isHookPoint } from './hook-points.js';
import { HookAcksRepository } from './hook-acks.repository.js';
import { hookOwner } from './hook-owner.js';
import { notWaitingMessage } from './not-waiting.js';
import { PodTombstones } from './pod-tombstones.js';

export interface AckRequest {
  namespace: string;
  pod: string;
  hook: HookPoint;
  idempotencyKey: string;
  reason: string | null;
}

/** The answer to an ack, as stored and replayed. */
export interface HookAckAnswer {
  id: string;
  namespace: string;
  pod: string;
  podUid: string;
  hook: HookPoint;
  acknowledgedBy: string;
  at: string;
  reason: string | null;
}

export interface AckResult {
  answer: HookAckAnswer;
  /** A retry answered with the first attempt's answer (stored, or told by its stamp); the pod was not written again. */
  replayed: boolean;
}

/** The ack's answer and the pod as written; `earlier` when an earlier attempt of the key wrote it. */
type Applied = { answer: HookAckAnswer; pod: Pod | undefined; earlier: boolean };

/** Conflicts mean someone else wrote the pod in between; a few re-reads settle it. */
export const MAX_WRITE_ATTEMPTS = 5;

@Injectable()
export class HookAckService {
  private readonly keys: KeyedRequests<HookAckAnswer>;

  constructor(
    @Inject(CLUSTER) private readonly cluster: ClusterClient,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly cache: ClusterCache,
    private readonly acks: HookAcksRepository,
    private readonly tombstones: PodTombstones,
    private readonly ackTombstones: AckTombstonesRepository,
    private readonly trail: AuditTrail,
  ) {
    const store = {
      complete: (key: string, status: number, response: Prisma.InputJsonValue, completedAt: Date) =>
        acks.complete(key, { status, response, podUid: status === 200 ? (response as unknown as HookAckAnswer).podUid : null, completedAt }),
      release: (key: string) => acks.release(key),
    };
    this.keys = new KeyedRequests(KEYED_ACK, store, trail, () => clock.now(), new Logger('HookAck'));
  }

  async ack(principal: Principal, request: AckRequest): Promise<AckResult> {
    validate(request);
    this.trail.noteIdempotencyKey(request.idempotencyKey);
    const claim = await this.keys.claim(principal, request.idempotencyKey, hashRequest(request),
      (keyed) => this.acks.claim({ ...keyed, namespace: request.namespace, pod: request.pod, hook: request.hook }),
      { replayNote: 'replayed', inFlight });
    if ('replay' in claim) return { answer: claim.replay, replayed: true };

    let applied: Applied;
    try {
      applied = await this.writePod(principal, request, claim.row.id, claim.takenOver);
    } catch (err) {
      // A taken-over key stays in flight: whether its first attempt wrote the pod was not settled, and a
      // released key would run as a new request, blind to that attempt's stamp (KEYED_ACK.keepTakenOver).
      await this.keys.settleFailure(request.idempotencyKey, err, claim.takenOver);
      throw err;
    }
    if (applied.earlier) this.trail.noteMessage('replayed: an earlier attempt with this key wrote the pod and stopped before storing its answer');
    // Storing the answer and waiting for the API's cache to hold the write are independent: together; and
    // the answer's row is committed alongside the request's audit row, not before it. An answer that could
    // not be stored leaves the key in flight until a retry takes it over, which answers this same 200 from
    // the pod's stamp (or its tombstone).
    const stored = this.trail.alongsideRecord(this.keys.storeAnswer(request.idempotencyKey, applied.answer));
    await Promise.all([stored, applied.pod && this.cache.caughtUp([applied.pod])]);
    return { answer: applied.answer, replayed: applied.earlier };
  }

  /**
   * Step 2, for a key `takenOver` from an attempt that died: a pod now gone may have been released by
   * that attempt, as its tombstone tells (the stamp survives the pod, ack-stamp.ts).
   */
  private async writePod(principal: Principal, request: AckRequest, id: string, takenOver: boolean): Promise<Applied> {
    try {
      return await this.writeOnce(principal, request, id);
    } catch (err) {
      if (!takenOver || !(isDomainError(err, 'NOT_FOUND') || isDomainError(err, 'POD_GONE'))) throw err;
      const tombstone = await this.ackTombstones.find(id);
      if (tombstone?.namespace !== request.namespace || tombstone.pod !== request.pod || tombstone.hook !== request.hook) throw err;
      return { answer: this.answerOf(principal, request, id, tombstone.podUid, tombstone.at), pod: undefined, earlier: true };
    }
  }

  /** Step 2: read, check, one conditional write; re-read on Conflict. Answers with the written pod. */
  private async writeOnce(principal: Principal, request: AckRequest, id: string): Promise<Applied> {
    const spec = HOOK_POINTS[request.hook];
    // The first read is the API's cache (no round trip to the cluster), used only when it shows the pod
    // waiting on the hook: a copy that is merely behind must not answer a refusal, which is final for the
    // key. The write's resourceVersion precondition turns a stale copy into a Conflict and a re-read.
    const cached = this.cache.pods.get(request.namespace, request.pod);
    const usable = cached && !(this.check(cached, request) instanceof DomainError) ? cached : undefined;
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
      const pod = (attempt === 0 ? usable : undefined) ?? (await this.readPod(request));
      // This key's own stamp: an earlier attempt wrote the pod and died before storing the answer.
      const stamp = readStamp(pod, request.hook);
      if (stamp?.id === id) return { answer: this.answerOf(principal, request, id, pod.metadata.uid!, stamp.at), pod, earlier: true };
      const checked = this.check(pod, request);
      if (checked instanceof DomainError) throw checked;
      const at = new Date(this.clock.now()).toISOString();
      try {
        const patch = ackPatch(pod, checked, spec.direction, { [stampAnnotation(request.hook)]: formatStamp({ id, at }) });
        const written = await this.cluster.patch<Pod>(POD_REF, request.namespace, request.pod, patch);
        this.trail.noteObjectChange(pod, written);
        return { answer: this.answerOf(principal, request, id, pod.metadata.uid!, at), pod: written, earlier: false };
      } catch (err) {
        if (isApiError(err, 'Conflict')) continue; // changed (or replaced) since read: check again
        if (isApiError(err, 'NotFound')) throw gone(request);
        throw err;
      }
    }
    throw new DomainError('POD_BUSY', `pod ${request.namespace}/${request.pod} changed ${MAX_WRITE_ATTEMPTS} times while acknowledging; nothing was written, retry`, { retryAfterSeconds: 1 });
  }

  private answerOf(principal: Principal, request: AckRequest, id: string, podUid: string, at: string): HookAckAnswer {
    return { id, namespace: request.namespace, pod: request.pod, podUid, hook: request.hook, acknowledgedBy: principal.name, at, reason: request.reason };
  }

  /** The hook the ack releases or restores, or why this pod is not waiting on it. */
  private check(pod: Pod, request: AckRequest): LifecycleHook | DomainError {
    const spec = HOOK_POINTS[request.hook];
    if (pod.metadata.deletionTimestamp && spec.direction === 'restore') {
      return new DomainError('POD_GONE', `pod ${request.namespace}/${request.pod} is terminating`);
    }
    const owner = hookOwner(this.cache, pod);
    const hook = owner?.lifecycle?.[spec.lifecycleKey];
    const state = pod.metadata.labels?.[LABEL_LIFECYCLE_STATE] ?? '';
    const pending = owner ? pendingHook(pod, owner.lifecycle) : undefined;
    if (!owner || !hook) {
      return new DomainError('HOOK_NOT_PENDING', `pod ${request.namespace}/${request.pod} has no ${request.hook} hook: its workload configures no lifecycle.${spec.lifecycleKey}`);
    }
    if (state !== spec.state || pending?.hook !== request.hook) {
      return new DomainError('HOOK_NOT_PENDING', notWaitingMessage(pod, request.hook, owner, state, pending?.hook));
    }
    return hook;
  }

  private async readPod(request: AckRequest): Promise<Pod> {
    try {
      return await this.cluster.get<Pod>(POD_REF, request.namespace, request.pod);
    } catch (err) {
      if (!isApiError(err, 'NotFound')) throw err;
      // Deletions this process saw, and (across restarts) those of pods an ack wrote.
      if (this.tombstones.wasDeleted(request.namespace, request.pod) || (await this.ackTombstones.wasDeleted(request.namespace, request.pod))) throw gone(request);
      throw new DomainError('NOT_FOUND', `pod ${request.namespace}/${request.pod} not found`);
    }
  }
}

const inFlight = () => new DomainError('ACK_IN_FLIGHT', 'an acknowledgement with this Idempotency-Key is still being applied; retry shortly to get its answer');

/** How an ack's key refuses, replays and settles (idempotency/keyed-request.ts). */
const KEYED_ACK: KeyedRequestRules<HookAckAnswer> = {
  requestFields: 'pod, hook, reason or caller',
  finalErrors: new Set<DomainErrorCode>(['NOT_FOUND', 'POD_GONE', 'HOOK_NOT_PENDING']),
  storedAnswer: ({ id, namespace, pod, podUid, hook, acknowledgedBy, at, reason }) => ({ id, namespace, pod, podUid, hook, acknowledgedBy, at, reason }),
  keepTakenOver: true,
};

function gone(request: AckRequest): DomainError {
  return new DomainError('POD_GONE', `pod ${request.namespace}/${request.pod} is already gone`);
}

function validate(request: AckRequest): void {
  if (typeof request.namespace !== 'string' || isDNS1123Label(request.namespace).length > 0) {
    throw new DomainError('BAD_USER_INPUT', `namespace ${JSON.stringify(request.namespace)} is not a namespace name (a lowercase RFC 1123 label)`, { field: 'namespace' });
  }
  if (typeof request.pod !== 'string' || isDNS1123Subdomain(request.pod).length > 0) {
    throw new DomainError('BAD_USER_INPUT', `pod ${JSON.stringify(request.pod)} is not a pod name (a lowercase RFC 1123 subdomain)`, { field: 'pod' });
  }
  if (!isHookPoint(request.hook)) throw new DomainError('BAD_USER_INPUT', 'hook must be preDelete, preUpdate, postUpdate or preNormal', { field: 'hook' });
  validateKeyAndReason(request.idempotencyKey, request.reason);
}

/** The normalized request a key is bound to: the same key must always mean the same ack. */
export function hashRequest(request: Pick<AckRequest, 'namespace' | 'pod' | 'hook' | 'reason'>): string {
  return createHash('sha256').update(JSON.stringify([request.namespace, request.pod, request.hook, request.reason ?? null])).digest('hex');
}
