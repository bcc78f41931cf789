// What the API shows of a Rollout (docs/spec/kruise-rollout.md §1.1, §1.2, §1.6): the step plan, the
// canary sub-status and the conditions, as stored (v1beta1). Pure: a Rollout in, a view out.
import type { CanaryStatus, IntOrString, Rollout, RolloutStatus, StepAnalysisStatus } from '@coxswain/kruise-api';
import { awaitsApproval } from './rollout-actions.js';

type CanaryStepState = CanaryStatus['currentStepState'];
type RolloutPhase = NonNullable<RolloutStatus['phase']>;

export interface RolloutStepView {
  /** 1-based, as currentStepIndex counts (docs/spec/kruise-rollout.md §0). */
  index: number;
  replicas: IntOrString;
  /** pause.duration in seconds; null waits for an approval (docs/spec/kruise-rollout.md §1.2). */
  pauseSeconds: number | null;
  /** Whether the step, once its pods are ready, waits for approveRolloutStep (docs/spec/kruise-rollout.md §2.5, StepPaused). */
  waitsForApproval: boolean;
}

export interface CanaryStatusView {
  currentStepIndex: number;
  currentStepState: CanaryStepState;
  /** approveRolloutStep would be accepted now (rollout-actions.ts awaitsApproval). */
  awaitingApproval: boolean;
  nextStepIndex: number;
  canaryReplicas: number;
  canaryReadyReplicas: number;
  stableRevision: string | null;
  canaryRevision: string | null;
  podTemplateHash: string | null;
  finalisingStep: string | null;
  lastUpdateTime: string | null;
  message: string | null;
  /** Coxswain's extension (docs/analysis.md §5): the current step's analysis, when it names checks. */
  analysis: StepAnalysisStatus | null;
}

export interface RolloutConditionView {
  type: string;
  status: string;
  reason: string | null;
  message: string | null;
  lastUpdateTime: string | null;
  lastTransitionTime: string | null;
}

export interface RolloutView {
  namespace: string;
  name: string;
  uid: string;
  generation: number;
  resourceVersion: string;
  createdAt: string | null;
  phase: RolloutPhase | null;
  message: string | null;
  workloadRef: { apiVersion: string; kind: string; name: string };
  /** spec.strategy.paused (docs/spec/kruise-rollout.md §2.14). */
  paused: boolean;
  disabled: boolean;
  steps: RolloutStepView[];
  canaryStatus: CanaryStatusView | null;
  conditions: RolloutConditionView[];
  object: Rollout;
}

export function rolloutView(rollout: Rollout): RolloutView {
  const steps = rollout.spec?.strategy?.canary?.steps ?? [];
  const status = rollout.status;
  const ref = rollout.spec?.workloadRef;
  return {
    namespace: rollout.metadata.namespace ?? '',
    name: rollout.metadata.name ?? '',
    uid: rollout.metadata.uid ?? '',
    generation: rollout.metadata.generation ?? 0,
    resourceVersion: rollout.metadata.resourceVersion ?? '',
    createdAt: rollout.metadata.creationTimestamp ?? null,
    phase: status?.phase ?? null,
    message: nonEmpty(status?.message),
    workloadRef: { apiVersion: ref?.apiVersion ?? '', kind: ref?.kind ?? '', name: ref?.name ?? '' },
    paused: rollout.spec?.strategy?.paused === true,
    disabled: rollout.spec?.disabled === true,
    steps: steps.map((step, i) => ({
      index: i + 1,
      replicas: step.replicas ?? 0,
      pauseSeconds: step.pause?.duration ?? null,
      waitsForApproval: waitsForApproval(rollout, i + 1),
    })),
    canaryStatus: status?.canaryStatus ? canaryStatusView(status.canaryStatus) : null,
    conditions: (status?.conditions ?? []).map((c) => ({
      type: c.type,
      status: c.status,
      reason: nonEmpty(c.reason),
      message: nonEmpty(c.message),
      lastUpdateTime: c.lastUpdateTime ?? null,
      lastTransitionTime: c.lastTransitionTime ?? null,
    })),
    object: rollout,
  };
}

/**
 * Whether step `index` (1-based) waits for a person in StepPaused: no pause.duration, unless it is the
 * last step and its replicas is the string "100%", which never pauses (docs/spec/kruise-rollout.md §2.5).
 */
export function waitsForApproval(rollout: Rollout, index: number): boolean {
  const steps = rollout.spec?.strategy?.canary?.steps ?? [];
  const step = steps[index - 1];
  if (!step) return false;
  if (index === steps.length && step.replicas === '100%') return false;
  return step.pause?.duration === undefined || step.pause.duration === null;
}

function canaryStatusView(s: CanaryStatus): CanaryStatusView {
  return {
    currentStepIndex: s.currentStepIndex ?? 0,
    currentStepState: s.currentStepState,
    awaitingApproval: awaitsApproval(s),
    nextStepIndex: s.nextStepIndex ?? 0,
    canaryReplicas: s.canaryReplicas ?? 0,
    canaryReadyReplicas: s.canaryReadyReplicas ?? 0,
    stableRevision: nonEmpty(s.stableRevision),
    canaryRevision: nonEmpty(s.canaryRevision),
    podTemplateHash: nonEmpty(s.podTemplateHash),
    finalisingStep: nonEmpty(s.finalisingStep),
    lastUpdateTime: s.lastUpdateTime ?? null,
    message: nonEmpty(s.message),
    analysis: s.analysis ?? null,
  };
}

function nonEmpty(value: string | undefined | null): string | null {
  return value ? value : null;
}

/** A Rollout's place in lists and its cursor: namespace, then name (a namespace holds no "/"). */
export function rolloutListKey(r: Pick<Rollout, 'metadata'>): string {
  return `${r.metadata.namespace ?? ''}/${r.metadata.name ?? ''}`;
}
