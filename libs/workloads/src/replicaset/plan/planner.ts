// The ReplicaSet controller's decision for one sync (Kubernetes' manageReplicas and
// calculateStatus): how many pods to create, which to delete, and the status the pods show. Pure.
import { Selector, type Pod, type ReplicaSet, type ReplicaSetCondition, type ReplicaSetStatus } from '@coxswain/kruise-api';
import type { PlannedAction, RolloutPlan } from '../../plan/plan-types.js';
import { isNativePodAvailable, isNativePodReady, nativeAvailableAt } from '../../pod/native-pod-state.js';
import { isActive } from '../../pod/pod-state.js';
import { lifecycleTimestamp } from '../../pod/time.js';
import { podsToDelete } from './delete-order.js';

/** Kubernetes' burstReplicas: at most this many creations or deletions per sync. */
export const BURST_REPLICAS = 500;

export interface ReplicaSetPlanInput {
  rs: ReplicaSet;
  /** Pods the ReplicaSet controls (after adoption), terminating and finished ones included. */
  pods: readonly Pod[];
  /** Active pods of every ReplicaSet with the same controller, for the doubled-up rule; default `pods`. */
  related?: readonly Pod[];
  now: number;
}

export interface ReplicaSetDiff {
  replicas: number;
  active: number;
  /** active − replicas: negative creates, positive deletes. */
  diff: number;
}

export interface ReplicaSetPlan extends RolloutPlan<ReplicaSetDiff> {
  create: number;
  delete: Pod[];
  /** The status to write when the writes succeed (a failure adds ReplicaFailure, see withReplicaFailure). */
  status: ReplicaSetStatus;
  /** A Ready pod becomes available then (minReadySeconds). */
  requeueAfterMs?: number;
}

export function planReplicaSet({ rs, pods, related, now }: ReplicaSetPlanInput): ReplicaSetPlan {
  const active = pods.filter(isActive);
  const replicas = rs.spec.replicas ?? 1;
  const diff = active.length - replicas;
  const create = diff < 0 ? Math.min(-diff, BURST_REPLICAS) : 0;
  const doomed = diff > 0 ? podsToDelete(active, related ?? active, Math.min(diff, BURST_REPLICAS), now) : [];
  const actions: PlannedAction[] = [
    ...Array.from({ length: create }, (): PlannedAction => ({ type: 'CREATE', pod: `${rs.metadata.name}-*`, reason: `scale up ${active.length} -> ${replicas}` })),
    ...doomed.map((p): PlannedAction => ({ type: 'DELETE', pod: p.metadata.name!, reason: `scale down ${active.length} -> ${replicas}` })),
  ];
  const minReadySeconds = rs.spec.minReadySeconds ?? 0;
  const availableAt = active.map((p) => nativeAvailableAt(p, minReadySeconds, now)).filter((t): t is number => t !== undefined);
  const status = replicaSetStatus(rs, active, now);
  return {
    updateRevision: '', currentRevision: '', complete: diff === 0 && status.availableReplicas === replicas,
    diff: { replicas, active: active.length, diff }, actions, blockers: [],
    create, delete: doomed, status,
    ...(availableAt.length > 0 ? { requeueAfterMs: Math.max(1, Math.min(...availableAt) - now) } : {}),
  };
}

/** calculateStatus over the active pods (before this sync's writes), without ReplicaFailure. */
export function replicaSetStatus(rs: ReplicaSet, active: readonly Pod[], now: number): ReplicaSetStatus {
  const templateLabels = Selector.fromLabelSelector({ matchLabels: rs.spec.template.metadata?.labels ?? {} });
  const minReadySeconds = rs.spec.minReadySeconds ?? 0;
  const conditions = (rs.status?.conditions ?? []).filter((c) => c.type !== 'ReplicaFailure');
  return {
    replicas: active.length,
    fullyLabeledReplicas: active.filter((p) => templateLabels.matches(p.metadata.labels ?? {})).length,
    readyReplicas: active.filter(isNativePodReady).length,
    availableReplicas: active.filter((p) => isNativePodAvailable(p, minReadySeconds, now)).length,
    observedGeneration: rs.metadata.generation ?? 0,
    ...(conditions.length > 0 ? { conditions } : {}),
  };
}

/** The status with ReplicaFailure True (FailedCreate / FailedDelete), kept from before when it says the same. */
export function withReplicaFailure(rs: ReplicaSet, status: ReplicaSetStatus, reason: 'FailedCreate' | 'FailedDelete', message: string, now: number): ReplicaSetStatus {
  const previous = rs.status?.conditions?.find((c) => c.type === 'ReplicaFailure');
  const condition: ReplicaSetCondition = previous?.status === 'True' && previous.reason === reason && previous.message === message
    ? previous
    : { type: 'ReplicaFailure', status: 'True', lastTransitionTime: lifecycleTimestamp(now), reason, message };
  return { ...status, conditions: [...(status.conditions ?? []), condition] };
}
