// Readiness gates and the conditions behind them (docs/spec/inplace-and-lifecycle.md §2.1, §2.5). The
// InPlaceUpdateReady gate lets the controller take a pod out of Service endpoints during an in-place
// update without touching the containers; Kruise only ever writes a gate's condition when the pod has
// the gate, because without it the condition would have no effect.
import {
  CONDITION_CONTAINERS_READY, CONDITION_INPLACE_UPDATE_READY, CONDITION_READY, REASON_READINESS_GATES_NOT_READY,
  type Pod, type PodCondition, type PodSpec,
} from '@coxswain/kruise-api';
import { podCondition } from '../pod/pod-state.js';
import { lifecycleTimestamp } from '../pod/time.js';

export function hasReadinessGate(pod: Pick<Pod, 'spec'>, conditionType: string): boolean {
  return (pod.spec.readinessGates ?? []).some((g) => g.conditionType === conditionType);
}

export function hasInPlaceUpdateReadinessGate(pod: Pick<Pod, 'spec'>): boolean {
  return hasReadinessGate(pod, CONDITION_INPLACE_UPDATE_READY);
}

/** The pod spec with the InPlaceUpdateReady gate appended unless present (CloneSet gives it to every pod it creates). */
export function withInPlaceUpdateReadinessGate(spec: PodSpec): PodSpec {
  const gates = spec.readinessGates ?? [];
  if (gates.some((g) => g.conditionType === CONDITION_INPLACE_UPDATE_READY)) return spec;
  return { ...spec, readinessGates: [...gates, { conditionType: CONDITION_INPLACE_UPDATE_READY }] };
}

/**
 * Kruise's setPodCondition: append the condition when the type is missing; replace an existing one only
 * when its status differs (same status keeps the old reason, message and transition time). Returns a
 * new pod; `pod` is not modified.
 */
export function setPodCondition(pod: Pod, condition: PodCondition): Pod {
  const conditions = pod.status?.conditions ?? [];
  const i = conditions.findIndex((c) => c.type === condition.type);
  if (i >= 0 && conditions[i]!.status === condition.status) return pod;
  const next = i >= 0 ? conditions.map((c, j) => (j === i ? { ...condition } : c)) : [...conditions, { ...condition }];
  return { ...pod, status: { ...(pod.status ?? {}), conditions: next } };
}

/**
 * docs/spec/inplace-and-lifecycle.md §2.5 (Kruise's SetPodReadyCondition): when a Ready condition exists and ContainersReady is True,
 * Ready becomes False/ReadinessGatesNotReady if any readiness gate's condition is missing or not True,
 * else True — replacing the existing Ready only when its status changes. Returns a new pod.
 */
export function recomputePodReady(pod: Pod, now: number): Pod {
  if (podCondition(pod, CONDITION_READY) === undefined) return pod;
  if (podCondition(pod, CONDITION_CONTAINERS_READY)?.status !== 'True') return pod;
  const unready: string[] = [];
  for (const gate of pod.spec.readinessGates ?? []) {
    const c = podCondition(pod, gate.conditionType);
    if (c === undefined) unready.push(`corresponding condition of pod readiness gate "${gate.conditionType}" does not exist.`);
    else if (c.status !== 'True') unready.push(`the status of pod readiness gate "${gate.conditionType}" is not "True", but ${c.status}`);
  }
  const lastTransitionTime = lifecycleTimestamp(now);
  const ready: PodCondition =
    unready.length === 0
      ? { type: CONDITION_READY, status: 'True', lastTransitionTime }
      : { type: CONDITION_READY, status: 'False', reason: REASON_READINESS_GATES_NOT_READY, message: unready.join(', '), lastTransitionTime };
  return setPodCondition(pod, ready);
}
