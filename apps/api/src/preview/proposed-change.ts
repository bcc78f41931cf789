// The proposed change as an edit of the workload, by the same pure mutations the API's own setImage,
// setPartition, setPaused and scale use (their errors name the argument), or a whole manifest judged as
// applyManifest judges it (manifest-change.ts); exactly one change is allowed.
import type { ClusterClient } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';
import type { WorkloadKindDescriptor } from '@coxswain/workloads';
import { MAX_FORKED_PODS } from './fork-snapshot.js';
import { manifestChange } from './manifest-change.js';
import { PreviewInputError } from './preview-errors.js';
import type { ProposedChange } from './preview-types.js';

/** `workload` with `change` made; `source` is the cluster a manifest is dry-run against. */
export async function applyProposedChange(source: ClusterClient, descriptor: WorkloadKindDescriptor, workload: KubeObject, change: ProposedChange): Promise<KubeObject> {
  const given = Object.keys(change ?? {}).filter((k) => (change as Record<string, unknown>)[k] !== undefined && (change as Record<string, unknown>)[k] !== null);
  if (given.length !== 1) throw new PreviewInputError('change', `give exactly one of image, partition, scale, paused, manifest (got ${given.length === 0 ? 'none' : given.join(', ')})`);
  if ('manifest' in change) return manifestChange(source, descriptor, workload, change.manifest);
  const m = descriptor.mutations;
  try {
    if ('image' in change) return m.setImage(workload, change.image.container, change.image.image);
    if ('partition' in change) return m.setPartition(workload, change.partition.value, change.partition.subset);
    if ('scale' in change) {
      // The fork would hold every pod: past the cap the answer is an error, not an unbounded simulation.
      if (change.scale.replicas > MAX_FORKED_PODS) throw new PreviewInputError('change.scale.replicas', `a preview forks at most ${MAX_FORKED_PODS} pods, not ${change.scale.replicas}`);
      return m.scaleWorkload(workload, change.scale.replicas);
    }
    return change.paused ? m.pauseRollout(workload) : m.resumeRollout(workload);
  } catch (err) {
    if ((err as Error).name !== 'WorkloadMutationError') throw err;
    throw new PreviewInputError(`change.${given[0]}`, (err as Error).message);
  }
}
