// The workloads list's Rollout lines follow rolloutChanged (lib/kruise-rollout/summary-overlay.ts): the
// newest news of a Rollout wins, whether it came with the row or with an event, and a deletion removes the line.
import { describe, expect, it } from '@jest/globals';
import type { RolloutSummary } from '../../src/lib/api/types';
import { latestRollout, rolloutNamespaces, withRolloutEvent, type RolloutOverlay } from '../../src/lib/kruise-rollout/summary-overlay';

const summary = (resourceVersion: string, step: number, state = 'StepPaused', name = 'demo'): RolloutSummary => ({
  namespace: 'default',
  name,
  resourceVersion,
  phase: 'Progressing',
  paused: false,
  steps: [1, 2, 3].map((index) => ({ index, pauseSeconds: null, waitsForApproval: true })),
  canaryStatus: { currentStepIndex: step, currentStepState: state, awaitingApproval: state === 'StepPaused' },
});

const EMPTY: RolloutOverlay = new Map();

describe('the Rollout overlay', () => {
  it('lays a newer event over the row, and keeps the row when it is the newer', () => {
    const overlay = withRolloutEvent(EMPTY, 'MODIFIED', summary('12', 2));
    expect(latestRollout(summary('10', 1), overlay)?.canaryStatus?.currentStepIndex).toBe(2);
    expect(latestRollout(summary('15', 3), overlay)?.canaryStatus?.currentStepIndex).toBe(3);
  });

  it('ignores an event older than what it holds (events may cross a reload)', () => {
    const overlay = withRolloutEvent(withRolloutEvent(EMPTY, 'MODIFIED', summary('12', 2)), 'MODIFIED', summary('11', 1));
    expect(overlay.get('default/demo')?.rollout?.canaryStatus?.currentStepIndex).toBe(2);
  });

  it('drops the line once the Rollout is deleted, and leaves other Rollouts alone', () => {
    const overlay = withRolloutEvent(EMPTY, 'DELETED', summary('13', 2));
    expect(latestRollout(summary('10', 1), overlay)).toBeNull();
    expect(latestRollout(summary('10', 1, 'StepPaused', 'other'), overlay)?.name).toBe('other');
    expect(latestRollout(null, overlay)).toBeNull();
  });

  it('follows the namespaces of the workloads a Rollout drives, each once', () => {
    const rows = [
      { namespace: 'shop', rollout: summary('1', 1) },
      { namespace: 'default', rollout: summary('1', 1) },
      { namespace: 'shop', rollout: summary('1', 1, 'StepPaused', 'b') },
      { namespace: 'idle', rollout: null },
    ];
    expect(rolloutNamespaces(rows)).toEqual(['default', 'shop']);
  });
});
