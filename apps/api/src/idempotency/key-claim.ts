// Claiming an Idempotency-Key in the database (hook acknowledgements, Rollout actions): the unique key is
// the lock. Whoever inserts the key's row first performs the request; everyone else finds the row. A
// claim abandoned in flight (its process died) is taken over by the same request after ABANDONED_CLAIM_MS.
import { isUniqueViolation } from '../persistence/prisma-errors.js';

/**
 * A key in flight for longer than this (on the cluster clock that stamps claims) was abandoned: the
 * process that claimed it stopped between claiming it and storing the answer. The same request (same
 * caller and body) then takes the key over, under the same id: if the target carries that id's stamp
 * (hook acks), the first attempt's write landed and its answer is the key's; otherwise it runs again, and
 * the target's state precondition still lets at most one of the two attempts write it. Without this, a
 * crash at that moment would answer every retry with that key "in flight" forever. An attempt takes well
 * under a second; five minutes of the cluster clock leave room for a slow Kubernetes API, and 15 s of wall
 * time under the default scaled clock (x20). Should a live attempt be taken over all the same (a much
 * faster clock), the target is still written once.
 */
export const ABANDONED_CLAIM_MS = 5 * 60_000;

/** What every keyed row holds. */
export interface KeyedRow {
  id: string;
  idempotencyKey: string;
  actorTokenId: string;
  requestHash: string;
  state: string;
  response: unknown;
  status: number | null;
  createdAt: Date;
}

/** `takenOver`: the key was claimed before by an attempt that never answered (ABANDONED_CLAIM_MS). */
export type KeyClaim<Row> = { claimed: true; row: Row; takenOver: boolean } | { claimed: false; existing: Row };

/** The rows an abandoned claim of `claim`'s request matches (Prisma `where`). */
export function abandonedClaimOf(claim: Pick<KeyedRow, 'idempotencyKey' | 'requestHash' | 'actorTokenId' | 'createdAt'>) {
  return {
    idempotencyKey: claim.idempotencyKey, state: 'in-flight', requestHash: claim.requestHash, actorTokenId: claim.actorTokenId,
    createdAt: { lt: new Date(claim.createdAt.getTime() - ABANDONED_CLAIM_MS) },
  };
}

/** One table's statements a claim is made of. */
export interface ClaimStatements<Row> {
  /** Inserts the key in flight; rejects with a unique violation when the key is held. */
  insert(): Promise<Row>;
  /** Takes over an abandoned claim of the same request (abandonedClaimOf); the number of rows taken. */
  takeOver(): Promise<number>;
  find(): Promise<Row | null>;
}

/** Inserts the key in flight, takes over an abandoned claim of it, or returns the row that holds it. */
export async function claimKey<Row>(key: string, statements: ClaimStatements<Row>): Promise<KeyClaim<Row>> {
  // Retried because a losing request may find the row deleted again (a failed attempt releases it).
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return { claimed: true, takenOver: false, row: await statements.insert() };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    const taken = await statements.takeOver();
    const existing = await statements.find();
    if (existing && taken > 0) return { claimed: true, takenOver: true, row: existing };
    if (existing) return { claimed: false, existing };
  }
  throw new Error(`could not claim idempotency key ${key}`);
}
