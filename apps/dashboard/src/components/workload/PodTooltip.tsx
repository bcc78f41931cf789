// The tooltip of one pod cell: name, subset (UnitedDeployment), ordinal, node, zone, revision, state,
// pending hook and since when, restarts, IP, age, and what holds it back in the plan's words
// (unschedulable with the scheduler's message, image pull failing, in-place update waiting on a
// container, ...).
import type { Blocker, Pod } from '../../lib/api/types';
import { countdownTo } from '../../lib/clock/countdown';
import { age } from '../../lib/format';
import type { RevisionColor } from '../../lib/grid/colors';
import { useNow } from '../common/useNow';
import { useServerNow } from '../common/useServerNow';

export function PodTooltip({
  pod,
  x,
  y,
  color,
  blockers = [],
}: {
  pod: Pod;
  x: number;
  y: number;
  color: RevisionColor | undefined;
  blockers?: readonly Blocker[];
}) {
  const restarts = pod.containers.reduce((n, c) => n + c.restartCount, 0);
  // Ages on this browser's clock, blocker countdowns on the API's, each refreshed while the tooltip shows.
  const now = useNow(1000);
  const serverNow = useServerNow(1000);
  return (
    <div className="tooltip" style={{ left: x, top: y + 4 }} role="tooltip" data-testid="pod-tooltip">
      <b>{pod.name}</b>
      <dl>
        {pod.subset && (
          <>
            <dt>subset</dt>
            <dd>{pod.subset}</dd>
          </>
        )}
        {pod.ordinal != null && (
          <>
            <dt>ordinal</dt>
            <dd>{pod.ordinal}</dd>
          </>
        )}
        <dt>node</dt>
        <dd>{pod.node ?? 'not scheduled'}</dd>
        <dt>zone</dt>
        <dd>{pod.zone ?? '-'}</dd>
        <dt>revision</dt>
        <dd>
          <span className="swatch" style={{ background: color?.color }} /> {pod.revision}
          {color ? ` (${color.label})` : ''}
        </dd>
        <dt>state</dt>
        <dd>
          {pod.lifecycleState}
          {pod.deleting ? ', terminating' : ''} · {pod.phase} · {pod.ready ? 'ready' : 'not ready'}
          {pod.available ? ', available' : ''}
        </dd>
        <dt>hook</dt>
        <dd>{pod.pendingHook ? `${pod.pendingHook} pending for ${age(pod.pendingSince, now)}` : 'none pending'}</dd>
        <dt>restarts</dt>
        <dd>{restarts}</dd>
        <dt>IP</dt>
        <dd>{pod.podIP ?? '-'}</dd>
        <dt>age</dt>
        <dd>{age(pod.createdAt, now)}</dd>
        {blockers.length > 0 && (
          <>
            <dt>held by</dt>
            <dd data-testid="pod-blockers">
              {blockers.map((b) => (
                <span key={b.code} className="why">
                  <code>{b.code}</code> {b.message}
                  {b.until ? ` (lifts ${countdownTo(b.until, serverNow)})` : ''}
                </span>
              ))}
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
