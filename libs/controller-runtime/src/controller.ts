// controller-runtime's Controller: informer events become keys in a work queue; up to
// maxConcurrentReconciles workers take keys and run the Reconciler. The queue guarantees one object is
// never reconciled by two workers at once; the result decides when the key comes back.
import type { Clock } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';
import type { MapFunc } from './handlers.js';
import type { EventHandlerRegistration, Informer } from './informer.js';
import { requestKey, splitKey, type Request } from './keys.js';
import type { Metrics, ReconcileResultLabel } from './metrics.js';
import type { RateLimiter } from './rate-limiter.js';
import type { ReconcileResult, Reconciler } from './reconciler.js';
import { ThreadLoad } from './thread-load.js';
import { WorkQueue } from './workqueue.js';

/** Reconciles shorter than this (real time) are followed at once by the next. */
export const LONG_RECONCILE_MS = 20;
/** A thread busier than this (event-loop utilization) is saturated: long reconciles rest. */
export const SATURATED_UTILIZATION = 0.75;
/** The longest rest after a long reconcile. */
export const MAX_REST_MS = 1000;

export interface ControllerOptions {
  /** Names the controller in metrics (`controller` label) and its queue (`name` label). */
  name: string;
  reconciler: Reconciler;
  clock: Clock;
  /** Workers reconciling different keys in parallel; default 1, as in controller-runtime. */
  maxConcurrentReconciles?: number;
  metrics?: Metrics;
  rateLimiter?: RateLimiter;
  /**
   * After a reconcile of LONG_RECONCILE_MS or more (real time) on a saturated thread, its key rests as
   * long as it ran before it can run again. For a thread that also runs what the controller waits on
   * (the embedded cluster); off by default, so tests on a manual clock stay deterministic.
   */
  restAfterLongReconcile?: boolean;
  /** How busy the thread is (for restAfterLongReconcile); defaults to this thread's event-loop utilization. */
  load?: { utilization(): number };
  /** Told about each failed reconcile (it is retried regardless). Defaults to console.error. */
  onError?: (error: unknown, request: Request) => void;
}

export class Controller {
  readonly name: string;
  readonly queue: WorkQueue;
  readonly maxConcurrentReconciles: number;

  private readonly reconciler: Reconciler;
  private readonly clock: Clock;
  private readonly metrics: Metrics | undefined;
  private readonly onError: (error: unknown, request: Request) => void;
  private readonly restAfterLongReconcile: boolean;
  private readonly load: { utilization(): number };
  private readonly registrations: EventHandlerRegistration[] = [];
  private workers: Promise<void>[] = [];
  private state: 'new' | 'running' | 'stopped' = 'new';

