// What setting one subset's partition will do, said before the operator confirms it. Only that
// subset's workload changes; its partition means what its kind makes of it: a CloneSet keeps that many
// pods on the previous revision, a StatefulSet its lowest ordinals (and updates the highest first).
// Counts come from the subset (updatedReplicas: pods at the UnitedDeployment's update revision), names
// from the subset's pods, so the words do not depend on how a pod labels its revision.
import type { Pod, Subset, Workload } from '../api/types';
import { listNames } from '../rollout/plan-words';
import { heldBack } from './partition-step';
import { isStatefulSetKind } from './subset-words';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const moves = (n: number) => (n === 1 ? 'moves' : 'move');

/** A StatefulSet pod's ordinal: the API's, else the number its name ends with. */
function ordinalOf(pod: Pod): number | null {
  if (pod.ordinal !== null && pod.ordinal !== undefined) return pod.ordinal;
  const m = /-(\d+)$/.exec(pod.name);
  return m ? Number(m[1]) : null;
}

export function confirmSubsetPartition(ud: Workload, subset: Subset, next: number, pods: readonly Pod[]): string {
  const cap = next > subset.replicas ? ` (the controller caps it at the subset's ${plural(subset.replicas, 'replica')})` : '';
  const head = `Set the partition of subset ${subset.name} of ${ud.name} from ${subset.partition} to ${next}${cap}.`;
  const others = ' The other subsets do not move.';
  const kept = Math.min(next, subset.replicas);
  const before = heldBack(subset);
  const { currentRevision, updateRevision } = ud.status;
  if (currentRevision === updateRevision || subset.updatedReplicas >= subset.replicas) {
    return `${head} Every pod of ${subset.name} already runs ${updateRevision}; the partition applies to the next template change.`;
  }
  const moving = Math.max(0, subset.replicas - kept - subset.updatedReplicas);
  if (isStatefulSetKind(subset.kind)) {
    const keptWords = kept === 0 ? 'no ordinal keeps the previous revision' : `ordinals below ${kept} keep the previous revision ${currentRevision}`;
    if (moving > 0) {
      // A StatefulSet updates its highest ordinals first: the ones already updated are the top ones.
      const ordinals = pods
        .filter((p) => p.subset === subset.name && !p.deleting)
        .map(ordinalOf)
        .filter((o): o is number => o !== null && o >= kept)
        .sort((a, b) => b - a);
      const names = ordinals
        .slice(subset.updatedReplicas)
        .slice(0, moving)
        .map((o) => pods.find((p) => p.subset === subset.name && ordinalOf(p) === o)!.name);
      const which = names.length === moving ? listNames(names) : plural(moving, 'pod');
      return `${head} In ${subset.name} ${keptWords}; ${which} ${moves(moving)} to revision ${updateRevision}, highest ordinal first.${others}`;
    }
    return `${head} In ${subset.name} ${keptWords}; no pod changes revision.${others}`;
  }
  const head2 = `${head} ${plural(kept, 'pod')} of its ${subset.replicas} stay on the previous revision ${currentRevision}`;
  if (moving > 0) return `${head2}; ${plural(moving, 'pod')} ${moves(moving)} to revision ${updateRevision}.${others}`;
  if (kept > before)
    return `${head2}; no more pods are updated, and the ${plural(subset.updatedReplicas, 'pod')} already on ${updateRevision} stay there.${others}`;
  return `${head2}; no pod changes revision.${others}`;
}
