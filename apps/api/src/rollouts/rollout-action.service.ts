// Approving a Rollout's step, jumping to a step and aborting a release (docs/rollouts-api.md), for GraphQL
// and REST alike: exactly once per Idempotency-Key, as one conditional write, recorded with the caller's
// identity and reason — built like hook acknowledgements (hooks/hook-ack.service.ts):
// 1. The key is claimed by inserting its row (in flight) BEFORE anything is written: the same key again
//    gets 409 while in flight, then the stored answer; the same key with another request gets 422.
// 2. The Rollout is read from the cluster and the action's rule applied (rollout-actions.ts). Approve and
//    jump write the Rollout's status with the read resourceVersion, so a change in between is a Conflict,
//    re-read and checked again (bounded); abort writes the workload's template back to the stable
//    revision (one conditional write, the same computation as the Rollout controller's analysis abort).
// 3. The answer is stored alongside the audit row. Answers that state a fact about the Rollout (200,
//    404 unknown Rollout, 409 step not paused / not releasing, 400 a step it does not have) are final for
//    the key and replayed to retries; a failure without an answer releases the key so a retry runs again.
//    A claim taken over from a process that died runs again: the rules' preconditions then answer for
//    the state the first attempt may have left (an approval already applied reads "not StepPaused").
import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { isApiError, type Clock, type ClusterClient } from '@coxswain/cluster';
import { isDNS1123Label, isDNS1123Subdomain, type Rollout } from '@coxswain/kruise-api';
import { readStableTemplate } from '@coxswain/workloads';
import { AuditTrail } from '../audit/audit-trail.js';
import type { Principal } from '../auth/principal.js';
import { DomainError, type DomainErrorCode } from '../errors/domain-error.js';
import { KeyedRequests, validateKeyAndReason, type KeyedRequestRules } from '../idempotency/keyed-request.js';
import { CLOCK, CLUSTER } from '../tokens.js';
import { ClusterCache } from '../cluster/cluster-cache.js';
import { abortTarget, approve, jump, type RolloutActionName } from './rollout-actions.js';
import { RolloutActionsRepository } from './rollout-actions.repository.js';
import { ROLLOUT_REF, RolloutCache } from './rollout-cache.js';
import { conflictBackoff } from '../cluster/conflict-backoff.js';

export interface RolloutActionRequest {
  namespace: string;
  rollout: string;
  action: RolloutActionName;
  /** jump only: the step to go to (1-based). */
  stepIndex: number | null;
  idempotencyKey: string;
  reason: string | null;
}

/** The answer to an action, as stored and replayed. */
export interface RolloutActionAnswer {
  id: string;
  action: RolloutActionName;
  namespace: string;
  rollout: string;
  rolloutUid: string;
  /** approve: the step approved; jump: the step jumped to; abort: the step the release was at. */
  stepIndex: number;
  /** jump: the step the release was at; null otherwise. */
  fromStepIndex: number | null;
  /** abort: the stable revision the workload was set back to; null otherwise. */
  revision: string | null;
  actedBy: string;
  at: string;
  reason: string | null;
}

export interface RolloutActionResult {
  answer: RolloutActionAnswer;
  /** A retry answered with the first attempt's stored answer; nothing was written again. */
  replayed: boolean;
}

/** Conflicts mean the controller wrote the Rollout in between; a few re-reads settle it. */
export const MAX_WRITE_ATTEMPTS = 20;

type Applied = Omit<RolloutActionAnswer, 'id' | 'action' | 'namespace' | 'rollout' | 'actedBy' | 'at' | 'reason'>;

@Injectable()
export class RolloutActionService {
  private readonly keys: KeyedRequests<RolloutActionAnswer>;

  constructor(
    @Inject(CLUSTER) private readonly cluster: ClusterClient,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly cache: RolloutCache,
    private readonly actions: RolloutActionsRepository,
    private readonly clusterCache: ClusterCache,
    private readonly trail: AuditTrail,
  ) {
    this.keys = new KeyedRequests(KEYED_ACTION, actions, trail, () => clock.now(), new Logger('RolloutAction'));
  }

