// The embedded cluster's API server: a ClusterClient over in-memory indexes, made durable through a
// StorePersistence with group commit, with Kubernetes' write semantics (resourceVersion, generation,
// preconditions, finalizers, graceful pod deletion, ownerReference GC) and resumable watches.
//
// Where it knowingly differs from the apiserver:
// - update without metadata.resourceVersion is unconditional (the apiserver requires one for most kinds);
// - watch from "0" means "after version 0", not "any version", so list-then-watch on an empty store is exact;
// - dry runs are judged against committed state, not against writes still queued;
// - deleting a Namespace does not delete its contents (there is no namespace controller).
import { randomUUID } from 'node:crypto';
import { Selector, SelectorParseError, type KubeObject, type Pod } from '@coxswain/kruise-api';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors.js';
import type { ClusterClient, DeleteOptions, KindRef, ListOptions, MergePatch, ObjectList, WatchEvent, WatchHandle, WatchOptions, WriteOptions } from '../../port.js';
import type { ApplyDocument, TransactionalApplier } from '../../apply/apply-objects.js';
import type { AppliedObject } from '../../apply/apply-merge.js';
import { GarbageCollector } from './garbage-collector.js';
import { copyJson } from './json-value.js';
import { StringInterner } from '../../json-interning.js';
import { planApply } from './object-apply.js';
import { planBind, type PodBinding } from './object-binding.js';
import { planCreate, planSeed } from './object-creation.js';
import { planDelete } from './object-deletion.js';
import { ObjectIndex, type ListPosition, type StoredEntry } from './object-index.js';
import { objectKey, resolveKind, scopeNamespace, type ResolvedKind } from './object-key.js';
import { planPatch, planUpdate, planUpdateStatus } from './object-replacement.js';
import { MemoryPersistence, type PersistedChange, type StorePersistence } from './persistence.js';
import { WatchHub } from './watch-hub.js';
import type { WatchFilter } from './watcher.js';
import { WriteBatcher } from './write-batcher.js';
import type { WriteContext } from './write-context.js';
import type { AdmissionHook } from './admission.js';
import { WriteTransaction } from './write-transaction.js';

export interface EmbeddedStoreOptions {
  clock: Clock;
  /** Where writes are made durable; default: a fresh MemoryPersistence. */
  persistence?: StorePersistence;
  /** Changes kept at most for resuming watches from a resourceVersion; default 100,000. */
  watchHistory?: number;
  /** Changes older than this are not kept for resuming watches; default: kept until `watchHistory` is full. */
  watchHistoryMs?: number;
  /** Create a missing Namespace along with the first object written into it; default true. */
  autoCreateNamespaces?: boolean;
  /** Uniform in [0, 1), for generateName suffixes; default Math.random. */
  random?: () => number;
  /** Failures of background work (garbage collection) that no caller is waiting for; default: ignored. */
  onBackgroundError?: (error: unknown) => void;
  /** Defaulting, conversion and validation of spec writes (the API server's webhooks). */
  admission?: AdmissionHook;
}

const DEFAULT_WATCH_HISTORY = 100_000;

export class EmbeddedStore implements ClusterClient, TransactionalApplier {
  private readonly batcher: WriteBatcher;
  private readonly hub: WatchHub;
  private readonly gc: GarbageCollector;
  private readonly context: WriteContext;
  private closed = false;
  /** Changes installed since start, by resource (what `writesByResource` reports). */
  private readonly writes = new Map<string, number>();

  static async open(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
    const persistence = options.persistence ?? new MemoryPersistence();
    const snapshot = await persistence.load();
    const index = new ObjectIndex();
    const strings = new StringInterner();
    let counter = snapshot.resourceVersion;
    for (const object of snapshot.objects) {
      strings.internAndFreeze(object);
      const kind = resolveKind(object);
      const namespace = kind.info.namespaced ? (object.metadata.namespace ?? '') : '';
      index.put({ key: objectKey(kind.resource, namespace, object.metadata.name!), resource: kind.resource, namespace, object });
      // Defensive: a counter behind its own objects would hand out versions twice.
      counter = Math.max(counter, Number(object.metadata.resourceVersion ?? 0));
    }
    const store = new EmbeddedStore(options, persistence, index, strings, counter);
    store.gc.sweep();
    return store;
  }

