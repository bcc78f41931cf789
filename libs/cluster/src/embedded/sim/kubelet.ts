// The kubelets of every simulated node, in one object: pods bound to a node have their images pulled
// (through the node's image cache), their containers started (in launch-priority order when they carry
// Kruise's launch barrier), an IP from the node's pod CIDR, and a status that tracks all of it; spec image
// changes restart just the changed container in place; deleted pods stop after their (capped) grace period
// and are removed. Pulled images are reported in node.status.images. It also does kruise-daemon's part of
// an in-place update (kruise-daemon.ts): containers whose env reads changed labels/annotations are
// restarted, and the runtime-containers-meta annotation reports what runs; and its image puller
// (image-puller.ts): NodeImage pulls go through the same image cache. Time passes only through the Clock.
import type { Clock } from '../../clock.js';
import { isoNow } from '../../clock.js';
import { isApiError } from '../../errors.js';
import type { ClusterClient } from '../../port.js';
import { containerIdOf, imageIdOf } from './container-status.js';
import { NODE, POD } from './core-kinds.js';
import { ANNOTATION_RUNTIME_CONTAINER_META, type Node, type Pod, type PodStatus } from '@coxswain/kruise-api';
import { formatRuntimeContainerMeta } from './kruise-daemon-contract.js';
import {
  containerHashes, containersToRestartForEnv, daemonWatches, isUpdatingInPlace, launchBarrierOf, launchReleased, runtimeContainerMeta,
} from './kruise-daemon.js';
import { yieldToEventLoop } from '../../event-loop.js';
import { ImageCache } from './image-cache.js';
import { ImagePuller } from './image-puller.js';
import { deepEqual } from '../store/json-value.js';
import { KeyedQueue } from './keyed-queue.js';
import { reportedImages, withNodeImages } from './node-images.js';
import { ListWatchCache } from './list-watch.js';
import { isNodeReady, nodeReadyCondition, withNodeReady } from './node-conditions.js';
import { newerOf, updateStatusWithRetry, writeWithRetry } from './optimistic-write.js';
import { PodIpAllocator } from './pod-ip.js';
import type { RuntimeContainer } from './crr-daemon-rules.js';
import { adoptPodRun, newContainerRun, type ContainerRun, type PodRun } from './pod-runtime.js';
import { desiredPodStatus, nodeNotReadyStatus, reportsReady } from './pod-status.js';
import { isTerminal } from './placement-index.js';
import { TimerSet } from './timer-set.js';

export interface KubeletOptions {
  /** Time to pull an image not yet on the node. Default 2000. */
  imagePullMs: number;
  /** Time from image present to container running. Default 500. */
  containerStartMs: number;
  /** Time graceful termination takes, capped by the pod's grace period. Default 1000. */
  terminationMs: number;
  /** Time from ErrImagePull to ImagePullBackOff. Default 10000. */
  imagePullBackoffMs: number;
  /** Images matching this fail to pull: waiting ErrImagePull, then ImagePullBackOff. */
  failImagePattern?: RegExp;
  /** Start frozen: nothing progresses until `unfreeze()`. Default false. */
  frozen: boolean;
  /** Failures the simulator survives and retries. Default: console.warn. */
  onError?: (err: unknown) => void;
  /**
   * Check each pod a watch event carries against the Pod schema, as a listed one is (default true). Off
   * only where every stored pod went through the store's own check: EmbeddedClusterOptions.checkWatchedPods.
   */
  checkWatchedPods?: boolean;
}

export const DEFAULT_KUBELET_OPTIONS: Readonly<KubeletOptions> = {
  imagePullMs: 2000,
  containerStartMs: 500,
  terminationMs: 1000,
  imagePullBackoffMs: 10_000,
  frozen: false,
};

const RETRY_AFTER_ERROR_MS = 1000;
const DEFAULT_GRACE_SECONDS = 30;

