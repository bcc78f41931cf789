// SortUpdateIndexes (docs/spec/cloneset.md §8.2): the order in which update candidates are taken.
import { LIFECYCLE_STATES, type Pod, type UpdatePriorityStrategy, type UpdateScatterStrategy } from '@coxswain/kruise-api';
import { sortIndexesByActivePods } from './active-pods-order.js';
import { lifecycleStateLabel } from '../../../sort/pod-facts.js';
import { sortByUpdatePriority } from '../../../sort/priority-sort.js';
import { scatterSort } from './scatter-sort.js';
import { stableSortBy, trueFirst } from '../../../sort/stable-sort.js';

/** The two fields of `updateStrategy.rollingUpdate` that shape the order (the rolling strategy itself fits). */
export interface UpdateOrderStrategy {
  readonly priorityStrategy?: UpdatePriorityStrategy;
  readonly scatterStrategy?: UpdateScatterStrategy;
}

/**
 * `pods` are all active pods; `candidates` the indexes (into `pods`) of the pods waiting for an update.
 * Returns the candidates, first to update first:
 * 1. Kubernetes ActivePods order; 2. priorityStrategy (stable); 3. scatterStrategy;
 * 4. pods in lifecycle state PreparingUpdate moved to the front (stable).
 * Every step is stable where Go's sort.Slice is not (steps 1 and 2), so equal pods keep the order of
 * `candidates`. The result is always a permutation of `candidates`; the input is not modified.
 */
export function sortUpdateIndexes(pods: readonly Pod[], candidates: readonly number[], strategy: UpdateOrderStrategy = {}): number[] {
  let order = sortIndexesByActivePods(pods, candidates);
  if (strategy.priorityStrategy !== undefined) order = sortByUpdatePriority(pods, order, strategy.priorityStrategy);
  if (strategy.scatterStrategy !== undefined) order = scatterSort(pods, order, strategy.scatterStrategy);
  return stableSortBy(order, (i) => lifecycleStateLabel(pods[i]!) === LIFECYCLE_STATES.PreparingUpdate, trueFirst);
}