  async act(principal: Principal, request: RolloutActionRequest): Promise<RolloutActionResult> {
    validate(request);
    this.trail.noteIdempotencyKey(request.idempotencyKey);
    this.trail.noteMessage(reasonNote(request.reason));
    const claim = await this.keys.claim(principal, request.idempotencyKey, hashRequest(request),
      (keyed) => this.actions.claim({ ...keyed, namespace: request.namespace, rollout: request.rollout, action: request.action }), {
      replayNote: `replayed; ${reasonNote(request.reason)}`,
      inFlight: () => new DomainError('ACTION_IN_FLIGHT', `a ${request.action} with this Idempotency-Key is still being applied; retry shortly to get its answer`),
    });
    if ('replay' in claim) return { answer: claim.replay, replayed: true };

    let answer: RolloutActionAnswer;
    try {
      const applied = await this.apply(request);
      answer = {
        id: claim.row.id, action: request.action, namespace: request.namespace, rollout: request.rollout, ...applied,
        actedBy: principal.name, at: new Date(this.clock.now()).toISOString(), reason: request.reason,
      };
    } catch (err) {
      await this.keys.settleFailure(request.idempotencyKey, err, claim.takenOver);
      throw err;
    }
    await this.trail.alongsideRecord(this.keys.storeAnswer(request.idempotencyKey, answer));
    return { answer, replayed: false };
  }

  private apply(request: RolloutActionRequest): Promise<Applied> {
    switch (request.action) {
      case 'approve':
        return this.writeStatus(request, (rollout) => {
          const { rollout: next, stepIndex } = approve(rollout);
          return { next, applied: { stepIndex, fromStepIndex: null, revision: null } };
        });
      case 'jump':
        return this.writeStatus(request, (rollout) => {
          const { rollout: next, fromStepIndex } = jump(rollout, request.stepIndex!);
          return { next, applied: { stepIndex: request.stepIndex!, fromStepIndex, revision: null } };
        });
      case 'abort':
        return this.abort(request);
    }
  }

  /** Read, apply the rule, one conditional status write; re-read on Conflict. */
  private async writeStatus(request: RolloutActionRequest, rule: (rollout: Rollout) => { next: Rollout; applied: Omit<Applied, 'rolloutUid'> }): Promise<Applied> {
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
      const rollout = await this.read(request);
      const { next, applied } = rule(rollout);
      try {
        const written = await this.cluster.updateStatus<Rollout>(next);
        this.trail.noteObjectChange(rollout, written);
        await this.cache.caughtUp(written);
        return { ...applied, rolloutUid: rollout.metadata.uid ?? '' };
      } catch (err) {
        if (isApiError(err, 'NotFound')) throw notFound(request);
        if (isApiError(err, 'Conflict')) {
          await conflictBackoff(attempt);
          continue;
        }
        throw err;
      }
    }
    throw new DomainError('ROLLOUT_BUSY', `rollout ${request.namespace}/${request.rollout} changed ${MAX_WRITE_ATTEMPTS} times while applying the ${request.action}; nothing was written, retry`, { retryAfterSeconds: 1 });
  }

  /**
   * docs/spec/kruise-rollout.md §2.11: the workload's template set back to the stable revision's, as the
   * Rollout controller's analysis abort computes it (@coxswain/workloads readStableTemplate: the
   * ControllerRevision of a CloneSet or a StatefulSet, a canary-style Deployment's stable ReplicaSet); the
   * controller then cancels the release and the workload converges on the stable revision. One conditional
   * write of the workload as read; a Conflict re-reads the Rollout and the workload and checks again.
   */
  private async abort(request: RolloutActionRequest): Promise<Applied> {
    const what = `rollout ${request.namespace}/${request.rollout}`;
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
      const rollout = await this.read(request);
      const { stableRevision, stepIndex } = abortTarget(rollout);
      const ref = rollout.spec.workloadRef;
      const applied = { rolloutUid: rollout.metadata.uid ?? '', stepIndex, fromStepIndex: null, revision: stableRevision };
      const stable = await readStableTemplate(this.cluster, request.namespace, ref, stableRevision);
      if (!stable) throw new DomainError('ROLLOUT_NOT_PROGRESSING', `${what} names ${ref.kind} ${ref.name}, which does not exist (or is of a kind no release drives): nothing to roll back`);
      if (stable.outcome === 'missing') throw new DomainError('ROLLOUT_NOT_PROGRESSING', `the stable revision ${stableRevision} of ${what} cannot be restored: ${stable.why}`);
      // Already on the stable template (a retry of an abort that was applied, or a rollback by hand): the controller is cancelling.
      if (stable.outcome === 'stable') return applied;
      try {
        const written = await this.cluster.update(stable.next);
        this.trail.noteObjectChange(stable.current, written);
        await this.clusterCache.caughtUp([written]);
        return applied;
      } catch (err) {
        if (isApiError(err, 'NotFound')) throw new DomainError('ROLLOUT_NOT_PROGRESSING', `${what} names ${ref.kind} ${ref.name}, which does not exist: nothing to roll back`);
        if (!isApiError(err, 'Conflict')) throw err;
        await conflictBackoff(attempt);
      }
    }
    throw new DomainError('ROLLOUT_BUSY', `the workload of ${what} changed ${MAX_WRITE_ATTEMPTS} times while applying the abort; nothing was written, retry`, { retryAfterSeconds: 1 });
  }

  private async read(request: RolloutActionRequest): Promise<Rollout> {
    try {
      return await this.cluster.get<Rollout>(ROLLOUT_REF, request.namespace, request.rollout);
    } catch (err) {
      if (isApiError(err, 'NotFound')) throw notFound(request);
      throw err;
    }
  }
}