export class KubeletSimulator {
  private readonly options: KubeletOptions;
  private readonly onError: (err: unknown) => void;
  private readonly timers: TimerSet;
  private readonly images: ImageCache;
  /** kruise-daemon's image puller: NodeImage pulls through the same cache. */
  private readonly puller: ImagePuller;
  private readonly ips = new PodIpAllocator();
  private readonly nodes: ListWatchCache<Node>;
  private readonly pods: ListWatchCache<Pod>;
  private readonly queue: KeyedQueue;
  /** Nodes whose status.images lags the image cache, by node name. */
  private readonly imageReports: KeyedQueue;
  /** The newest copy seen (from the watch or our own writes) of every pod bound to a node, by uid. */
  private readonly latest = new Map<string, Pod>();
  private readonly runs = new Map<string, PodRun>();
  /** Pods whose node's pod range is full; retried when an address on that node is released. */
  private readonly waitingForIp = new Set<string>();
  /** Runtime progress that fell due while frozen or while its node was down, in the order it fell due. */
  private held: { nodeName: string; resume: () => void }[] = [];
  private isFrozen: boolean;
  private stopped = false;

  constructor(
    private readonly client: ClusterClient,
    private readonly clock: Clock,
    options: Partial<KubeletOptions> = {},
  ) {
    this.options = { ...DEFAULT_KUBELET_OPTIONS, ...options };
    const report = this.options.onError ?? ((err: unknown) => console.warn('[sim kubelet]', err));
    // Once stopped, failures of writes that were under way (e.g. the store closing) are expected.
    this.onError = (err) => {
      if (!this.stopped) report(err);
    };
    this.isFrozen = this.options.frozen;
    this.timers = new TimerSet(clock);
    this.images = new ImageCache(this.timers, {
      pullMs: this.options.imagePullMs,
      failImagePattern: this.options.failImagePattern,
      onPulled: (nodeName) => this.whenRunnable(nodeName, () => this.imageReports.mark(nodeName)),
    });
    this.puller = new ImagePuller({
      client, clock, timers: this.timers, images: this.images, onError: this.onError,
      hasNode: (nodeName) => this.nodes.get(`/${nodeName}`) !== undefined,
      whenRunnable: (nodeName, resume) => this.whenRunnable(nodeName, resume),
    });
    this.queue = new KeyedQueue((uid) => this.sync(uid), this.onError);
    this.imageReports = new KeyedQueue((nodeName) => this.reportImages(nodeName), this.onError);
    this.nodes = new ListWatchCache<Node>(client, clock, NODE, {
      upserted: (node, previous) => this.nodeUpserted(node, previous),
      deleted: () => {},
    }, this.onError);
    this.pods = new ListWatchCache<Pod>(client, clock, POD, {
      upserted: (pod) => this.podUpserted(pod),
      deleted: (pod) => this.forget(pod.metadata.uid ?? ''),
    }, this.onError, this.options.checkWatchedPods ?? true);
  }

  get frozen(): boolean {
    return this.isFrozen;
  }

  /** Lists and watches nodes, then pods, then NodeImages. Resolves once all are listed. */
  async start(): Promise<void> {
    await this.nodes.start();
    await this.pods.start();
    await this.puller.start();
  }

  /** Stops watching and cancels every timer; resolves once writes already under way have finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.nodes.stop();
    this.pods.stop();
    this.queue.stop();
    this.imageReports.stop();
    this.puller.stop();
    this.timers.cancelAll();
    this.held = [];
    await this.queue.drained();
    await this.imageReports.drained();
    await this.puller.drained();
  }

  /** Holds every pull, start, restart, termination and status write until `unfreeze()`. */
  freeze(): void {
    this.isFrozen = true;
  }

  /** Applies what fell due while frozen, at once, and resumes. */
  unfreeze(): void {
    if (!this.isFrozen) return;
    this.isFrozen = false;
    this.resumeHeld();
    for (const uid of this.latest.keys()) this.queue.mark(uid);
  }

