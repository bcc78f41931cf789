// Runs a step's checks off the reconcile (docs/analysis.md §5): a Prometheus or endpoint check may take
// up to its timeout, and a reconcile never waits on the network. The Rollout controller starts an
// evaluation when one is due, and takes the results on a later pass, after `onFinished` has queued the
// Rollout again. One evaluation per Rollout at a time; results are for the step and revision they were
// started for (the token), so a Rollout that moved on meanwhile never reads another step's verdict.
import type { AnalysisCheck } from '@coxswain/kruise-api';
import { evaluateCheck, type AnalysisContext } from './evaluate.js';
import type { AnalysisResult } from './result.js';

export interface FinishedEvaluation {
  results: AnalysisResult[];
  /** When the last check answered (ms since the epoch, the cluster's clock). */
  at: number;
}

type Evaluate = (check: AnalysisCheck, context: AnalysisContext) => Promise<AnalysisResult>;

interface Entry {
  token: string;
  finished?: FinishedEvaluation;
}

export class AnalysisRunner {
  private readonly entries = new Map<string, Entry>();

  constructor(
    /** Called with the Rollout's key when an evaluation has finished. */
    private readonly onFinished: (key: string) => void,
    private readonly evaluate: Evaluate = evaluateCheck,
  ) {}

  /** An evaluation for `key` is under way (for any token). */
  running(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.finished === undefined;
  }

  /** Evaluates every check once, concurrently, unless an evaluation for `key` is under way or waiting to be taken. */
  start(key: string, token: string, checks: readonly AnalysisCheck[], context: AnalysisContext): void {
    if (this.entries.has(key)) return;
    const entry: Entry = { token };
    this.entries.set(key, entry);
    void Promise.all(checks.map((check) => this.evaluateSafely(check, context))).then((results) => {
      if (this.entries.get(key) !== entry) return;
      entry.finished = { results, at: context.clock.now() };
      this.onFinished(key);
    });
  }

  /** The finished evaluation started with `token`, once; a finished one for another token is dropped. */
  take(key: string, token: string): FinishedEvaluation | undefined {
    const entry = this.entries.get(key);
    if (!entry?.finished) return undefined;
    this.entries.delete(key);
    return entry.token === token ? entry.finished : undefined;
  }

  /** The Rollout is gone or no longer analysing: an evaluation under way is dropped when it finishes. */
  forget(key: string): void {
    this.entries.delete(key);
  }

  // evaluateCheck answers every failure as an Error result; anything thrown past it is one too.
  private async evaluateSafely(check: AnalysisCheck, context: AnalysisContext): Promise<AnalysisResult> {
    try {
      return await this.evaluate(check, context);
    } catch (err) {
      const kind = check.prometheus ? 'prometheus' : check.http ? 'http' : 'pods';
      return { check: check.name, kind, phase: 'Error', condition: '', reason: `evaluation failed: ${err instanceof Error ? err.message : String(err)}` };
    }
  }
}
