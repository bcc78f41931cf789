// Group commit for small statements: while one batch is in the database, new items queue; the next
// batch takes them all and runs one statement for them (a JSON parameter expanded in SQL), so a
// thousand acknowledgements a second cost a few dozen statements, not thousands. Each caller still
// hears back only once its own item is durable. If a batch fails as a whole, its items run again one by
// one, so one bad item never fails the others.
export class StatementBatcher<I, O> {
  private queue: { item: I; resolve(value: O): void; reject(err: unknown): void }[] = [];
  private running = false;

  /** `run` gets the batch and answers one result per item, in order. */
  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly maxBatch = 500,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) {
        this.running = true;
        // Items submitted in the same turn join the first batch.
        queueMicrotask(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        await this.runBatch(batch);
      }
    } finally {
      this.running = false;
    }
  }

  private async runBatch(batch: typeof this.queue): Promise<void> {
    try {
      const results = await this.run(batch.map((b) => b.item));
      batch.forEach((b, i) => b.resolve(results[i]!));
      return;
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
    }
    for (const entry of batch) {
      try {
        entry.resolve((await this.run([entry.item]))[0]!);
      } catch (err) {
        entry.reject(err);
      }
    }
  }
}