  /**
   * Simulates a node outage (the kubelet stops posting status: Ready=Unknown) or its recovery. While the node
   * is not Ready its pods report Ready=False, nothing on it progresses, and the scheduler places no pods there.
   * Resolves once the node status is written; pods follow as the watch delivers the change.
   */
  async setNodeReady(nodeName: string, ready: boolean): Promise<void> {
    const node = await this.client.get<Node>(NODE, undefined, nodeName);
    await writeWithRetry<Node>(this.client, NODE, node, (latest) => {
      if (nodeReadyCondition(latest)?.status === (ready ? 'True' : 'Unknown')) return undefined;
      return withNodeReady(latest, ready, isoNow(this.clock));
    }, (object) => this.client.updateStatus(object));
  }

  /** Resolves when no pod is being synced and none was marked by the latest events (for tests). */
  async idle(): Promise<void> {
    for (;;) {
      await this.queue.drained();
      await this.imageReports.drained();
      await this.puller.drained();
      // Writes just made come back as watch events a few turns later and may start more work.
      for (let i = 0; i < 3 && !this.busy(); i++) await yieldToEventLoop();
      if (!this.busy()) return;
    }
  }

  /** Whether the node's runtime acts now: the simulator runs and the node is Ready. */
  nodeUp(nodeName: string): boolean {
    return !this.isFrozen && !this.stopped && this.isNodeUp(nodeName);
  }

  /**
   * The runtime's view of a pod's containers, for kruise-daemon's ContainerRecreateRequest side
   * (crr-daemon.ts): the newest container of each name; a container that never ran is absent.
   */
  runtimeView(uid: string): Map<string, RuntimeContainer> {
    const view = new Map<string, RuntimeContainer>();
    for (const c of this.runs.get(uid)?.containers.values() ?? []) {
      if (c.phase === 'running' && c.instance) {
        view.set(c.name, { name: c.name, state: 'running', containerID: c.instance.containerID, restartCount: c.restartCount, startedAtMs: Date.parse(c.instance.startedAt) });
      } else {
        const stopped = c.instance ?? c.previous?.instance;
        if (stopped) view.set(c.name, { name: c.name, state: 'exited', containerID: stopped.containerID, restartCount: c.restartCount });
      }
    }
    return view;
  }

  /**
   * Kills one container as the runtime's KillContainer does, after which the kubelet starts it again in
   * place: a new container id, restartCount + 1. The simulated process exits on SIGTERM at once, so the
   * grace period never runs out (the daemon still passes it, as Kruise does). Throws when the pod or
   * that container instance is not running on the node.
   */
  killContainer(uid: string, name: string, containerID: string): void {
    const run = this.runs.get(uid);
    const container = run?.containers.get(name);
    if (!run || run.termination || container?.phase !== 'running' || container.instance?.containerID !== containerID) {
      throw new Error(`container ${name} (${containerID}) is not running in pod ${uid}`);
    }
    this.restartContainer(run, container, container.image);
    this.queue.mark(uid);
  }

  private busy(): boolean {
    return this.queue.busy || this.imageReports.busy || this.puller.busy;
  }

  private nodeUpserted(node: Node, previous: Node | undefined): void {
    const nodeName = node.metadata.name ?? '';
    for (const image of reportedImages(node)) this.images.markPresent(nodeName, image);
    if (!previous) this.puller.nodeChanged(nodeName);
    if (previous && isNodeReady(previous) === isNodeReady(node)) return;
    if (isNodeReady(node)) this.resumeHeld();
    this.markPodsOn(nodeName);
  }

  private podUpserted(pod: Pod): void {
    const uid = pod.metadata.uid ?? '';
    if (!pod.spec?.nodeName || !uid) return;
    this.latest.set(uid, newerOf(pod, this.latest.get(uid)));
    this.queue.mark(uid);
  }

  private forget(uid: string): void {
    this.runs.get(uid)?.termination?.cancel();
    this.runs.delete(uid);
    this.latest.delete(uid);
    this.waitingForIp.delete(uid);
    const freedOn = this.ips.release(uid);
    if (freedOn === undefined) return;
    for (const waiting of this.waitingForIp) {
      if (this.latest.get(waiting)?.spec?.nodeName === freedOn) this.queue.mark(waiting);
    }
  }

