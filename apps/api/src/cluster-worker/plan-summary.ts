// What the `plan` and `health` queries read of a controller's plan: the plan without the writes it is
// made of, and the health it implies. Both worker compositions (embedded and Kubernetes) answer them so.
import type { ClusterClient } from '@coxswain/cluster';
import { workloadHealth, workloadKind, type RolloutPlan, type UnitedDeploymentPlan, type WorkloadKindName } from '@coxswain/workloads';
import type { PlanSource } from './controllers.js';
import type { ClusterWorkerMethods, PlanSummary } from './protocol.js';

export function planSummary(plan: RolloutPlan<object>, pendingScale: string | undefined): PlanSummary {
  return {
    updateRevision: plan.updateRevision,
    currentRevision: plan.currentRevision,
    complete: plan.complete,
    diff: plan.diff,
    actions: plan.actions.map(({ type, pod, reason, revision }) => ({ type, pod, reason, ...(revision ? { revision } : {}) })),
    blockers: plan.blockers.map(({ code, message, pods, until }) => ({ code, message, pods: [...pods], ...(until !== undefined ? { until } : {}) })),
    pendingScale,
    ...('subsets' in plan ? { subsets: (plan as UnitedDeploymentPlan).subsets } : {}),
  };
}

/**
 * The worker's `plan` and `health` methods over the controllers' plan sources (undefined while no
 * controllers run, e.g. a standby replica): observe mode shows the plan the controller last took (it
 * wrote nothing), active mode the plan it would take now.
 */
export function planMethods(
  sources: () => ReadonlyMap<WorkloadKindName, PlanSource> | undefined,
  observe: boolean,
  client: ClusterClient,
): Pick<ClusterWorkerMethods, 'plan' | 'health'> {
  return {
    plan: async (kind, namespace, name) => {
      const source = sources()?.get(kind);
      if (!source) return null;
      const plan = observe ? source.lastPlan(namespace, name) : source.planNow(namespace, name);
      return plan ? planSummary(plan, source.pendingScale(namespace, name)) : null;
    },
    health: async (kind, namespace, name) => {
      const source = sources()?.get(kind);
      const descriptor = workloadKind(kind);
      const plan = source && (source.lastPlan(namespace, name) ?? source.planNow(namespace, name));
      if (!plan || !descriptor) return null;
      const workload = await client.get(descriptor.ref, namespace, name).catch(() => undefined);
      return workloadHealth(plan, workload ? descriptor.status(workload).conditions : []);
    },
  };
}
