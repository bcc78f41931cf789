// Re-sort update candidates by a priorityStrategy (docs/spec/cloneset.md §8.2 step 2; Advanced StatefulSet's
// unorderedUpdate uses the same rules, docs/spec/advanced-statefulset.md §4.6: Kruise's updatesort package serves
// both). The sort is stable, so pods of equal priority keep the order the previous step gave them.
import { Selector, type Pod, type UpdatePriorityStrategy } from '@coxswain/kruise-api';
import { podLabel } from './labels.js';
import { stableSortBy } from './stable-sort.js';

/**
 * `weightPriority` (when non-empty): higher summed weight of matching terms first.
 * Otherwise `orderPriority` (when non-empty): by order-term level ascending (−1 = the pod has none of
 * the keys, so such pods come first), then by the value's trailing number descending (`sts-10` before
 * `sts-5`). Neither list set: the input order. Returns a new array of indexes into `pods`.
 */
export function sortByUpdatePriority(
  pods: readonly Pod[],
  indexes: readonly number[],
  strategy: UpdatePriorityStrategy | undefined,
): number[] {
  const weights = strategy?.weightPriority ?? [];
  if (weights.length > 0) {
    const terms = compileWeightTerms(strategy!);
    const weightOf = (pod: Pod) => terms.reduce((sum, t) => (t.selector.matches(pod.metadata.labels) ? sum + t.weight : sum), 0);
    return stableSortBy(indexes, (i) => weightOf(pods[i]!), (a, b) => b - a);
  }
  const orderedKeys = (strategy?.orderPriority ?? []).map((t) => t.orderedKey);
  if (orderedKeys.length > 0) {
    return stableSortBy(indexes, (i) => orderPriorityOf(pods[i]!, orderedKeys), compareOrderPriority);
  }
  return [...indexes];
}

interface WeightTerm {
  readonly weight: number;
  readonly selector: Selector;
}

/** Terms whose matchSelector does not compile are ignored, as Kruise skips them. */
function compileWeightTerms(strategy: UpdatePriorityStrategy): WeightTerm[] {
  const terms: WeightTerm[] = [];
  for (const term of strategy.weightPriority ?? []) {
    try {
      terms.push({ weight: term.weight, selector: Selector.fromLabelSelector(term.matchSelector ?? {}) });
    } catch {
      continue;
    }
  }
  return terms;
}

export interface OrderPriority {
  /** Index of the first orderedKey the pod carries, or −1 when it carries none. */
  readonly level: number;
  /** The trailing decimal digits of that label's value as an int64 (none, or out of range: 0). */
  readonly order: bigint;
}

export function orderPriorityOf(pod: Pod, orderedKeys: readonly string[]): OrderPriority {
  for (const [level, key] of orderedKeys.entries()) {
    const value = podLabel(pod, key);
    if (value !== undefined) return { level, order: trailingInteger(value) };
  }
  return { level: -1, order: 0n };
}

function compareOrderPriority(a: OrderPriority, b: OrderPriority): number {
  if (a.level !== b.level) return a.level - b.level;
  return a.order === b.order ? 0 : a.order > b.order ? -1 : 1;
}

const INT64_MAX = 9223372036854775807n;

/** Kruise's getIntFromStringSuffix: "sts-10" → 10, "a-007" → 7, "abc" → 0; beyond int64 → 0 (ParseInt fails). */
export function trailingInteger(value: string): bigint {
  const digits = /[0-9]+$/.exec(value)?.[0];
  if (digits === undefined) return 0n;
  const parsed = BigInt(digits);
  return parsed > INT64_MAX ? 0n : parsed;
}
