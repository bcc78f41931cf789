// docs/spec/cloneset.md §8.2 step 3: spread the update candidates that carry a scatter term's label evenly
// among the others (Kruise pkg/util/updatesort/scatter_sort.go), so that one batch does not update,
// say, every pod of one zone. The arithmetic, float32 comparison included, follows Kruise exactly.
import type { Pod, UpdateScatterStrategy, UpdateScatterTerm } from '@coxswain/kruise-api';
import { podLabel } from '../../../sort/labels.js';

/**
 * Applies each scatter term (see scatterTerms) to the candidate list in turn. `pods` are all active
 * pods (the totals are counted over them), `indexes` the candidates. Returns a new array.
 */
export function scatterSort(pods: readonly Pod[], indexes: readonly number[], strategy: UpdateScatterStrategy | undefined): number[] {
  if (strategy === undefined || strategy.length === 0 || indexes.length <= 1) return [...indexes];
  let ordered = [...indexes];
  for (const term of scatterTerms(pods, ordered, strategy)) ordered = scatterByTerm(term, pods, ordered);
  return ordered;
}

/**
 * A single term is used as is. With several, only the terms some candidate matches (label present and
 * equal) are used, the most-matched first; equal counts keep the strategy's order.
 */
export function scatterTerms(pods: readonly Pod[], indexes: readonly number[], strategy: UpdateScatterStrategy): UpdateScatterTerm[] {
  if (strategy.length === 1) return [...strategy];
  const counts = new Map<string, { term: UpdateScatterTerm; count: number }>();
  for (const term of strategy) {
    for (const i of indexes) {
      if (podLabel(pods[i]!, term.key) !== term.value) continue;
      // Kruise counts per key:value pair, so a repeated pair (validation rejects it) counts twice.
      const id = `${term.key}:${term.value}`;
      const seen = counts.get(id);
      if (seen) seen.count++;
      else counts.set(id, { term: { key: term.key, value: term.value }, count: 1 });
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count).map((c) => c.term);
}

/**
 * One term: the last matched candidate goes to the very end; unmatched candidates lead when the
 * group arithmetic leaves a remainder; then groups of matched and unmatched candidates alternate.
 * Fewer than 2 matched or fewer than 2 unmatched candidates: unchanged.
 */
export function scatterByTerm(term: UpdateScatterTerm, pods: readonly Pod[], indexes: readonly number[]): number[] {
  // Here an absent label reads as "" (Go's map lookup), so a term with value "" matches pods without the key.
  const matches = (pod: Pod) => (podLabel(pod, term.key) ?? '') === term.value;
  const matched: number[] = [];
  const unmatched: number[] = [];
  for (const i of indexes) (matches(pods[i]!) ? matched : unmatched).push(i);
  if (matched.length <= 1 || unmatched.length <= 1) return [...indexes];

  let totalMatched = 0;
  for (const pod of pods) if (matches(pod)) totalMatched++;
  const totalUnmatched = pods.length - totalMatched;

  const last = matched.pop()!;
  const group = calculateScatterGroup(totalMatched - 1, totalUnmatched, matched.length, unmatched.length);

  // Cursors into both lists; a take never goes past the end (Kruise's migrateItems moves what is left).
  const out: number[] = [];
  let m = 0;
  let u = 0;
  const take = (from: readonly number[], start: number, size: number): number => {
    const end = Math.min(from.length, start + size);
    for (let k = start; k < end; k++) out.push(from[k]!);
    return end;
  };
  u = take(unmatched, u, group.unmatchedRemainder);
  for (let g = 0; g < group.groupNum; g++) {
    m = take(matched, m, group.matchedGroupSize);
    u = take(unmatched, u, group.unmatchedGroupSize);
  }
  take(matched, m, matched.length);
  take(unmatched, u, unmatched.length);
  out.push(last);
  return out;
}

export interface ScatterGroup {
  readonly groupNum: number;
  readonly matchedGroupSize: number;
  readonly unmatchedGroupSize: number;
  /** Unmatched candidates placed before the first group. */
  readonly unmatchedRemainder: number;
}

/**
 * Kruise's calculateGroupByDensity. When the candidates are at least as dense in matched pods as the
 * whole set (compared in float32, as Go does), group the candidates by their own ratio; otherwise use
 * the group sizes of the whole set and lead with the unmatched candidates left over.
 */
export function calculateScatterGroup(
  totalMatched: number,
  totalUnmatched: number,
  updateMatched: number,
  updateUnmatched: number,
): ScatterGroup {
  const totalRatio = Math.fround(Math.fround(totalUnmatched) / Math.fround(totalMatched));
  const updateRatio = Math.fround(Math.fround(updateUnmatched) / Math.fround(updateMatched));
  if (totalRatio >= updateRatio) return { ...groupSizes(updateMatched, updateUnmatched), unmatchedRemainder: 0 };

  const { matchedGroupSize, unmatchedGroupSize } = groupSizes(totalMatched, totalUnmatched);
  const groupNum = Math.min(Math.trunc(updateMatched / matchedGroupSize), Math.trunc(updateUnmatched / unmatchedGroupSize));
  return { groupNum, matchedGroupSize, unmatchedGroupSize, unmatchedRemainder: updateUnmatched - groupNum * unmatchedGroupSize };
}

/** Kruise's newScatterGroup: as many groups as the smaller side has members, sizes rounded. */
function groupSizes(matched: number, unmatched: number): { groupNum: number; matchedGroupSize: number; unmatchedGroupSize: number } {
  const groupNum = Math.min(matched, unmatched);
  return {
    groupNum,
    matchedGroupSize: roundHalfAwayFromZero(matched / groupNum),
    unmatchedGroupSize: roundHalfAwayFromZero(unmatched / groupNum),
  };
}

/** Go's math.Round (Math.round rounds −2.5 to −2; Go gives −3). */
export function roundHalfAwayFromZero(x: number): number {
  const whole = Math.trunc(x);
  return Math.abs(x - whole) >= 0.5 ? whole + Math.sign(x) : whole;
}
