// An Advanced StatefulSet's pods in ordinal order, as the ordinal strip draws them: one slot per valid
// ordinal in [start, end) (its pod, or empty while it is being created), reserved ordinals as one gap
// per range, and pods outside the valid ordinals (condemned, being deleted) where their ordinal is.
// The partition line (docs/spec/advanced-statefulset.md §4.6, ordered update): the `partition` lowest valid
// ordinals keep the current revision, the `replicas − partition` above them are updated, highest
// first. With unorderedUpdate the partition is a quota, not a position, so there is no line.
import type { Ordinals, Pod } from '../api/types';

export type Slot =
  { type: 'pod'; ordinal: number; pod: Pod; outside: boolean } | { type: 'empty'; ordinal: number } | { type: 'reserved'; from: number; to: number };

export interface Strip {
  slots: Slot[];
  /** Index in `slots` before which the partition line goes; null without a line. */
  lineAt: number | null;
  /** Valid ordinals not drawn because of the slot limit. */
  hidden: number;
}

/** Reserved ranges within [start, end), sorted and merged. */
export function reservedRanges(o: Ordinals): { from: number; to: number }[] {
  const sorted = o.reserved
    .map((r) => ({ from: Math.max(r.from, o.start), to: Math.min(r.to, o.end - 1) }))
    .filter((r) => r.from <= r.to)
    .sort((a, b) => a.from - b.from);
  const merged: { from: number; to: number }[] = [];
  for (const r of sorted) {
    const last = merged[merged.length - 1];
    if (last && r.from <= last.to + 1) last.to = Math.max(last.to, r.to);
    else merged.push({ ...r });
  }
  return merged;
}

/** The valid (non-reserved) ordinals in order, at most `limit` of them. */
export function validOrdinals(o: Ordinals, limit = Infinity): number[] {
  const out: number[] = [];
  const gaps = reservedRanges(o);
  let g = 0;
  for (let ordinal = o.start; ordinal < o.end && out.length < limit; ordinal++) {
    while (g < gaps.length && gaps[g]!.to < ordinal) g++;
    const gap = gaps[g];
    if (gap && gap.from <= ordinal) {
      ordinal = gap.to;
      continue;
    }
    out.push(ordinal);
  }
  return out;
}

/** The number of valid ordinals: `replicas` once the set is reconciled. */
export function validCount(o: Ordinals): number {
  return o.end - o.start - reservedRanges(o).reduce((n, r) => n + r.to - r.from + 1, 0);
}

/**
 * The first ordinal the partition lets update (the (partition+1)-th valid ordinal), or null when the
 * partition keeps every valid ordinal.
 */
export function firstUpdatedOrdinal(o: Ordinals, partition: number): number | null {
  if (partition < 0) return o.start;
  const valid = validOrdinals(o, partition + 1);
  return valid.length > partition ? valid[partition]! : null;
}

export function ordinalStrip(o: Ordinals, pods: readonly Pod[], partition: number | null, limit = 1000): Strip {
  const byOrdinal = new Map<number, Pod>();
  for (const pod of pods) if (pod.ordinal != null) byOrdinal.set(pod.ordinal, pod);
  const sorted = [...byOrdinal.keys()].sort((a, b) => a - b);
  const podsIn = (from: number, to: number): Slot[] =>
    sorted.filter((ord) => ord >= from && ord <= to).map((ord) => ({ type: 'pod', ordinal: ord, pod: byOrdinal.get(ord)!, outside: true }));
  const gaps = reservedRanges(o);
  const lineOrdinal = partition === null ? null : firstUpdatedOrdinal(o, partition);
  const total = validCount(o);
  // Pods below start (ordinals.start was raised) come first: the cluster still has them.
  const slots: Slot[] = podsIn(-Infinity, o.start - 1);
  let lineAt: number | null = null;
  let drawn = 0;
  let g = 0;
  for (let ordinal = o.start; ordinal < o.end && drawn < limit; ordinal++) {
    while (g < gaps.length && gaps[g]!.to < ordinal) g++;
    const gap = gaps[g];
    if (gap && gap.from <= ordinal) {
      // A pod still at a reserved ordinal is on its way out: drawn inside the gap.
      slots.push({ type: 'reserved', from: gap.from, to: gap.to }, ...podsIn(gap.from, gap.to));
      ordinal = gap.to;
      continue;
    }
    if (ordinal === lineOrdinal) lineAt = slots.length;
    const pod = byOrdinal.get(ordinal);
    slots.push(pod ? { type: 'pod', ordinal, pod, outside: false } : { type: 'empty', ordinal });
    drawn++;
  }
  // The partition keeps every valid ordinal: the line closes the valid range.
  if (partition !== null && lineOrdinal === null && drawn === total) lineAt = slots.length;
  if (drawn === total) slots.push(...podsIn(o.end, Infinity));
  return { slots, lineAt, hidden: total - drawn };
}
