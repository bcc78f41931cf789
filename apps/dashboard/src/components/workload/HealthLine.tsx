// The page's title with the workload's health: the badge, and beside it the reason in the API's
// words, when it changes by itself (counted down to the API's moment, as the plan's blockers are) and
// the pods concerned as links (a click highlights them in the strip, grid and list).
import type { Workload } from '../../lib/api/types';
import { kindLabel } from '../../lib/kinds';
import { healthMeaning } from '../../lib/rollout/health';
import { Countdown } from '../common/Countdown';
import { StatusBadge } from '../common/StatusBadge';
import { PodLinks } from './PodLinks';

const LINKED = 8;

export function HealthLine({ workload: w }: { workload: Workload }) {
  const { state, reason, pods } = w.health;
  return (
    <>
      <h1>
        {kindLabel(w.kind)}{' '}
        <span className="mono">
          {w.namespace}/{w.name}
        </span>{' '}
        <StatusBadge state={state} />
      </h1>
      <p className={`health health-${state.toLowerCase().replace(/_/g, '-')}`} data-testid="health" data-state={state}>
        <span className="reason" data-testid="health-reason">
          {reason}
        </span>
        {w.health.until && (
          <span className="muted">
            {' '}
            · <Countdown until={w.health.until} />
          </span>
        )}
        {state !== 'COMPLETE' && state !== 'PROGRESSING' && <span className="muted"> ({healthMeaning(state)})</span>}
        {pods.length > 0 && <PodLinks pods={pods} linked={LINKED} testId="health-pods" />}
      </p>
    </>
  );
}
