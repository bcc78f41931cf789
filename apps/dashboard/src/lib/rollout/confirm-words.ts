// What a change will do, said before the operator confirms it. Numbers come from the workload's
// status and the current plan, with Kruise's arithmetic (partition rounds up, maxUnavailable down).
import type { HookPoint, RolloutPlan, WorkloadSummary } from '../api/types';
import { listNames } from './plan-words';
import { maxUnavailablePods, partitionPods, strategyOf } from './strategy';

type W = Pick<WorkloadSummary, 'name' | 'replicas' | 'updateStrategy' | 'status'>;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function movement(w: W): string {
  const s = strategyOf(w.updateStrategy);
  const how = s.podUpdatePolicy === 'ReCreate' ? 'recreated' : 'updated in place where possible, otherwise recreated';
  return `${how}, at most ${maxUnavailablePods(s, w.replicas)} unavailable at a time (maxUnavailable ${s.maxUnavailable})`;
}

function pausedNote(w: W): string {
  return strategyOf(w.updateStrategy).paused ? ' The rollout is paused, so nothing moves until you resume it.' : '';
}

/** Pods that move to the update revision when the partition keeps `kept` of them on the current one. */
function toMove(w: W, kept: number): number {
  return Math.max(0, w.replicas - kept - w.status.updatedReplicas);
}

export function confirmPartition(w: W, next: number | string): string {
  const s = strategyOf(w.updateStrategy);
  const before = partitionPods(s.partition, w.replicas);
  const kept = partitionPods(next, w.replicas);
  const head = `Set the partition of ${w.name} from ${s.partition} to ${next}: ${plural(kept, 'pod')} of ${w.replicas} stay on the current revision ${w.status.currentRevision}.`;
  if (w.status.updateRevision === w.status.currentRevision && w.status.updatedReplicas >= w.replicas) {
    return `${head} Every pod already runs ${w.status.updateRevision}; the partition applies to the next template change.`;
  }
  const moving = toMove(w, kept);
  if (moving > 0) return `${head} ${plural(moving, 'pod')} move to revision ${w.status.updateRevision} (${movement(w)}).${pausedNote(w)}`;
  if (kept > before) {
    return `${head} No more pods are updated; the ${plural(w.status.updatedReplicas, 'pod')} already on ${w.status.updateRevision} stay there (unless the CloneSetPartitionRollback gate is on).`;
  }
  return `${head} No pod changes revision.`;
}

export function confirmPause(w: W, plan: Pick<RolloutPlan, 'actions'>): string {
  const updates = plan.actions.filter((a) => a.type === 'RECREATE' || a.type === 'UPDATE_IN_PLACE').length;
  return `Pause the rollout of ${w.name}: no further pod is updated until you resume${updates ? ` (${plural(updates, 'update')} planned now will wait)` : ''}. Pods already being replaced finish, and scaling still works.`;
}

export function confirmResume(w: W): string {
  const kept = partitionPods(strategyOf(w.updateStrategy).partition, w.replicas);
  const moving = toMove(w, kept);
  return `Resume the rollout of ${w.name}: ${moving > 0 ? `${plural(moving, 'pod')} move to revision ${w.status.updateRevision} (${movement(w)})` : 'no pod is waiting to be updated'}.`;
}

export function confirmImage(w: W & Pick<WorkloadSummary, 'images'>, container: string, image: string, currentImage: string | undefined): string {
  if (currentImage === image) return `Container ${container} of ${w.name} already runs ${image}: nothing changes.`;
  const kept = partitionPods(strategyOf(w.updateStrategy).partition, w.replicas);
  const moving = Math.max(0, w.replicas - kept);
  return `Set container ${container} of ${w.name} from ${currentImage ?? '(unknown)'} to ${image}: this makes a new update revision. ${moving > 0 ? `${plural(moving, 'pod')} move to it (${movement(w)})` : 'No pod moves to it yet'}${kept > 0 ? `; the partition keeps ${plural(kept, 'pod')} on the current revision` : ''}.${pausedNote(w)}`;
}

export function confirmScale(w: W, replicas: number): string {
  const delta = replicas - w.replicas;
  if (delta === 0) return `${w.name} already has ${plural(replicas, 'replica')}: nothing changes.`;
  const are = (n: number) => (n === 1 ? 'is' : 'are');
  if (delta > 0) return `Scale ${w.name} from ${w.replicas} to ${replicas}: ${plural(delta, 'pod')} ${are(delta)} created (at the update revision ${w.status.updateRevision}, or the current one where the partition asks for it).`;
  return `Scale ${w.name} from ${w.replicas} to ${replicas}: ${plural(-delta, 'pod')} ${are(-delta)} deleted, Kruise's order first (pods marked for deletion, unscheduled, not ready, then old revisions).`;
}

export function confirmDeletePods(w: W, pods: readonly string[], scaleDown: boolean): string {
  const then = scaleDown
    ? `replicas drop from ${w.replicas} to ${Math.max(0, w.replicas - pods.length)}, so they are not replaced`
    : `replacements are created, so ${w.name} keeps ${plural(w.replicas, 'replica')}`;
  return `Delete ${plural(pods.length, 'pod')} of ${w.name} (${listNames(pods)}): ${then}. A pod with a preDelete hook waits for its acknowledgement first.`;
}

export function confirmRollback(w: W, revision: { name: string; images: string[] }): string {
  const kept = partitionPods(strategyOf(w.updateStrategy).partition, w.replicas);
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
