// The tooltip of one grid cell: name, node, zone, revision, state, pending hook and since when, restarts.
import { age } from '../../lib/format';
import type { Pod } from '../../lib/api/types';
import type { RevisionColor } from '../../lib/grid/colors';

export function PodTooltip({ pod, x, y, color }: { pod: Pod; x: number; y: number; color: RevisionColor | undefined }) {
  const restarts = pod.containers.reduce((n, c) => n + c.restartCount, 0);
  const now = Date.now();
  return (
    <div className="tooltip" style={{ left: x, top: y + 4 }} role="tooltip" data-testid="pod-tooltip">
      <b>{pod.name}</b>
      <dl>
        <dt>node</dt><dd>{pod.node ?? 'not scheduled'}</dd>
        <dt>zone</dt><dd>{pod.zone ?? '-'}</dd>
        <dt>revision</dt><dd><span className="swatch" style={{ background: color?.color }} /> {pod.revision}{color ? ` (${color.label})` : ''}</dd>
        <dt>state</dt><dd>{pod.lifecycleState}{pod.deleting ? ', terminating' : ''} · {pod.phase} · {pod.ready ? 'ready' : 'not ready'}{pod.available ? ', available' : ''}</dd>
        <dt>hook</dt><dd>{pod.pendingHook ? `${pod.pendingHook} pending for ${age(pod.pendingSince, now)}` : 'none pending'}</dd>
        <dt>restarts</dt><dd>{restarts}</dd>
        <dt>IP</dt><dd>{pod.podIP ?? '-'}</dd>
        <dt>age</dt><dd>{age(pod.createdAt, now)}</dd>
      </dl>
    </div>
  );
}
