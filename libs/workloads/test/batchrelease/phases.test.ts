// A BatchRelease's checks before acting (docs/spec/kruise-rollout.md §3.3, first match wins) and its
// phases and batch states (docs/spec/kruise-rollout.md §3.2), then docs/spec/kruise-rollout.md §6.1's BatchRelease walked: batch 0 rests Ready at
// batchPartition 0, a new batchPartition is a plan change that jumps to its batch, a null one finalises.
import { describe, expect, it } from '@jest/globals';
import type { BatchReleaseStatus } from '@coxswain/kruise-api';
import { executePhase, type Outcome, type PhaseOps } from '../../src/batchrelease/plan/phases.js';
import { preExecution, resetBatchReleaseStatus, type PreExecutionInput, type WorkloadInfo } from '../../src/batchrelease/plan/pre-execution.js';

const NOW = '2026-07-01T10:00:00Z';
const OK: Outcome = { ok: true };
const workload = (over: Partial<WorkloadInfo> = {}): WorkloadInfo => ({ replicas: 5, updatedReplicas: 1, updatedReadyReplicas: 1, stableRevision: 'v1', updateRevision: 'v2', ...over });
const progressing = (over: Partial<BatchReleaseStatus> = {}): BatchReleaseStatus => ({
  phase: 'Progressing', observedReleasePlanHash: 'h', observedRolloutID: 'r', observedWorkloadReplicas: 5, canaryStatus: { currentBatch: 0, batchState: 'Ready', updatedReplicas: 1, updatedReadyReplicas: 1 }, ...over,
});
const release = (status: BatchReleaseStatus, plan: Record<string, unknown> = {}, annotations?: Record<string, string>): PreExecutionInput['release'] => ({
  metadata: { name: 'demo', ...(annotations ? { annotations } : {}) },
  spec: { releasePlan: { batches: [{ canaryReplicas: '20%' }, { canaryReplicas: '50%' }, { canaryReplicas: '100%' }], batchPartition: 0, rolloutID: 'r', enableExtraWorkloadForCanary: false, ...plan } },
  status,
});
const check = (over: Partial<PreExecutionInput>) => preExecution({ release: release(progressing()), deleting: false, planHash: 'h', event: 'Normal', workload: workload(), ...over });

describe('before acting (docs/spec/kruise-rollout.md §3.3)', () => {
  it.each<[string, Partial<PreExecutionInput>, Partial<BatchReleaseStatus>, boolean, string | undefined]>([
    ['nothing new: go on', {}, { phase: 'Progressing' }, false, undefined],
    ['1 Completed: stop', { release: release(progressing({ phase: 'Completed' })) }, { phase: 'Completed' }, true, 'release plan has been completed, will do nothing'],
    ['2 batchPartition null: Finalizing', { release: release(progressing(), { batchPartition: undefined }) }, { phase: 'Finalizing' }, true, 'release plan is deleted or canceled, then finalize'],
    ['2 deleting: Finalizing', { deleting: true }, { phase: 'Finalizing' }, true, 'release plan is deleted or canceled, then finalize'],
    ['3 plan changed, same rollout id: currentBatch = min(batchPartition, last)', { release: release(progressing(), { batchPartition: 7 }), planHash: 'h2' },
      { canaryStatus: { currentBatch: 2, batchState: 'Upgrading', updatedReplicas: 1, updatedReadyReplicas: 1 }, observedReleasePlanHash: 'h2' }, true, 'release plan is changed, then recalculate status'],
    ['3 plan changed, new rollout id: from batch 0', { release: release(progressing({ canaryStatus: { currentBatch: 1, batchState: 'Ready' } }), { batchPartition: 1, rolloutID: 'r2' }), planHash: 'h2' },
      { canaryStatus: { currentBatch: 0, batchState: 'Upgrading', updatedReplicas: 1, updatedReadyReplicas: 1 }, observedRolloutID: 'r2' }, true, 'release plan is changed, then recalculate status'],
    ['4 currentBatch beyond the plan: restart', { release: release(progressing({ canaryStatus: { currentBatch: 3 } })) }, { phase: 'Preparing', observedWorkloadReplicas: -1 }, true, 'release plan is unhealthy, then restart'],
    ['6 workload gone: Finalizing', { event: 'Gone', workload: undefined }, { phase: 'Finalizing' }, true, 'target workload has gone, then finalize'],
    ['7 scaling: the batch again', { event: 'ReplicasChanged', workload: workload({ replicas: 10 }) }, { observedWorkloadReplicas: 10, canaryStatus: { currentBatch: 0, batchState: 'Upgrading', updatedReplicas: 1, updatedReadyReplicas: 1 } }, true, 'workload is scaling, then reinitialize batch status'],
    ['8 new revision: record it and stop', { event: 'PodTemplateChanged', workload: workload({ updateRevision: 'v3' }) }, { updateRevision: 'v3' }, true, 'workload revision was changed, then abort'],
    ['9 workload still reconciling: wait', { event: 'StillReconciling' }, { phase: 'Progressing' }, true, 'workload status is not stable, then wait'],
    ['10 rollback in batch, revisions met: prepare again', { release: release(progressing(), {}, { 'rollouts.kruise.io/rollback-in-batch': 'true' }), workload: workload({ stableRevision: 'v1', updateRevision: 'v1' }) },
      { phase: 'Preparing', updateRevision: 'v1' }, true, 'workload is rollback in batch'],
    ['10 rollback in batch, not yet: wait', { release: release(progressing(), {}, { 'rollouts.kruise.io/rollback-in-batch': 'true' }) }, { phase: 'Progressing' }, true, 'workload is preparing rollback, wait condition to be satisfied'],
  ])('%s', (_, over, expected, stop, message) => {
    const r = check(over);
    expect(r.status).toMatchObject(expected);
    expect(r.stop).toBe(stop);
    expect(r.message).toBe(message);
  });

  it('the counts follow the workload, and a change alone stops the round (persisted first)', () => {
    const r = check({ workload: workload({ updatedReplicas: 3, updatedReadyReplicas: 2 }) });
    expect(r.status.canaryStatus).toMatchObject({ updatedReplicas: 3, updatedReadyReplicas: 2 });
    expect(r.stop).toBe(true);
    expect(r.message).toBeUndefined();
  });
});

