// What the API thread hands a preview worker (plain data, structured-cloned) and how a job is run.
import type { ControllerRevision, KubeObject, Node, PersistentVolumeClaim, Pod } from '@coxswain/kruise-api';
import { workloadKind, type WorkloadKindName } from '@coxswain/workloads';
import type { AppConfig } from '../config/config.js';
import { simulateFork, type PreviewLimits } from './fork-simulation.js';
import type { PreviewAnswer, PreviewTimings } from './preview-types.js';

export interface ForkJob {
  kind: WorkloadKindName;
  workload: KubeObject;
  pods: Pod[];
  revisions: ControllerRevision[];
  /** Workloads it owns (a UnitedDeployment's subsets, their ReplicaSets). */
  owned: KubeObject[];
  claims: PersistentVolumeClaim[];
  nodes: Node[];
  /** Other pods on the nodes: capacity, never reconciled. */
  others: Pod[];
  /** Other pods taking room beyond the cap, not copied. */
  othersLeftOut: number;
  /** The workload with the proposed change made. */
  changed: KubeObject;
  timings: PreviewTimings;
  now: number;
  limits?: Partial<PreviewLimits>;
}

export type ForkReply = { ok: true; answer: PreviewAnswer } | { ok: false; field?: string; message: string };

export function runForkJob(job: ForkJob, config: AppConfig): Promise<PreviewAnswer> {
  const descriptor = workloadKind(job.kind)!;
  return simulateFork({ descriptor, workload: job.workload, pods: job.pods, revisions: job.revisions, owned: job.owned, claims: job.claims, nodes: job.nodes, others: job.others, othersLeftOut: job.othersLeftOut }, job.changed, job.timings, {
    config, now: job.now, limits: job.limits,
  });
}
