// What a change will do, said before the operator confirms it. Numbers come from the workload's
// status, its pods and the current plan, with each kind's arithmetic: a CloneSet partition is a number
// or share of pods (rounding up), an Advanced StatefulSet partition keeps its lowest valid ordinals
// (docs/spec/advanced-statefulset.md §4.6); maxUnavailable rounds down. A UnitedDeployment's pods move
// through its subsets' workloads, each held by its own partition (lib/subsets for those words).
import { isStatefulSet, isUnitedDeployment, type HookPoint, type Pod, type RolloutPlan, type Workload } from '../api/types';
import { validOrdinals } from './ordinals';
import { listNames } from './plan-words';
import { maxUnavailablePods, partitionPods, strategyOf } from './strategy';

type W = Workload;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function movement(w: W): string {
  if (isUnitedDeployment(w)) return "each subset's workload updates the pods its partition lets go, at its own pace";
  const s = strategyOf(w.updateStrategy, w.kind);
  const how = s.podUpdatePolicy === 'ReCreate' ? 'recreated' : 'updated in place where possible, otherwise recreated';
  const order = isStatefulSet(w) && !s.unordered ? 'highest ordinal first, ' : '';
  return `${how}, ${order}at most ${maxUnavailablePods(s, w.replicas)} unavailable at a time (maxUnavailable ${s.maxUnavailable})`;
}

function pausedNote(w: W): string {
  return strategyOf(w.updateStrategy, w.kind).paused ? ' The rollout is paused, so nothing moves until you resume it.' : '';
}

/** Pods that move to the update revision when the partition keeps `kept` of them on the current one. */
function toMove(w: W, kept: number): number {
  return Math.max(0, w.replicas - kept - w.status.updatedReplicas);
}

function allUpdated(w: W): boolean {
  return w.status.updateRevision === w.status.currentRevision && w.status.updatedReplicas >= w.replicas;
}

export function confirmPartition(w: W, next: number | string, pods: readonly Pod[] = []): string {
  const s = strategyOf(w.updateStrategy, w.kind);
  if (isStatefulSet(w) && typeof next === 'number' && !s.unordered) return confirmOrdinalPartition(w, next, pods);
  const before = w.partitionedReplicas;
  const kept = partitionPods(next, w.replicas);
  const head = `Set the partition of ${w.name} from ${s.partition} to ${next}: ${plural(kept, 'pod')} of ${w.replicas} stay on the current revision ${w.status.currentRevision}.`;
  if (allUpdated(w)) return `${head} Every pod already runs ${w.status.updateRevision}; the partition applies to the next template change.`;
  const moving = toMove(w, kept);
  if (moving > 0) return `${head} ${plural(moving, 'pod')} move to revision ${w.status.updateRevision} (${movement(w)}).${pausedNote(w)}`;
  if (kept > before) {
    const gate = isStatefulSet(w) ? '' : ' (unless the CloneSetPartitionRollback gate is on)';
    return `${head} No more pods are updated; the ${plural(w.status.updatedReplicas, 'pod')} already on ${w.status.updateRevision} stay there${gate}.`;
  }
  return `${head} No pod changes revision.`;
}

/** Advanced StatefulSet: names the ordinals the partition keeps and the pods that move. */
function confirmOrdinalPartition(w: Extract<W, { ordinals: unknown }>, next: number, pods: readonly Pod[]): string {
  const s = strategyOf(w.updateStrategy, w.kind);
  const valid = validOrdinals(w.ordinals, w.replicas);
  const kept = valid.slice(0, Math.min(next, valid.length));
  const above = valid.slice(kept.length);
  const byOrdinal = new Map(pods.filter((p) => p.ordinal != null).map((p) => [p.ordinal!, p]));
  // By the revision label, not Pod.isUpdated: that flag is as old as the pod's last change, and a new
  // template makes a new update revision without changing any pod.
  const updated = (o: number) => atRevision(byOrdinal.get(o)?.revision, w.status.updateRevision);
  const name = (o: number) => `${w.name}-${o}`;
  const keptWords =
    kept.length === 0
      ? 'no pod keeps the current revision'
      : `the ${plural(kept.length, 'pod')} with the lowest ordinals (${listNames(kept.map(name))}) stay on the current revision ${w.status.currentRevision}`;
  const head = `Set the partition of ${w.name} from ${s.partition} to ${next}: ${keptWords}.`;
  if (allUpdated(w)) return `${head} Every pod already runs ${w.status.updateRevision}; the partition applies to the next template change.`;
  const moving = [...above].reverse().filter((o) => !updated(o));
  if (moving.length > 0) return `${head} ${listNames(moving.map(name))} move to revision ${w.status.updateRevision} (${movement(w)}).${pausedNote(w)}`;
  const updatedBelow = kept.filter(updated);
  if (updatedBelow.length > 0)
    return `${head} No more pods are updated; ${listNames(updatedBelow.map(name))} already run ${w.status.updateRevision} and stay there.`;
  return `${head} No pod changes revision.`;
}

/** A pod's revision label (the revision's name, or its hash for CloneSets) names this revision. */
export function atRevision(label: string | undefined, revision: string): boolean {
  return !!label && !!revision && (label === revision || revision.endsWith(`-${label}`));
}

export function confirmPause(w: W, plan: Pick<RolloutPlan, 'actions'>): string {
  const updates = plan.actions.filter((a) => a.type === 'RECREATE' || a.type === 'UPDATE_IN_PLACE').length;
  return `Pause the rollout of ${w.name}: no further pod is updated until you resume${updates ? ` (${plural(updates, 'update')} planned now will wait)` : ''}. Pods already being replaced finish, and scaling still works.`;
}

