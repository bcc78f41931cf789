// The embedded cluster's kube-scheduler: binds every pending pod that names the default scheduler to a node
// that passes the filters (readiness, cordon, taints, nodeSelector, required node affinity, pod capacity),
// preferring to spread the pod's siblings across zones and nodes. A pod that fits nowhere gets
// PodScheduled=False/Unschedulable with kube-scheduler's message and is retried when nodes or pods change.
import type { Clock, TimerHandle } from '../../clock.js';
import { isoNow } from '../../clock.js';
import { isApiError } from '../../errors.js';
import type { ClusterClient } from '../../port.js';
import { NODE, POD } from './core-kinds.js';
import type { Node, Pod } from '@coxswain/kruise-api';
import { yieldToEventLoop } from '../../event-loop.js';
import { deepEqual } from '../store/json-value.js';
import { ListWatchCache, objectKey } from './list-watch.js';
import { placePod } from './node-scoring.js';
import { updateStatusWithRetry } from './optimistic-write.js';
import { isPodConditionTrue, withCondition } from './pod-conditions.js';
import { isTerminal, PlacementIndex, placementOf, spreadGroupOf } from './placement-index.js';
import { DEFAULT_SCHEDULER_NAME } from './well-known.js';

export interface SchedulerOptions {
  /** Pods whose spec.schedulerName is this (or empty) are scheduled. Default "default-scheduler". */
  schedulerName?: string;
  /** Failures the scheduler survives and retries (anything but Conflict/NotFound). Default: console.warn. */
  onError?: (err: unknown) => void;
  /**
   * Writes a binding (the pods/binding subresource): spec.nodeName of `pod`, unbound and at its
   * resourceVersion, or a Conflict. Default: an update of the pod, which only a store without the
   * apiserver's pod validation takes (that forbids updates of nodeName); EmbeddedCluster binds through
   * the store's binding.
   */
  bind?: (pod: Pod, nodeName: string) => Promise<Pod>;
  /**
   * Check each pod a watch event carries against the Pod schema, as a listed one is (default true). Off
   * only where every stored pod went through the store's own check: EmbeddedClusterOptions.checkWatchedPods.
   */
  checkWatchedPods?: boolean;
}

const RETRY_AFTER_ERROR_MS = 1000;
const MAX_BIND_ATTEMPTS = 5;
/** Scheduling decisions between two turns of the event loop. */
const DECISIONS_PER_TURN = 100;

export class Scheduler {
  private readonly schedulerName: string;
  private readonly onError: (err: unknown) => void;
  private readonly writeBinding: (pod: Pod, nodeName: string) => Promise<Pod>;
  private readonly nodes: ListWatchCache<Node>;
  private readonly pods: ListWatchCache<Pod>;
  private readonly placements = new PlacementIndex();
  /** Pods this scheduler bound whose binding the watch has not shown yet: podKey → node. */
  private readonly assumed = new Map<string, string>();
  /** Pods waiting for an attempt, in arrival order. */
  private readonly queue = new Set<string>();
  /** Pods that fit nowhere: podKey → their spec when tried, so only a spec change or a cluster change retries them. */
  private readonly unschedulable = new Map<string, string>();
  /** Bindings and status writes under way. */
  private readonly writes = new Set<Promise<unknown>>();
  private readonly retries = new Set<TimerHandle>();
  private sortedNodes?: Node[];
  private draining?: Promise<void>;
  private running = false;
  private started = false;

  constructor(
    private readonly client: ClusterClient,
    private readonly clock: Clock,
    options: SchedulerOptions = {},
  ) {
    this.schedulerName = options.schedulerName ?? DEFAULT_SCHEDULER_NAME;
    this.writeBinding = options.bind ?? ((pod, nodeName) => this.client.update<Pod>({ ...pod, spec: { ...pod.spec!, nodeName } }));
    const report = options.onError ?? ((err: unknown) => console.warn('[sim scheduler]', err));
    // Once stopped, failures of writes that were under way (e.g. the store closing) are expected.
    this.onError = (err) => {
      if (this.running || !this.started) report(err);
    };
    this.nodes = new ListWatchCache<Node>(client, clock, NODE, {
      upserted: () => this.nodesChanged(),
      deleted: () => this.nodesChanged(),
    }, this.onError);
    this.pods = new ListWatchCache<Pod>(client, clock, POD, {
      upserted: (pod, previous) => this.podUpserted(pod, previous),
      deleted: (pod) => this.podDeleted(pod),
    }, this.onError, options.checkWatchedPods ?? true);
  }