describe('phases and batch states (docs/spec/kruise-rollout.md §3.2)', () => {
  const ops = (over: Partial<PhaseOps> = {}): PhaseOps => ({ initialize: () => OK, upgradeBatch: () => OK, batchReady: () => OK, finalize: () => OK, ...over });
  const pass = (status: BatchReleaseStatus, batchPartition: number | undefined, o: PhaseOps = ops()) => executePhase({ status, batchPartition, batchCount: 3, now: NOW }, o);

  it.each<[string, BatchReleaseStatus, number | undefined, PhaseOps, Partial<BatchReleaseStatus>]>([
    ['Preparing: Initialize → Progressing', resetBatchReleaseStatus(), 0, ops(), { phase: 'Progressing' }],
    ['Preparing: Initialize fails → stays', resetBatchReleaseStatus(), 0, ops({ initialize: () => ({ ok: false, message: 'x' }) }), { phase: 'Preparing' }],
    ['Upgrading → Verifying', progressing({ canaryStatus: { currentBatch: 0, batchState: 'Upgrading' } }), 0, ops(), { canaryStatus: { currentBatch: 0, batchState: 'Verifying' } }],
    ['Upgrading, a bad request → the Progressing condition says why', progressing({ canaryStatus: { currentBatch: 0, batchState: 'Upgrading' } }), 0, ops({ upgradeBatch: () => ({ ok: false, message: 'no', badRequest: true }) }),
      { message: 'no', conditions: [expect.objectContaining({ type: 'Progressing', reason: 'InRolling', message: 'no' })] as never }],
    ['Verifying, ready → Ready with batchReadyTime', progressing({ canaryStatus: { currentBatch: 0, batchState: 'Verifying' } }), 0, ops(), { canaryStatus: { currentBatch: 0, batchState: 'Ready', batchReadyTime: NOW } }],
    ['Verifying, not ready → Upgrading', progressing({ canaryStatus: { currentBatch: 0, batchState: 'Verifying' } }), 0, ops({ batchReady: () => ({ ok: false, message: 'n' }) }), { canaryStatus: { currentBatch: 0, batchState: 'Upgrading' } }],
    ['Ready at batchPartition: rests', progressing(), 0, ops(), { canaryStatus: expect.objectContaining({ currentBatch: 0, batchState: 'Ready' }) as never }],
    ['Ready below batchPartition: next batch', progressing(), 2, ops(), { canaryStatus: expect.objectContaining({ currentBatch: 1, batchState: 'Upgrading' }) as never }],
    ['Ready, no longer ready: Upgrading, batchReadyTime cleared', progressing({ canaryStatus: { currentBatch: 0, batchState: 'Ready', batchReadyTime: NOW } }), 0, ops({ batchReady: () => ({ ok: false, message: 'n' }) }),
      { canaryStatus: { currentBatch: 0, batchState: 'Upgrading' } }],
    ['Finalizing: Finalize → Completed', progressing({ phase: 'Finalizing' }), undefined, ops(), { phase: 'Completed' }],
  ])('%s', (_, status, partition, o, expected) => {
    expect(pass(status, partition, o).status).toMatchObject(expected);
  });

  it('docs/spec/kruise-rollout.md §6.1: batch 0 rests Ready at batchPartition 0; batchPartition 1 is a plan change to batch 1; null finalises to Completed', () => {
    const plan = (batchPartition: number | undefined) => ({ batchPartition });
    let status = resetBatchReleaseStatus();
    let hash = 'h0';
    const round = (batchPartition: number | undefined, w = workload()) => {
      const pre = preExecution({ release: release(status, plan(batchPartition)), deleting: false, planHash: hash, event: 'Normal', workload: w });
      status = pre.status;
      if (pre.stop) return;
      status = executePhase({ status, batchPartition, batchCount: 3, now: NOW }, ops()).status;
    };
    for (let i = 0; i < 6; i++) round(0);
    expect(status).toMatchObject({ phase: 'Progressing', canaryStatus: { currentBatch: 0, batchState: 'Ready' } });
    hash = 'h1';
    for (let i = 0; i < 6; i++) round(1, workload({ updatedReplicas: 3, updatedReadyReplicas: 3 }));
    expect(status).toMatchObject({ phase: 'Progressing', observedReleasePlanHash: 'h1', canaryStatus: { currentBatch: 1, batchState: 'Ready', updatedReplicas: 3 } });
    hash = 'h2';
    for (let i = 0; i < 4; i++) round(undefined, workload({ updatedReplicas: 5, updatedReadyReplicas: 5 }));
    expect(status.phase).toBe('Completed');
  });
});
