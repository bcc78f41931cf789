// Background garbage collection by ownerReference, as Kubernetes' GC controller does it: after an owner
// is removed, dependents whose owners are all gone are deleted (an ordinary delete, so finalizers and pod
// grace periods still apply) and dependents that keep another owner lose the dangling reference. An owner
// deleted with propagationPolicy Orphan carries the "orphan" finalizer; the collector strips its
// ownerReference from the dependents and then removes that finalizer. All of it runs after the commit
// that triggered it, through the store's normal write path.
import type { KubeObject } from '@coxswain/kruise-api';
import { isApiError } from '../../errors.js';
import type { ClusterClient } from '../../port.js';
import { copyJson } from './json-value.js';
import { ORPHAN_FINALIZER } from './object-deletion.js';
import type { ObjectIndex, StoredEntry } from './object-index.js';
import type { StoreChange } from './write-transaction.js';

type GcJob = { type: 'collect' | 'orphan'; uid: string };

/** Optimistic-concurrency retries before the collector gives up on one object (and reports it). */
const CONFLICT_RETRIES = 8;

export class GarbageCollector {
  private queue: GcJob[] = [];
  private readonly queued = new Set<string>();
  private running = false;
  private stopped = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly index: ObjectIndex,
    private readonly client: Pick<ClusterClient, 'update' | 'delete'>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Queues the work a committed batch calls for. */
  observe(changes: readonly StoreChange[]): void {
    for (const change of changes) {
      const object = change.entry.object;
      const uid = object.metadata.uid;
      if (!uid) continue;
      if (change.type === 'delete') this.enqueue({ type: 'collect', uid });
      else if (isOrphaning(object)) this.enqueue({ type: 'orphan', uid });
    }
  }

  /**
   * Queues work left over from before a restart: dependents of owners that no longer exist, and owners
   * still waiting to orphan their dependents.
   */
  sweep(): void {
    for (const uid of this.index.missingOwnerUids()) this.enqueue({ type: 'collect', uid });
    for (const entry of this.index.all()) {
      if (isOrphaning(entry.object)) this.enqueue({ type: 'orphan', uid: entry.object.metadata.uid! });
    }
  }

  get isIdle(): boolean {
    return !this.running && this.queue.length === 0;
  }

  idle(): Promise<void> {
    if (this.isIdle) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Takes no new work; waits for the jobs in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.queue = [];
    this.queued.clear();
    await this.idle();
  }

  private enqueue(job: GcJob): void {
    if (this.stopped) return;
    const id = `${job.type}:${job.uid}`;
    if (this.queued.has(id)) return;
    this.queued.add(id);
    this.queue.push(job);
    if (!this.running) {
      this.running = true;
      queueMicrotask(() => void this.run());
    }
  }

  private async run(): Promise<void> {
    try {
      while (this.queue.length > 0 && !this.stopped) {
        const jobs = this.queue;
        this.queue = [];
        for (const job of jobs) this.queued.delete(`${job.type}:${job.uid}`);
        // Jobs run side by side so their writes share batches.
        await Promise.all(jobs.map((job) => (job.type === 'collect' ? this.collect(job.uid) : this.orphan(job.uid))));
      }
    } finally {
      this.running = false;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const wake of waiters) wake();
    }
  }

  private async collect(ownerUid: string): Promise<void> {
    await Promise.all(this.index.dependentsOf(ownerUid).map((entry) => this.collectDependent(entry.key, entry.object.metadata.uid!)));
  }

  private async collectDependent(key: string, uid: string): Promise<void> {
    await this.retryOnConflict(key, uid, async (current) => {
      const refs = current.metadata.ownerReferences ?? [];
      const solid = refs.filter((ref) => this.index.hasUid(ref.uid));
      if (solid.length === refs.length) return;
      const { apiVersion, kind } = current;
      if (solid.length === 0) {
        await this.client.delete({ apiVersion, kind }, current.metadata.namespace, current.metadata.name!, { preconditions: { uid } });
        return;
      }
      const next = copyJson(current);
      next.metadata.ownerReferences = solid;
      await this.client.update(next);
    });
  }

  private async orphan(ownerUid: string): Promise<void> {
    await Promise.all(
      this.index.dependentsOf(ownerUid).map((entry) =>
        this.retryOnConflict(entry.key, entry.object.metadata.uid!, async (current) => {
          const refs = current.metadata.ownerReferences ?? [];
          const kept = refs.filter((ref) => ref.uid !== ownerUid);
          if (kept.length === refs.length) return;
          const next = copyJson(current);
          if (kept.length > 0) next.metadata.ownerReferences = kept;
          else delete next.metadata.ownerReferences;
          await this.client.update(next);
        }),
      ),
    );
    const owner = this.index.getByUid(ownerUid);
    if (!owner) return;
    await this.retryOnConflict(owner.key, ownerUid, async (current) => {
      if (!isOrphaning(current)) return;
      const next = copyJson(current);
      next.metadata.finalizers = current.metadata.finalizers!.filter((f) => f !== ORPHAN_FINALIZER);
      await this.client.update(next);
    });
  }

  /**
   * Runs `act` on the latest committed state of the object at `key` (while it still has `uid`), again on
   * a Conflict. Each update carries the resourceVersion it read, so a racing writer is never overwritten.
   */
  private async retryOnConflict(key: string, uid: string, act: (current: KubeObject) => Promise<void>): Promise<void> {
    for (let attempt = 0; attempt < CONFLICT_RETRIES; attempt++) {
      if (this.stopped) return;
      const entry: StoredEntry | undefined = this.index.get(key);
      if (!entry || entry.object.metadata.uid !== uid) return;
      try {
        await act(entry.object);
        return;
      } catch (error) {
        if (isApiError(error, 'NotFound')) return;
        if (isApiError(error, 'Conflict')) continue;
        if (!this.stopped) this.onError(error);
        return;
      }
    }
    this.onError(new Error(`garbage collector gave up on ${key} after ${CONFLICT_RETRIES} conflicts`));
  }
}

function isOrphaning(object: KubeObject): boolean {
  return Boolean(object.metadata.deletionTimestamp) && (object.metadata.finalizers ?? []).includes(ORPHAN_FINALIZER);
}
