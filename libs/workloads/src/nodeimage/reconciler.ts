// The NodeImage reconcile loop (docs/spec/image-pull.md §4): read the node, its NodeImage and the jobs
// from the informers (and the non-batch pull Secrets the spec names from the API), plan, write one thing.
import { isApiError, type Clock, type ClusterClient } from '@coxswain/cluster';
import type { EventRecorder, Informer, ReconcileResult, Reconciler, Request } from '@coxswain/controller-runtime';
import type { ImagePullJob, Node, NodeImage, ReferenceObject } from '@coxswain/kruise-api';
import { SECRET_REF } from '../refs.js';
import { planNodeImage } from './plan/planner.js';
import { recordFailedTags, writeNodeImage } from './sync/node-image-writes.js';

export interface NodeImageReconcilerDeps {
  client: ClusterClient;
  clock: Clock;
  nodes: Informer<Node>;
  nodeImages: Informer<NodeImage>;
  jobs: Informer<ImagePullJob>;
  recorder?: EventRecorder;
  /** Kruise's jitter on short requeues (0–2000 ms). */
  jitterMs: () => number;
}

export class NodeImageReconciler implements Reconciler {
  constructor(private readonly deps: NodeImageReconcilerDeps) {}

  async reconcile(request: Request): Promise<ReconcileResult | void> {
    const { client, clock, nodes, nodeImages, jobs } = this.deps;
    const nodeImage = nodeImages.get(undefined, request.name);
    const secrets = await this.secretsPresent(nodeImage);
    const plan = planNodeImage({
      name: request.name,
      node: nodes.get(undefined, request.name),
      nodeImage,
      lookups: {
        jobUid: (namespace, name) => (name ? jobs.get(namespace, name)?.metadata.uid : undefined),
        secretExists: (ref) => secrets.get(`${ref.namespace ?? ''}/${ref.name ?? ''}`) ?? true,
      },
      nowMs: clock.now(),
      jitterMs: this.deps.jitterMs(),
    });
    if (plan.type === 'none') return plan.requeueAfterMs !== undefined ? { requeueAfterMs: plan.requeueAfterMs } : undefined;
    if (plan.type === 'delete') {
      await writeNodeImage(client, 'delete', nodeImage!);
      return;
    }
    await writeNodeImage(client, plan.type, plan.nodeImage);
    if (plan.type === 'status') {
      recordFailedTags(this.deps.recorder, plan.nodeImage, plan.failed);
      return plan.requeueAfterMs !== undefined ? { requeueAfterMs: plan.requeueAfterMs } : undefined;
    }
  }

  /** Whether each non-batch pull Secret the spec names exists (a read error counts as present, as in Kruise). */
  private async secretsPresent(nodeImage: NodeImage | undefined): Promise<Map<string, boolean>> {
    const present = new Map<string, boolean>();
    const refs: ReferenceObject[] = Object.values(nodeImage?.spec?.images ?? {}).flatMap((image) => image.pullSecrets ?? []).filter((ref) => ref.mode !== 'batch');
    for (const ref of refs) {
      const key = `${ref.namespace ?? ''}/${ref.name ?? ''}`;
      if (present.has(key)) continue;
      try {
        await this.deps.client.get(SECRET_REF, ref.namespace, ref.name ?? '');
        present.set(key, true);
      } catch (err) {
        present.set(key, !isApiError(err, 'NotFound'));
      }
    }
    return present;
  }
}
