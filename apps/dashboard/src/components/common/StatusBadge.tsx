// The workload's one-word status, with the reason as a tooltip.
import type { Badge } from '../../lib/rollout/status-badge';

export function StatusBadge({ badge }: { badge: Badge }) {
  return (
    <span className={`badge badge-${badge.state}`} title={badge.detail} data-state={badge.state}>
      {badge.state}
    </span>
  );
}
