// A Rollout's steps as a timeline (docs/spec/kruise-rollout.md §1.2, §2.5, §2.6): each step done, current
// (with its state in words) or still to come, and what the step asks for. Pure: the Rollout in, words out.
import type { KruiseRollout, RolloutStep } from '../api/types';

export type StepPlace = 'done' | 'current' | 'next' | 'later';

export interface TimelineStep {
  index: number;
  place: StepPlace;
  /** "20% of the pods", "3 pods". */
  replicas: string;
  /** What happens once the step's pods are ready: "waits for approval", "waits 60 s", "goes on". */
  pause: string;
  /** The current step's state in words; null for the others. */
  state: string | null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function replicasWords(replicas: number | string): string {
  return typeof replicas === 'number' ? plural(replicas, 'pod') : `${replicas} of the pods`;
}

export function pauseWords(step: RolloutStep, last: boolean): string {
  if (!step.waitsForApproval && step.pauseSeconds === null) return last ? 'ends the release' : 'goes on';
  if (step.waitsForApproval) return 'waits for approval';
  if (step.pauseSeconds === 0) return last ? 'ends the release' : 'goes on';
  return `waits ${step.pauseSeconds} s, then goes on`;
}

/** Whether the release is under way (the Rollout's step machine runs), not finished or before its first release. */
export function isReleasing(r: Pick<KruiseRollout, 'phase' | 'canaryStatus'>): boolean {
  return r.phase === 'Progressing' && r.canaryStatus !== null && r.canaryStatus.currentStepState !== 'Completed';
}

/**
 * The current step's state in words (docs/spec/kruise-rollout.md §2.5): what the controller does or
 * waits for, with the pods counted while it upgrades.
 */
export function stepStateWords(r: KruiseRollout): string {
  const s = r.canaryStatus;
  if (!s) return 'no release yet';
  const step = r.steps[s.currentStepIndex - 1];
  const pods = `${s.canaryReadyReplicas} of ${s.canaryReplicas} new pod${s.canaryReplicas === 1 ? '' : 's'} ready`;
  if (r.paused && isReleasing(r)) return 'held: the Rollout is paused (spec.strategy.paused)';
  switch (s.currentStepState) {
    case 'BeforeStepUpgrade':
      return 'starting the step';
    case 'StepUpgrade':
      return `upgrading pods to the new revision (${pods})`;
    case 'StepTrafficRouting':
      return 'pods ready; routing traffic';
    case 'StepMetricsAnalysis': {
      const a = s.analysis;
      if (a && a.stepIndex === s.currentStepIndex && a.phase === 'Failed') return `analysis failed: ${a.message}`;
      return a && a.stepIndex === s.currentStepIndex ? `analysing (${pods}): ${a.message}` : `pods ready; analysing (${pods})`;
    }
    case 'StepPaused':
      if (!step) return 'paused';
      if (step.waitsForApproval) return `paused: waiting for approval (${pods})`;
      return `paused: going on ${step.pauseSeconds ?? 0} s after its pods became ready (${pods})`;
    case 'StepReady':
      return 'approved: moving to the next step';
    case 'Completed':
      return 'every step done';
    default:
      return s.currentStepState;
  }
}

/** The steps as a timeline; while no release runs, every step is done (Healthy) or to come (before the first). */
export function stepTimeline(r: KruiseRollout): TimelineStep[] {
  const s = r.canaryStatus;
  const releasing = isReleasing(r);
  const current = s?.currentStepIndex ?? 0;
  const completed = s?.currentStepState === 'Completed' || (!releasing && r.phase === 'Healthy' && s !== null);
  const next = releasing && s && s.nextStepIndex > 0 ? s.nextStepIndex : current + 1;
  return r.steps.map((step, i) => {
    const index = step.index;
    let place: StepPlace;
    if (completed) place = 'done';
    else if (!releasing) place = 'later';
    else if (index === current) place = 'current';
    else if (index < current) place = 'done';
    else if (index === next) place = 'next';
    else place = 'later';
    return {
      index,
      place,
      replicas: replicasWords(step.replicas),
      pause: pauseWords(step, i === r.steps.length - 1),
      state: place === 'current' ? stepStateWords(r) : null,
    };
  });
}

/** "Rollout step 1/3 · paused", for the workloads list; null when no Rollout drives the workload. */
export function rolloutWhere(r: RolloutWhere | null | undefined): string | null {
  if (!r) return null;
  const total = r.steps.length;
  const s = r.canaryStatus;
  if (r.phase === 'Progressing' && s && s.currentStepState !== 'Completed') {
    const where = `Rollout step ${s.currentStepIndex}/${total}`;
    if (r.paused) return `${where} · held (spec.strategy.paused)`;
    const step = r.steps[s.currentStepIndex - 1];
    if (s.currentStepState === 'StepPaused' && step && !step.waitsForApproval) return `${where} · waiting ${step.pauseSeconds ?? 0} s`;
    if (s.currentStepState === 'StepPaused') return `${where} · paused, waiting for approval`;
    return `${where} · ${SHORT_STATES[s.currentStepState] ?? s.currentStepState}`;
  }
  if (r.phase === 'Progressing') return `Rollout finishing (${total}/${total} steps done)`;
  if (r.phase === 'Healthy') return `Rollout ${r.name}: healthy, ${plural(total, 'step')}`;
  if (r.phase === 'Disabled' || r.phase === 'Disabling') return `Rollout ${r.name}: disabled`;
  if (r.phase === 'Terminating') return `Rollout ${r.name}: being deleted`;
  return `Rollout ${r.name}: ${r.phase === null ? 'not seen by its controller yet' : r.phase}`;
}

export type RolloutWhere = Pick<KruiseRollout, 'name' | 'phase' | 'paused'> & {
  steps: readonly { index: number; pauseSeconds: number | null; waitsForApproval: boolean }[];
  canaryStatus: { currentStepIndex: number; currentStepState: string } | null;
};

const SHORT_STATES: Record<string, string> = {
  BeforeStepUpgrade: 'starting',
  StepUpgrade: 'upgrading',
  StepTrafficRouting: 'routing traffic',
  StepMetricsAnalysis: 'analysing',
  StepReady: 'moving on',
};
