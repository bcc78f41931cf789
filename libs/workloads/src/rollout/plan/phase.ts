// The Rollout's phase, computed at the top of every reconcile (docs/spec/kruise-rollout.md §2.2, §2.12,
// §2.13): Terminating on deletion, Disabling/Disabled when disabled, Initial → Healthy, Healthy →
// Progressing when the workload webhook marked the workload in progressing, and on a first deployment a
// synthesised completed sub-status. Pure: the workload comes in as the facts the finder reads (docs/spec/kruise-rollout.md §2.1).
import type { RolloutStatus } from '@coxswain/kruise-api';
import { removeCondition, setCondition } from './conditions.js';
import { naturalNext } from './steps.js';

export interface WorkloadFacts {
  generation: number;
  /** `status.observedGeneration == generation`; when false the Rollout waits 3 s and writes nothing. */
  statusConsistent: boolean;
  inProgressing: boolean;
  stableRevision: string;
  canaryRevision: string;
  podTemplateHash: string;
  /** docs/spec/kruise-rollout.md §2.16. */
  rolloutId: string;
}

export interface PhaseInput {
  generation: number;
  deleting: boolean;
  disabled: boolean;
  stepCount: number;
  /** The annotation rollouts.kruise.io/hash. */
  rolloutHash: string;
  status: RolloutStatus | undefined;
  /** undefined: the workload is not found. */
  workload: WorkloadFacts | undefined;
  now: string;
}

/** The new status, or `retry` (recheck in 3 s, write nothing) while the workload's status lags. */
export type PhaseResult = { retry: true } | { retry: false; status: RolloutStatus };

const EMPTY: RolloutStatus = { currentStepIndex: 0, currentStepState: '' };

/** Go: calculateRolloutStatus. */
export function calculateRolloutStatus(input: PhaseInput): PhaseResult {
  const status: RolloutStatus = { ...EMPTY, ...structuredClone(input.status ?? {}), observedGeneration: input.generation };
  if (input.deleting) {
    if (status.phase !== 'Terminating') {
      status.phase = 'Terminating';
      status.conditions = setCondition(status.conditions, 'Terminating', 'True', 'InTerminating', 'Rollout is in terminating', input.now);
    }
    return { retry: false, status };
  }
  if (input.disabled && status.phase !== 'Disabled' && status.phase !== 'Disabling') {
    if (status.phase === 'Progressing') {
      status.phase = 'Disabling';
      status.message = 'Disabling rollout, release resources';
    } else {
      status.phase = 'Disabled';
      status.message = 'Rollout is disabled';
    }
  }
  if (!status.phase) status.phase = 'Initial';
  const workload = input.workload;
  if (!workload) {
    if (input.disabled) return { retry: false, status };
    return { retry: false, status: { ...EMPTY, observedGeneration: input.generation, phase: 'Initial', message: 'Workload Not Found' } };
  }
  if (!workload.statusConsistent) return { retry: true };
  const sub = status.canaryStatus;
  if (sub && sub.canaryRevision !== '' && sub.canaryRevision === workload.canaryRevision) {
    status.canaryStatus = { ...sub, observedRolloutID: workload.rolloutId, observedWorkloadGeneration: workload.generation };
  }
  switch (status.phase) {
    case 'Initial':
      status.phase = 'Healthy';
      status.message = 'rollout is healthy';
      break;
    case 'Healthy':
      if (workload.inProgressing) {
        status.phase = 'Progressing';
        status.conditions = removeCondition(setCondition(status.conditions, 'Progressing', 'True', 'Initializing', 'Rollout is in Progressing', input.now), 'Succeeded');
      } else if (!status.canaryStatus) {
        status.canaryStatus = {
          observedRolloutID: workload.rolloutId,
          observedWorkloadGeneration: workload.generation,
          podTemplateHash: workload.podTemplateHash,
          stableRevision: workload.stableRevision,
          currentStepIndex: input.stepCount,
          nextStepIndex: naturalNext(input.stepCount, input.stepCount),
          currentStepState: 'Completed',
          rolloutHash: input.rolloutHash,
          finalisingStep: '',
          canaryRevision: workload.canaryRevision,
          canaryReplicas: 0,
          canaryReadyReplicas: 0,
        };
        status.message = 'workload deployment is completed';
      }
      break;
    case 'Disabled':
      if (!input.disabled) {
        status.phase = 'Healthy';
        status.message = 'rollout is healthy';
      }
      break;
    default:
      break;
  }
  return { retry: false, status };
}
