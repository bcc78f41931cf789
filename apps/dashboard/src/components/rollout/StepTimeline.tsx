// A Rollout's steps in order: done ones ticked, the current one with its state in words, the next one
// marked (docs/spec/kruise-rollout.md §2.5).
import type { TimelineStep } from '../../lib/kruise-rollout/steps';

const MARKS: Record<TimelineStep['place'], string> = { done: '✓', current: '▶', next: '→', later: '·' };
const PLACES: Record<TimelineStep['place'], string> = { done: 'done', current: 'now', next: 'next', later: '' };

export function StepTimeline({ steps }: { steps: TimelineStep[] }) {
  return (
    <ol className="step-timeline" data-testid="rollout-steps">
      {steps.map((s) => (
        <li key={s.index} className={`step step-${s.place}`} data-testid={`rollout-step-${s.index}`} data-place={s.place}>
          <span className="step-mark" aria-hidden="true">
            {MARKS[s.place]}
          </span>
          <span className="step-title">
            Step {s.index}: {s.replicas}, then {s.pause}
          </span>
          {PLACES[s.place] && <span className="step-place">{PLACES[s.place]}</span>}
          {s.state && (
            <span className="step-state" data-testid="rollout-step-state">
              {s.state}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
