// client-go's shared informer for one kind: a reflector that lists, then watches from the list's
// resourceVersion, keeping an indexed cache and telling handlers about every change. When the watch
// can no longer resume (410 Gone: the history it needs was compacted) it relists and emits synthetic
// add/update/delete events for the difference between the cache and the new list, so handlers see
// every object's latest state even across a gap; they may miss intermediate versions, never a change.
import { isApiError, TimeSlice, yieldToEventLoop, type Clock, type ClusterClient, type KindRef, type TimerHandle, type WatchEvent, type WatchHandle } from '@coxswain/cluster';
import type { KubeObject, LabelSelector } from '@coxswain/kruise-api';
import { CONTROLLERLESS_INDEX, Indexer, OWNER_UID_INDEX, NAMESPACE_INDEX, type IndexFunc } from './indexer.js';
import { objectKey, requestKey } from './keys.js';

/**
 * Callbacks for changes to the cache (client-go's ResourceEventHandler). Objects are the cache's own
 * copies: read them, clone before changing. Handlers run synchronously in event order, so they should
 * only enqueue work or record observations.
 */
export interface EventHandler<T extends KubeObject> {
  /** `isInInitialList`: delivered by the first list, or replayed to a handler added after it. */
  onAdd?(object: T, isInInitialList: boolean): void;
  onUpdate?(oldObject: T, newObject: T): void;
  /** The object's last known state. */
  onDelete?(object: T): void;
}

export interface EventHandlerRegistration {
  remove(): void;
}

export interface InformerOptions {
  clock: Clock;
  /** Watch one namespace only; omitted watches all. */
  namespace?: string;
  labelSelector?: LabelSelector | string;
  /**
   * Told about failures the informer recovers from by itself (a failed list or watch, a throwing
   * handler), like client-go's WatchErrorHandler. Defaults to console.warn.
   */
  onError?: (error: unknown, context: string) => void;
  /** First retry delay after a failed list or watch; doubles up to maxBackoffMs (client-go: 800 ms, 30 s). */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /**
   * Applied to every object before it is cached and handed to handlers (client-go's SetTransform):
   * a cache can make its objects cheaper to hold.
   */
  transform?: (object: KubeObject) => KubeObject;
  /**
   * Lists in pages of this many objects (client-go's WatchListPageSize). Over a remote cluster a list of
   * 150,000 pods is otherwise one message, serialized and parsed in one go on each side. Omitted: one list.
   */
  listPageSize?: number;
}

export class Informer<T extends KubeObject = KubeObject> {
  readonly namespace: string | undefined;
  readonly labelSelector: LabelSelector | string | undefined;

  private readonly clock: Clock;
  private readonly onError: (error: unknown, context: string) => void;
  private readonly initialBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly transform: (object: T) => T;
  private readonly listPageSize: number | undefined;
  private readonly cache = new Indexer<T>();
  private handlers: EventHandler<T>[] = [];

  private started = false;
  private stopped = false;
  private synced = false;
  private syncWaiters: { resolve: () => void; reject: (err: Error) => void }[] = [];
  private resourceVersion = '';
  /** Bumped for every list/watch attempt: callbacks of an abandoned attempt see a stale epoch and do nothing. */
  private epoch = 0;
  private watchHandle: WatchHandle | undefined;
  private retryTimer: TimerHandle | undefined;
  private backoffMs: number;
  private readonly versionWaiters = new Set<{ version: string; resolve: () => void }>();

  constructor(
    readonly client: ClusterClient,
    readonly ref: KindRef,
    options: InformerOptions,
  ) {
    this.clock = options.clock;
    this.namespace = options.namespace;
    this.labelSelector = options.labelSelector;
    this.onError = options.onError ?? ((error, context) => console.warn(`informer ${ref.kind}: ${context}:`, error));
    this.initialBackoffMs = options.initialBackoffMs ?? 800;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
    this.transform = (options.transform as ((object: T) => T) | undefined) ?? ((object) => object);
    this.listPageSize = options.listPageSize;
    this.backoffMs = this.initialBackoffMs;
  }

