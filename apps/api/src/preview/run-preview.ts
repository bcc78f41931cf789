// previewRollout: the proposed change simulated before it is made. The snapshot is read through the
// cluster port (embedded and Kubernetes mode alike, read only), the change is checked against it, and
// the fork runs in a preview worker thread so the API thread never carries the simulation.
// docs/preview.md is the user guide, with the measured accuracy.
import type { ClusterClient, KubeletOptions } from '@coxswain/cluster';
import type { AppConfig } from '../config/config.js';
import { readForkSnapshot } from './fork-snapshot.js';
import type { PreviewLimits } from './fork-simulation.js';
import { forkTimings } from './learned-timings.js';
import { applyProposedChange } from './proposed-change.js';
import type { PreviewAnswer, PreviewRequest } from './preview-types.js';
import type { ForkJob } from './preview-worker-protocol.js';

export interface PreviewOptions {
  config: AppConfig;
  /** The source cluster's time now (its clock), where the fork's clock starts. */
  now: number;
  /** The source's kubelet timings when known exactly (the embedded cluster's configuration); else learned. */
  kubelet?: Partial<KubeletOptions>;
  limits?: Partial<PreviewLimits>;
  /** Where the fork runs; default in this thread (tests). The API passes its PreviewHost. */
  run?: (job: ForkJob) => Promise<PreviewAnswer>;
}

export async function previewRollout(source: ClusterClient, request: PreviewRequest, options: PreviewOptions): Promise<PreviewAnswer> {
  const snapshot = await readForkSnapshot(source, request);
  // Checked against the source's object before anything is built: a bad change is the caller's error.
  const changed = await applyProposedChange(source, snapshot.descriptor, snapshot.workload, request.change);
  const job: ForkJob = {
    kind: request.kind, workload: snapshot.workload, pods: snapshot.pods, revisions: snapshot.revisions, owned: snapshot.owned, claims: snapshot.claims, nodes: snapshot.nodes, others: snapshot.others, othersLeftOut: snapshot.othersLeftOut,
    changed, timings: forkTimings(snapshot.pods, options.kubelet), now: options.now, limits: options.limits,
  };
  if (options.run) return options.run(job);
  const { runForkJob } = await import('./preview-worker-protocol.js');
  return runForkJob(job, options.config);
}