  private constructor(
    options: EmbeddedStoreOptions,
    private readonly persistence: StorePersistence,
    private readonly index: ObjectIndex,
    /** Strings shared by the stored objects (json-interning.ts). */
    private readonly strings: StringInterner,
    private counter: number,
  ) {
    this.context = {
      clock: options.clock,
      random: options.random ?? Math.random,
      autoCreateNamespaces: options.autoCreateNamespaces ?? true,
      newUid: () => randomUUID(),
      admission: options.admission,
    };
    this.hub = new WatchHub({ capacity: options.watchHistory ?? DEFAULT_WATCH_HISTORY, windowMs: options.watchHistoryMs, clock: options.clock, startVersion: counter });
    this.gc = new GarbageCollector(index, this, options.onBackgroundError ?? (() => {}));
    this.batcher = new WriteBatcher({
      begin: () => new WriteTransaction(this.index, this.counter, true, (object) => this.strings.frozenCopy(object)),
      persist: (tx) => this.persist(tx),
      install: (tx) => this.install(tx),
    });
  }

  get<T extends KubeObject>(ref: KindRef, namespace: string | undefined, name: string): Promise<T> {
    return this.read(ref, namespace, name, true);
  }

  list<T extends KubeObject>(ref: KindRef, options: ListOptions = {}): Promise<ObjectList<T>> {
    return this.readList(ref, options, true);
  }

  create<T extends KubeObject>(object: T, options: WriteOptions = {}): Promise<T> {
    return this.write(options, (tx) => planCreate(tx, this.context, object, options), true);
  }

  update<T extends KubeObject>(object: T, options: WriteOptions = {}): Promise<T> {
    return this.write(options, (tx) => planUpdate(tx, this.context, object), true);
  }

  patch<T extends KubeObject>(
    ref: KindRef,
    namespace: string | undefined,
    name: string,
    patch: MergePatch,
    options: WriteOptions = {},
  ): Promise<T> {
    return this.write(options, (tx) => planPatch(tx, this.context, ref, namespace, name, patch), true);
  }

  updateStatus<T extends KubeObject>(object: T, options: WriteOptions = {}): Promise<T> {
    return this.write(options, (tx) => planUpdateStatus(tx, object), true);
  }

  /**
   * The pods/binding subresource, for the simulated scheduler beside the store: sets spec.nodeName of a
   * pod that has none (object-binding.ts). Returns the store's own frozen pod, as localClient() does.
   */
  bindPod(binding: PodBinding, options: WriteOptions = {}): Promise<Pod> {
    return this.write(options, (tx) => planBind(tx, binding), false);
  }

  delete<T extends KubeObject>(ref: KindRef, namespace: string | undefined, name: string, options: DeleteOptions = {}): Promise<T> {
    return this.write(options, (tx) => planDelete(tx, this.context, ref, namespace, name, options), true);
  }

  /**
   * `onClose` is called when the store ends the stream: on close(), or with the error when `onEvent`
   * threw. It is not called after the consumer's own `stop()`.
   */
  watch<T extends KubeObject>(
    ref: KindRef,
    options: WatchOptions,
    onEvent: (event: WatchEvent<T>) => void,
    onClose?: (err?: Error) => void,
  ): Promise<WatchHandle> {
    return this.openWatch(ref, options, onEvent, onClose, true);
  }

  /**
   * The same operations for code running beside the store (controllers, simulators, the channel to the
   * API thread): reads and write results are the store's own objects, deeply frozen, not copies. One
   * object per stored version is shared by every reader, instead of a copy per reader and per event;
   * a reader that must change one clones it first, as Kubernetes clients do with their caches.
   */
  localClient(): ClusterClient {
    return {
      get: (ref, namespace, name) => this.read(ref, namespace, name, false),
      list: (ref, options = {}) => this.readList(ref, options, false),
      create: (object, options = {}) => this.write(options, (tx) => planCreate(tx, this.context, object, options), false),
      update: (object, options = {}) => this.write(options, (tx) => planUpdate(tx, this.context, object), false),
      patch: (ref, namespace, name, patch, options = {}) => this.write(options, (tx) => planPatch(tx, this.context, ref, namespace, name, patch), false),
      updateStatus: (object, options = {}) => this.write(options, (tx) => planUpdateStatus(tx, object), false),
      delete: (ref, namespace, name, options = {}) => this.write(options, (tx) => planDelete(tx, this.context, ref, namespace, name, options), false),
      watch: (ref, options, onEvent, onClose) => this.openWatch(ref, options, onEvent, onClose, false),
    };
  }