  /** Begins list + watch in the background; see waitForSync(). Starting twice does nothing. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    void this.listAndWatch();
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.epoch++;
    this.watchHandle?.stop();
    this.watchHandle = undefined;
    this.retryTimer?.cancel();
    this.retryTimer = undefined;
    for (const waiter of this.syncWaiters.splice(0)) {
      waiter.reject(new Error(`informer for ${this.ref.kind} stopped before its cache synced`));
    }
    for (const waiter of this.versionWaiters) waiter.resolve();
    this.versionWaiters.clear();
  }

  /** True once the first list is in the cache and its adds were delivered. */
  hasSynced(): boolean {
    return this.synced;
  }

  waitForSync(): Promise<void> {
    if (this.synced) return Promise.resolve();
    if (this.stopped) return Promise.reject(new Error(`informer for ${this.ref.kind} is stopped`));
    return new Promise((resolve, reject) => this.syncWaiters.push({ resolve, reject }));
  }

  /** The resourceVersion of the last list or watch event applied to the cache ("" before the first list). */
  lastSyncResourceVersion(): string {
    return this.resourceVersion;
  }

  /** Handlers added after the cache has objects get an onAdd for each of them first, as in client-go. */
  addEventHandler(handler: EventHandler<T>): EventHandlerRegistration {
    this.handlers = [...this.handlers, handler];
    for (const object of this.cache.list()) this.call('onAdd', () => handler.onAdd?.(object, true));
    return { remove: () => (this.handlers = this.handlers.filter((h) => h !== handler)) };
  }

  get(namespace: string | undefined, name: string): T | undefined {
    return this.cache.get(requestKey({ namespace, name }));
  }

  /** Cached objects, in one namespace or all. */
  list(namespace?: string): T[] {
    return namespace === undefined ? this.cache.list() : this.cache.byIndex(NAMESPACE_INDEX, namespace);
  }

  /** Cached objects with an ownerReference to `uid` (controller or not). */
  byOwner(uid: string): T[] {
    return this.cache.byIndex(OWNER_UID_INDEX, uid);
  }

  /**
   * What a controller may claim in `namespace` for the owner `uid`: the objects that reference it and
   * the ones no controller owns (orphans it could adopt). Everything else belongs to someone else.
   */
  claimable(namespace: string | undefined, uid: string): T[] {
    const owned = this.cache.byIndex(OWNER_UID_INDEX, uid);
    const seen = new Set(owned);
    // An orphan may also reference the owner without being controlled by it: listed once.
    return [...owned, ...this.cache.byIndex(CONTROLLERLESS_INDEX, namespace ?? '').filter((o) => !seen.has(o))];
  }

  addIndexer(name: string, indexFunc: IndexFunc<T>): void {
    this.cache.addIndexer(name, indexFunc);
  }

  byIndex(name: string, value: string): T[] {
    return this.cache.byIndex(name, value);
  }

  /** Up to `limit` cached objects filed under `value`, after the one named `after`, in name order. */
  pageByIndex(name: string, value: string, after: { namespace?: string; name: string } | undefined, limit: number): T[] {
    return this.cache.pageByIndex(name, value, after && requestKey(after), limit);
  }

  /** How many cached objects are filed under `value` (after the one named `after`, when given). */
  countByIndex(name: string, value: string, after?: { namespace?: string; name: string }): number {
    return this.cache.countByIndex(name, value, after && requestKey(after));
  }

  /** The values of an index that some cached object is filed under, with how many objects each. */
  indexValues(name: string): Map<string, number> {
    return this.cache.indexValues(name);
  }

