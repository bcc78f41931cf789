// The Rollout panel's pure helpers: the current batch's pods (docs/spec/kruise-rollout.md §3.9), the
// history in words, the confirmations in words, the analysis values and their chart, and which
// Rollout drives which workload.
import { describe, expect, it } from '@jest/globals';
import { checkChart, measuredWords } from '../../src/lib/kruise-rollout/analysis';
import { batchPodNames, podsByBatch } from '../../src/lib/kruise-rollout/batch';
import { confirmAbortWords, confirmApproveWords, confirmJumpWords, jumpTargets } from '../../src/lib/kruise-rollout/confirm-words';
import { historyWords } from '../../src/lib/kruise-rollout/history';
import { drives, workloadOf } from '../../src/lib/kruise-rollout/workload-ref';
import { inBatch } from '../../src/lib/grid/paint';
import { ApiError, describeError } from '../../src/lib/api/errors';
import type { RolloutHistoryEntry } from '../../src/lib/api/types';
import { kruiseRollout, pod } from '../support/fixtures';

describe('the current batch', () => {
  const pods = [
    pod('web-a', { isUpdated: true, rolloutBatchId: 1 }),
    pod('web-b', { isUpdated: true, rolloutBatchId: 2 }),
    pod('web-c', { isUpdated: true, rolloutBatchId: 2 }),
    // Left from an earlier release: labelled batch 2, but at the old revision.
    pod('web-d', { isUpdated: false, rolloutBatchId: 2 }),
    pod('web-e', { isUpdated: true, rolloutBatchId: null }),
  ];

  it("is the pods at the update revision labelled with the current step's batch id", () => {
    expect(batchPodNames(pods, { currentStepIndex: 2 }, true)).toEqual(['web-b', 'web-c']);
    expect(batchPodNames(pods, { currentStepIndex: 1 }, true)).toEqual(['web-a']);
  });

  it('is empty while no release runs', () => {
    expect(batchPodNames(pods, { currentStepIndex: 2 }, false)).toEqual([]);
    expect(batchPodNames(pods, null, true)).toEqual([]);
  });

  it('outlines the same pods in the grid', () => {
    expect(pods.filter((p) => inBatch(p, 2)).map((p) => p.name)).toEqual(['web-b', 'web-c']);
    expect(pods.filter((p) => inBatch(p, null))).toEqual([]);
  });

  it('groups the updated pods by batch', () => {
    expect([...podsByBatch(pods)]).toEqual([
      [1, ['web-a']],
      [2, ['web-b', 'web-c']],
    ]);
  });
});

describe('historyWords', () => {
  const entry = (over: Partial<RolloutHistoryEntry>): RolloutHistoryEntry => ({
    at: '2026-01-01T00:02:00Z',
    action: 'APPROVE',
    actorName: 'release-manager',
    actorRole: 'rollout-approver',
    result: 'ok',
    message: 'reason: canary looks good',
    stepIndex: 1,
    fromStepIndex: null,
    reason: 'canary looks good',
    ...over,
  });

  it.each([
    [entry({}), 'release-manager (rollout-approver) approved step 1 — “canary looks good”'],
    [
      entry({ action: 'JUMP', stepIndex: 3, fromStepIndex: 1, reason: null, message: 'no reason given' }),
      'release-manager (rollout-approver) jumped to step 3 (from step 1)',
    ],
    [entry({ action: 'ABORT', stepIndex: 2, reason: 'error rate up' }), 'release-manager (rollout-approver) aborted the release at step 2 — “error rate up”'],
    // The stored answer is gone (retention): the reason comes from the audit message, the step is unknown.
    [entry({ stepIndex: null, reason: null, message: 'reason: soak passed' }), 'release-manager (rollout-approver) approved a step — “soak passed”'],
    [
      entry({
        actorName: 'dash-viewer',
        actorRole: 'viewer',
        result: 'FORBIDDEN',
        stepIndex: null,
        reason: null,
        message: 'role viewer may not approveRolloutStep',
      }),
      'dash-viewer (viewer) was refused approving the step: FORBIDDEN (role viewer may not approveRolloutStep)',
    ],
    [
      entry({ result: 'STEP_NOT_PAUSED', stepIndex: null, reason: null, message: 'reason: go: rollout default/demo is not paused' }),
      'release-manager (rollout-approver) was refused approving the step: STEP_NOT_PAUSED (rollout default/demo is not paused)',
    ],
  ])('%#: %s', (e, words) => {
    expect(historyWords(e)).toBe(words);
  });
});

