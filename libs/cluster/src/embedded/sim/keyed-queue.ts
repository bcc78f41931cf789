// Work per key, never two runs for one key at a time: a key marked while its work runs is run once more
// afterwards, so bursts of events for one pod collapse into one pass over its latest state.

export class KeyedQueue {
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private stopped = false;

  constructor(
    private readonly work: (key: string) => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {}

  mark(key: string): void {
    if (this.stopped) return;
    if (this.running.has(key)) {
      this.again.add(key);
      return;
    }
    this.running.set(key, this.runUntilClean(key));
  }

  get busy(): boolean {
    return this.running.size > 0;
  }

  /** Resolves when the work running now (and any reruns it causes) is done. */
  async drained(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  stop(): void {
    this.stopped = true;
    this.again.clear();
  }

  private async runUntilClean(key: string): Promise<void> {
    // Let the events of the current tick arrive first, so they are handled in one pass.
    await Promise.resolve();
    try {
      do {
        this.again.delete(key);
        try {
          await this.work(key);
        } catch (err) {
          this.onError(err);
        }
      } while (this.again.has(key) && !this.stopped);
    } finally {
      // In the same synchronous step as the last `again` check: a mark() arriving after it starts a new
      // run instead of landing in `again` with nothing left to see it.
      this.running.delete(key);
    }
  }
}
