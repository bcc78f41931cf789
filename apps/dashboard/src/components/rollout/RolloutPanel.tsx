'use client';
// The Rollout that drives this workload (docs/spec/kruise-rollout.md; docs/dashboard.md): its phase and
// message, the steps as a timeline with the current one's state in words, the current batch's pods (also
// outlined in the pod grid), the current step's analysis, approve / jump / abort for roles that may, and
// who did which of those when.
import { memo, useMemo, type ReactNode } from 'react';
import type { RolloutWithHistory } from '../../lib/api/types';
import { can, type Session } from '../../lib/auth/roles';
import { batchPodNames } from '../../lib/kruise-rollout/batch';
import { isReleasing, stepTimeline } from '../../lib/kruise-rollout/steps';
import type { PodStore } from '../../lib/live/pod-store';
import type { ConfirmRequest } from '../common/ConfirmDialog';
import { usePodSelection } from '../workload/PodSelection';
import { usePodSnapshot } from '../workload/usePodSnapshot';
import { AnalysisChecks } from './AnalysisChecks';
import { RolloutActions } from './RolloutActions';
import { RolloutHistory } from './RolloutHistory';
import { StepTimeline } from './StepTimeline';
import type { RolloutMutations } from './rollout-mutations';

const SHOWN_PODS = 12;

interface PanelProps {
  rollout: RolloutWithHistory;
  /** The workload in words: "CloneSet web". */
  workload: string;
  session: Session | null;
  m: RolloutMutations;
  onRequest(request: ConfirmRequest): void;
}

/** On a workload's page: with the current batch's pods, read from the page's pods. */
function WorkloadRolloutPanel(props: PanelProps & { store: PodStore }) {
  const pods = usePodSnapshot(props.store);
  const r = props.rollout;
  const releasing = isReleasing(r);
  const batch = useMemo(() => batchPodNames(pods, r.canaryStatus, releasing), [pods, r.canaryStatus, releasing]);
  return <RolloutCard {...props} batch={batch} />;
}

/**
 * One Rollout: `batch` names the current batch's pods (on a workload's page), null where the pods are
 * not read (the Rollouts page); `title` links the heading (to the workload's page).
 */
export function RolloutCard({ rollout: r, workload, session, m, onRequest, batch, title }: PanelProps & { batch: string[] | null; title?: ReactNode }) {
  const { showPods } = usePodSelection();
  const releasing = isReleasing(r);
  const steps = useMemo(() => stepTimeline(r), [r]);
  const s = r.canaryStatus;
  const analysis = s?.analysis && s.analysis.stepIndex === s.currentStepIndex ? s.analysis : null;
  const mayAct = can(session, 'approve', r.namespace);

  return (
    <section
      className="card rollout"
      aria-labelledby={`rollout-title-${r.namespace}-${r.name}`}
      data-testid="rollout-panel"
      data-rollout={`${r.namespace}/${r.name}`}
      data-phase={r.phase ?? ''}
    >
      <h2 id={`rollout-title-${r.namespace}-${r.name}`}>
        {title ?? <>Rollout {r.name}</>}{' '}
        <span className={`phase phase-${(r.phase ?? 'unknown').toLowerCase()}`} data-testid="rollout-phase">
          {r.phase ?? 'not seen by its controller yet'}
        </span>
      </h2>
      {r.message && (
        <p data-testid="rollout-message">
          {r.message}
          {s?.message && s.message !== r.message && <span className="muted small"> · {s.message}</span>}
        </p>
      )}
      {r.paused && <p className="note">spec.strategy.paused is set: the Rollout holds where it is until it is unset.</p>}
      {r.disabled && <p className="note">spec.disabled is set: the Rollout does not drive the workload.</p>}
      <StepTimeline steps={steps} />
      {releasing && s && (
        <p className="batch-pods" data-testid="rollout-batch">
          Batch {s.currentStepIndex}: {s.canaryReplicas} pod{s.canaryReplicas === 1 ? '' : 's'} on the new revision, {s.canaryReadyReplicas} ready
          {batch && batch.length > 0 && (
            <>
              {' '}
              · updated in this batch:{' '}
              <button type="button" className="link" onClick={() => showPods(batch)} data-testid="rollout-batch-pods">
                {batch.slice(0, SHOWN_PODS).join(', ')}
                {batch.length > SHOWN_PODS ? ` and ${batch.length - SHOWN_PODS} more` : ''}
              </button>{' '}
              <span className="muted small">(outlined in purple in the pod grid)</span>
            </>
          )}
        </p>
      )}
      {analysis && <AnalysisChecks analysis={analysis} />}
      {releasing && mayAct && <RolloutActions rollout={r} workload={workload} m={m} onRequest={onRequest} />}
      {releasing && !mayAct && session && (
        <p className="muted small">Approving, jumping and aborting need a rollout-approver or admin token; this one is {session.role}.</p>
      )}
      <h3>Approvals, jumps and aborts</h3>
      <RolloutHistory entries={r.history} />
    </section>
  );
}

export const RolloutPanel = memo(WorkloadRolloutPanel);
