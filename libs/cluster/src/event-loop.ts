// Yielding to the event loop (not a timer: no clock time passes): long work gives the thread back to
// its other tasks, and the simulators' `idle()` can notice work that watch events started just after the
// last piece of work finished.
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
