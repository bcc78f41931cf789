// The workloads list's Rollout lines, kept live: a Rollout's step changes without a workload event (its
// controller writes the Rollout, not the workload), so the list follows rolloutChanged of the namespaces
// whose workloads a Rollout drives and lays the newest Rollout it heard of over the row's. Pure.
import type { RolloutSummary } from '../api/types';

/** What rolloutChanged said last of each Rollout, by namespace/name; null: deleted. */
export type RolloutOverlay = ReadonlyMap<string, { resourceVersion: string; rollout: RolloutSummary | null }>;

export const rolloutKey = (r: Pick<RolloutSummary, 'namespace' | 'name'>) => `${r.namespace}/${r.name}`;

/** The overlay after one event; an event older than what it holds changes nothing. */
export function withRolloutEvent(overlay: RolloutOverlay, type: string, rollout: RolloutSummary): RolloutOverlay {
  const key = rolloutKey(rollout);
  const held = overlay.get(key);
  if (held && Number(held.resourceVersion) > Number(rollout.resourceVersion)) return overlay;
  const next = new Map(overlay);
  next.set(key, { resourceVersion: rollout.resourceVersion, rollout: type === 'DELETED' ? null : rollout });
  return next;
}

/** The row's Rollout, or the overlay's when that is newer (null when the newer news is its deletion). */
export function latestRollout(row: RolloutSummary | null, overlay: RolloutOverlay): RolloutSummary | null {
  if (!row) return null;
  const held = overlay.get(rolloutKey(row));
  if (!held || Number(held.resourceVersion) < Number(row.resourceVersion)) return row;
  return held.rollout;
}

/** The namespaces to follow: those with a workload a Rollout drives, sorted, as one key. */
export function rolloutNamespaces(rows: readonly { namespace: string; rollout: RolloutSummary | null }[]): string[] {
  return [...new Set(rows.filter((r) => r.rollout !== null).map((r) => r.namespace))].sort();
}
