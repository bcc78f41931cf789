// The committed objects and the indexes every hot path needs, so no read or write scans the whole store:
// by key, by resource + namespace (list, watch), by uid and by owner uid (garbage collection).
import type { KubeObject } from '@coxswain/kruise-api';
import { SortedKeys } from '../../collections/sorted-keys.js';

/**
 * One stored object with its address. Stored objects are never mutated: every write installs a new
 * object, so an entry (and history events referring to it) can be shared freely inside the store.
 */
export interface StoredEntry {
  readonly key: string;
  readonly resource: string;
  readonly namespace: string;
  readonly object: KubeObject;
}

/** One namespace's objects of one resource, by name and in name order. */
interface NamespaceBucket {
  readonly byName: Map<string, StoredEntry>;
  readonly names: SortedKeys;
}

/** Where a list resumes: after this namespace and name (a `continue` token, decoded). */
export interface ListPosition {
  namespace: string;
  name: string;
}

export class ObjectIndex {
  private readonly byKey = new Map<string, StoredEntry>();
  private readonly byResource = new Map<string, Map<string, NamespaceBucket>>();
  private readonly keyByUid = new Map<string, string>();
  private readonly dependentsByOwnerUid = new Map<string, Set<string>>();

  get size(): number {
    return this.byKey.size;
  }

  get(key: string): StoredEntry | undefined {
    return this.byKey.get(key);
  }

  getByUid(uid: string): StoredEntry | undefined {
    const key = this.keyByUid.get(uid);
    return key === undefined ? undefined : this.byKey.get(key);
  }

  hasUid(uid: string): boolean {
    return this.keyByUid.has(uid);
  }

  /** Entries whose ownerReferences name `uid`. */
  dependentsOf(uid: string): StoredEntry[] {
    const keys = this.dependentsByOwnerUid.get(uid);
    if (!keys) return [];
    const out: StoredEntry[] = [];
    for (const key of keys) {
      const entry = this.byKey.get(key);
      if (entry) out.push(entry);
    }
    return out;
  }

  /** Owner uids referenced by some stored object but not stored themselves. */
  missingOwnerUids(): string[] {
    return [...this.dependentsByOwnerUid.keys()].filter((uid) => !this.keyByUid.has(uid));
  }

  /**
   * Entries of `resource` (in one namespace when given) in namespace then name order, starting after
   * `after`: walking a page costs the page, not the namespace.
   */
  *list(resource: string, namespace?: string, after?: ListPosition): Generator<StoredEntry> {
    const namespaces = this.byResource.get(resource);
    if (!namespaces) return;
    const names = namespace === undefined ? [...namespaces.keys()].sort(compareNames) : namespaces.has(namespace) ? [namespace] : [];
    for (const ns of names) {
      if (after && ns < after.namespace) continue;
      const bucket = namespaces.get(ns)!;
      let cursor = after && ns === after.namespace ? after.name : undefined;
      for (;;) {
        const page = bucket.names.page(cursor, LIST_CHUNK);
        for (const name of page) yield bucket.byName.get(name)!;
        if (page.length < LIST_CHUNK) break;
        cursor = page[page.length - 1];
      }
    }
  }

  /** How many entries of `resource` there are (in one namespace when given). */
  count(resource: string, namespace?: string): number {
    const namespaces = this.byResource.get(resource);
    if (!namespaces) return 0;
    if (namespace !== undefined) return namespaces.get(namespace)?.names.size ?? 0;
    let total = 0;
    for (const bucket of namespaces.values()) total += bucket.names.size;
    return total;
  }

  all(): IterableIterator<StoredEntry> {
    return this.byKey.values();
  }

  put(entry: StoredEntry): void {
    const previous = this.byKey.get(entry.key);
    if (previous) this.unindex(previous);
    this.byKey.set(entry.key, entry);
    let namespaces = this.byResource.get(entry.resource);
    if (!namespaces) this.byResource.set(entry.resource, (namespaces = new Map()));
    let bucket = namespaces.get(entry.namespace);
    if (!bucket) namespaces.set(entry.namespace, (bucket = { byName: new Map(), names: new SortedKeys() }));
    bucket.byName.set(entry.object.metadata.name!, entry);
    bucket.names.add(entry.object.metadata.name!);
    const uid = entry.object.metadata.uid;
    if (uid) this.keyByUid.set(uid, entry.key);
    for (const ref of entry.object.metadata.ownerReferences ?? []) {
      let dependents = this.dependentsByOwnerUid.get(ref.uid);
      if (!dependents) this.dependentsByOwnerUid.set(ref.uid, (dependents = new Set()));
      dependents.add(entry.key);
    }
  }

  remove(key: string): void {
    const previous = this.byKey.get(key);
    if (!previous) return;
    this.unindex(previous);
    this.byKey.delete(key);
  }

  private unindex(entry: StoredEntry): void {
    const bucket = this.byResource.get(entry.resource)?.get(entry.namespace);
    bucket?.byName.delete(entry.object.metadata.name!);
    bucket?.names.delete(entry.object.metadata.name!);
    if (bucket?.byName.size === 0) this.byResource.get(entry.resource)!.delete(entry.namespace);
    const uid = entry.object.metadata.uid;
    if (uid && this.keyByUid.get(uid) === entry.key) this.keyByUid.delete(uid);
    for (const ref of entry.object.metadata.ownerReferences ?? []) {
      const dependents = this.dependentsByOwnerUid.get(ref.uid);
      dependents?.delete(entry.key);
      if (dependents?.size === 0) this.dependentsByOwnerUid.delete(ref.uid);
    }
  }
}

/** Names fetched from a bucket at a time while walking it. */
const LIST_CHUNK = 256;

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
