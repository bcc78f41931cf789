// A Rollout's approvals, jumps and aborts as the audit log recorded them (docs/rollouts-api.md), newest
// first, for the dashboard's Rollout panel. The audit row names the actor, the time, the outcome and
// the reason; the step comes from the stored answer of the action (rollout_actions, by the row's
// Idempotency-Key) while it is kept (ackKeyRetentionMs), and from the row's own field change for a jump.
// An approval or jump is recorded against the Rollout; an applied abort against the workload it wrote
// back (audit-trail.ts: a noted change names the row's target), so both are read.
import { Inject, Injectable } from '@nestjs/common';
import type { PrismaClient } from '../generated/prisma/client.js';
import { PRISMA } from '../tokens.js';
import type { RolloutActionAnswer } from './rollout-action.service.js';
import type { RolloutActionName } from './rollout-actions.js';

export const ROLLOUT_ACTION_OPERATIONS: Record<string, RolloutActionName> = {
  approveRolloutStep: 'approve',
  jumpToRolloutStep: 'jump',
  abortRollout: 'abort',
};

export interface RolloutHistoryEntry {
  at: Date;
  action: RolloutActionName;
  actorName: string;
  actorRole: string;
  /** "ok", or the error code the caller received. */
  result: string;
  /** The audit row's message: the reason, and the error in words when refused. */
  message: string | null;
  /** approve: the step approved; jump: the step jumped to; abort: the step the release was at. Null when no longer known. */
  stepIndex: number | null;
  /** jump: the step the release was at, while known. */
  fromStepIndex: number | null;
  /** The caller's reason, while the answer is kept. */
  reason: string | null;
}

export interface RolloutHistoryTarget {
  namespace: string;
  name: string;
  workloadRef: { kind: string; name: string };
}

interface AuditRowLike {
  at: Date;
  action: string;
  actorName: string;
  actorRole: string;
  result: string;
  message: string | null;
  idempotencyKey: string | null;
  after: unknown;
}

@Injectable()
export class RolloutHistoryService {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  async history(rollout: RolloutHistoryTarget, take: number): Promise<RolloutHistoryEntry[]> {
    const rows = (await this.prisma.auditEntry.findMany({
      where: {
        targetNamespace: rollout.namespace,
        action: { in: Object.keys(ROLLOUT_ACTION_OPERATIONS) },
        OR: [
          { targetKind: 'Rollout', targetName: rollout.name },
          { action: 'abortRollout', targetKind: rollout.workloadRef.kind, targetName: rollout.workloadRef.name },
        ],
      },
      orderBy: { id: 'desc' },
      take,
    })) as AuditRowLike[];
    const keys = rows.map((r) => r.idempotencyKey).filter((k): k is string => k !== null);
    const answers = keys.length === 0 ? [] : await this.prisma.rolloutAction.findMany({ where: { idempotencyKey: { in: keys }, state: 'done', status: 200 } });
    const byKey = new Map(answers.map((a) => [a.idempotencyKey, a.response as unknown as RolloutActionAnswer]));
    return rows.map((row) => historyEntry(row, row.idempotencyKey === null ? undefined : byKey.get(row.idempotencyKey), rollout.name));
  }
}

/** One entry; pure. An abort recorded against another Rollout of the same workload is not this one's (the answer says so). */
export function historyEntry(row: AuditRowLike, answer: RolloutActionAnswer | undefined, rolloutName: string): RolloutHistoryEntry {
  const action = ROLLOUT_ACTION_OPERATIONS[row.action] ?? 'approve';
  const own = answer && answer.rollout === rolloutName ? answer : undefined;
  const jumpedTo = action === 'jump' ? nextStepIndexOf(row.after) : null;
  return {
    at: row.at,
    action,
    actorName: row.actorName,
    actorRole: row.actorRole,
    result: row.result,
    message: row.message,
    stepIndex: own?.stepIndex ?? jumpedTo,
    fromStepIndex: own?.fromStepIndex ?? null,
    reason: own?.reason ?? null,
  };
}

function nextStepIndexOf(after: unknown): number | null {
  if (typeof after !== 'object' || after === null) return null;
  const value = (after as Record<string, unknown>)['status.canaryStatus.nextStepIndex'];
  return typeof value === 'number' ? value : null;
}
