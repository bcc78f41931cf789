// What a work queue reports about itself (client-go's queueMetrics). The queue calls these hooks; the
// recorder turns them into workqueue_* series, measuring every duration with the queue's Clock.
import type { Clock } from '@coxswain/cluster';
import type { Gauge, Counter, Histogram } from 'prom-client';

export interface WorkQueueMetrics {
  /** A key became dirty (entered the queue, or will re-enter it when its current processing is done). */
  add(key: string): void;
  /** A worker took the key. */
  get(key: string): void;
  /** The worker finished the key. */
  done(key: string): void;
  /** The key was re-added through the rate limiter. */
  retry(): void;
}

export const noopWorkQueueMetrics: WorkQueueMetrics = {
  add: () => {},
  get: () => {},
  done: () => {},
  retry: () => {},
};

/** The label-free collectors a recorder writes to; one set per registry, labelled by queue name. */
export interface WorkQueueCollectors {
  depth: Gauge<'name'>;
  adds: Counter<'name'>;
  retries: Counter<'name'>;
  queueDuration: Histogram<'name'>;
  workDuration: Histogram<'name'>;
}

export class WorkQueueMetricsRecorder implements WorkQueueMetrics {
  // First add time per key: a key re-added while waiting keeps its original wait, as in client-go.
  private readonly addTimes = new Map<string, number>();
  private readonly processingStartTimes = new Map<string, number>();

  constructor(
    readonly name: string,
    private readonly clock: Clock,
    private readonly collectors: WorkQueueCollectors,
  ) {
    // Zero series from the start, so dashboards show an idle queue rather than a missing one.
    collectors.depth.set({ name }, 0);
    collectors.adds.inc({ name }, 0);
    collectors.retries.inc({ name }, 0);
  }

  add(key: string): void {
    this.collectors.adds.inc({ name: this.name });
    this.collectors.depth.inc({ name: this.name });
    if (!this.addTimes.has(key)) this.addTimes.set(key, this.clock.now());
  }

  get(key: string): void {
    const now = this.clock.now();
    this.collectors.depth.dec({ name: this.name });
    this.processingStartTimes.set(key, now);
    const addedAt = this.addTimes.get(key);
    if (addedAt !== undefined) {
      this.collectors.queueDuration.observe({ name: this.name }, (now - addedAt) / 1000);
      this.addTimes.delete(key);
    }
  }

  done(key: string): void {
    const startedAt = this.processingStartTimes.get(key);
    if (startedAt === undefined) return;
    this.collectors.workDuration.observe({ name: this.name }, (this.clock.now() - startedAt) / 1000);
    this.processingStartTimes.delete(key);
  }

  retry(): void {
    this.collectors.retries.inc({ name: this.name });
  }

  /** Seconds of work in progress that work_duration has not seen yet; growth means stuck workers. */
  unfinishedWorkSeconds(): number {
    const now = this.clock.now();
    let total = 0;
    for (const startedAt of this.processingStartTimes.values()) total += now - startedAt;
    return total / 1000;
  }

  longestRunningProcessorSeconds(): number {
    const now = this.clock.now();
    let longest = 0;
    for (const startedAt of this.processingStartTimes.values()) longest = Math.max(longest, now - startedAt);
    return longest / 1000;
  }
}