  /** Lists and watches nodes, then pods, and starts binding. Resolves once both are listed. */
  async start(): Promise<void> {
    await this.nodes.start();
    await this.pods.start();
    this.started = true;
    this.running = true;
    this.drain();
  }

  /** Stops watching and binding; resolves once writes already under way have finished. */
  async stop(): Promise<void> {
    this.running = false;
    this.nodes.stop();
    this.pods.stop();
    for (const timer of this.retries) timer.cancel();
    this.retries.clear();
    this.queue.clear();
    await this.draining;
    await Promise.allSettled([...this.writes]);
  }

  /** Resolves when no pod is waiting for an attempt and no write is in flight (for tests). */
  async idle(): Promise<void> {
    for (;;) {
      if (this.draining) await this.draining;
      else if (this.writes.size > 0) await Promise.allSettled([...this.writes]);
      else {
        await yieldToEventLoop();
        if (!this.draining && this.writes.size === 0) return;
      }
    }
  }

  private nodesChanged(): void {
    this.sortedNodes = undefined;
    this.retryUnschedulable();
  }

  private podUpserted(pod: Pod, previous: Pod | undefined): void {
    const key = objectKey(pod);
    if (pod.spec?.nodeName) this.assumed.delete(key);
    this.placements.set(key, placementOf(pod, pod.spec?.nodeName || this.assumed.get(key)));
    if (previous && !isTerminal(previous) && isTerminal(pod)) this.retryUnschedulable();
    if (this.needsScheduling(pod)) {
      if (this.unschedulable.get(key) !== specSignature(pod)) this.enqueue(key);
    } else {
      this.unschedulable.delete(key);
      this.queue.delete(key);
    }
  }

  private podDeleted(pod: Pod): void {
    const key = objectKey(pod);
    const occupiedNode = Boolean(pod.spec?.nodeName || this.assumed.get(key));
    this.placements.set(key, undefined);
    this.assumed.delete(key);
    this.unschedulable.delete(key);
    this.queue.delete(key);
    if (occupiedNode) this.retryUnschedulable();
  }

  private needsScheduling(pod: Pod): boolean {
    return (
      !pod.spec?.nodeName &&
      !this.assumed.has(objectKey(pod)) &&
      !pod.metadata.deletionTimestamp &&
      !isTerminal(pod) &&
      (pod.spec?.schedulerName || DEFAULT_SCHEDULER_NAME) === this.schedulerName
    );
  }

  private retryUnschedulable(): void {
    const keys = [...this.unschedulable.keys()];
    this.unschedulable.clear();
    for (const key of keys) this.enqueue(key);
  }

  private enqueue(key: string): void {
    this.queue.add(key);
    this.drain();
  }

  // One pod at a time, so every decision sees the bindings made before it (assumed ones included);
  // bindings are written in the background, so a decision never waits for the one before to be stored.
  private drain(): void {
    if (this.draining || !this.running) return;
    this.draining = (async () => {
      for (let decided = 0; this.running && this.queue.size > 0; decided++) {
        const key = this.queue.values().next().value!;
        this.queue.delete(key);
        const pod = this.pods.get(key);
        if (pod && this.needsScheduling(pod)) this.schedule(key, pod, 0);
        if (decided % DECISIONS_PER_TURN === DECISIONS_PER_TURN - 1) await yieldToEventLoop();
      }
    })().finally(() => {
      this.draining = undefined;
      if (this.running && this.queue.size > 0) this.drain();
    });
  }

  private retryLater(key: string): void {
    if (!this.running) return;
    const timer = this.clock.setTimer(RETRY_AFTER_ERROR_MS, () => {
      this.retries.delete(timer);
      this.enqueue(key);
    });
    this.retries.add(timer);
  }

  /**
   * kube-scheduler's scheduling cycle: choose a node and assume the pod on it, so the next decision
   * counts it there. The binding cycle (the write) runs in the background.
   */
  private schedule(key: string, pod: Pod, attempt: number): void {
    const placement = placePod(pod, spreadGroupOf(pod), this.nodeList(), this.placements);
    if ('unschedulable' in placement) {
      this.unschedulable.set(key, specSignature(pod));
      this.trackWrite(this.reportUnschedulable(pod, placement.unschedulable));
      return;
    }
    this.assumed.set(key, placement.nodeName);
    this.placements.set(key, placementOf(pod, placement.nodeName));
    this.unschedulable.delete(key);
    this.trackWrite(this.bindAssumed(key, pod, placement.nodeName, attempt));
  }

