// Rollouts kept live between reloads: a Rollout's step changes without a workload event (its controller
// writes the Rollout, not the workload), so the workloads list and the Rollouts page follow rolloutChanged
// of the namespaces they show and lay the newest Rollout they heard of over what they loaded. Pure.
import type { RolloutSummary } from '../api/types';

/** What a Rollout is known by: its place and its version. */
type Versioned = Pick<RolloutSummary, 'namespace' | 'name' | 'resourceVersion'>;

/** What rolloutChanged said last of each Rollout, by namespace/name; null: deleted. */
export type RolloutOverlay<R extends Versioned = RolloutSummary> = ReadonlyMap<string, { resourceVersion: string; rollout: R | null }>;

export const rolloutKey = (r: Pick<RolloutSummary, 'namespace' | 'name'>) => `${r.namespace}/${r.name}`;

/** The overlay after one event; an event older than what it holds changes nothing. */
export function withRolloutEvent<R extends Versioned>(overlay: RolloutOverlay<R>, type: string, rollout: R): RolloutOverlay<R> {
  const key = rolloutKey(rollout);
  const held = overlay.get(key);
  if (held && Number(held.resourceVersion) > Number(rollout.resourceVersion)) return overlay;
  const next = new Map(overlay);
  next.set(key, { resourceVersion: rollout.resourceVersion, rollout: type === 'DELETED' ? null : rollout });
  return next;
}

/** The row's Rollout, or the overlay's when that is newer (null when the newer news is its deletion). */
export function latestRollout<R extends Versioned>(row: R | null, overlay: RolloutOverlay<R>): R | null {
  if (!row) return null;
  const held = overlay.get(rolloutKey(row));
  if (!held || Number(held.resourceVersion) < Number(row.resourceVersion)) return row;
  return held.rollout;
}

/** The namespaces to follow: those with a workload a Rollout drives, sorted, as one key. */
export function rolloutNamespaces(rows: readonly { namespace: string; rollout: RolloutSummary | null }[]): string[] {
  return [...new Set(rows.filter((r) => r.rollout !== null).map((r) => r.namespace))].sort();
}
