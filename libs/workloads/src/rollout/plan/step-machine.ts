// One pass of the Rollout's step state machine, canary and partition style without traffic routing
// (docs/spec/kruise-rollout.md §2.5, §2.8, §2.9): a pure function from the sub-status, the steps, the
// workload's replicas, what the BatchRelease reports and the time, to the next sub-status, the
// Progressing message, the batch the BatchRelease must run and when to look again. Each state does its
// work on its own pass, as Go's switch does; traffic routing is refused at admission (docs/spec/kruise-rollout.md §8.1), so its
// tasks are done at once, exactly as Go finds them with no trafficRoutings.
import type { CanaryStatus } from '@coxswain/kruise-api';
import type { FinishedEvaluation } from '../../analysis/runner.js';
import { planStepAnalysis } from '../../analysis/step-analysis.js';
import { naturalNext, stepReplicas, type Step } from './steps.js';

/** Go's defaultGracePeriodSeconds: StepTrafficRouting always looks again after it. */
export const TRAFFIC_RECHECK_SECONDS = 3;

export interface BatchReleaseFacts {
  /** The BatchRelease's spec is the one the Rollout wants (else the Rollout writes it and waits). */
  specIsDesired: boolean;
  /** observedReleasePlanHash matches its releasePlan and observedGeneration its generation. */
  observed: boolean;
  batchState: 'Upgrading' | 'Verifying' | 'Ready' | undefined;
  /** 0-based. */
  currentBatch: number;
  updatedReplicas: number;
  updatedReadyReplicas: number;
}

export interface StepMachineInput {
  steps: readonly Step[];
  /** The workload's replicas. */
  replicas: number;
  /** docs/spec/kruise-rollout.md §1.5: the workload is released by its own partitions. */
  realPartition: boolean;
  status: CanaryStatus;
  /** The workload's pod template hash (docs/spec/kruise-rollout.md §2.1). */
  podTemplateHash: string;
  /** undefined: no BatchRelease exists. */
  batchRelease: BatchReleaseFacts | undefined;
  /** Milliseconds since the epoch. */
  now: number;
  /** An evaluation of the current step's checks that finished since the last pass (docs/analysis.md §5). */
  evaluation?: FinishedEvaluation;
}