  /** The binding cycle: write spec.nodeName; on a Conflict forget the assumption and decide again from a fresh read. */
  private async bindAssumed(key: string, pod: Pod, nodeName: string, attempt: number): Promise<void> {
    let bound: Pod | 'conflict' | 'gone';
    try {
      bound = await this.bind(pod, nodeName);
    } catch (err) {
      this.forgetAssumed(key);
      this.onError(err);
      this.retryLater(key);
      return;
    }
    if (bound === 'gone') {
      this.forgetAssumed(key);
      return;
    }
    if (bound === 'conflict') {
      this.forgetAssumed(key);
      let fresh: Pod | undefined;
      try {
        fresh = await this.reread(pod);
      } catch (err) {
        this.onError(err);
        this.retryLater(key);
        return;
      }
      if (!this.running || !fresh || fresh.metadata.uid !== pod.metadata.uid || !this.needsScheduling(fresh)) return;
      if (attempt + 1 < MAX_BIND_ATTEMPTS) this.schedule(key, fresh, attempt + 1);
      else this.retryLater(key);
      return;
    }
    this.placements.set(key, placementOf(bound, nodeName));
    await this.reportScheduled(bound);
  }

  /** An assumed binding that did not happen: the pod counts where the cache says it is (nowhere, if unbound). */
  private forgetAssumed(key: string): void {
    if (!this.assumed.delete(key)) return;
    const current = this.pods.get(key);
    this.placements.set(key, current ? placementOf(current, current.spec?.nodeName) : undefined);
  }

  private async bind(pod: Pod, nodeName: string): Promise<Pod | 'conflict' | 'gone'> {
    try {
      return await this.writeBinding(pod, nodeName);
    } catch (err) {
      if (isApiError(err, 'Conflict')) return 'conflict';
      if (isApiError(err, 'NotFound')) return 'gone';
      throw err;
    }
  }

  private async reread(pod: Pod): Promise<Pod | undefined> {
    try {
      return await this.client.get<Pod>(POD, pod.metadata.namespace, pod.metadata.name ?? '');
    } catch (err) {
      if (isApiError(err, 'NotFound')) return undefined;
      throw err;
    }
  }

  private reportScheduled(pod: Pod): Promise<unknown> {
    return updateStatusWithRetry<Pod>(this.client, POD, pod, (latest) => {
      if (!latest.spec?.nodeName || isPodConditionTrue(latest, 'PodScheduled')) return undefined;
      const conditions = withCondition(latest.status?.conditions ?? [], { type: 'PodScheduled', status: 'True' }, isoNow(this.clock));
      return { ...latest, status: { ...latest.status, phase: latest.status?.phase ?? 'Pending', conditions } };
    });
  }

  private reportUnschedulable(pod: Pod, message: string): Promise<unknown> {
    return updateStatusWithRetry<Pod>(this.client, POD, pod, (latest) => {
      if (latest.spec?.nodeName || latest.metadata.deletionTimestamp) return undefined;
      const current = latest.status?.conditions ?? [];
      const update = { type: 'PodScheduled', status: 'False' as const, reason: 'Unschedulable', message };
      const conditions = withCondition(current, update, isoNow(this.clock), true);
      if (deepEqual(conditions, current)) return undefined;
      return { ...latest, status: { ...latest.status, phase: latest.status?.phase ?? 'Pending', conditions } };
    });
  }

  private trackWrite(write: Promise<unknown>): void {
    const tracked = write.catch((err: unknown) => {
      if (!isApiError(err, 'NotFound')) this.onError(err);
    });
    this.writes.add(tracked);
    void tracked.finally(() => this.writes.delete(tracked));
  }

  private nodeList(): Node[] {
    this.sortedNodes ??= [...this.nodes.values()].sort((a, b) => compareNames(a.metadata.name, b.metadata.name));
    return this.sortedNodes;
  }
}

function specSignature(pod: Pod): string {
  return JSON.stringify(pod.spec ?? {});
}

function compareNames(a = '', b = ''): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
