'use client';
// Approve the paused step, jump to a step, abort the release: each asks first, in words (what the
// Rollout does next), with a reason recorded in the audit log, and shows the API's refusal in words
// (STEP_NOT_PAUSED, FORBIDDEN, …) in the dialog. Offered to roles that may act (rollout-approver, admin).
import { useState } from 'react';
import type { KruiseRollout } from '../../lib/api/types';
import { confirmAbortWords, confirmApproveWords, confirmJumpWords, jumpTargets } from '../../lib/kruise-rollout/confirm-words';
import type { ConfirmRequest } from '../common/ConfirmDialog';
import type { RolloutMutations } from './rollout-mutations';

const REASON = { name: 'reason', label: 'Reason (recorded in the audit log)', placeholder: 'e.g. canary metrics look good' };

export function RolloutActions({
  rollout: r,
  workload,
  m,
  onRequest,
}: {
  rollout: KruiseRollout;
  workload: string;
  m: RolloutMutations;
  onRequest(request: ConfirmRequest): void;
}) {
  const targets = jumpTargets(r);
  const [jumpTo, setJumpTo] = useState<number | null>(null);
  const s = r.canaryStatus;
  const paused = s?.awaitingApproval === true;
  const chosen = jumpTo !== null && targets.includes(jumpTo) ? jumpTo : (targets[0] ?? null);

  const approve = () => {
    const key = crypto.randomUUID();
    onRequest({
      title: `Approve step ${s?.currentStepIndex ?? ''} of Rollout ${r.name}`,
      body: confirmApproveWords(r),
      confirmLabel: 'Approve',
      action: 'approve the step',
      input: REASON,
      run: (reason) => m.approve(reason, key),
    });
  };
  const jump = () => {
    if (chosen === null) return;
    const key = crypto.randomUUID();
    onRequest({
      title: `Jump to step ${chosen} of Rollout ${r.name}`,
      body: confirmJumpWords(r, chosen),
      confirmLabel: `Jump to step ${chosen}`,
      action: `jump to step ${chosen}`,
      input: REASON,
      run: (reason) => m.jump(chosen, reason, key),
    });
  };
  const abort = () => {
    const key = crypto.randomUUID();
    onRequest({
      title: `Abort the release of Rollout ${r.name}`,
      body: confirmAbortWords(r, workload),
      confirmLabel: 'Abort the release',
      action: 'abort the release',
      danger: true,
      input: { ...REASON, placeholder: 'e.g. error rate up 30%' },
      run: (reason) => m.abort(reason, key),
    });
  };

  return (
    <div className="rollout-actions" data-testid="rollout-actions">
      <button
        type="button"
        className="primary"
        onClick={approve}
        disabled={!paused}
        title={paused ? undefined : 'Only a step waiting for approval (StepPaused, or a failed analysis that pauses) can be approved'}
        data-testid="rollout-approve"
      >
        Approve step {s?.currentStepIndex ?? ''}…
      </button>
      {targets.length > 0 && (
        <span className="jump">
          <label>
            Jump to step{' '}
            <select value={chosen ?? ''} onChange={(e) => setJumpTo(Number(e.target.value))} data-testid="rollout-jump-step">
              {targets.map((i) => (
                <option key={i} value={i}>
                  {i}
                </option>
              ))}
            </select>
          </label>{' '}
          <button type="button" onClick={jump} data-testid="rollout-jump">
            Jump…
          </button>
        </span>
      )}
      <button type="button" className="danger" onClick={abort} data-testid="rollout-abort">
        Abort…
      </button>
    </div>
  );
}