describe('confirmations in words', () => {
  it('says what an approval does next, or why the API will refuse it', () => {
    expect(confirmApproveWords(kruiseRollout())).toBe(
      'Approve step 1 of 3 (20% of the pods on the new revision) of Rollout demo (1 of 1 new pods ready): the Rollout then moves on to step 2 of 3 (50% of the pods on the new revision).',
    );
    expect(confirmApproveWords(kruiseRollout({ status: { currentStepIndex: 2, nextStepIndex: 3, canaryReplicas: 3, canaryReadyReplicas: 3 } }))).toBe(
      'Approve step 2 of 3 (50% of the pods on the new revision) of Rollout demo (3 of 3 new pods ready): the Rollout then moves on to step 3 of 3 (100% of the pods on the new revision), without waiting out the rest of its 60 s pause.',
    );
    expect(confirmApproveWords(kruiseRollout({ status: { currentStepState: 'StepUpgrade' } }))).toMatch(
      /in state StepUpgrade, not paused: the API refuses an approval/,
    );
    // A failed analysis that pauses waits for a person as StepPaused does: the API's awaitingApproval decides.
    expect(confirmApproveWords(kruiseRollout({ status: { currentStepState: 'StepMetricsAnalysis', awaitingApproval: true } }))).toMatch(
      /^Approve step 1 of 3 /,
    );
    expect(confirmApproveWords(kruiseRollout({ status: { currentStepState: 'StepMetricsAnalysis', awaitingApproval: false } }))).toMatch(
      /not paused: the API refuses/,
    );
  });

  it('says a backward jump keeps the updated pods, and offers every step but the one approving goes to', () => {
    const r = kruiseRollout({ status: { currentStepIndex: 2, nextStepIndex: 3 } });
    expect(confirmJumpWords(r, 1)).toMatch(/goes to step 1 of 3 .* from step 2 of 3 .*pods already on the new revision stay on it/);
    expect(confirmJumpWords(r, 3)).not.toMatch(/Going back/);
    // Step 3 is where approving goes anyway: the controller ignores that jump (the API refuses it).
    expect(jumpTargets(r)).toEqual([1, 2]);
    expect(jumpTargets(kruiseRollout({ status: { currentStepIndex: 3, nextStepIndex: -1 } }))).toEqual([1, 2, 3]);
    expect(confirmJumpWords(r, 2)).toMatch(/re-runs the current step/);
  });

  it('names the stable revision an abort goes back to', () => {
    expect(confirmAbortWords(kruiseRollout(), 'CloneSet web')).toBe(
      "Abort the release of Rollout demo at step 1 of 3 (20% of the pods on the new revision): CloneSet web's template is set back to the stable revision web-old, so the pods on the new revision (1) go back to it at the workload's own pace, and the Rollout cancels the release.",
    );
  });

  it('says a refusal for a token without the role in words (FORBIDDEN)', () => {
    expect(describeError(new ApiError('role viewer may not approveRolloutStep', 'FORBIDDEN'), 'approve the step')).toBe(
      "Could not approve the step: your token's role does not allow this. role viewer may not approveRolloutStep",
    );
  });
});

describe('analysis values and chart', () => {
  it('says values in words', () => {
    expect([measuredWords(0.123456), measuredWords(3), measuredWords(true), measuredWords('ok'), measuredWords(null)]).toEqual([
      '0.1235',
      '3',
      'true',
      '"ok"',
      '–',
    ]);
  });

  it('places values in the box: time along x, the lowest value at the bottom, the highest at the top', () => {
    const chart = checkChart(
      [
        { at: '2026-01-01T00:00:00Z', phase: 'Pending', measured: null },
        { at: '2026-01-01T00:00:10Z', phase: 'Passed', measured: 0.01 },
        { at: '2026-01-01T00:00:20Z', phase: 'Passed', measured: 0.02 },
        { at: '2026-01-01T00:00:30Z', phase: 'Failed', measured: 0.3 },
      ],
      100,
      40,
      0,
    );
    expect(chart).not.toBeNull();
    expect(chart!.points.map((p) => [p.x, p.y, p.phase])).toEqual([
      [0, 40, 'Passed'],
      [50, 38.6, 'Passed'],
      [100, 0, 'Failed'],
    ]);
    expect(chart!.line).toBe('0,40 50,38.6 100,0');
    expect([chart!.min, chart!.max]).toEqual([0.01, 0.3]);
  });

  it('draws booleans as 1 and 0, a single or flat series in the middle, and nothing without values', () => {
    const flags = checkChart(
      [
        { at: '2026-01-01T00:00:00Z', phase: 'Passed', measured: true },
        { at: '2026-01-01T00:00:10Z', phase: 'Failed', measured: false },
      ],
      10,
      10,
      0,
    );
    expect(flags!.points.map((p) => p.y)).toEqual([0, 10]);
    expect(checkChart([{ at: '2026-01-01T00:00:00Z', phase: 'Passed', measured: 5 }], 10, 10, 0)!.points).toMatchObject([{ x: 5, y: 5 }]);
    expect(checkChart([{ at: '2026-01-01T00:00:00Z', phase: 'Error', measured: null }], 10, 10)).toBeNull();
  });
});

describe('drives', () => {
  const ref = (apiVersion: string, kind: string, name: string) => ({ workloadRef: { apiVersion, kind, name } });
  it('matches the Kruise kind and name of the workload', () => {
    expect(drives(ref('apps.kruise.io/v1alpha1', 'CloneSet', 'web'), 'CLONE_SET', 'web')).toBe(true);
    expect(drives(ref('apps.kruise.io/v1beta1', 'StatefulSet', 'web'), 'STATEFUL_SET', 'web')).toBe(true);
    // A native apps/v1 StatefulSet of the same name is another workload.
    expect(drives(ref('apps/v1', 'StatefulSet', 'web'), 'STATEFUL_SET', 'web')).toBe(false);
    expect(drives(ref('apps.kruise.io/v1alpha1', 'CloneSet', 'api'), 'CLONE_SET', 'web')).toBe(false);
  });
});

describe('workloadOf', () => {
  const ref = (apiVersion: string, kind: string) => ({ workloadRef: { apiVersion, kind, name: 'web' } });
  it('names the dashboard workload a Rollout releases, none for a kind the dashboard has no page for', () => {
    expect(workloadOf(ref('apps.kruise.io/v1alpha1', 'CloneSet'))).toEqual({ kind: 'CLONE_SET', name: 'web' });
    expect(workloadOf(ref('apps.kruise.io/v1beta1', 'StatefulSet'))).toEqual({ kind: 'STATEFUL_SET', name: 'web' });
    expect(workloadOf(ref('apps/v1', 'StatefulSet'))).toBeNull();
    expect(workloadOf(ref('apps/v1', 'Deployment'))).toBeNull();
  });
});
