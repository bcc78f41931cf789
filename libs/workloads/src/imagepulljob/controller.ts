// Wires the ImagePullJob reconciler into a ControllerManager (docs/spec/image-pull.md §3.1): informers for
// jobs, NodeImages and pods; a job is woken by its own changes, by a change of a NodeImage it selects (or
// selected), and by a pod its podSelector matches. The random parts (a NodeImage tag's TTL, a Secret
// copy's suffix) are Kruise's; tests may fix them.
import { randomBytes, randomInt } from 'node:crypto';
import type { Controller, ControllerManager, Logger, Request } from '@coxswain/controller-runtime';
import { enqueueObject, logRetriedFailure, requestKey, ResourceVersionExpectations } from '@coxswain/controller-runtime';
import type { ImagePullJob, NodeImage, Pod } from '@coxswain/kruise-api';
import { IMAGE_PULL_JOB_REF, NODE_IMAGE_REF, POD_REF } from '../refs.js';
import { isActiveJob, jobSelectsPod, selectJobNodeImages } from './plan/job-nodes.js';
import type { RandomInt } from './plan/node-image-edit.js';
import { ImagePullJobReconciler } from './reconciler.js';

export const IMAGE_PULL_JOB_CONTROLLER_NAME = 'imagepulljob-controller';

/** Pods by `namespace/nodeName`: a NodeImage event reads the pods of its node, not of the namespace. */
const PODS_BY_NODE = 'imagepulljob-pods-by-node';
const podsOnNode = (namespace: string | undefined, node: string) => `${namespace ?? ''}/${node}`;

export interface ImagePullJobControllerOptions {
  log: Logger;
  maxConcurrentReconciles?: number;
  /** Kruise's rand.Int31n; default crypto randomness. */
  random?: RandomInt;
  /** The 6 hex characters of a Secret copy's name. */
  randomSuffix?: () => string;
}

export class ImagePullJobController {
  readonly controller: Controller;
  /** The NodeImages each job selected on its last reconcile, by `namespace/name`. */
  private readonly selected = new Map<string, string[]>();

  constructor(manager: ControllerManager, options: ImagePullJobControllerOptions) {
    const jobs = manager.informerFor<ImagePullJob>(IMAGE_PULL_JOB_REF);
    const nodeImages = manager.informerFor<NodeImage>(NODE_IMAGE_REF);
    const pods = manager.informerFor<Pod>(POD_REF);
    pods.addIndexer(PODS_BY_NODE, (pod) => (pod.spec?.nodeName ? [podsOnNode(pod.metadata.namespace, pod.spec.nodeName)] : []));
    const jobVersions = new ResourceVersionExpectations({ clock: manager.clock, cache: jobs });
    const nodeImageVersions = new ResourceVersionExpectations({ clock: manager.clock, cache: nodeImages });
    this.controller = manager.newController({
      name: IMAGE_PULL_JOB_CONTROLLER_NAME,
      maxConcurrentReconciles: options.maxConcurrentReconciles,
      onError: logRetriedFailure(options.log),
      reconciler: (context) => new ImagePullJobReconciler({
        client: context.client, clock: manager.clock, jobs, nodeImages, pods, jobVersions, nodeImageVersions,
        random: options.random ?? ((n) => randomInt(n)),
        randomSuffix: options.randomSuffix ?? (() => randomBytes(3).toString('hex')),
        selected: this.selected, log: options.log,
      }),
    });
    this.controller.watches(jobs, enqueueObject());
    this.controller.watches(nodeImages, (nodeImage: NodeImage): Request[] => {
      const name = nodeImage.metadata.name ?? '';
      return jobs.list().filter((job) => {
        if (!isActiveJob(job)) return false;
        if (this.selected.get(requestKey(asRequest(job)))?.includes(name)) return true;
        const onNode = job.spec.podSelector ? pods.byIndex(PODS_BY_NODE, podsOnNode(job.metadata.namespace, name)) : [];
        return selectJobNodeImages(job, [nodeImage], onNode).length > 0;
      }).map(asRequest);
    });
    this.controller.watches(pods, (pod: Pod): Request[] =>
      jobs.list(pod.metadata.namespace).filter((job) => isActiveJob(job) && jobSelectsPod(job, pod)).map(asRequest));
  }
}

function asRequest(job: ImagePullJob): Request {
  return { namespace: job.metadata.namespace, name: job.metadata.name ?? '' };
}
