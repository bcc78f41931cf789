// kruise-daemon's image puller on every simulated node (docs/spec/image-pull.md §5): it watches the
// NodeImages, pulls each tag their spec asks for through the node's image cache (the kubelet's, so a
// pre-pulled image costs a later pod start no pull), and writes the NodeImage's status as kruise-daemon
// does. The pull rules (attempts, timeouts, deadlines, the messages) are image-pull-attempts.ts; the
// status is built by nodeImageStatus. Not modelled: pull Secrets are not read (the simulated registry
// needs none), progress is 0 until the pull ends, and the daemon writes no events.
import type { ImageTagSpec, NodeImage, NodeImageStatus } from '@coxswain/kruise-api';
import { isoNow, type Clock } from '../../clock.js';
import { isApiError } from '../../errors.js';
import type { ClusterClient, KindRef } from '../../port.js';
import { deepEqual } from '../store/json-value.js';
import { imageIdOf } from './container-status.js';
import type { ImageCache } from './image-cache.js';
import { attemptPlan, backoffMs, pullReference, type PullOutcome } from './image-pull-attempts.js';
import { KeyedQueue } from './keyed-queue.js';
import { ListWatchCache } from './list-watch.js';
import { updateStatusWithRetry } from './optimistic-write.js';
import { nodeImageStatus, tagIsActive, type TagWorkerState } from './node-image-status.js';
import type { TimerSet } from './timer-set.js';

export const NODE_IMAGE: KindRef = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'NodeImage' };

export interface ImagePullerDeps {
  client: ClusterClient;
  clock: Clock;
  timers: TimerSet;
  images: ImageCache;
  /** Whether the node exists: a NodeImage without a node (a fake one) has no daemon to answer it. */
  hasNode: (nodeName: string) => boolean;
  /** Runs `resume` now, or once the node is up and the simulator not frozen (the kubelet's hold). */
  whenRunnable: (nodeName: string, resume: () => void) => void;
  onError: (err: unknown) => void;
}

interface PullWorker {
  state: TagWorkerState;
  stopped: boolean;
}

export class ImagePuller {
  private readonly nodeImages: ListWatchCache<NodeImage>;
  private readonly queue: KeyedQueue;
  /** Per node, the pull workers by `<image name>\0<tag>`. */
  private readonly workers = new Map<string, Map<string, PullWorker>>();
  private stopped = false;

  constructor(private readonly deps: ImagePullerDeps) {
    this.queue = new KeyedQueue((nodeName) => this.sync(nodeName), deps.onError);
    this.nodeImages = new ListWatchCache<NodeImage>(deps.client, deps.clock, NODE_IMAGE, {
      upserted: (nodeImage) => this.queue.mark(nodeImage.metadata.name ?? ''),
      deleted: (nodeImage) => this.queue.mark(nodeImage.metadata.name ?? ''),
    }, deps.onError);
  }

  async start(): Promise<void> {
    await this.nodeImages.start();
  }

  stop(): void {
    this.stopped = true;
    this.nodeImages.stop();
    this.queue.stop();
    for (const workers of this.workers.values()) for (const worker of workers.values()) worker.stopped = true;
    this.workers.clear();
  }

  /** A node appeared or changed: its daemon syncs (one that just appeared starts pulling). */
  nodeChanged(nodeName: string): void {
    if (this.nodeImages.get(`/${nodeName}`)) this.queue.mark(nodeName);
  }

  get busy(): boolean {
    return this.queue.busy;
  }

  drained(): Promise<void> {
    return this.queue.drained();
  }

  /** One sync of a node (kruise-daemon's `sync`): start and stop workers, then report. */
  private async sync(nodeName: string): Promise<void> {
    if (this.stopped) return;
    const nodeImage = this.deps.hasNode(nodeName) ? this.nodeImages.get(`/${nodeName}`) : undefined;
    const workers = this.workers.get(nodeName) ?? new Map<string, PullWorker>();
    if (!nodeImage) {
      for (const worker of workers.values()) worker.stopped = true;
      this.workers.delete(nodeName);
      return;
    }
    this.workers.set(nodeName, workers);
    const wanted = new Set<string>();
    for (const [name, image] of Object.entries(nodeImage.spec?.images ?? {})) {
      for (const tag of image.tags ?? []) {
        if (!tagIsActive(nodeImage, name, tag)) continue;
        const key = `${name}\u0000${tag.tag}`;
        const worker = workers.get(key);
        if (worker && worker.state.version === (tag.version ?? 0)) {
          wanted.add(key);
          continue;
        }
        if (worker) worker.stopped = true;
        wanted.add(key);
        workers.set(key, this.startWorker(nodeName, name, tag));
      }
    }
    for (const [key, worker] of workers) {
      if (wanted.has(key)) continue;
      worker.stopped = true;
      workers.delete(key);
    }
    await this.report(nodeImage, workers);
  }

