// Wires the NodeImage reconciler into a ControllerManager (docs/spec/image-pull.md §4.1): keyed by node
// name; woken by NodeImage changes, by node events (not for virtual-kubelet nodes), and by the deletion
// of an ImagePullJob (the NodeImages whose tags it owned, so its entries are dropped).
import { randomInt } from 'node:crypto';
import type { Controller, ControllerManager, EventRecorder, Logger, Request } from '@coxswain/controller-runtime';
import { logRetriedFailure } from '@coxswain/controller-runtime';
import { LABEL_VIRTUAL_KUBELET, VIRTUAL_KUBELET_VALUE, type ImagePullJob, type Node, type NodeImage } from '@coxswain/kruise-api';
import { IMAGE_PULL_JOB_REF, NODE_IMAGE_REF, NODE_REF } from '../refs.js';
import { NodeImageReconciler } from './reconciler.js';

export const NODE_IMAGE_CONTROLLER_NAME = 'nodeimage-controller';

export interface NodeImageControllerOptions {
  log: Logger;
  recorder?: EventRecorder;
  maxConcurrentReconciles?: number;
}

export class NodeImageController {
  readonly controller: Controller;

  constructor(manager: ControllerManager, options: NodeImageControllerOptions) {
    const nodes = manager.informerFor<Node>(NODE_REF);
    const nodeImages = manager.informerFor<NodeImage>(NODE_IMAGE_REF);
    const jobs = manager.informerFor<ImagePullJob>(IMAGE_PULL_JOB_REF);
    this.controller = manager.newController({
      name: NODE_IMAGE_CONTROLLER_NAME,
      maxConcurrentReconciles: options.maxConcurrentReconciles,
      onError: logRetriedFailure(options.log),
      reconciler: (context) => new NodeImageReconciler({
        client: context.client, clock: manager.clock, nodes, nodeImages, jobs, recorder: options.recorder, jitterMs: () => randomInt(2000),
      }),
    });
    const byName = (object: { metadata: { name?: string } }): Request[] => [{ name: object.metadata.name ?? '' }];
    this.controller.watches(nodeImages, byName);
    this.controller.watches(nodes, (node: Node) => (node.metadata.labels?.[LABEL_VIRTUAL_KUBELET] === VIRTUAL_KUBELET_VALUE ? [] : byName(node)));
    jobs.addEventHandler({
      onDelete: (job) => {
        const uid = job.metadata.uid;
        for (const nodeImage of nodeImages.list()) {
          const owned = Object.values(nodeImage.spec?.images ?? {}).some((image) => (image.tags ?? []).some((tag) => (tag.ownerReferences ?? []).some((ref) => ref.uid === uid)));
          if (owned) this.controller.enqueue({ name: nodeImage.metadata.name ?? '' });
        }
      },
    });
  }
}
