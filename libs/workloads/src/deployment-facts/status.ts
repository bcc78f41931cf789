// A Deployment's status after a sync (Kubernetes' calculateStatus and syncRolloutStatus): the counts
// over its ReplicaSets, Available against maxUnavailable, and Progressing with the progress deadline.
// Pure: `now` is the sync's time.
import type { Deployment, DeploymentCondition, DeploymentStatus, ReplicaSet } from '@coxswain/kruise-api';
import { lifecycleTimestamp, timestampMillis } from '../pod/time.js';
import { specReplicaSum } from './replica-sets.js';
import { availableThreshold } from './strategy.js';

/** What resolving the new ReplicaSet said, for the Progressing condition. */
export type ConditionNote = { kind: 'created' | 'found'; rs: string };

export interface DeploymentStatusInput {
  d: Deployment;
  /** Every ReplicaSet as this sync leaves it. */
  all: readonly ReplicaSet[];
  newRS: ReplicaSet | undefined;
  notes: readonly ConditionNote[];
  now: number;
}

export function deploymentStatus({ d, all, newRS, notes, now }: DeploymentStatusInput): { status: DeploymentStatus; requeueAfterMs?: number } {
  const replicas = d.spec.replicas ?? 1;
  const sum = (read: (rs: ReplicaSet) => number | undefined) => all.reduce((total, rs) => total + (read(rs) ?? 0), 0);
  const available = sum((rs) => rs.status?.availableReplicas);
  const status: DeploymentStatus = {
    observedGeneration: d.metadata.generation ?? 0,
    replicas: sum((rs) => rs.status?.replicas),
    updatedReplicas: newRS?.status?.replicas ?? 0,
    readyReplicas: sum((rs) => rs.status?.readyReplicas),
    availableReplicas: available,
    unavailableReplicas: Math.max(0, specReplicaSum(all) - available),
    ...(d.status?.collisionCount !== undefined ? { collisionCount: d.status.collisionCount } : {}),
  };
  const stamp = lifecycleTimestamp(now);
  let conditions = [...(d.status?.conditions ?? [])];
  const set = (next: DeploymentCondition) => {
    const current = conditions.find((c) => c.type === next.type);
    // SetDeploymentCondition keeps the transition time while the status stays the same.
    const kept = current && current.status === next.status ? { ...next, lastTransitionTime: current.lastTransitionTime } : next;
    if (current && current.status === next.status && current.reason === next.reason && current.message === next.message) return;
    conditions = [...conditions.filter((c) => c.type !== next.type), kept];
  };
  const condition = (type: DeploymentCondition['type'], value: DeploymentCondition['status'], reason: string, message: string): DeploymentCondition =>
    ({ type, status: value, lastUpdateTime: stamp, lastTransitionTime: stamp, reason, message });

  set(available >= availableThreshold(d)
    ? condition('Available', 'True', 'MinimumReplicasAvailable', 'Deployment has minimum availability.')
    : condition('Available', 'False', 'MinimumReplicasUnavailable', 'Deployment does not have minimum availability.'));

  const progressing = () => conditions.find((c) => c.type === 'Progressing');
  if (d.spec.paused) {
    if (progressing()?.reason !== 'DeploymentPaused') set(condition('Progressing', 'Unknown', 'DeploymentPaused', 'Deployment is paused'));
    return { status: { ...status, conditions } };
  }
  if (progressing()?.reason === 'DeploymentPaused') set(condition('Progressing', 'Unknown', 'DeploymentResumed', 'Deployment is resumed'));
  for (const note of notes) {
    if (note.kind === 'created') set(condition('Progressing', 'True', 'NewReplicaSetCreated', `Created new replica set "${note.rs}"`));
    else if (!progressing()) set(condition('Progressing', 'True', 'FoundNewReplicaSet', `Found new replica set "${note.rs}"`));
  }

  const deadline = d.spec.progressDeadlineSeconds;
  let requeueAfterMs: number | undefined;
  const current = progressing();
  const alreadyComplete = status.replicas === status.updatedReplicas && current?.reason === 'NewReplicaSetAvailable';
  if (deadline !== undefined && newRS && !alreadyComplete) {
    const name = newRS.metadata.name;
    const complete = status.updatedReplicas === replicas && status.replicas === replicas && status.availableReplicas === replicas;
    if (complete) {
      set(condition('Progressing', 'True', 'NewReplicaSetAvailable', `ReplicaSet "${name}" has successfully progressed.`));
    } else if (isProgressing(d, status)) {
      const next = condition('Progressing', 'True', 'ReplicaSetUpdated', `ReplicaSet "${name}" is progressing.`);
      conditions = [...conditions.filter((c) => c.type !== 'Progressing'), current?.status === 'True' ? { ...next, lastTransitionTime: current.lastTransitionTime } : next];
    } else if (current && current.reason !== 'ProgressDeadlineExceeded') {
      const since = timestampMillis(current.lastUpdateTime) ?? now;
      const timeout = since + deadline * 1000;
      if (timeout < now) set(condition('Progressing', 'False', 'ProgressDeadlineExceeded', `ReplicaSet "${name}" has timed out progressing.`));
      else requeueAfterMs = timeout - now + 1000;
    }
  }
  return { status: { ...status, conditions }, ...(requeueAfterMs !== undefined ? { requeueAfterMs } : {}) };
}

/** DeploymentProgressing: more updated, fewer old, more ready or more available pods than the stored status shows. */
function isProgressing(d: Deployment, next: DeploymentStatus): boolean {
  const old = d.status ?? {};
  const oldOld = (old.replicas ?? 0) - (old.updatedReplicas ?? 0);
  const newOld = (next.replicas ?? 0) - (next.updatedReplicas ?? 0);
  return (next.updatedReplicas ?? 0) > (old.updatedReplicas ?? 0) || newOld < oldOld
    || (next.readyReplicas ?? 0) > (old.readyReplicas ?? 0) || (next.availableReplicas ?? 0) > (old.availableReplicas ?? 0);
}
