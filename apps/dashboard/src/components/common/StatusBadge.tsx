// The workload's health as one word (Workload.health.state); the reason is shown beside it by the
// caller, in full, not only in this tooltip.
import type { HealthState } from '../../lib/api/types';
import { healthMeaning, healthWord } from '../../lib/rollout/health';

export function StatusBadge({ state }: { state: HealthState }) {
  return (
    <span className={`badge badge-${state.toLowerCase().replace(/_/g, '-')}`} title={healthMeaning(state)} data-state={state}>
      {healthWord(state)}
    </span>
  );
}
