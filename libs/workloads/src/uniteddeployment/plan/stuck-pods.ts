// The pods Kruise deletes after it updates an apps/v1 StatefulSet subset with RollingUpdate
// (docs/spec/uniteddeployment.md §3.2, the work-around for kubernetes#67250: a broken pod blocks the
// rolling update forever): at or above the partition, not at the revision, and not Ready. Chosen by
// the planner so the plan names these deletions, the writes the pass makes; the reconciler deletes
// them once the update went through. Pure.
import { CONDITION_READY, LABEL_KRUISE_CONTROLLER_REVISION_HASH, type Pod } from '@coxswain/kruise-api';
import { podCondition } from '../../pod/pod-state.js';
import { podOrdinal } from '../../pod/ordinal.js';
import { STATEFULSET_SUBSET } from './adapters/partitioned.js';
import type { SubsetAdapter } from './adapters/types.js';
import type { SubsetObservation } from './subsets.js';

export function stuckPods(adapter: SubsetAdapter, subset: SubsetObservation, revision: string, partition: number): Pod[] {
  if (adapter !== STATEFULSET_SUBSET) return [];
  const strategy = subset.workload.spec['updateStrategy'] as { type?: string } | undefined;
  if (strategy?.type !== undefined && strategy.type !== 'RollingUpdate') return [];
  return subset.pods.filter((pod) => !pod.metadata.deletionTimestamp && podOrdinal(pod) >= partition
    && pod.metadata.labels?.[LABEL_KRUISE_CONTROLLER_REVISION_HASH] !== revision
    && podCondition(pod, CONDITION_READY)?.status !== 'True');
}