function notFound(request: RolloutActionRequest): DomainError {
  return new DomainError('NOT_FOUND', `rollout ${request.namespace}/${request.rollout} not found`);
}

/** The audit row's message: the caller's reason (the actor is the row's own field). */
function reasonNote(reason: string | null): string {
  return reason === null ? 'no reason given' : `reason: ${reason}`;
}

/** How an action's key refuses, replays and settles (idempotency/keyed-request.ts). */
const KEYED_ACTION: KeyedRequestRules<RolloutActionAnswer> = {
  requestFields: 'Rollout, action, step, reason or caller',
  finalErrors: new Set<DomainErrorCode>(['NOT_FOUND', 'STEP_NOT_PAUSED', 'ROLLOUT_NOT_PROGRESSING', 'BAD_USER_INPUT']),
  storedAnswer: ({ id, action, namespace, rollout, rolloutUid, stepIndex, fromStepIndex, revision, actedBy, at, reason }) =>
    ({ id, action, namespace, rollout, rolloutUid, stepIndex, fromStepIndex, revision, actedBy, at, reason }),
  // A taken-over action runs again: the rules' preconditions answer for what the first attempt left.
  keepTakenOver: false,
};

function validate(request: RolloutActionRequest): void {
  if (typeof request.namespace !== 'string' || isDNS1123Label(request.namespace).length > 0) {
    throw new DomainError('BAD_USER_INPUT', `namespace ${JSON.stringify(request.namespace)} is not a namespace name (a lowercase RFC 1123 label)`, { field: 'namespace' });
  }
  if (typeof request.rollout !== 'string' || isDNS1123Subdomain(request.rollout).length > 0) {
    throw new DomainError('BAD_USER_INPUT', `name ${JSON.stringify(request.rollout)} is not a Rollout name (a lowercase RFC 1123 subdomain)`, { field: 'name' });
  }
  if (request.action === 'jump' && (!Number.isSafeInteger(request.stepIndex) || request.stepIndex! < 1)) {
    throw new DomainError('BAD_USER_INPUT', `stepIndex must be a step number from 1, got ${JSON.stringify(request.stepIndex)}`, { field: 'stepIndex' });
  }
  validateKeyAndReason(request.idempotencyKey, request.reason);
}

/** The normalized request a key is bound to: the same key must always mean the same action. */
export function hashRequest(request: Pick<RolloutActionRequest, 'namespace' | 'rollout' | 'action' | 'stepIndex' | 'reason'>): string {
  return createHash('sha256').update(JSON.stringify([request.namespace, request.rollout, request.action, request.stepIndex ?? null, request.reason ?? null])).digest('hex');
}