  private markPodsOn(nodeName: string): void {
    for (const [uid, pod] of this.latest) if (pod.spec?.nodeName === nodeName) this.queue.mark(uid);
  }

  /** Runs `resume` now, or holds it while the simulator is frozen or the node is down. */
  private whenRunnable(nodeName: string, resume: () => void): void {
    if (this.stopped) return;
    if (this.isFrozen || !this.isNodeUp(nodeName)) this.held.push({ nodeName, resume });
    else resume();
  }

  private resumeHeld(): void {
    const held = this.held;
    this.held = [];
    for (const { nodeName, resume } of held) this.whenRunnable(nodeName, resume);
  }

  private isNodeUp(nodeName: string): boolean {
    const node = this.nodes.get(`/${nodeName}`);
    return node !== undefined && isNodeReady(node);
  }

  private now(): string {
    return isoNow(this.clock);
  }

  // --- one pass over one pod ---

  private async sync(uid: string): Promise<void> {
    const pod = this.latest.get(uid);
    const nodeName = pod?.spec?.nodeName;
    const node = nodeName ? this.nodes.get(`/${nodeName}`) : undefined;
    // No node object, no kubelet: the pod waits, as on a real cluster.
    if (!pod || !nodeName || !node || this.isFrozen || this.stopped) return;
    if (isTerminal(pod) && !pod.metadata.deletionTimestamp) return;
    if (!isNodeReady(node)) {
      await this.writeStatus(pod, (latest) => nodeNotReadyStatus(latest, nodeName, this.now()));
      return;
    }
    const run = this.runs.get(uid) ?? this.admit(pod, node);
    if (pod.metadata.deletionTimestamp) this.terminate(pod, run);
    else {
      this.startContainers(pod, run, node);
      for (const container of containersToRestartForEnv(pod, run)) this.restartContainer(run, container, container.image);
    }
    let current = pod;
    if (run.termination?.done && !run.termination.deleteSent) {
      const held = await this.deletePod(pod, run);
      if (!held) return;
      current = held;
    }
    await this.writeStatus(current, (latest) => desiredPodStatus(latest, run, this.now()));
    if (!pod.metadata.deletionTimestamp) await this.reportContainerMeta(uid, run);
  }

  private admit(pod: Pod, node: Node): PodRun {
    const nodeName = node.metadata.name ?? '';
    const specs = new Map((pod.spec?.containers ?? []).map((c) => [c.name, c]));
    const run = adoptPodRun(
      pod,
      nodeName,
      this.now(),
      (name) => (specs.has(name) ? launchBarrierOf(specs.get(name)!, pod) : undefined),
      (name) => (specs.has(name) ? containerHashes(specs.get(name)!, pod) : undefined),
      // Mid-update without a report, the env a container started with cannot be known: restart it.
      isUpdatingInPlace(pod),
    );
    run.hostIP = node.status?.addresses?.find((a) => a.type === 'InternalIP')?.address;
    for (const container of run.containers.values()) this.images.markPresent(nodeName, container.image);
    const reported = pod.status?.podIP;
    if (reported && this.ips.reserve(nodeName, node.spec?.podCIDR, run.uid, reported)) run.podIP = reported;
    this.runs.set(run.uid, run);
    return run;
  }

  private startContainers(pod: Pod, run: PodRun, node: Node): void {
    if (!run.podIP) {
      run.podIP = this.ips.allocate(run.nodeName, node.spec?.podCIDR, run.uid);
      if (!run.podIP) {
        this.waitingForIp.add(run.uid);
        return;
      }
      this.waitingForIp.delete(run.uid);
    }
    // Every container exists before any starts, so the launch barrier sees all of them.
    const toStart: ContainerRun[] = [];
    for (const spec of pod.spec?.containers ?? []) {
      const image = spec.image ?? '';
      const container = run.containers.get(spec.name);
      if (!container) {
        const created = newContainerRun(spec.name, image, launchBarrierOf(spec, pod));
        run.containers.set(spec.name, created);
        toStart.push(created);
      } else if (container.image !== image && container.phase !== 'terminated') {
        this.restartContainer(run, container, image);
      } else if (container.phase === 'creating' && container.attempt === 0) {
        toStart.push(container); // adopted after a restart while it was not running
      } else if (container.phase === 'blocked' && launchReleased(run, container, reportsReady(pod))) {
        toStart.push(container);
      }
    }
    for (const container of toStart) this.beginStart(run, container);
  }