export interface StepMachineResult {
  status: CanaryStatus;
  /** The Progressing condition's message (and status.message) when this pass sets one. */
  message?: string;
  /** The batch (0-based) the BatchRelease must be told to run: set while upgrading a step. */
  runBatch?: number;
  /** When to reconcile again at the latest (ms). */
  recheckAt?: number;
  /** The event Go records, if any. */
  event?: string;
  /** A jump was taken (nothing else happened this pass). */
  jumped?: boolean;
  /** The step's checks are due to be evaluated at this time (ms; now or later). */
  evaluateAt?: number;
  /** The step's analysis failed and its onFailure is Abort: roll the workload back to the stable revision (docs/spec/kruise-rollout.md §2.11). */
  abort?: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** docs/spec/kruise-rollout.md §2.9: a patched nextStepIndex other than the natural one, within 1..N, moves the machine there. */
export function stepJump(status: CanaryStatus, steps: readonly Step[], replicas: number, now: number): CanaryStatus | undefined {
  const n = status.nextStepIndex;
  if (n === naturalNext(status.currentStepIndex, steps.length) || n < 1 || n > steps.length) return undefined;
  const sameReplicas = stepReplicas(steps[n - 1], replicas) === status.canaryReplicas;
  return {
    ...status,
    currentStepIndex: n,
    nextStepIndex: naturalNext(n, steps.length),
    currentStepState: sameReplicas ? 'StepTrafficRouting' : 'BeforeStepUpgrade',
    lastUpdateTime: iso(now),
  };
}

/** docs/spec/kruise-rollout.md §2.7 syncBatchRelease: the canary counts follow the BatchRelease's. */
function synced(status: CanaryStatus, br: BatchReleaseFacts | undefined, podTemplateHash: string): CanaryStatus {
  const out = { ...status };
  if (br) {
    out.canaryReplicas = br.updatedReplicas;
    out.canaryReadyReplicas = br.updatedReadyReplicas;
  }
  if (out.podTemplateHash === '') out.podTemplateHash = podTemplateHash;
  return out;
}

/** One pass (Go: runCanary). */
export function runStepMachine(input: StepMachineInput): StepMachineResult {
  const { steps, replicas, now } = input;
  const status = synced(input.status, input.batchRelease, input.podTemplateHash);
  const jumped = stepJump(status, steps, replicas, now);
  if (jumped) return { status: jumped, jumped: true };
  const i = status.currentStepIndex;
  const n = steps.length;
  const step = steps[i - 1];
  switch (status.currentStepState) {
    case 'BeforeStepUpgrade':
      // Without traffic: straight to StepUpgrade, lastUpdateTime untouched.
      return { status: { ...status, currentStepState: 'StepUpgrade' } };
    case 'StepUpgrade': {
      const message = `Rollout is in step(${i}/${n}), and upgrade workload to new version`;
      const br = input.batchRelease;
      const done = br !== undefined && br.specIsDesired && br.observed && br.batchState === 'Ready' && br.currentBatch + 1 >= i;
      if (!done) return { status, message, runBatch: i - 1 };
      const full = stepReplicas(step, replicas) >= replicas && input.realPartition;
      return {
        status: { ...status, podTemplateHash: input.podTemplateHash, currentStepState: full ? 'StepMetricsAnalysis' : 'StepTrafficRouting', lastUpdateTime: iso(now) },
        message,
        runBatch: i - 1,
        event: `upgrade step(${i}) canary pods with new versions done`,
      };
    }
    case 'StepTrafficRouting':
      return { status: { ...status, currentStepState: 'StepMetricsAnalysis', lastUpdateTime: iso(now) }, recheckAt: now + TRAFFIC_RECHECK_SECONDS * 1000 };
    case 'StepMetricsAnalysis': {
      // No analysis upstream: always done; lastUpdateTime is NOT touched (the pause counts from the step before).
      if (!step?.analysis) return { status: { ...status, currentStepState: 'StepPaused' } };
      // Coxswain's extension (docs/analysis.md §5).
      const decision = planStepAnalysis({ analysis: step.analysis, previous: status.analysis, stepIndex: i, canaryRevision: status.canaryRevision, evaluation: input.evaluation, now });
      const analysed: CanaryStatus = { ...status, analysis: decision.status };
      const prefix = `Rollout is in step(${i}/${n}), and`;
      switch (decision.status.phase) {
        case 'Passed':
          return { status: { ...analysed, currentStepState: 'StepPaused' } };
        case 'Running':
          return { status: analysed, message: `${prefix} analysing the new version: ${decision.status.message}`, evaluateAt: decision.evaluateAt, recheckAt: decision.evaluateAt };
        case 'Failed':
          if (decision.status.onFailure === 'Pause') {
            return { status: analysed, message: `${prefix} its analysis failed (${decision.status.message}); approve to go on, or abort` };
          }
          return { status: analysed, message: `${prefix} its analysis failed (${decision.status.message}); rolling back to the stable revision`, abort: true };
      }
    }
    case 'StepPaused': {
      if (i === n && step?.replicas === '100%') return { status: { ...status, currentStepState: 'StepReady', lastUpdateTime: iso(now) } };
      const duration = step?.pause?.duration;
      if (duration === undefined) {
        return { status, message: `Rollout is in step(${i}/${n}), and you need manually confirm to enter the next step` };
      }
      const message = `Rollout is in step(${i}/${n}), and wait duration(${duration} seconds) to enter the next step`;
      const since = status.lastUpdateTime ? Date.parse(status.lastUpdateTime) : now;
      const due = since + duration * 1000;
      // Go: expectedTime.Before(now), strictly.
      if (due < now) return { status: { ...status, currentStepState: 'StepReady', lastUpdateTime: iso(now) }, message };
      return { status, message, recheckAt: due };
    }
    case 'StepReady':
      if (n > i) {
        return { status: { ...status, currentStepIndex: i + 1, nextStepIndex: naturalNext(i + 1, n), currentStepState: 'BeforeStepUpgrade', lastUpdateTime: iso(now) } };
      }
      return { status: { ...status, currentStepState: 'Completed', lastUpdateTime: iso(now) } };
    default:
      // Completed, or a state a status patch wrote that Go does not know: nothing happens.
      return { status };
  }
}
