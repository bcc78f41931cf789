// The informer's cache (client-go's cache.Indexer): objects by "namespace/name" plus secondary indices
// that map a value (a namespace, an owner uid, anything an index function returns) to the objects
// carrying it, so "all pods of this CloneSet" is a lookup rather than a scan of every pod. Each index
// keeps its objects in key order, so a page of them ("the 100 pods after web-x7k2p") costs the page.
import { SortedKeys } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';

/** The values an object is filed under in one index; [] leaves it out of the index. */
export type IndexFunc<T extends KubeObject> = (object: T) => string[];

/** Built-in index of objects by metadata.namespace. */
export const NAMESPACE_INDEX = 'namespace';
/** Built-in index of objects by the uid of each of their ownerReferences. */
export const OWNER_UID_INDEX = 'ownerUID';

/** Built-in index of objects that no controller owns (no ownerReference with controller: true), by namespace. */
export const CONTROLLERLESS_INDEX = 'controllerless';

export const namespaceIndexFunc: IndexFunc<KubeObject> = (o) => (o.metadata.namespace ? [o.metadata.namespace] : []);
export const controllerlessIndexFunc: IndexFunc<KubeObject> = (o) =>
  (o.metadata.ownerReferences ?? []).some((r) => r.controller === true) ? [] : [o.metadata.namespace ?? ''];
export const ownerUidIndexFunc: IndexFunc<KubeObject> = (o) => (o.metadata.ownerReferences ?? []).map((r) => r.uid);

export class Indexer<T extends KubeObject> {
  private readonly items = new Map<string, T>();
  private readonly indexers = new Map<string, IndexFunc<T>>();
  private readonly indices = new Map<string, Map<string, SortedKeys>>();

  constructor() {
    this.addIndexer(NAMESPACE_INDEX, namespaceIndexFunc);
    this.addIndexer(OWNER_UID_INDEX, ownerUidIndexFunc);
    this.addIndexer(CONTROLLERLESS_INDEX, controllerlessIndexFunc);
  }

  get size(): number {
    return this.items.size;
  }

  get(key: string): T | undefined {
    return this.items.get(key);
  }

  keys(): string[] {
    return [...this.items.keys()];
  }

  list(): T[] {
    return [...this.items.values()];
  }

  /** Adds an index; objects already cached are indexed at once. Index functions must be pure. */
  addIndexer(name: string, indexFunc: IndexFunc<T>): void {
    if (this.indexers.has(name)) throw new Error(`indexer "${name}" already exists`);
    this.indexers.set(name, indexFunc);
    const index = new Map<string, SortedKeys>();
    this.indices.set(name, index);
    for (const [key, object] of this.items) addToIndex(index, indexFunc(object), key);
  }

  hasIndexer(name: string): boolean {
    return this.indexers.has(name);
  }

  /** The objects filed under `value`, in key order. */
  byIndex(name: string, value: string): T[] {
    const keys = this.index(name).get(value);
    if (!keys) return [];
    const result: T[] = [];
    for (const key of keys) result.push(this.items.get(key)!);
    return result;
  }

  /** Up to `limit` objects filed under `value` whose keys come after `afterKey`, in key order. */
  pageByIndex(name: string, value: string, afterKey: string | undefined, limit: number): T[] {
    const keys = this.index(name).get(value);
    return keys ? keys.page(afterKey, limit).map((key) => this.items.get(key)!) : [];
  }

  /** How many objects are filed under `value` (after `afterKey` when given). */
  countByIndex(name: string, value: string, afterKey?: string): number {
    return this.index(name).get(value)?.countAfter(afterKey) ?? 0;
  }

  /** The values some object is filed under, with how many objects each. */
  indexValues(name: string): Map<string, number> {
    return new Map([...this.index(name)].map(([value, keys]) => [value, keys.size]));
  }

  /** Stores `object` under `key`; returns what was there before. */
  set(key: string, object: T): T | undefined {
    const old = this.items.get(key);
    this.items.set(key, object);
    for (const [name, indexFunc] of this.indexers) {
      const index = this.indices.get(name)!;
      // Re-index from the old object's values (cached objects are never mutated, so they still hold),
      // touching only the values that changed: most updates keep their owner, namespace and state.
      const before = old ? indexFunc(old) : [];
      const after = indexFunc(object);
      removeFromIndex(index, before.filter((v) => !after.includes(v)), key);
      addToIndex(index, after.filter((v) => !before.includes(v)), key);
    }
    return old;
  }

  private index(name: string): Map<string, SortedKeys> {
    const index = this.indices.get(name);
    if (!index) throw new Error(`indexer "${name}" does not exist`);
    return index;
  }

  delete(key: string): T | undefined {
    const old = this.items.get(key);
    if (!old) return undefined;
    this.items.delete(key);
    for (const [name, indexFunc] of this.indexers) removeFromIndex(this.indices.get(name)!, indexFunc(old), key);
    return old;
  }
}

function addToIndex(index: Map<string, SortedKeys>, values: string[], key: string): void {
  for (const value of values) {
    let keys = index.get(value);
    if (!keys) index.set(value, (keys = new SortedKeys()));
    keys.add(key);
  }
}

function removeFromIndex(index: Map<string, SortedKeys>, values: string[], key: string): void {
  for (const value of values) {
    const keys = index.get(value);
    if (!keys) continue;
    keys.delete(key);
    if (keys.size === 0) index.delete(value);
  }
}
