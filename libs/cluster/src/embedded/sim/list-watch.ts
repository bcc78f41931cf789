// A local copy of one kind, kept current the way every Kubernetes client does it: list, then watch from the
// list's resourceVersion; when the watch ends (Gone after compaction, or any error) list again and report
// the difference, so consumers see every object's latest state exactly as if nothing had been missed.
// Objects that do not match their kind's schema (stored before admission checked it) are left out, as
// if absent, and reported once per version: the simulators read only well-formed objects.
import { formatFieldErrors, validateObjectSchema, type KubeObject } from '@coxswain/kruise-api';
import type { Clock, TimerHandle } from '../../clock.js';
import { isApiError } from '../../errors.js';
import type { ClusterClient, KindRef, WatchEvent, WatchHandle } from '../../port.js';

export interface CacheListener<T extends KubeObject> {
  /** The object was added or changed (`previous` is the cached state before, if any). */
  upserted(object: T, previous: T | undefined): void;
  /** The object is gone. */
  deleted(object: T): void;
}

/** How long to wait before listing again after a failure that is not Gone. */
const RELIST_BACKOFF_MS = 1000;

export function objectKey(object: KubeObject): string {
  return `${object.metadata.namespace ?? ''}/${object.metadata.name ?? ''}`;
}

/** A stored object the simulators leave alone because it does not match its kind's schema. */
export class MalformedObjectError extends Error {
  constructor(object: KubeObject, problems: string) {
    super(`ignoring ${object.kind} ${objectKey(object)} (resourceVersion ${object.metadata?.resourceVersion ?? '?'}): ${problems}`);
    this.name = 'MalformedObjectError';
  }
}

export class ListWatchCache<T extends KubeObject> {
  private readonly objects = new Map<string, T>();
  /** Bumped for every list, so events and closes from an abandoned watch are ignored. */
  private generation = 0;
  private watch?: WatchHandle;
  private retry?: TimerHandle;
  private stopped = false;

  constructor(
    private readonly client: ClusterClient,
    private readonly clock: Clock,
    private readonly ref: KindRef,
    private readonly listener: CacheListener<T>,
    private readonly onError: (err: unknown) => void,
    /**
     * Check the objects watch events carry, not only those a list returns (default true). A store whose
     * every object was written through its own schema check (a preview's fork, seeded through it) may
     * skip the watched ones: only a list can meet an object stored before admission checked it.
     */
    private readonly checkWatched = true,
  ) {}

  /** Lists and starts watching; rejects when the first list fails. */
  async start(): Promise<void> {
    await this.sync(true);
  }

  stop(): void {
    this.stopped = true;
    this.generation++;
    this.watch?.stop();
    this.watch = undefined;
    this.retry?.cancel();
  }

  get(key: string): T | undefined {
    return this.objects.get(key);
  }

  values(): IterableIterator<T> {
    return this.objects.values();
  }

  private async sync(firstTime: boolean): Promise<void> {
    const generation = ++this.generation;
    this.watch?.stop();
    this.watch = undefined;
    let resourceVersion: string;
    try {
      const list = await this.client.list<T>(this.ref);
      if (generation !== this.generation) return;
      this.replaceAll(list.items);
      resourceVersion = list.resourceVersion;
    } catch (err) {
      if (firstTime) throw err;
      this.relistLater(generation, err);
      return;
    }
    try {
      const handle = await this.client.watch<T>(
        this.ref,
        { resourceVersion },
        (event) => {
          if (generation === this.generation) this.apply(event);
        },
        (err) => {
          if (generation === this.generation) this.relistAfterClose(generation, err);
        },
      );
      if (generation === this.generation) this.watch = handle;
      else handle.stop();
    } catch (err) {
      this.relistAfterClose(generation, err);
    }
  }

  private relistAfterClose(generation: number, err: unknown): void {
    if (this.stopped || generation !== this.generation) return;
    // Gone only means our resourceVersion was compacted: list again at once. Anything else may persist.
    if (isApiError(err, 'Gone')) void this.sync(false);
    else this.relistLater(generation, err);
  }

  private relistLater(generation: number, err: unknown): void {
    if (this.stopped || generation !== this.generation) return;
    if (err !== undefined) this.onError(err);
    this.retry?.cancel();
    this.retry = this.clock.setTimer(RELIST_BACKOFF_MS, () => void this.sync(false));
  }

  private apply(event: WatchEvent<T>): void {
    if (event.type === 'DELETED') this.remove(objectKey(event.object), event.object);
    else this.upsert(event.object, this.checkWatched);
  }

  private replaceAll(items: readonly T[]): void {
    const listed = new Set<string>();
    for (const item of items) {
      const key = objectKey(item);
      listed.add(key);
      if (this.objects.get(key)?.metadata.resourceVersion !== item.metadata.resourceVersion) this.upsert(item);
    }
    for (const [key, object] of [...this.objects]) if (!listed.has(key)) this.remove(key, object);
  }

  private upsert(object: T, check = true): void {
    const key = objectKey(object);
    const previous = this.objects.get(key);
    const problems = check ? validateObjectSchema(object) : [];
    if (problems.length > 0) {
      this.onError(new MalformedObjectError(object, formatFieldErrors(problems)));
      if (previous) this.remove(key, previous);
      return;
    }
    // A new object under an old name is a different object: its predecessor is gone.
    if (previous && previous.metadata.uid !== object.metadata.uid) {
      this.remove(key, previous);
      this.upsert(object, check);
      return;
    }
    this.objects.set(key, object);
    this.listener.upserted(object, previous);
  }

  private remove(key: string, object: T): void {
    this.objects.delete(key);
    this.listener.deleted(object);
  }
}