  /**
   * Creates or replaces objects as one all-or-nothing write, keeping their `status` (and uid, timestamps
   * and generation when given): how Pods and Nodes with status are loaded from YAML.
   */
  async seed(objects: KubeObject[]): Promise<KubeObject[]> {
    this.assertOpen();
    const stored = await this.batcher.submit((tx) => planSeed(tx, this.context, objects));
    return stored.map((object) => copyJson(object));
  }

  /**
   * TransactionalApplier: applies every document of a manifest as one write (one commit, published
   * after it), or with `dryRun` answers exactly what that write would do and changes nothing.
   */
  async applyInOneTransaction(documents: readonly ApplyDocument[], options: { dryRun?: boolean } = {}): Promise<AppliedObject[]> {
    this.assertOpen();
    const plan = (tx: WriteTransaction) => planApply(tx, this.context, documents);
    const applied = options.dryRun ? plan(new WriteTransaction(this.index, this.counter, false)) : await this.batcher.submit(plan);
    return applied.map(({ action, object }) => ({ action, object: copyJson(object) }));
  }

  /** The resourceVersion of the last committed change. */
  currentResourceVersion(): string {
    return String(this.counter);
  }

  /** Changes (creations, updates, deletions) committed since the store opened, by resource. */
  writesByResource(): ReadonlyMap<string, number> {
    return this.writes;
  }

  /** Number of stored objects, of every kind. */
  size(): number {
    return this.index.size;
  }

  /** Resolves once no write is pending and the garbage collector has nothing left to do. */
  async gcIdle(): Promise<void> {
    while (!this.batcher.isIdle || !this.gc.isIdle) {
      await this.batcher.idle();
      await this.gc.idle();
    }
  }