  private startWorker(nodeName: string, name: string, tag: ImageTagSpec): PullWorker {
    const worker: PullWorker = { state: { name, tag: tag.tag, version: tag.version ?? 0, status: { tag: tag.tag, phase: 'Waiting', version: tag.version ?? 0 } }, stopped: false };
    const changed = () => this.queue.mark(nodeName);
    // The worker reports Waiting first, then starts pulling on a later turn (kruise-daemon's pool).
    this.deps.timers.set(0, () => {
      if (worker.stopped) return;
      this.deps.whenRunnable(nodeName, () => this.runPull(nodeName, worker, tag, changed));
    });
    return worker;
  }

  private runPull(nodeName: string, worker: PullWorker, tag: ImageTagSpec, changed: () => void): void {
    if (worker.stopped) return;
    const startMs = this.deps.clock.now();
    const reference = pullReference(worker.state.name, tag.tag);
    const plan = attemptPlan(tag);
    worker.state.status = { tag: tag.tag, phase: 'Pulling', progress: 0, startTime: isoNow(this.deps.clock), version: worker.state.version };
    changed();
    const finish = (outcome: PullOutcome) => {
      if (worker.stopped) return;
      const done = { ...worker.state.status, completionTime: isoNow(this.deps.clock) };
      worker.state.status = outcome.ok
        ? { ...done, phase: 'Succeeded', progress: 100, imageID: outcome.imageID }
        : { ...done, phase: 'Failed', message: outcome.message };
      changed();
    };
    const attempt = (number: number) => {
      if (worker.stopped) return;
      const timeoutMs = plan.attemptTimeoutMs(this.deps.clock.now() - startMs);
      if (timeoutMs <= 0) {
        finish({ ok: false, message: 'pulling exceeds the activeDeadlineSeconds' });
        return;
      }
      let settled = false;
      const settle = (outcome: PullOutcome) => {
        if (settled) return;
        settled = true;
        timer.cancel();
        this.deps.whenRunnable(nodeName, () => {
          if (outcome.ok || number >= plan.attempts) finish(outcome);
          else this.deps.timers.set(backoffMs(number), () => attempt(number + 1));
        });
      };
      const timer = this.deps.timers.set(timeoutMs, () => settle({ ok: false, message: `pulling image ${reference} is canceled` }));
      this.deps.images.pull(nodeName, reference, (pulled) => settle(pulled
        ? { ok: true, imageID: `${worker.state.name}@sha256:${imageDigest(reference)}` }
        : { ok: false, message: `pulling image ${reference} error simulated pull failure (image matches the kubelet simulator's failImagePattern)` }),
      plan.always);
    };
    attempt(1);
  }

  /** Writes the status kruise-daemon would build now, when it differs from the stored one. */
  private async report(nodeImage: NodeImage, workers: ReadonlyMap<string, PullWorker>): Promise<void> {
    const states = new Map([...workers].map(([key, worker]) => [key, worker.state]));
    try {
      await updateStatusWithRetry<NodeImage>(this.deps.client, NODE_IMAGE, nodeImage, (latest) => {
        if (latest.metadata.uid !== nodeImage.metadata.uid) return undefined;
        const status: NodeImageStatus = nodeImageStatus(latest, states);
        return deepEqual(status, latest.status) ? undefined : { ...latest, status };
      });
    } catch (err) {
      if (isApiError(err, 'NotFound')) return;
      throw err;
    }
  }
}

/** The runtime's image id: the same digest the kubelet reports for the image (container-status.ts). */
function imageDigest(reference: string): string {
  const id = imageIdOf(reference);
  return id.slice(id.lastIndexOf(':') + 1);
}
