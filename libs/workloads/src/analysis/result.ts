// What evaluating one analysis check says (docs/analysis.md §4): the phase, the value measured, the
// condition in words and a reason in words, ready for a Rollout's status, its plan and the dashboard.

/**
 * Passed and Failed are verdicts. Pending: not decidable yet (no data, pods not ready long enough); ask
 * again later. Error: the check could not be evaluated (unreachable, timed out, a bad query or answer);
 * never a pass — the step state machine decides what an error costs.
 */
export type AnalysisPhase = 'Passed' | 'Failed' | 'Pending' | 'Error';

export interface AnalysisResult {
  /** The check's name. */
  check: string;
  kind: 'prometheus' | 'http' | 'pods';
  phase: AnalysisPhase;
  /** The value that decided the phase (a number, string or boolean; absent when nothing was measured). */
  measured?: number | string | boolean | null;
  /** The success condition in words: `< 0.05`, `all pods Ready with no restarts for 30s`. */
  condition: string;
  /** Why, in words. */
  reason: string;
  /** Pending pods checks: when the answer can change without a pod changing (ms since the epoch). */
  recheckAt?: number;
}