export function confirmResume(w: W): string {
  const kept = w.partitionedReplicas;
  const moving = toMove(w, kept);
  return `Resume the rollout of ${w.name}: ${moving > 0 ? `${plural(moving, 'pod')} move to revision ${w.status.updateRevision} (${movement(w)})` : 'no pod is waiting to be updated'}.`;
}

export function confirmImage(w: W, container: string, image: string, currentImage: string | undefined): string {
  if (currentImage === image) return `Container ${container} of ${w.name} already runs ${image}: nothing changes.`;
  const kept = w.partitionedReplicas;
  const moving = Math.max(0, w.replicas - kept);
  const keptWhich = isStatefulSet(w) ? `${plural(kept, 'pod')} (the lowest ordinals)` : plural(kept, 'pod');
  const partition = isUnitedDeployment(w) ? "the subsets' partitions keep" : 'the partition keeps';
  return `Set container ${container} of ${w.name} from ${currentImage ?? '(unknown)'} to ${image}: this makes a new update revision. ${moving > 0 ? `${plural(moving, 'pod')} move to it (${movement(w)})` : 'No pod moves to it yet'}${kept > 0 ? `; ${partition} ${keptWhich} on the current revision` : ''}.${pausedNote(w)}`;
}

export function confirmScale(w: W, replicas: number): string {
  const delta = replicas - w.replicas;
  if (delta === 0) return `${w.name} already has ${plural(replicas, 'replica')}: nothing changes.`;
  const are = (n: number) => (n === 1 ? 'is' : 'are');
  if (isUnitedDeployment(w)) {
    return `Scale ${w.name} from ${w.replicas} to ${replicas}: the controller spreads the ${replicas} replicas over its subsets again (in topology order, within each subset's replicas or min/max), so ${plural(Math.abs(delta), 'pod')} ${are(Math.abs(delta))} ${delta > 0 ? 'created' : 'deleted'} in the subsets whose share changes.`;
  }
  if (isStatefulSet(w)) {
    if (delta > 0)
      return `Scale ${w.name} from ${w.replicas} to ${replicas}: ${plural(delta, 'pod')} ${are(delta)} created at the next free ordinals (reserved ordinals are skipped), at the revision the partition gives them.`;
    return `Scale ${w.name} from ${w.replicas} to ${replicas}: ${plural(-delta, 'pod')} ${are(-delta)} deleted, highest ordinal first.`;
  }
  if (delta > 0)
    return `Scale ${w.name} from ${w.replicas} to ${replicas}: ${plural(delta, 'pod')} ${are(delta)} created (at the update revision ${w.status.updateRevision}, or the current one where the partition asks for it).`;
  return `Scale ${w.name} from ${w.replicas} to ${replicas}: ${plural(-delta, 'pod')} ${are(-delta)} deleted, Kruise's order first (pods marked for deletion, unscheduled, not ready, then old revisions).`;
}

/** The ordinal at the end of an Advanced StatefulSet pod's name (`<set>-<ordinal>`). */
function ordinalOf(pod: string): number | null {
  const m = /-(\d+)$/.exec(pod);
  return m ? Number(m[1]) : null;
}

export function confirmDeletePods(w: W, pods: readonly string[], scaleDown: boolean): string {
  const which = `${plural(pods.length, 'pod')} of ${w.name} (${listNames(pods)})`;
  const hook = 'A pod with a preDelete hook waits for its acknowledgement first.';
  if (isStatefulSet(w)) {
    if (scaleDown) {
      const ordinals = pods
        .map(ordinalOf)
        .filter((o): o is number => o !== null)
        .sort((a, b) => a - b);
      return `Delete ${which}: their ordinals (${listNames(ordinals.map(String))}) are added to reserveOrdinals and replicas drop from ${w.replicas} to ${Math.max(0, w.replicas - ordinals.length)}, so they are not recreated. ${hook}`;
    }
    return `Delete ${which}: each is labelled apps.kruise.io/specified-delete, deleted within maxUnavailable and recreated at the same ordinal (same name and volumes). ${hook}`;
  }
  const then = scaleDown
    ? `replicas drop from ${w.replicas} to ${Math.max(0, w.replicas - pods.length)}, so they are not replaced`
    : `replacements are created, so ${w.name} keeps ${plural(w.replicas, 'replica')}`;
  return `Delete ${which}: ${then}. ${hook}`;
}

export function confirmRollback(w: W, revision: { name: string; images: string[] }): string {
  const kept = w.partitionedReplicas;
  return `Roll ${w.name} back to revision ${revision.name} (${revision.images.join(', ')}): its pod template becomes the update revision and up to ${plural(Math.max(0, w.replicas - kept), 'pod')} move to it (${movement(w)}).${pausedNote(w)}`;
}

const ACK_EFFECT: Record<HookPoint, string> = {
  PRE_DELETE: 'the pod is released and deleted',
  PRE_UPDATE: 'the pod goes on with its update',
  POST_UPDATE: 'the pod returns to Normal and takes traffic again',
  PRE_NORMAL: 'the pod becomes Normal and can become available',
};

export function confirmAck(pod: string, hook: HookPoint): string {
  return `Acknowledge the ${hook} hook of ${pod}: ${ACK_EFFECT[hook]}. Do this only after your own system is done with the pod (for example, it is deregistered).`;
}
