// What the BatchRelease controller reads before acting (docs/spec/kruise-rollout.md §3.3): the workload
// event in Go's order, and the one workload operation a phase pass runs (docs/spec/kruise-rollout.md §3.2).
import { describe, expect, it } from '@jest/globals';
import type { BatchReleaseStatus } from '@coxswain/kruise-api';
import { phaseOperation } from '../../src/batchrelease/plan/phases.js';
import { workloadEvent, type WorkloadEventFacts } from '../../src/batchrelease/plan/workload-event.js';
import type { WorkloadEvent } from '../../src/batchrelease/plan/pre-execution.js';

const facts = (over: Partial<WorkloadEventFacts> = {}): WorkloadEventFacts => ({
  replicas: 5, generation: 2, observedGeneration: 2, statusReplicas: 5, updatedReplicas: 1, stableRevision: 'web-v1', updateRevision: 'web-v2', ...over,
});
const status = (over: Partial<BatchReleaseStatus> = {}): BatchReleaseStatus => ({ phase: 'Progressing', observedWorkloadReplicas: 5, stableRevision: 'web-v1', updateRevision: 'web-v2', ...over });

describe('docs/spec/kruise-rollout.md §3.3: the workload event', () => {
  it.each<[string, boolean, WorkloadEventFacts | undefined, BatchReleaseStatus, WorkloadEvent]>([
    ['a deleting release reads nothing', true, undefined, status(), 'Normal'],
    ['gone', false, undefined, status(), 'Gone'],
    ['status behind the spec', false, facts({ observedGeneration: 1 }), status(), 'StillReconciling'],
    ['every replica updated (promoted): normal, even scaled', false, facts({ updatedReplicas: 5, replicas: 7 }), status(), 'Normal'],
    ['scaled', false, facts({ replicas: 7 }), status(), 'ReplicasChanged'],
    ['replicas unknown (-1): no scaling', false, facts({ replicas: 7 }), status({ observedWorkloadReplicas: -1 }), 'Normal'],
    ['reverted to the stable revision', false, facts({ updateRevision: 'web-v1' }), status(), 'RollbackInBatch'],
    ['a new update revision', false, facts({ updateRevision: 'web-v3' }), status(), 'PodTemplateChanged'],
    ['nothing new', false, facts(), status(), 'Normal'],
  ])('%s', (_, deleting, workload, br, expected) => {
    expect(workloadEvent(deleting, workload, br)).toBe(expected);
  });
});

describe('docs/spec/kruise-rollout.md §3.2: the operation of a pass', () => {
  it.each<[BatchReleaseStatus, ReturnType<typeof phaseOperation>]>([
    [{}, 'initialize'],
    [{ phase: 'Preparing' }, 'initialize'],
    [{ phase: 'Progressing', canaryStatus: { currentBatch: 0 } }, 'upgradeBatch'],
    [{ phase: 'Progressing', canaryStatus: { currentBatch: 0, batchState: 'Upgrading' } }, 'upgradeBatch'],
    [{ phase: 'Progressing', canaryStatus: { currentBatch: 0, batchState: 'Verifying' } }, 'batchReady'],
    [{ phase: 'Progressing', canaryStatus: { currentBatch: 1, batchState: 'Ready' } }, 'batchReady'],
    [{ phase: 'Finalizing' }, 'finalize'],
    [{ phase: 'Completed' }, undefined],
  ])('%j → %s', (br, expected) => {
    expect(phaseOperation(br)).toBe(expected);
  });
});
