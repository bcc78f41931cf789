// Clock timers owned by one component, so stopping it cancels everything it still has scheduled.
import type { Clock, TimerHandle } from '../../clock.js';

export class TimerSet {
  private readonly active = new Set<TimerHandle>();

  constructor(private readonly clock: Clock) {}

  set(ms: number, fn: () => void): TimerHandle {
    const handle = this.clock.setTimer(ms, () => {
      this.active.delete(handle);
      fn();
    });
    this.active.add(handle);
    return {
      cancel: () => {
        this.active.delete(handle);
        handle.cancel();
      },
    };
  }

  cancelAll(): void {
    for (const handle of this.active) handle.cancel();
    this.active.clear();
  }
}
