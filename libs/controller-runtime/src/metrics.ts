// Prometheus metrics under controller-runtime's and client-go's names, so existing Kruise/controller
// dashboards and alerts work unchanged. Each Metrics owns its own Registry (never prom-client's global
// one): the API serves `await metrics.registry.metrics()` at GET /metrics, and tests build isolated ones.
import type { Clock } from '@coxswain/cluster';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, exponentialBuckets } from 'prom-client';
import { WorkQueueMetricsRecorder, type WorkQueueMetrics } from './workqueue-metrics.js';

export interface MetricsOptions {
  /** Also collect prom-client's process_* and nodejs_* metrics (CPU, memory, event loop lag, GC). */
  defaultProcessMetrics?: boolean;
}

/** reconcile_total's `result` label values, as controller-runtime spells them. */
export type ReconcileResultLabel = 'success' | 'error' | 'requeue' | 'requeue_after';

const RECONCILE_RESULTS: readonly ReconcileResultLabel[] = ['success', 'error', 'requeue', 'requeue_after'];

// controller-runtime's reconcile_time_seconds buckets: fine below a second, where healthy reconciles live.
const RECONCILE_TIME_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.25, 1.5,
  1.75, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 40, 50, 60,
];

// client-go's workqueue duration buckets: 10ns to 1000s by factors of ten.
const WORKQUEUE_DURATION_BUCKETS = exponentialBuckets(10e-9, 10, 12);

export class Metrics {
  readonly registry = new Registry();

  readonly reconcileTotal: Counter<'controller' | 'result'>;
  readonly reconcileErrors: Counter<'controller'>;
  readonly reconcileTime: Histogram<'controller'>;
  readonly activeWorkers: Gauge<'controller'>;
  readonly maxConcurrentReconciles: Gauge<'controller'>;

  private readonly workQueueDepth: Gauge<'name'>;
  private readonly workQueueAdds: Counter<'name'>;
  private readonly workQueueRetries: Counter<'name'>;
  private readonly workQueueQueueDuration: Histogram<'name'>;
  private readonly workQueueWorkDuration: Histogram<'name'>;
  private readonly queueRecorders = new Map<string, WorkQueueMetricsRecorder>();

  constructor(options: MetricsOptions = {}) {
    const registers = [this.registry];
    this.reconcileTotal = new Counter({
      name: 'controller_runtime_reconcile_total',
      help: 'Total number of reconciliations per controller',
      labelNames: ['controller', 'result'],
      registers,
    });
    this.reconcileErrors = new Counter({
      name: 'controller_runtime_reconcile_errors_total',
      help: 'Total number of reconciliation errors per controller',
      labelNames: ['controller'],
      registers,
    });
    this.reconcileTime = new Histogram({
      name: 'controller_runtime_reconcile_time_seconds',
      help: 'Length of time per reconciliation per controller',
      labelNames: ['controller'],
      buckets: RECONCILE_TIME_BUCKETS,
      registers,
    });
    this.activeWorkers = new Gauge({
      name: 'controller_runtime_active_workers',
      help: 'Number of currently used workers per controller',
      labelNames: ['controller'],
      registers,
    });
    this.maxConcurrentReconciles = new Gauge({
      name: 'controller_runtime_max_concurrent_reconciles',
      help: 'Maximum number of concurrent reconciles per controller',
      labelNames: ['controller'],
      registers,
    });

    this.workQueueDepth = new Gauge({
      name: 'workqueue_depth',
      help: 'Current depth of workqueue',
      labelNames: ['name'],
      registers,
    });
    this.workQueueAdds = new Counter({
      name: 'workqueue_adds_total',
      help: 'Total number of adds handled by workqueue',
      labelNames: ['name'],
      registers,
    });
    this.workQueueRetries = new Counter({
      name: 'workqueue_retries_total',
      help: 'Total number of retries handled by workqueue',
      labelNames: ['name'],
      registers,
    });
    this.workQueueQueueDuration = new Histogram({
      name: 'workqueue_queue_duration_seconds',
      help: 'How long in seconds an item stays in workqueue before being requested',
      labelNames: ['name'],
      buckets: WORKQUEUE_DURATION_BUCKETS,
      registers,
    });
    this.workQueueWorkDuration = new Histogram({
      name: 'workqueue_work_duration_seconds',
      help: 'How long in seconds processing an item from workqueue takes.',
      labelNames: ['name'],
      buckets: WORKQUEUE_DURATION_BUCKETS,
      registers,
    });
    // In-progress work is only meaningful at scrape time, so it is computed then instead of on a ticker.
    const recorders = this.queueRecorders;
    new Gauge({
      name: 'workqueue_unfinished_work_seconds',
      help:
        "How many seconds of work has been done that is in progress and hasn't been observed by work_duration. " +
        'Large values indicate stuck threads. One can deduce the number of stuck threads by observing the rate at which this increases.',
      labelNames: ['name'],
      registers,
      collect(this: Gauge<'name'>) {
        for (const r of recorders.values()) this.set({ name: r.name }, r.unfinishedWorkSeconds());
      },
    });
    new Gauge({
      name: 'workqueue_longest_running_processor_seconds',
      help: 'How many seconds has the longest running processor for workqueue been running.',
      labelNames: ['name'],
      registers,
      collect(this: Gauge<'name'>) {
        for (const r of recorders.values()) this.set({ name: r.name }, r.longestRunningProcessorSeconds());
      },
    });

    if (options.defaultProcessMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /** Hooks for the work queue called `name`; a second queue of the same name takes over the series. */
  forWorkQueue(name: string, clock: Clock): WorkQueueMetrics {
    const recorder = new WorkQueueMetricsRecorder(name, clock, {
      depth: this.workQueueDepth,
      adds: this.workQueueAdds,
      retries: this.workQueueRetries,
      queueDuration: this.workQueueQueueDuration,
      workDuration: this.workQueueWorkDuration,
    });
    this.queueRecorders.set(name, recorder);
    return recorder;
  }

  /** Creates a controller's series at zero, as controller-runtime does, so rates work from the first scrape. */
  registerController(controller: string, maxConcurrentReconciles: number): void {
    for (const result of RECONCILE_RESULTS) this.reconcileTotal.inc({ controller, result }, 0);
    this.reconcileErrors.inc({ controller }, 0);
    this.activeWorkers.set({ controller }, 0);
    this.maxConcurrentReconciles.set({ controller }, maxConcurrentReconciles);
  }

  /** The exposition text for GET /metrics. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  /** The Content-Type header to serve `text()` with. */
  get contentType(): string {
    return this.registry.contentType;
  }
}

/** A fresh Metrics with its own Registry. */
export function createMetricsRegistry(options: MetricsOptions = {}): Metrics {
  return new Metrics(options);
}