  /**
   * An in-place restart (a new image, or kruise-daemon's restart for env from metadata): only this
   * container is killed; the pod keeps its identity, IP and node.
   */
  private restartContainer(run: PodRun, container: ContainerRun, image: string): void {
    if (container.instance) {
      container.previous = { instance: container.instance, finishedAt: this.now() };
      container.instance = undefined;
      container.restarting = true;
    }
    container.image = image;
    this.beginStart(run, container);
  }

  private beginStart(run: PodRun, container: ContainerRun): void {
    const attempt = ++container.attempt;
    container.phase = 'creating';
    const current = () => this.isCurrentAttempt(run, container, attempt);
    this.images.pull(run.nodeName, container.image, (pulled) =>
      this.whenRunnable(run.nodeName, () => {
        if (!current()) return;
        if (!pulled) {
          this.pullFailed(run, container, current);
          return;
        }
        if (!launchReleased(run, container, reportsReady(this.latest.get(run.uid)))) {
          container.phase = 'blocked';
          this.queue.mark(run.uid);
          return;
        }
        this.timers.set(this.options.containerStartMs, () =>
          this.whenRunnable(run.nodeName, () => {
            if (!current()) return;
            this.markRunning(run, container);
            this.queue.mark(run.uid);
          }),
        );
      }),
    );
  }

  private pullFailed(run: PodRun, container: ContainerRun, current: () => boolean): void {
    container.phase = 'pullFailed';
    this.queue.mark(run.uid);
    // A simulated failure is permanent, so the kubelet stays in back-off instead of retrying the pull
    // (and rewriting the status) forever; a new spec image starts over.
    this.timers.set(this.options.imagePullBackoffMs, () =>
      this.whenRunnable(run.nodeName, () => {
        if (!current() || container.phase !== 'pullFailed') return;
        container.phase = 'pullBackOff';
        this.queue.mark(run.uid);
      }),
    );
  }

  private markRunning(run: PodRun, container: ContainerRun): void {
    if (container.restarting) {
      container.restartCount++;
      container.restarting = false;
    }
    container.phase = 'running';
    // The env is resolved from the pod's labels/annotations as they are when the container starts.
    const pod = this.latest.get(run.uid);
    const spec = pod?.spec?.containers?.find((c) => c.name === container.name);
    container.instance = {
      image: container.image,
      imageID: imageIdOf(container.image),
      containerID: containerIdOf(run.uid, container.name, container.restartCount),
      startedAt: this.now(),
      ...(pod && spec ? containerHashes(spec, pod) : {}),
    };
  }

  private isCurrentAttempt(run: PodRun, container: ContainerRun, attempt: number): boolean {
    return (
      this.runs.get(run.uid) === run &&
      run.containers.get(container.name) === container &&
      container.attempt === attempt &&
      !run.termination
    );
  }

  // --- graceful termination ---

  /** Schedules the containers' stop; a later delete with a shorter grace period brings it forward. */
  private terminate(pod: Pod, run: PodRun): void {
    const graceSeconds = pod.metadata.deletionGracePeriodSeconds ?? pod.spec?.terminationGracePeriodSeconds ?? DEFAULT_GRACE_SECONDS;
    const delay = Math.min(this.options.terminationMs, Math.max(0, graceSeconds) * 1000);
    const deadline = this.clock.now() + delay;
    if (run.termination && (run.termination.done || run.termination.deadline <= deadline)) return;
    run.termination?.cancel();
    const timer = this.timers.set(delay, () =>
      this.whenRunnable(run.nodeName, () => {
        if (this.runs.get(run.uid) !== run) return;
        this.stopContainers(run);
        this.queue.mark(run.uid);
      }),
    );
    run.termination = { deadline, done: false, deleteSent: false, cancel: () => timer.cancel() };
  }

