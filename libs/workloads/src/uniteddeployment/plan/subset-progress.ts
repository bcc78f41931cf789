// Whether each subset workload has brought its pods to what the UnitedDeployment wrote into it: the
// pods it should have, at the revision its partition lets through. The UnitedDeployment writes
// nothing while its workloads catch up (their own controllers create and update the pods), so this is
// what its plan shows meanwhile. A workload that no controller ever reported on and that still has no
// pod after the progress deadline is stalled: in a cluster without kube-controller-manager an apps/v1
// StatefulSet or Deployment never gets pods, and the plan says so instead of waiting forever. Pure.
import { DEFAULT_DEPLOYMENT_PROGRESS_DEADLINE_SECONDS, LABEL_KRUISE_CONTROLLER_REVISION_HASH, subsetTemplateKind, type UnitedDeployment } from '@coxswain/kruise-api';
import type { Blocker } from '../../plan/plan-types.js';
import { isActive } from '../../pod/pod-state.js';
import { timestampMillis } from '../../pod/time.js';
import type { SubsetAdapter } from './adapters/types.js';
import type { SubsetCounts, SubsetObservation } from './subsets.js';

/** Go's math.MaxInt32: a progressDeadlineSeconds that disables the deadline (CloneSet, Deployment). */
const NO_DEADLINE = 2147483647;

/**
 * How long a subset workload may go without pods: the template's progressDeadlineSeconds (CloneSet and
 * Deployment templates have one), else Kubernetes' Deployment default, 600 s. A disabled deadline
 * still gets the default: a workload nothing ever runs is never fine.
 */
export function subsetProgressDeadlineSeconds(ud: UnitedDeployment): number {
  const kind = subsetTemplateKind(ud.spec.template);
  const value = kind ? (ud.spec.template[kind]?.spec as { progressDeadlineSeconds?: unknown } | undefined)?.progressDeadlineSeconds : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value !== NO_DEADLINE ? value : DEFAULT_DEPLOYMENT_PROGRESS_DEADLINE_SECONDS;
}

export interface SubsetProgressInput {
  adapter: SubsetAdapter;
  subset: SubsetObservation;
  counts: SubsetCounts;
  /** Replicas allocated to the subset, and the partition applied. */
  replicas: number;
  partition: number;
  updateRevision: string;
  deadlineSeconds: number;
  now: number;
}

export interface SubsetProgress {
  blocker?: Blocker;
  /** When the deadline will have passed, for a workload still waiting for its first pod. */
  requeueAfterMs?: number;
}

export function subsetProgress(input: SubsetProgressInput): SubsetProgress {
  const { adapter, subset, counts, replicas, partition, updateRevision } = input;
  const workload = `${adapter.kindName} ${subset.workload.metadata.name}`;
  const code = 'WAITING_FOR_SUBSET';
  const active = subset.pods.filter(isActive).length;
  if (active < replicas) {
    const stall = stalled(input);
    if (stall.stalled) {
      const hint = adapter.ref.apiVersion === 'apps/v1' ? 'is kube-controller-manager running?' : 'is its controller running?';
      return { blocker: { code: 'PODS_NOT_CREATED', message: `subset ${subset.name}: no pods were created for ${workload} in ${input.deadlineSeconds} s: ${hint}`, pods: [] } };
    }
    return {
      blocker: { code, message: `subset ${subset.name}: ${workload} has ${active} of its ${replicas} pods`, pods: [] },
      ...(stall.inMs !== undefined ? { requeueAfterMs: stall.inMs } : {}),
    };
  }
  if (active > replicas) return { blocker: { code, message: `subset ${subset.name}: ${workload} has ${active} pods, ${replicas} wanted`, pods: [] } };
  const through = adapter.hasPartition ? Math.max(0, replicas - partition) : replicas;
  if (counts.updatedReplicas >= through) return {};
  const behind = subset.pods.filter((p) => isActive(p) && p.metadata.labels?.[LABEL_KRUISE_CONTROLLER_REVISION_HASH] !== updateRevision).map((p) => p.metadata.name!);
  const lets = adapter.hasPartition ? `; its partition ${partition} lets ${through} through` : '';
  return { blocker: { code, message: `subset ${subset.name}: ${workload} has ${counts.updatedReplicas} of its ${replicas} pods at revision ${updateRevision}${lets}`, pods: behind } };
}

/**
 * No pod, and no controller has ever reported on the workload (its status has no observedGeneration),
 * since its creation longer ago than the deadline; otherwise how long until then.
 */
function stalled(input: SubsetProgressInput): { stalled: boolean; inMs?: number } {
  const { workload, pods } = input.subset;
  const observed = (workload.status?.observedGeneration ?? 0) > 0;
  const created = timestampMillis(workload.metadata.creationTimestamp);
  if (observed || pods.length > 0 || created === undefined) return { stalled: false };
  const left = created + input.deadlineSeconds * 1000 - input.now;
  return left <= 0 ? { stalled: true } : { stalled: false, inMs: left };
}