  constructor(options: ControllerOptions) {
    const max = options.maxConcurrentReconciles ?? 1;
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`maxConcurrentReconciles must be a positive integer, got ${max}`);
    this.name = options.name;
    this.reconciler = options.reconciler;
    this.clock = options.clock;
    this.maxConcurrentReconciles = max;
    this.metrics = options.metrics;
    this.restAfterLongReconcile = options.restAfterLongReconcile ?? false;
    this.load = options.load ?? new ThreadLoad();
    this.onError = options.onError ?? ((error, request) => console.error(`controller ${this.name}: reconcile ${requestKey(request)} failed:`, error));
    this.queue = new WorkQueue({
      name: options.name,
      clock: options.clock,
      rateLimiter: options.rateLimiter,
      metrics: options.metrics?.forWorkQueue(options.name, options.clock),
    });
    this.metrics?.registerController(this.name, max);
  }

  /**
   * Enqueues the requests `map` returns for every add, update and delete the informer reports. Updates
   * map both the old and the new object, so a dependent that changed owner wakes both owners; a request
   * both give is enqueued once, as an idle worker would otherwise take the first add at once and
   * reconcile again for the second.
   */
  watches<T extends KubeObject>(informer: Informer<T>, map: MapFunc<T>): this {
    this.registrations.push(
      informer.addEventHandler({
        onAdd: (object) => this.enqueueAll(map(object)),
        onUpdate: (oldObject, newObject) => this.enqueueAll([...map(oldObject), ...map(newObject)]),
        onDelete: (object) => this.enqueueAll(map(object)),
      }),
    );
    return this;
  }

  enqueue(request: Request): void {
    this.queue.add(requestKey(request));
  }

  /** Starts the workers. Events arriving before start are queued, not lost. */
  start(): void {
    if (this.state === 'stopped') throw new Error(`controller ${this.name} was stopped and cannot be restarted`);
    if (this.state === 'running') return;
    this.state = 'running';
    for (let i = 0; i < this.maxConcurrentReconciles; i++) this.workers.push(this.runWorker());
  }

  /** Stops taking keys and resolves once every in-flight reconcile has finished. */
  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    for (const registration of this.registrations.splice(0)) registration.remove();
    this.queue.shutDown();
    await Promise.all(this.workers);
  }

  private enqueueAll(requests: Request[]): void {
    for (const key of new Set(requests.map(requestKey))) this.queue.add(key);
  }

  private async runWorker(): Promise<void> {
    for (;;) {
      const key = await this.queue.get();
      if (key === undefined) return;
      // Reconciles chain as promise continuations and would otherwise starve the event loop (HTTP,
      // timers, I/O) for as long as the queue has keys; a goroutine in client-go is preempted, here we yield.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const started = performance.now();
      try {
        await this.reconcileHandler(key);
      } finally {
        // A long reconcile (a 10,000-pod CloneSet) run back to back with itself would leave a saturated
        // thread no time for what it waits on (watch events, the simulated kubelet), and each pass would
        // see only a handful of changes. Then the key rests as long as it ran before it is done (events
        // meanwhile only mark it dirty), so it takes under half the thread and its next pass takes many
        // changes. A thread with time to spare gets no rest: there it would only delay the next step
        // (a rollout's waves, each waiting on a few reconciles, took 40% longer with it).
        const took = performance.now() - started;
        if (this.restAfterLongReconcile && took >= LONG_RECONCILE_MS && this.load.utilization() >= SATURATED_UTILIZATION) {
          await new Promise<void>((resolve) => setTimeout(resolve, Math.min(took, MAX_REST_MS)));
        }
        this.queue.done(key);
      }
    }
  }

  /** Never throws: a failing reconcile is a retry, not a dead worker. */
  private async reconcileHandler(key: string): Promise<void> {
    const request = splitKey(key);
    const controller = this.name;
    const startedAt = this.clock.now();
    this.metrics?.activeWorkers.inc({ controller });
    let label: ReconcileResultLabel;
    try {
      label = this.requeueFor(key, await this.reconciler.reconcile(request));
    } catch (error) {
      this.queue.addRateLimited(key);
      this.metrics?.reconcileErrors.inc({ controller });
      this.reportError(error, request);
      label = 'error';
    }
    this.metrics?.reconcileTotal.inc({ controller, result: label });
    this.metrics?.reconcileTime.observe({ controller }, (this.clock.now() - startedAt) / 1000);
    this.metrics?.activeWorkers.dec({ controller });
  }

  /** controller-runtime's order: requeueAfter beats requeue; success resets the key's backoff. */
  private requeueFor(key: string, result: ReconcileResult | void): ReconcileResultLabel {
    if (result?.requeueAfterMs !== undefined && result.requeueAfterMs > 0) {
      this.queue.forget(key);
      this.queue.addAfter(key, result.requeueAfterMs);
      return 'requeue_after';
    }
    if (result?.requeue) {
      this.queue.addRateLimited(key);
      return 'requeue';
    }
    this.queue.forget(key);
    return 'success';
  }

  private reportError(error: unknown, request: Request): void {
    try {
      this.onError(error, request);
    } catch {
      // A broken error reporter must not take the worker down with it.
    }
  }
}
