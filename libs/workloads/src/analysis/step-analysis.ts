// A Rollout step's analysis (docs/analysis.md §5), pure: folds an evaluation of the step's checks into
// status.canaryStatus.analysis and decides — Running (evaluate again at `evaluateAt`), Passed (the step
// machine moves on to StepPaused) or Failed (the step's onFailure applies). A verdict is final for the
// step and revision it was reached for; a new step or a new canary revision starts over.
import {
  ANALYSIS_ERROR_LIMIT, ANALYSIS_HISTORY_LENGTH, DEFAULT_ANALYSIS_INTERVAL_SECONDS, type CheckStatus, type StepAnalysis, type StepAnalysisStatus,
} from '@coxswain/kruise-api';
import type { AnalysisResult } from './result.js';

export interface StepAnalysisInput {
  analysis: StepAnalysis;
  /** status.canaryStatus.analysis as stored (of any step). */
  previous: StepAnalysisStatus | undefined;
  /** 1-based. */
  stepIndex: number;
  canaryRevision: string;
  /** An evaluation of every check (in the step's order) that finished since the last pass. */
  evaluation?: { results: readonly AnalysisResult[]; at: number };
  now: number;
}

export interface StepAnalysisDecision {
  status: StepAnalysisStatus;
  /** Running: when the next evaluation is due (ms since the epoch). */
  evaluateAt?: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The analysis status belongs to this step of this revision. */
export function isAnalysisOf(status: StepAnalysisStatus | undefined, stepIndex: number, canaryRevision: string): status is StepAnalysisStatus {
  return status !== undefined && status.stepIndex === stepIndex && status.canaryRevision === canaryRevision;
}

export function planStepAnalysis(input: StepAnalysisInput): StepAnalysisDecision {
  const { analysis, stepIndex, canaryRevision, now } = input;
  const previous = isAnalysisOf(input.previous, stepIndex, canaryRevision) ? input.previous : undefined;
  if (previous && previous.phase !== 'Running') return { status: previous };
  const started: StepAnalysisStatus = previous ?? {
    stepIndex,
    canaryRevision,
    phase: 'Running',
    message: `evaluating ${analysis.checks.length === 1 ? 'its check' : `its ${analysis.checks.length} checks`}`,
    startedAt: iso(now),
    onFailure: analysis.onFailure ?? 'Abort',
    checks: [],
  };
  const intervalMs = (analysis.intervalSeconds ?? DEFAULT_ANALYSIS_INTERVAL_SECONDS) * 1000;
  if (!input.evaluation) {
    // The first evaluation is due at once; later ones an interval after the last.
    const last = Math.max(0, ...started.checks.map((check) => Date.parse(check.evaluatedAt)));
    return { status: started, evaluateAt: started.checks.length === 0 ? now : last + intervalMs };
  }
  const { results, at } = input.evaluation;
  const checks = results.map((result) => foldResult(started.checks.find((check) => check.name === result.check), result, at));
  const failed = checks.find((check) => check.phase === 'Failed' || (check.phase === 'Error' && check.consecutiveErrors >= ANALYSIS_ERROR_LIMIT));
  if (failed) {
    const why = failed.phase === 'Failed' ? failed.reason : `could not be evaluated ${failed.consecutiveErrors} times in a row: ${failed.reason}`;
    return { status: { ...started, checks, phase: 'Failed', message: `check ${failed.name} failed: ${why}` } };
  }
  if (checks.length > 0 && checks.every((check) => check.phase === 'Passed')) {
    return { status: { ...started, checks, phase: 'Passed', message: checks.length === 1 ? 'its check passed' : `all ${checks.length} checks passed` } };
  }
  const waiting = checks.filter((check) => check.phase !== 'Passed');
  const message = waiting.map((check) => `${check.name}: ${check.phase === 'Error' ? `error (${check.consecutiveErrors} of ${ANALYSIS_ERROR_LIMIT})` : 'pending'}, ${check.reason}`).join('; ');
  // A pods check knows when it can pass (recheckAt): looked at then if that comes before the interval.
  const recheck = results.map((result) => result.recheckAt).filter((t): t is number => t !== undefined && t > at);
  return { status: { ...started, checks, phase: 'Running', message }, evaluateAt: Math.min(at + intervalMs, ...recheck) };
}

function foldResult(previous: CheckStatus | undefined, result: AnalysisResult, at: number): CheckStatus {
  const measured = result.measured === undefined ? {} : { measured: result.measured };
  const sample = { at: iso(at), phase: result.phase, ...measured };
  return {
    name: result.check,
    kind: result.kind,
    phase: result.phase,
    ...measured,
    condition: result.condition,
    reason: result.reason,
    evaluatedAt: iso(at),
    consecutiveErrors: result.phase === 'Error' ? (previous?.consecutiveErrors ?? 0) + 1 : 0,
    history: [...(previous?.history ?? []), sample].slice(-ANALYSIS_HISTORY_LENGTH),
  };
}