  private stopContainers(run: PodRun): void {
    run.termination!.done = true;
    const now = this.now();
    for (const container of run.containers.values()) {
      if (container.phase === 'terminated') continue; // stopped before a restart of the simulator
      container.phase = 'terminated';
      container.finishedAt = now;
    }
  }

  /** Removes the stopped pod; returns it when finalizers still hold it (its status then shows the stop). */
  private async deletePod(pod: Pod, run: PodRun): Promise<Pod | undefined> {
    run.termination!.deleteSent = true;
    try {
      const result = await this.client.delete<Pod>(POD, pod.metadata.namespace, pod.metadata.name ?? '', {
        gracePeriodSeconds: 0,
        preconditions: { uid: run.uid },
      });
      if ((result.metadata.finalizers?.length ?? 0) === 0) return undefined;
      this.remember(result);
      return this.latest.get(run.uid);
    } catch (err) {
      // NotFound: already gone. Conflict: the name now belongs to another pod, so ours is gone too.
      if (isApiError(err, 'NotFound') || isApiError(err, 'Conflict')) return undefined;
      run.termination!.deleteSent = false;
      this.retryLater(run.uid);
      throw err;
    }
  }

  // --- writing status ---

  private async reportImages(nodeName: string): Promise<void> {
    const node = this.nodes.get(`/${nodeName}`);
    if (!node || this.isFrozen || this.stopped) return;
    const images = this.images.imagesOn(nodeName);
    await writeWithRetry<Node>(this.client, NODE, node, (latest) => {
      const next = withNodeImages(latest, images, (image) => this.images.sizeOf(image));
      return next === latest ? undefined : next;
    }, (object) => this.client.updateStatus(object));
  }

  private async writeStatus(pod: Pod, compute: (latest: Pod) => PodStatus | undefined): Promise<void> {
    const uid = pod.metadata.uid;
    try {
      const written = await updateStatusWithRetry<Pod>(this.client, POD, pod, (latest) => {
        if (latest.metadata.uid !== uid) return undefined;
        const status = compute(latest);
        if (!status || deepEqual(status, latest.status)) return undefined;
        return { ...latest, status };
      });
      if (written) this.remember(written);
    } catch (err) {
      if (isApiError(err, 'NotFound')) return;
      this.retryLater(uid ?? '');
      throw err;
    }
  }

  /** kruise-daemon's report (runtime-containers-meta) for the pods it watches, written when it changed. */
  private async reportContainerMeta(uid: string, run: PodRun): Promise<void> {
    const pod = this.latest.get(uid);
    if (!pod || !daemonWatches(pod)) return;
    try {
      const written = await writeWithRetry<Pod>(this.client, POD, pod, (latest) => {
        if (latest.metadata.uid !== uid || latest.metadata.deletionTimestamp) return undefined;
        const metas = runtimeContainerMeta(latest, run);
        if (metas === undefined) return undefined;
        const text = formatRuntimeContainerMeta(metas);
        if (latest.metadata.annotations?.[ANNOTATION_RUNTIME_CONTAINER_META] === text) return undefined;
        return { ...latest, metadata: { ...latest.metadata, annotations: { ...(latest.metadata.annotations ?? {}), [ANNOTATION_RUNTIME_CONTAINER_META]: text } } };
      }, (object) => this.client.update(object));
      if (written) this.remember(written);
    } catch (err) {
      if (isApiError(err, 'NotFound')) return;
      this.retryLater(uid);
      throw err;
    }
  }

  private remember(pod: Pod): void {
    const uid = pod.metadata.uid ?? '';
    if (this.latest.has(uid)) this.latest.set(uid, newerOf(pod, this.latest.get(uid)));
  }

  private retryLater(uid: string): void {
    this.timers.set(RETRY_AFTER_ERROR_MS, () => this.queue.mark(uid));
  }
}
