// Advanced StatefulSet `spec.reserveOrdinals` (docs/spec/advanced-statefulset.md §1.3, §2.1; Kruise's
// GetReserveOrdinalIntSet and ParseRange): integers and inclusive "a-b" ranges. Kept as ranges rather
// than expanded into a set, so a range like "0-100000000" costs nothing.
import type { IntOrString } from './meta.js';

/** What the webhook accepts for a string item (the parser below is a little more lenient, as Kruise's is). */
export const RESERVE_ORDINAL_RANGE_PATTERN = /^\d+-\d+$/;

/** strconv.Atoi on one side of a split "a-b": an optional '+' and digits (a '-' sign would have split the text). */
const RANGE_END = /^\+?[0-9]+$/;

/** The inclusive range of a string item, or undefined when Kruise's ParseRange fails on it. */
export function parseOrdinalRange(text: string): [number, number] | undefined {
  const parts = text.split('-');
  if (parts.length !== 2 || !RANGE_END.test(parts[0]!) || !RANGE_END.test(parts[1]!)) return undefined;
  const start = Number(parts[0]);
  const end = Number(parts[1]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start > end) return undefined;
  return [start, end];
}

export class ReservedOrdinals {
  private constructor(
    private readonly ints: ReadonlySet<number>,
    private readonly ranges: readonly (readonly [number, number])[],
  ) {}

  static readonly NONE = new ReservedOrdinals(new Set(), []);

  /**
   * The reserved set of `spec.reserveOrdinals`. If any string item is not a valid range the whole set
   * is empty, as in Kruise (it logs the error and returns an empty set).
   */
  static parse(items: readonly IntOrString[] | undefined | null): ReservedOrdinals {
    if (!items || items.length === 0) return ReservedOrdinals.NONE;
    const ints = new Set<number>();
    const ranges: [number, number][] = [];
    for (const item of items) {
      if (typeof item === 'number') {
        ints.add(item);
        continue;
      }
      const range = typeof item === 'string' ? parseOrdinalRange(item) : undefined;
      if (range === undefined) return ReservedOrdinals.NONE;
      ranges.push(range);
    }
    return new ReservedOrdinals(ints, ranges);
  }

  has(ordinal: number): boolean {
    return this.ints.has(ordinal) || this.ranges.some(([start, end]) => ordinal >= start && ordinal <= end);
  }

  /** The first ordinal >= `from` that is not reserved (ranges are skipped whole, never walked). */
  firstFreeFrom(from: number): number {
    let n = from;
    for (let moved = true; moved; ) {
      moved = false;
      for (const [start, end] of this.ranges) {
        if (n >= start && n <= end) {
          n = end + 1;
          moved = true;
        }
      }
      while (this.ints.has(n)) {
        n++;
        moved = true;
      }
    }
    return n;
  }

  /** The reserved ordinals in [from, to), as sorted, merged inclusive ranges. */
  rangesWithin(from: number, to: number): [number, number][] {
    const pieces: [number, number][] = [
      ...[...this.ints].filter((n) => n >= from && n < to).map((n): [number, number] => [n, n]),
      ...this.ranges.filter(([start, end]) => end >= from && start < to).map(([start, end]): [number, number] => [Math.max(start, from), Math.min(end, to - 1)]),
    ].sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const piece of pieces) {
      const last = merged[merged.length - 1];
      if (last && piece[0] <= last[1] + 1) last[1] = Math.max(last[1], piece[1]);
      else merged.push([...piece]);
    }
    return merged;
  }

  isEmpty(): boolean {
    return this.ints.size === 0 && this.ranges.length === 0;
  }
}
