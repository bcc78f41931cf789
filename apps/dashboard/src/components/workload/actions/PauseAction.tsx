'use client';
// Pause or resume the rollout (not offered for a UnitedDeployment: the API refuses it).
import type { RolloutPlan } from '../../../lib/api/types';
import { confirmPause, confirmResume } from '../../../lib/rollout/confirm-words';
import { strategyOf } from '../../../lib/rollout/strategy';
import { confirmChange, type ActionContext } from './confirm';

export function PauseAction({ ctx, plan }: { ctx: ActionContext; plan: RolloutPlan | null }) {
  const { workload: w, m } = ctx;
  const paused = strategyOf(w.updateStrategy, w.kind).paused;
  return (
    <div className="action-row">
      <span className="label" data-testid="pause-state">
        Rollout {paused ? <b>paused</b> : w.health.state === 'HELD' ? 'not paused (held by the partition)' : 'not paused'}
      </span>
      {paused ? (
        <button
          type="button"
          onClick={() =>
            confirmChange(ctx, {
              title: 'Resume the rollout',
              body: confirmResume(w),
              confirmLabel: 'Resume',
              action: 'resume the rollout',
              run: m.resumeRollout,
            })
          }
        >
          Resume…
        </button>
      ) : (
        <button
          type="button"
          onClick={() =>
            confirmChange(ctx, {
              title: 'Pause the rollout',
              body: confirmPause(w, plan ?? { actions: [] }),
              confirmLabel: 'Pause',
              action: 'pause the rollout',
              run: m.pauseRollout,
            })
          }
        >
          Pause…
        </button>
      )}
    </div>
  );
}
