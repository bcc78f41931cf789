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
import { yieldToEventLoop } from './event-loop.js';
import { jsonEqual } from './json-equal.js';
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
}

const RETRY_AFTER_ERROR_MS = 1000;
const MAX_BIND_ATTEMPTS = 5;

export class Scheduler {
  private readonly schedulerName: string;
  private readonly onError: (err: unknown) => void;
  private readonly nodes: ListWatchCache<Node>;
  private readonly pods: ListWatchCache<Pod>;
  private readonly placements = new PlacementIndex();
  /** Pods this scheduler bound whose binding the watch has not shown yet: podKey → node. */
  private readonly assumed = new Map<string, string>();
  /** Pods waiting for an attempt, in arrival order. */
  private readonly queue = new Set<string>();
  /** Pods that fit nowhere: podKey → their spec when tried, so only a spec change or a cluster change retries them. */
  private readonly unschedulable = new Map<string, string>();
  private readonly statusWrites = new Set<Promise<unknown>>();
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
    }, this.onError);
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
    await Promise.allSettled([...this.statusWrites]);
  }

  /** Resolves when no pod is waiting for an attempt and no write is in flight (for tests). */
  async idle(): Promise<void> {
    for (;;) {
      if (this.draining) await this.draining;
      else if (this.statusWrites.size > 0) await Promise.allSettled([...this.statusWrites]);
      else {
        await yieldToEventLoop();
        if (!this.draining && this.statusWrites.size === 0) return;
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

  // One pod at a time, so every decision sees the bindings made before it.
  private drain(): void {
    if (this.draining || !this.running) return;
    this.draining = (async () => {
      while (this.running && this.queue.size > 0) {
        const key = this.queue.values().next().value!;
        this.queue.delete(key);
        try {
          await this.scheduleOne(key);
        } catch (err) {
          this.onError(err);
          this.retryLater(key);
        }
      }
    })().finally(() => {
      this.draining = undefined;
      if (this.running && this.queue.size > 0) this.drain();
    });
  }

  private retryLater(key: string): void {
    const timer = this.clock.setTimer(RETRY_AFTER_ERROR_MS, () => {
      this.retries.delete(timer);
      this.enqueue(key);
    });
    this.retries.add(timer);
  }

  private async scheduleOne(key: string): Promise<void> {
    let pod = this.pods.get(key);
    for (let attempt = 0; pod && this.needsScheduling(pod) && attempt < MAX_BIND_ATTEMPTS; attempt++) {
      const placement = placePod(pod, spreadGroupOf(pod), this.nodeList(), this.placements);
      if ('unschedulable' in placement) {
        this.unschedulable.set(key, specSignature(pod));
        this.trackStatusWrite(this.reportUnschedulable(pod, placement.unschedulable));
        return;
      }
      const bound = await this.bind(pod, placement.nodeName);
      if (bound === 'gone') return;
      if (bound !== 'conflict') {
        this.assumed.set(key, placement.nodeName);
        this.placements.set(key, placementOf(bound, placement.nodeName));
        this.unschedulable.delete(key);
        this.trackStatusWrite(this.reportScheduled(bound));
        return;
      }
      const fresh = await this.reread(pod);
      if (!fresh || fresh.metadata.uid !== pod.metadata.uid) return;
      pod = fresh;
    }
  }

  private async bind(pod: Pod, nodeName: string): Promise<Pod | 'conflict' | 'gone'> {
    try {
      return await this.client.update<Pod>({ ...pod, spec: { ...pod.spec!, nodeName } });
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
      if (jsonEqual(conditions, current)) return undefined;
      return { ...latest, status: { ...latest.status, phase: latest.status?.phase ?? 'Pending', conditions } };
    });
  }

  private trackStatusWrite(write: Promise<unknown>): void {
    const tracked = write.catch((err: unknown) => {
      if (!isApiError(err, 'NotFound')) this.onError(err);
    });
    this.statusWrites.add(tracked);
    void tracked.finally(() => this.statusWrites.delete(tracked));
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