  /**
   * Resolves once the cache has applied the change at `resourceVersion` or a later one, so a client that
   * just wrote an object reads its own write from the cache; at the latest after `timeoutMs`.
   * ResourceVersions are compared as integers (the embedded store's and etcd's are).
   */
  caughtUp(resourceVersion: string | undefined, timeoutMs = 5000): Promise<void> {
    if (resourceVersion === undefined || versionAtLeast(this.resourceVersion, resourceVersion) || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = { version: resourceVersion, resolve: () => (timer.cancel(), resolve()) };
      const timer = this.clock.setTimer(timeoutMs, () => {
        this.versionWaiters.delete(waiter);
        resolve();
      });
      this.versionWaiters.add(waiter);
    });
  }

  /**
   * Lists (in pages when listPageSize is set), applying each page as it arrives, then watches from the
   * first page's resourceVersion. A later page may hold newer versions than that (the embedded store's
   * pages are not a snapshot); the watch then replays changes the cache already has, which apply() skips.
   */
  private async listAndWatch(): Promise<void> {
    const epoch = this.beginAttempt();
    const listed = new Set<string>();
    let resourceVersion: string | undefined;
    let next: string | undefined;
    do {
      let page;
      try {
        page = await this.client.list<T>(this.ref, { namespace: this.namespace, labelSelector: this.labelSelector, limit: this.listPageSize, continue: next });
      } catch (err) {
        if (epoch !== this.epoch) return;
        this.onError(err, 'list failed');
        this.retryLater(() => void this.listAndWatch());
        return;
      }
      if (epoch !== this.epoch) return;
      resourceVersion ??= page.resourceVersion;
      if (!(await this.replacePage(page.items, listed, epoch))) return;
      next = this.listPageSize ? page.continue : undefined;
    } while (next);
    // Stopped meanwhile, even after the last slice: no watch.
    if (!(await this.removeUnlisted(listed, resourceVersion!, epoch)) || epoch !== this.epoch) return;
    this.backoffMs = this.initialBackoffMs;
    await this.watchFrom(resourceVersion!);
  }

  private async watchFrom(resourceVersion: string): Promise<void> {
    const epoch = this.beginAttempt();
    let delivered = false;
    let handle: WatchHandle;
    try {
      handle = await this.client.watch<T>(
        this.ref,
        { namespace: this.namespace, labelSelector: this.labelSelector, resourceVersion },
        (event) => {
          if (epoch !== this.epoch) return;
          delivered = true;
          this.backoffMs = this.initialBackoffMs;
          this.apply(event);
        },
        (err) => {
          if (epoch === this.epoch) this.watchClosed(err, delivered);
        },
      );
    } catch (err) {
      if (epoch !== this.epoch) return;
      this.watchClosed(err, false);
      return;
    }
    if (epoch !== this.epoch) handle.stop();
    else this.watchHandle = handle;
  }

  /**
   * Gone: the history since our resourceVersion is compacted, so only a relist can catch up. Any other
   * end resumes from the last resourceVersion seen, which misses nothing; at once after a watch that
   * delivered events (servers end watches routinely), after a backoff when it failed or was empty, so a
   * server that keeps refusing is not hammered.
   */
  private watchClosed(err: unknown, delivered: boolean): void {
    this.epoch++;
    this.watchHandle = undefined;
    if (isApiError(err, 'Gone')) {
      void this.listAndWatch();
      return;
    }
    if (err) this.onError(err, 'watch ended');
    const resume = () => void this.watchFrom(this.resourceVersion);
    if (delivered && !err) resume();
    else this.retryLater(resume);
  }

  private beginAttempt(): number {
    this.watchHandle?.stop();
    this.watchHandle = undefined;
    return ++this.epoch;
  }

  private retryLater(fn: () => void): void {
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, this.maxBackoffMs);
    this.retryTimer = this.clock.setTimer(delay, () => {
      this.retryTimer = undefined;
      if (!this.stopped) fn();
    });
  }

  private apply(event: WatchEvent<T>): void {
    const object = this.transform(event.object);
    const key = objectKey(object);
    if (object.metadata.resourceVersion) this.advanceTo(object.metadata.resourceVersion);
    const cached = this.cache.get(key);
    if (cached && (cached.metadata.uid !== object.metadata.uid ? event.type === 'DELETED' : !newerThan(object, cached))) {
      return; // a change the cache already holds, or a newer state of (a later list page had it)
    }
    if (event.type === 'DELETED') {
      // The event carries the object's final state, newer than any cached copy.
      this.cache.delete(key);
      this.emit('onDelete', (h) => h.onDelete?.(object));
      return;
    }
    const old = this.cache.set(key, object);
    if (old) this.emit('onUpdate', (h) => h.onUpdate?.(old, object));
    else this.emit('onAdd', (h) => h.onAdd?.(object, false));
  }

  /**
   * Makes the cache equal to a fresh list, emitting what changed (client-go's Replace): each page as it
   * arrives, then removeUnlisted. Both work in time slices (each in its own turn of the event loop): a
   * list of 150,000 pods took 3.6 s in one go, and the thread answered nothing meanwhile, a liveness
   * probe included. False when the informer stopped or started over in between.
   */
  private async replacePage(items: T[], listed: Set<string>, epoch: number): Promise<boolean> {
    const initial = !this.synced;
    const slice = new TimeSlice();
    for (const item of items) {
      if (slice.over() && !(await this.stillWanted(slice, epoch))) return false;
      const object = this.transform(item);
      const key = objectKey(object);
      listed.add(key);
      const old = this.cache.set(key, object);
      if (!old) this.emit('onAdd', (h) => h.onAdd?.(object, initial));
      else if (old.metadata.uid !== object.metadata.uid) {
        // Deleted and recreated under the same name during the gap: two objects, two events.
        this.emit('onDelete', (h) => h.onDelete?.(old));
        this.emit('onAdd', (h) => h.onAdd?.(object, initial));
      } else if (old.metadata.resourceVersion !== object.metadata.resourceVersion) {
        this.emit('onUpdate', (h) => h.onUpdate?.(old, object));
      }
    }
    return true;
  }

  private async removeUnlisted(listed: Set<string>, resourceVersion: string, epoch: number): Promise<boolean> {
    const initial = !this.synced;
    const slice = new TimeSlice();
    const gone = [...this.cache.keys()].filter((key) => !listed.has(key));
    for (const key of gone) {
      if (slice.over() && !(await this.stillWanted(slice, epoch))) return false;
      const old = this.cache.delete(key)!;
      this.emit('onDelete', (h) => h.onDelete?.(old));
    }
    this.advanceTo(resourceVersion);
    if (initial) {
      this.synced = true;
      for (const waiter of this.syncWaiters.splice(0)) waiter.resolve();
    }
    return true;
  }

  /** Gives the thread back for a turn; false when the informer stopped or started over meanwhile. */
  private async stillWanted(slice: TimeSlice, epoch: number): Promise<boolean> {
    await yieldToEventLoop();
    slice.restart();
    return epoch === this.epoch;
  }

  private advanceTo(resourceVersion: string): void {
    this.resourceVersion = resourceVersion;
    for (const waiter of this.versionWaiters) {
      if (!versionAtLeast(resourceVersion, waiter.version)) continue;
      this.versionWaiters.delete(waiter);
      waiter.resolve();
    }
  }

  private emit(what: keyof EventHandler<T>, deliver: (handler: EventHandler<T>) => void): void {
    for (const handler of this.handlers) this.call(what, () => deliver(handler));
  }

  /** A throwing handler must not corrupt the cache or starve the handlers after it. */
  private call(what: string, fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.onError(err, `${what} handler threw`);
    }
  }
}


/** Whether `object` is a later version than `cached` (true when either version is not an integer: no order to go by). */
function newerThan(object: KubeObject, cached: KubeObject): boolean {
  const have = cached.metadata.resourceVersion ?? '';
  const version = object.metadata.resourceVersion ?? '';
  return !/^\d+$/.test(have) || !/^\d+$/.test(version) || !versionAtLeast(have, version);
}

/** Whether `have` is at or past `want`; true when either is not an integer (nothing to wait for then). */
function versionAtLeast(have: string, want: string): boolean {
  if (!/^\d+$/.test(have) || !/^\d+$/.test(want)) return have !== '' || !/^\d+$/.test(want);
  return have.length !== want.length ? have.length > want.length : have >= want;
}
