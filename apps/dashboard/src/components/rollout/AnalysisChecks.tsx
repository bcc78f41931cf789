// The current step's analysis (docs/analysis.md §4, §5): the analysis' phase and message, then each check
// with its verdict, the value measured, the condition, the reason and a chart of its values over time.
import { measuredWords } from '../../lib/kruise-rollout/analysis';
import type { StepAnalysis } from '../../lib/api/types';
import { clockTime } from '../../lib/format';
import { CheckChart } from './CheckChart';

export function AnalysisChecks({ analysis }: { analysis: StepAnalysis }) {
  return (
    <div className="analysis" data-testid="rollout-analysis" data-phase={analysis.phase}>
      <h3>
        Analysis of step {analysis.stepIndex}: <span className={`phase phase-${analysis.phase.toLowerCase()}`}>{analysis.phase}</span>
      </h3>
      <p className="muted">
        {analysis.message} · on failure: {analysis.onFailure === 'Abort' ? 'abort (roll back to the stable revision)' : 'pause (wait for a person)'} · started{' '}
        {clockTime(analysis.startedAt)}
      </p>
      <table className="checks">
        <thead>
          <tr>
            <th>Check</th>
            <th>Verdict</th>
            <th>Value</th>
            <th>Condition</th>
            <th>Reason</th>
            <th>Over time</th>
          </tr>
        </thead>
        <tbody>
          {analysis.checks.map((c) => (
            <tr key={c.name} data-testid={`check-${c.name}`} data-phase={c.phase}>
              <td>
                {c.name} <span className="muted small">{c.kind}</span>
              </td>
              <td>
                <span className={`phase phase-${c.phase.toLowerCase()}`}>{c.phase}</span>
                {c.consecutiveErrors > 0 && <span className="muted small"> ({c.consecutiveErrors} errors in a row)</span>}
              </td>
              <td>{measuredWords(c.measured)}</td>
              <td>{c.condition}</td>
              <td>
                {c.reason} <span className="muted small">at {clockTime(c.evaluatedAt)}</span>
              </td>
              <td>
                <CheckChart name={c.name} history={c.history} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
