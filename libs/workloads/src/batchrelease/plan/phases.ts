// A BatchRelease's phases and batch states (docs/spec/kruise-rollout.md §3.2), one pass: Preparing runs
// Initialize, Progressing walks Upgrading → Verifying → Ready per batch (moving to the next batch only
// while batchPartition allows), Finalizing runs Finalize, Completed rests. The workload side (Initialize,
// UpgradeBatch, the readiness check, Finalize) is done by the caller and reported as outcomes.
import type { BatchReleaseStatus } from '@coxswain/kruise-api';

/** `ok`, or an error (a `badRequest` one is shown on the Progressing condition). */
export type Outcome = { ok: true } | { ok: false; message: string; badRequest?: boolean };

export interface PhaseOps {
  initialize(): Outcome;
  upgradeBatch(): Outcome;
  /** Go: EnsureBatchPodsReadyAndLabeled. */
  batchReady(): Outcome;
  finalize(): Outcome;
}

/**
 * The one workload operation a pass of `executePhase` runs for this status (undefined: none): the caller
 * runs it (it writes) and hands its outcome in.
 */
export function phaseOperation(status: BatchReleaseStatus): keyof PhaseOps | undefined {
  switch (status.phase) {
    case 'Progressing': {
      const state = status.canaryStatus?.batchState;
      return state === 'Verifying' || state === 'Ready' ? 'batchReady' : 'upgradeBatch';
    }
    case 'Finalizing': return 'finalize';
    case 'Completed': return undefined;
    default: return 'initialize';
  }
}

/** PhaseOps that answer with one precomputed outcome (that of `phaseOperation`'s operation). */
export function answeredOps(outcome: Outcome): PhaseOps {
  return { initialize: () => outcome, upgradeBatch: () => outcome, batchReady: () => outcome, finalize: () => outcome };
}

/** Go's DefaultDuration: the BatchRelease looks again 2 s after a step. */
export const REQUEUE_SECONDS = 2;

export interface PhasePass {
  status: BatchReleaseStatus;
  requeue: boolean;
  error?: string;
}

/** Go: executeBatchReleasePlan with progressBatches and moveToNextBatch; `batchPartition` from the spec. */
export function executePhase(input: { status: BatchReleaseStatus; batchPartition: number | undefined; batchCount: number; now: string }, ops: PhaseOps): PhasePass {
  const status: BatchReleaseStatus = structuredClone(input.status);
  status.canaryStatus = { currentBatch: 0, ...status.canaryStatus };
  const canary = status.canaryStatus;
  switch (status.phase) {
    case 'Progressing': {
      const state = canary.batchState === 'Verifying' || canary.batchState === 'Ready' ? canary.batchState : 'Upgrading';
      if (state === 'Upgrading') {
        canary.batchState = 'Upgrading';
        const r = ops.upgradeBatch();
        if (r.ok) {
          status.conditions = (status.conditions ?? []).filter((c) => c.type !== 'Progressing');
          delete status.message;
          canary.batchState = 'Verifying';
          return { status, requeue: true };
        }
        if (r.badRequest) {
          const current = status.conditions?.find((c) => c.type === 'Progressing');
          const next = { type: 'Progressing', status: 'True' as const, reason: 'InRolling', message: r.message || current?.message || '', lastUpdateTime: input.now, lastTransitionTime: current?.lastTransitionTime ?? input.now };
          status.conditions = [...(status.conditions ?? []).filter((c) => c.type !== 'Progressing'), next];
          status.message = next.message;
        }
        return { status, requeue: false, error: r.message };
      }
      const r = ops.batchReady();
      if (state === 'Verifying') {
        if (!r.ok) {
          canary.batchState = 'Upgrading';
          return { status, requeue: false, error: r.message };
        }
        canary.batchReadyTime = input.now;
        canary.batchState = 'Ready';
        return { status, requeue: true };
      }
      if (!r.ok) {
        delete canary.batchReadyTime;
        canary.batchState = 'Upgrading';
        return { status, requeue: false, error: r.message };
      }
      const partitioned = input.batchPartition !== undefined && input.batchPartition <= canary.currentBatch;
      if (partitioned) return { status, requeue: false };
      if (input.batchPartition === undefined || input.batchPartition > canary.currentBatch) canary.currentBatch++;
      canary.batchState = 'Upgrading';
      return { status, requeue: true };
    }
    case 'Finalizing': {
      const r = ops.finalize();
      if (r.ok) status.phase = 'Completed';
      return r.ok ? { status, requeue: false } : { status, requeue: false, error: r.message };
    }
    case 'Completed':
      return { status, requeue: false };
    default: {
      status.phase = 'Preparing';
      const r = ops.initialize();
      if (!r.ok) return { status, requeue: false, error: r.message };
      status.phase = 'Progressing';
      return { status, requeue: true };
    }
  }
}
