// Group commit. Writes queue up while a batch is being made durable; the next batch takes all of them,
// judges each in order against the state left by the ones before it, and makes the successful changes
// durable in one persistence commit. Callers hear back only after that commit (and after the changes are
// installed in memory), so an acknowledged write is never lost and a failed commit changes nothing.
// When the database refuses a batch, its writes are judged and committed again one by one, so a write
// the database refuses fails alone and never takes the other writers of its batch down with it.
import { ApiError } from '../../errors.js';
import type { WriteTransaction } from './write-transaction.js';

export interface BatchTarget {
  /** A transaction over the committed state. */
  begin(): WriteTransaction;
  /** Makes the transaction's changes durable; rejects when they are not. */
  persist(tx: WriteTransaction): Promise<void>;
  /** Installs durable changes into memory and publishes them. */
  install(tx: WriteTransaction): void;
}

interface QueuedWrite {
  run(tx: WriteTransaction): unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export class WriteBatcher {
  private queue: QueuedWrite[] = [];
  private flushing = false;
  private closed = false;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly target: BatchTarget) {}

  /** Queues `run` for the next batch; resolves with its result once the batch is durable. */
  submit<R>(run: (tx: WriteTransaction) => R): Promise<R> {
    if (this.closed) return Promise.reject(new ApiError('InternalError', 'the embedded store is closed'));
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ run, resolve: resolve as (value: unknown) => void, reject });
      if (!this.flushing) {
        this.flushing = true;
        // A microtask lets every write issued in the same tick join the first batch.
        queueMicrotask(() => void this.flush());
      }
    });
  }

  get isIdle(): boolean {
    return !this.flushing && this.queue.length === 0;
  }

  /** Resolves when nothing is queued or being committed. */
  idle(): Promise<void> {
    if (this.isIdle) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Refuses new writes and waits for the queued ones to finish. */
  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
  }

  private async flush(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        if (await this.commit(batch)) continue;
        // Refused by the database and nothing installed: each write is judged again, alone.
        for (const write of batch) await this.commit([write]);
      }
    } finally {
      // No await between the empty-queue check and this reset, so a write queued now starts a new flush.
      this.flushing = false;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const wake of waiters) wake();
    }
  }

  /**
   * Judges `batch` in one transaction and commits it; false (nobody answered yet) when persistence
   * refused a batch of several writes, which the caller then retries one by one.
   */
  private async commit(batch: QueuedWrite[]): Promise<boolean> {
    let tx: WriteTransaction;
    try {
      tx = this.target.begin();
    } catch (error) {
      for (const write of batch) write.reject(error);
      return true;
    }
    const outcomes = batch.map((write): Outcome => {
      const checkpoint = tx.checkpoint();
      try {
        return { ok: true, value: write.run(tx) };
      } catch (error) {
        tx.rollback(checkpoint);
        return { ok: false, error };
      }
    });

    if (tx.changes.length > 0) {
      try {
        await this.target.persist(tx);
      } catch (error) {
        if (outcomes.filter((o) => o.ok).length > 1) return false;
        const failure = new ApiError('InternalError', `the write was not stored: persistence failed: ${describe(error)}`);
        batch.forEach((write, i) => {
          const outcome = outcomes[i]!;
          write.reject(outcome.ok ? failure : outcome.error);
        });
        return true;
      }
      try {
        this.target.install(tx);
      } catch (error) {
        // Durable but not installed: a store bug. Report it rather than leave the callers hanging.
        const failure = new ApiError('InternalError', `the write was stored but not applied in memory: ${describe(error)}`);
        for (const write of batch) write.reject(failure);
        return true;
      }
    }
    batch.forEach((write, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) write.resolve(outcome.value);
      else write.reject(outcome.error);
    });
    return true;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
