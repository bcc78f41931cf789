// A request applied exactly once per Idempotency-Key (hook acknowledgements, docs/spec/api-contract.md §2;
// Rollout actions, docs/rollouts-api.md §2): the parts both share around their own write.
// 1. Before anything is written the key is claimed (key-claim.ts): the same key again gets 409 while in
//    flight, then the stored answer (replayed); the same key with another request (or caller) gets 422.
// 2. The caller applies its request.
// 3. Answers that state a fact about the target (the caller's `finalErrors`) are stored, final for the
//    key; a failure without an answer releases the key so a retry runs again — unless `keepTakenOver`
//    and the key was taken over: whether the first attempt wrote was not settled then, and the next
//    takeover looks again.
import { randomUUID } from 'node:crypto';
import type { Logger } from '@nestjs/common';
import { unstorableTextProblem } from '@coxswain/kruise-api';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Principal } from '../auth/principal.js';
import { DOMAIN_ERRORS, DomainError, isDomainError, type DomainErrorCode } from '../errors/domain-error.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { KeyClaim, KeyedRow } from './key-claim.js';

export const MAX_REASON_LENGTH = 1024;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** A key for a GraphQL request sent without one: never deduplicated, still guarded by the state preconditions. */
export function oneOffKey(): string {
  return `oneoff-${randomUUID()}`;
}

/** The key's and the reason's checks, before the key is claimed: the stored answer and the audit row repeat the reason. */
export function validateKeyAndReason(idempotencyKey: string, reason: string | null): void {
  if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw new DomainError('BAD_USER_INPUT', 'Idempotency-Key must be 1-255 visible ASCII characters (a UUID is ideal)', { field: 'Idempotency-Key' });
  }
  if (reason != null && reason.length > MAX_REASON_LENGTH) {
    throw new DomainError('BAD_USER_INPUT', `reason must be at most ${MAX_REASON_LENGTH} characters`, { field: 'reason' });
  }
  // A database that refused the reason would leave the key in flight for good.
  const textProblem = reason == null ? undefined : unstorableTextProblem(reason);
  if (textProblem) throw new DomainError('BAD_USER_INPUT', `reason ${textProblem}`, { field: 'reason' });
}

/** How one kind of keyed request words and stores its answers. */
export interface KeyedRequestRules<Answer> {
  /** What the request is ("pod, hook, reason or caller"), for the refusal of a reused key. */
  requestFields: string;
  /** Errors that state a fact about the target and so are the key's final answer. */
  finalErrors: ReadonlySet<DomainErrorCode>;
  /** The stored answer in the field order of the first one (JSONB does not keep key order). */
  storedAnswer(stored: Answer): Answer;
  /** A taken-over key whose attempt failed without an answer stays in flight (see 3. above). */
  keepTakenOver: boolean;
}

/** Stores a key's final answer, or forgets the key. */
export interface AnswerStore {
  complete(key: string, status: number, response: Prisma.InputJsonValue, completedAt: Date): Promise<void>;
  release(key: string): Promise<void>;
}

/** The columns of a new keyed row that say who claimed the key, for which request, when. */
export type NewKeyedRow = Pick<KeyedRow, 'idempotencyKey' | 'actorTokenId' | 'requestHash' | 'createdAt'>;

export class KeyedRequests<Answer extends object> {
  constructor(
    private readonly rules: KeyedRequestRules<Answer>,
    private readonly store: AnswerStore,
    private readonly trail: AuditTrail,
    private readonly now: () => number,
    private readonly logger: Logger,
  ) {}

  /**
   * A claim of the key (`claimRow` inserts the row: the key's columns and the request's own): the claimed
   * row, to apply the request under; or the stored answer of an earlier request with the key (`replayNote`
   * goes to the audit row). Refused in words as 1. says (`inFlight`:
   * the refusal while the key is in flight).
   */
  async claim<Row extends KeyedRow>(
    principal: Principal, idempotencyKey: string, requestHash: string,
    claimRow: (keyed: NewKeyedRow) => Promise<KeyClaim<Row>>, words: { replayNote: string; inFlight: () => DomainError },
  ): Promise<{ row: Row; takenOver: boolean } | { replay: Answer }> {
    const claim = await claimRow({ idempotencyKey, actorTokenId: principal.tokenId, requestHash, createdAt: new Date(this.now()) });
    if (claim.claimed) return claim;
    const existing = claim.existing;
    if (existing.requestHash !== requestHash || existing.actorTokenId !== principal.tokenId) {
      throw new DomainError('IDEMPOTENCY_KEY_REUSED', `this Idempotency-Key was used for a different request (${this.rules.requestFields}); use a new key`, { field: 'Idempotency-Key' });
    }
    if (existing.state !== 'done') throw words.inFlight();
    this.trail.noteMessage(words.replayNote);
    if (existing.status === 200) return { replay: this.rules.storedAnswer(existing.response as Answer) };
    const stored = existing.response as { code: DomainErrorCode; message: string };
    throw new DomainError(stored.code, stored.message, { replayed: true });
  }

  /** Stores the 200 answer of an applied request. */
  async storeAnswer(key: string, answer: Answer): Promise<void> {
    try {
      await this.store.complete(key, 200, { ...answer } as Prisma.InputJsonValue, new Date(this.now()));
    } catch (err) {
      // The request is applied: the caller must hear so. Retries with this key see it in flight until one
      // takes it over.
      this.logger.error({ msg: 'request applied but its answer could not be stored', key, error: String(err) });
    }
  }

  /** Step 3 for a request that failed with `err`. */
  async settleFailure(key: string, err: unknown, takenOver: boolean): Promise<void> {
    try {
      if (isDomainError(err) && this.rules.finalErrors.has(err.code)) {
        await this.store.complete(key, DOMAIN_ERRORS[err.code].status, { code: err.code, message: err.message }, new Date(this.now()));
      } else if (!(takenOver && this.rules.keepTakenOver)) {
        await this.store.release(key);
      }
    } catch (storeErr) {
      this.logger.error({ msg: 'could not settle a failed request', key, error: String(storeErr) });
    }
  }
}
