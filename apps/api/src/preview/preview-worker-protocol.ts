// What the API thread hands a preview worker (plain data, structured-cloned) and how a job is run.
import type { ControllerRevision, KubeObject, Node, Pod } from '@coxswain/kruise-api';
import { workloadKind, type WorkloadKindName } from '@coxswain/workloads';
import type { AppConfig } from '../config/config.js';
import { simulateFork, type PreviewLimits } from './fork-simulation.js';
import type { PreviewAnswer, PreviewTimings } from './preview-types.js';

export interface ForkJob {
  kind: WorkloadKindName;
  workload: KubeObject;
  pods: Pod[];
  revisions: ControllerRevision[];
  nodes: Node[];
  /** The workload with the proposed change made. */
  changed: KubeObject;
  timings: PreviewTimings;
  now: number;
  limits?: Partial<PreviewLimits>;
}

export type ForkReply = { ok: true; answer: PreviewAnswer } | { ok: false; field?: string; message: string };

export function runForkJob(job: ForkJob, config: AppConfig): Promise<PreviewAnswer> {
  const descriptor = workloadKind(job.kind)!;
  return simulateFork({ descriptor, workload: job.workload, pods: job.pods, revisions: job.revisions, nodes: job.nodes }, job.changed, job.timings, {
    config, now: job.now, limits: job.limits,
  });
}
