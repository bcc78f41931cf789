// Giving the thread back to its other tasks. Long work runs in slices of at most SLICE_MS of CPU time,
// each in its own turn of the event loop, so HTTP requests and timers waiting behind it get their turn.
// A yield is not a timer: no clock time passes, and the simulators' `idle()` can notice work that watch
// events started just after the last piece of work finished.
import { performance } from 'node:perf_hooks';

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Longest run of work before the thread is given back. */
const SLICE_MS = 4;
/** Steps between two looks at the CPU clock. */
const CLOCK_EVERY = 16;

/** A run of work measured in CPU time (performance.now, not a Clock: it is about this thread, not the cluster's time). */
export class TimeSlice {
  private started = performance.now();
  private steps = 0;

  /** Counts one step; true once the slice has lasted SLICE_MS (then give the thread back and `restart`). */
  over(): boolean {
    return ++this.steps % CLOCK_EVERY === 0 && performance.now() - this.started >= SLICE_MS;
  }

  restart(): void {
    this.started = performance.now();
    this.steps = 0;
  }
}
