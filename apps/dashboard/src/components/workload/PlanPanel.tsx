// The plan in plain words: what happens next and what blocks it, with the blocking pods linked
// (a click highlights them in the grid and the pod list).
import { memo } from 'react';
import type { RolloutPlan } from '../../lib/api/types';
import { planInWords } from '../../lib/rollout/plan-words';
import { Countdown } from '../common/Countdown';
import { PodLinks } from './PodLinks';

const LINKED = 12;

function PlanPanelView({ plan, replicas }: { plan: RolloutPlan | null; replicas: number }) {
  if (!plan) {
    return (
      <section className="card plan" aria-labelledby="plan-title" data-testid="plan">
        <h2 id="plan-title">Plan</h2>
        <p className="muted">Asking the controller for its plan…</p>
      </section>
    );
  }
  const words = planInWords(plan, replicas);
  return (
    <section className="card plan" aria-labelledby="plan-title" data-testid="plan">
      <h2 id="plan-title">Plan</h2>
      <p className="headline">{words.headline}</p>
      {words.next.length > 0 && (
        <>
          <h3>Next</h3>
          <ul>
            {words.next.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {words.blockers.length > 0 && (
        <>
          <h3>Held back by</h3>
          <ul className="blockers">
            {words.blockers.map((b, k) => (
              <li key={`${b.code}-${k}`} data-code={b.code}>
                <code>{b.code}</code> {b.sentence}
                {b.until && (
                  <span className="muted">
                    {' '}
                    Lifts <Countdown until={b.until} />.
                  </span>
                )}
                {b.pods.length > 0 && <PodLinks pods={b.pods} linked={LINKED} />}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="muted small">Controller numbers: {words.numbers}</p>
    </section>
  );
}

/** Memoised: the page re-renders on every workload status event; this re-renders only when its own inputs change. */
export const PlanPanel = memo(PlanPanelView);
