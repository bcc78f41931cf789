// Orderings and selections of CloneSet pods (docs/spec/cloneset.md §7.2, §7.4, §8.2, §8.3). Pure: no I/O, no
// clock, randomness only through an injected source; availability comes in as a predicate.
export { availableIds, randomInstanceId, INSTANCE_ID_ALPHABET, INSTANCE_ID_LENGTH } from './instance-ids.js';
export type { LabelledObject, RandomSource } from './instance-ids.js';

export { compareActivePods, sortIndexesByActivePods } from './active-pods-order.js';
export { sortForDeletion } from './deletion-ranking.js';
export type { DeletionRankingOptions, Ranker } from './deletion-ranking.js';
export { newSameNodeRanker, newSpreadConstraintsRanker, nodeLabelsByName } from './rankers.js';
export type { NodeLabels } from './rankers.js';
export { choosePodsToDelete, chooseToDelete } from './choose-pods-to-delete.js';
export type { ScaleDownContext } from './choose-pods-to-delete.js';
export { parsePodDeletionCost, podDeletionCost } from '../../../sort/pod-facts.js';

export { sortByUpdatePriority } from '../../../sort/priority-sort.js';
export { scatterSort, calculateScatterGroup } from './scatter-sort.js';
export type { ScatterGroup } from './scatter-sort.js';
export { sortUpdateIndexes } from './update-order.js';
export type { UpdateOrderStrategy } from './update-order.js';
export { limitUpdateIndexes } from './limit-update.js';
export type { LimitUpdateInput, UpdateBatch, UpdateBatchStop, UpdateLimitCheck } from './limit-update.js';
