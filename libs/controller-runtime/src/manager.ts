// controller-runtime's Manager: owns the shared informers, the metrics and the controllers, and runs
// them in the only safe order. Controllers start after every cache has synced (a reconcile against a
// half-filled cache would see missing pods and create them again) and stop before the informers (a
// reconcile in flight still reads its cache). In observe mode every controller writes through an
// ObservingClusterClient: plans are computed, nothing is written.
import type { Clock, ClusterClient, KindRef } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';
import { Controller, type ControllerOptions } from './controller.js';
import type { Informer } from './informer.js';
import { InformerFactory, type InformerScope } from './informer-factory.js';
import { Metrics } from './metrics.js';
import { ObservingClusterClient, type ObservingClusterClientOptions } from './observing-client.js';
import type { Reconciler } from './reconciler.js';

export type ManagerMode = 'active' | 'observe';

export interface ControllerManagerOptions {
  /** The real cluster client; informers read through it. */
  client: ClusterClient;
  clock: Clock;
  /** Default 'active'. */
  mode?: ManagerMode;
  /** Default: a fresh Metrics with its own registry. */
  metrics?: Metrics;
  /** How long start() waits for caches to sync before failing (controller-runtime: 2 minutes). */
  cacheSyncTimeoutMs?: number;
  /** Options for the observing client in observe mode. */
  observe?: Omit<ObservingClusterClientOptions, 'clock'>;
  onInformerError?: (error: unknown, context: string) => void;
  /** ControllerOptions.restAfterLongReconcile for every controller of the manager. */
  restAfterLongReconcile?: boolean;
}

/** What a reconciler is built from, so it cannot get hold of the wrong client. */
export interface ManagerContext {
  /** The client to write through: the observing client in observe mode. */
  client: ClusterClient;
  informers: InformerFactory;
  clock: Clock;
  mode: ManagerMode;
}

export interface ManagedControllerOptions extends Omit<ControllerOptions, 'clock' | 'metrics' | 'reconciler'> {
  reconciler: Reconciler | ((context: ManagerContext) => Reconciler);
}

export class ControllerManager {
  readonly mode: ManagerMode;
  readonly clock: Clock;
  readonly metrics: Metrics;
  readonly informers: InformerFactory;
  /** The client controllers write through: `observer` in observe mode, the real client otherwise. */
  readonly client: ClusterClient;
  /** Present in observe mode: the writes controllers would have made. */
  readonly observer: ObservingClusterClient | undefined;

  private readonly controllers: Controller[] = [];
  private readonly cacheSyncTimeoutMs: number;
  private readonly restAfterLongReconcile: boolean;
  private state: 'new' | 'starting' | 'synced' | 'running' | 'stopped' = 'new';

  constructor(options: ControllerManagerOptions) {
    this.mode = options.mode ?? 'active';
    this.clock = options.clock;
    this.metrics = options.metrics ?? new Metrics();
    this.cacheSyncTimeoutMs = options.cacheSyncTimeoutMs ?? 120_000;
    this.restAfterLongReconcile = options.restAfterLongReconcile ?? false;
    this.informers = new InformerFactory(options.client, { clock: options.clock, onError: options.onInformerError });
    this.observer =
      this.mode === 'observe' ? new ObservingClusterClient(options.client, { ...options.observe, clock: options.clock }) : undefined;
    this.client = this.observer ?? options.client;
  }

  get context(): ManagerContext {
    return { client: this.client, informers: this.informers, clock: this.clock, mode: this.mode };
  }

  /** Shorthand for the shared informer of a kind. */
  informerFor<T extends KubeObject = KubeObject>(ref: KindRef, scope?: InformerScope): Informer<T> {
    return this.informers.informerFor<T>(ref, scope);
  }

  /** Creates a controller wired to this manager's clock and metrics. Add all controllers before start(). */
  newController(options: ManagedControllerOptions): Controller {
    const reconciler = typeof options.reconciler === 'function' ? options.reconciler(this.context) : options.reconciler;
    const controller = new Controller({ restAfterLongReconcile: this.restAfterLongReconcile, ...options, reconciler, clock: this.clock, metrics: this.metrics });
    this.add(controller);
    return controller;
  }

  add(controller: Controller): void {
    if (this.state !== 'new') throw new Error(`controller ${controller.name} added after the manager started`);
    if (this.controllers.some((c) => c.name === controller.name)) {
      throw new Error(`a controller named ${controller.name} is already registered`);
    }
    this.controllers.push(controller);
  }

  registeredControllers(): readonly Controller[] {
    return [...this.controllers];
  }

  /** Starts informers, waits for their caches, then starts the controllers. */
  async start(): Promise<void> {
    await this.startCaches();
    this.startControllers();
  }

  /**
   * Starts the informers and waits for their caches, without starting the controllers: a standby
   * replica keeps warm caches (and can plan) while another one leads.
   */
  async startCaches(): Promise<void> {
    if (this.state !== 'new') throw new Error(`manager cannot start: it is ${this.state}`);
    this.state = 'starting';
    this.informers.start();
    try {
      await this.waitForCacheSync();
    } catch (err) {
      if (this.isStopped()) return; // stop() during start is not a failure to start
      throw err;
    }
    if (this.isStopped()) return;
    this.state = 'synced';
  }

  /** Starts the controllers' workers; their queues already hold every key the caches announced. */
  startControllers(): void {
    if (this.state !== 'synced') {
      if (this.isStopped()) return;
      throw new Error(`manager cannot start its controllers: it is ${this.state}, not synced`);
    }
    for (const controller of this.controllers) controller.start();
    this.state = 'running';
  }

  /** Stops the controllers (waiting for in-flight reconciles), then the informers. */
  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    await Promise.all(this.controllers.map((c) => c.stop()));
    this.informers.stop();
  }

  private isStopped(): boolean {
    return this.state === 'stopped';
  }

  private waitForCacheSync(): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = this.clock.setTimer(this.cacheSyncTimeoutMs, () => {
        const pending = this.informers.list().filter((i) => !i.hasSynced()).map((i) => i.ref.kind);
        reject(new Error(`caches did not sync within ${this.cacheSyncTimeoutMs} ms: ${pending.join(', ')}`));
      });
      this.informers.waitForCacheSync().then(
        () => {
          timer.cancel();
          resolve();
        },
        (err: unknown) => {
          timer.cancel();
          reject(err);
        },
      );
    });
  }
}
