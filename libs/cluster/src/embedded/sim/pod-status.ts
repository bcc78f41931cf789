// The pod status the kubelet reports for a pod, computed from the simulated runtime. Only the fields and
// condition types the kubelet owns are replaced; everything else (readiness-gate conditions written by
// controllers, unknown fields) is carried over from the stored status untouched.
import { SIM_ANNOTATIONS, type Pod, type PodCondition, type PodStatus } from '@coxswain/kruise-api';
import { containerStatusOf } from './container-status.js';
import { podCondition, withCondition, type ConditionUpdate } from './pod-conditions.js';
import type { PodRun } from './pod-runtime.js';

/** Whether running containers of the pod report ready (not the simulator's never-ready pods). */
export function reportsReady(pod: Pod | undefined): boolean {
  return pod?.metadata.annotations?.[SIM_ANNOTATIONS.NeverReady] !== 'true';
}

export function desiredPodStatus(pod: Pod, run: PodRun, now: string): PodStatus {
  const reportReady = reportsReady(pod);
  const specContainers = pod.spec?.containers ?? [];
  const containerStatuses = specContainers.flatMap((c) => {
    const container = run.containers.get(c.name);
    return container ? [containerStatusOf(container, reportReady)] : [];
  });
  const ready = new Set(containerStatuses.filter((s) => s.ready).map((s) => s.name));
  const unready = specContainers.map((c) => c.name).filter((name) => !ready.has(name));
  const containersReady: ConditionUpdate =
    unready.length === 0
      ? { type: 'ContainersReady', status: 'True' }
      : { type: 'ContainersReady', status: 'False', reason: 'ContainersNotReady', message: `containers with unready status: [${unready.join(' ')}]` };
  const gateFailure = readinessGateFailure(pod);
  const podReady: ConditionUpdate =
    unready.length > 0
      ? { ...containersReady, type: 'Ready' }
      : gateFailure
        ? { type: 'Ready', status: 'False', reason: 'ReadinessGatesNotReady', message: gateFailure }
        : { type: 'Ready', status: 'True' };

  let conditions: PodCondition[] = pod.status?.conditions ?? [];
  for (const update of [{ type: 'PodScheduled', status: 'True' } as const, { type: 'Initialized', status: 'True' } as const, containersReady, podReady]) {
    conditions = withCondition(conditions, update, now);
  }
  // Every container has been started at least once: from then on the pod is Running, also while an
  // in-place restart replaces one of them. After graceful termination the phase stays what it was.
  const allStarted = specContainers.every((c) => {
    const container = run.containers.get(c.name);
    return Boolean(container?.instance ?? container?.previous);
  });
  const terminating = run.termination?.done === true;
  const phase = terminating ? (pod.status?.phase ?? 'Pending') : allStarted ? 'Running' : 'Pending';
  return {
    ...pod.status,
    phase,
    conditions,
    ...(run.hostIP ? { hostIP: run.hostIP, hostIPs: [{ ip: run.hostIP }] } : {}),
    ...(run.podIP ? { podIP: run.podIP, podIPs: [{ ip: run.podIP }] } : {}),
    startTime: run.startTime,
    containerStatuses,
  };
}

/** The status while the pod's node is down: only Ready changes, as the node lifecycle controller does it. */
export function nodeNotReadyStatus(pod: Pod, nodeName: string, now: string): PodStatus | undefined {
  const ready = podCondition(pod, 'Ready');
  if (!ready || ready.status === 'False') return undefined;
  const update: ConditionUpdate = { type: 'Ready', status: 'False', reason: 'NodeNotReady', message: `Node ${nodeName} is not ready` };
  return { ...pod.status, conditions: withCondition(pod.status?.conditions ?? [], update, now) };
}

/** Kubelet's message for the first readiness gate whose condition is missing or not True. */
function readinessGateFailure(pod: Pod): string | undefined {
  for (const gate of pod.spec?.readinessGates ?? []) {
    const condition = podCondition(pod, gate.conditionType);
    if (!condition) return `corresponding condition of pod readiness gate "${gate.conditionType}" does not exist.`;
    if (condition.status !== 'True') return `the status of pod readiness gate "${gate.conditionType}" is not "True", but ${condition.status}`;
  }
  return undefined;
}