  /** Finishes queued writes, stops garbage collection and every watch, then closes persistence. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.gc.stop();
    await this.batcher.close();
    this.hub.closeAll();
    await this.persistence.close();
  }

  private async read<T extends KubeObject>(ref: KindRef, namespace: string | undefined, name: string, copy: boolean): Promise<T> {
    this.assertOpen();
    const kind = resolveKind(ref);
    const entry = this.index.get(objectKey(kind.resource, scopeNamespace(kind, namespace), name));
    if (!entry) throw ApiError.notFound(kind.info.kind, name);
    return (copy ? copyJson(entry.object) : entry.object) as T;
  }

  private async readList<T extends KubeObject>(ref: KindRef, options: ListOptions, copy: boolean): Promise<ObjectList<T>> {
    this.assertOpen();
    const filter = this.filterFor(ref, options);
    const limit = parseLimit(options.limit);
    const items: T[] = [];
    let last: StoredEntry | undefined;
    for (const entry of this.index.list(filter.resource, filter.namespace, parseContinue(options.continue))) {
      if (items.length === limit) return { items, resourceVersion: String(this.counter), continue: continueAfter(last!) };
      if (!filter.selector.matches(entry.object.metadata.labels)) continue;
      items.push((copy ? copyJson(entry.object) : entry.object) as T);
      last = entry;
    }
    return { items, resourceVersion: String(this.counter) };
  }

  private async openWatch<T extends KubeObject>(
    ref: KindRef,
    options: WatchOptions,
    onEvent: (event: WatchEvent<T>) => void,
    onClose: ((err?: Error) => void) | undefined,
    copy: boolean,
  ): Promise<WatchHandle> {
    this.assertOpen();
    const filter = this.filterFor(ref, options);
    return this.hub.watch({ ...filter, copy }, parseWatchVersion(options.resourceVersion), onEvent as (event: WatchEvent) => void, onClose);
  }

  private async write<T extends KubeObject>(options: WriteOptions, plan: (tx: WriteTransaction) => KubeObject, copy: boolean): Promise<T> {
    this.assertOpen();
    if (options.dryRun) {
      // Judged against committed state, then thrown away: nothing is persisted, published or counted.
      return copyJson(plan(new WriteTransaction(this.index, this.counter, false))) as T;
    }
    const written = await this.batcher.submit(plan);
    return (copy ? copyJson(written) : written) as T;
  }

  private async persist(tx: WriteTransaction): Promise<void> {
    // Only the final state of each key matters to storage; keep one change per key, in commit order.
    const last = new Map<string, PersistedChange>();
    for (const change of tx.changes) {
      last.delete(change.entry.key);
      last.set(change.entry.key, { type: change.type, key: change.entry.key, object: change.entry.object });
    }
    await this.persistence.commit([...last.values()], tx.resourceVersion, this.context.clock.now());
  }

  private install(tx: WriteTransaction): void {
    for (const change of tx.changes) {
      // From here on the object is shared by every local reader; freezing makes a reader that forgets to
      // clone fail loudly instead of corrupting the store. Its strings are shared with the other objects'.
      // A put's object was made so when staged (WriteTransaction's `keep`); a deletion's last state is
      // short-lived (watch history only) and interned in place.
      this.strings.internAndFreeze(change.entry.object);
      this.writes.set(change.entry.resource, (this.writes.get(change.entry.resource) ?? 0) + 1);
      if (change.type === 'put') this.index.put(change.entry);
      else this.index.remove(change.entry.key);
    }
    this.counter = tx.resourceVersion;
    this.hub.publish(tx.changes);
    this.gc.observe(tx.changes);
  }

  private filterFor(ref: KindRef, options: ListOptions): Omit<WatchFilter, 'after' | 'copy'> {
    const kind: ResolvedKind = resolveKind(ref);
    const namespace = kind.info.namespaced ? options.namespace || undefined : scopeNamespace(kind, options.namespace) || undefined;
    return { resource: kind.resource, namespace, selector: parseSelector(options.labelSelector) };
  }

  private assertOpen(): void {
    if (this.closed) throw new ApiError('InternalError', 'the embedded store is closed');
  }
}

function parseSelector(input: ListOptions['labelSelector']): Selector {
  try {
    return Selector.from(input);
  } catch (err) {
    if (err instanceof SelectorParseError) {
      throw ApiError.badRequest(err.message, [{ field: 'labelSelector', message: err.message }]);
    }
    throw err;
  }
}

function parseLimit(limit: number | undefined): number {
  if (limit === undefined || limit === 0) return Infinity;
  if (!Number.isInteger(limit) || limit < 0) throw ApiError.badRequest(`invalid limit ${limit}`, [{ field: 'limit', message: 'must be a non-negative integer' }]);
  return limit;
}

/**
 * A continue token names the last item of the page it ends. Unlike the apiserver's, the next page is
 * read from the store as it is then, not from the first page's snapshot: an object changed in between
 * shows its newer state, and none is listed twice or skipped.
 */
function continueAfter(entry: StoredEntry): string {
  return Buffer.from(JSON.stringify([entry.namespace, entry.object.metadata.name]), 'utf8').toString('base64url');
}

function parseContinue(token: string | undefined): ListPosition | undefined {
  if (token === undefined || token === '') return undefined;
  try {
    const [namespace, name] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[];
    if (typeof namespace === 'string' && typeof name === 'string') return { namespace, name };
  } catch {
    // reported below
  }
  throw ApiError.badRequest('invalid continue token', [{ field: 'continue', message: 'not a token this server issued' }]);
}

/**
 * Omitted: start from now. Every other value is exact, "0" included: the apiserver reads "0" as "any
 * version", but here "0" is what list returns on an empty store, and a watch from it must miss nothing.
 */
function parseWatchVersion(resourceVersion: string | undefined): number | undefined {
  if (resourceVersion === undefined || resourceVersion === '') return undefined;
  if (!/^\d+$/.test(resourceVersion)) {
    throw ApiError.badRequest(`invalid resourceVersion "${resourceVersion}"`, [{ field: 'resourceVersion', message: 'must be a decimal integer' }]);
  }
  return Number(resourceVersion);
}
