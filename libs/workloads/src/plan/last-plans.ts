// The plan each workload's last reconcile computed, kept for the API's plan queries (in observe mode:
// computed and not applied). A controller keeps one per kind; a workload's plan goes when it is deleted.
import type { Informer } from '@coxswain/controller-runtime';
import { objectKey, requestKey } from '@coxswain/controller-runtime';
import type { KubeObject } from '@coxswain/kruise-api';

export class LastPlans<Plan> {
  private readonly plans = new Map<string, Plan>();

  constructor(workloads: Pick<Informer<KubeObject>, 'addEventHandler'>) {
    workloads.addEventHandler({ onDelete: (workload) => this.plans.delete(objectKey(workload)) });
  }

  /** The reconciler's onPlan. */
  readonly record = (key: string, plan: Plan): void => {
    this.plans.set(key, plan);
  };

  get(namespace: string, name: string): Plan | undefined {
    return this.plans.get(requestKey({ namespace, name }));
  }
}
