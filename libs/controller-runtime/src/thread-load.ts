// How busy this thread has been lately: the share of the last 250-500 ms its event loop spent running
// callbacks rather than waiting (Node's event-loop utilization, per thread).
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** The window is renewed once its newest sample is this old. */
const SAMPLE_MS = 250;

export class ThreadLoad {
  private older: EventLoopUtilization = performance.eventLoopUtilization();
  private newer: EventLoopUtilization = this.older;
  private newerAt = performance.now();

  /** Utilization from 0 (idle) to 1 (never waited) since the older of the last two samples. */
  utilization(): number {
    const now = performance.now();
    if (now - this.newerAt >= SAMPLE_MS) {
      this.older = this.newer;
      this.newer = performance.eventLoopUtilization();
      this.newerAt = now;
    }
    return performance.eventLoopUtilization(performance.eventLoopUtilization(), this.older).utilization;
  }
}
