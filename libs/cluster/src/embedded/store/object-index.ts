// The committed objects and the indexes every hot path needs, so no read or write scans the whole store:
// by key, by resource + namespace (list, watch), by uid and by owner uid (garbage collection).
import type { KubeObject } from '@coxswain/kruise-api';

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

export class ObjectIndex {
  private readonly byKey = new Map<string, StoredEntry>();
  private readonly byResource = new Map<string, Map<string, Map<string, StoredEntry>>>();
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

  /** Every entry of `resource` (in one namespace when given), sorted by namespace then name. */
  list(resource: string, namespace?: string): StoredEntry[] {
    const namespaces = this.byResource.get(resource);
    if (!namespaces) return [];
    const names = namespace === undefined ? [...namespaces.keys()].sort() : namespaces.has(namespace) ? [namespace] : [];
    const out: StoredEntry[] = [];
    for (const ns of names) {
      const entries = [...namespaces.get(ns)!.values()];
      entries.sort((a, b) => compareNames(a.object.metadata.name!, b.object.metadata.name!));
      for (const entry of entries) out.push(entry);
    }
    return out;
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
    let names = namespaces.get(entry.namespace);
    if (!names) namespaces.set(entry.namespace, (names = new Map()));
    names.set(entry.object.metadata.name!, entry);
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
    const names = this.byResource.get(entry.resource)?.get(entry.namespace);
    names?.delete(entry.object.metadata.name!);
    if (names?.size === 0) this.byResource.get(entry.resource)!.delete(entry.namespace);
    const uid = entry.object.metadata.uid;
    if (uid && this.keyByUid.get(uid) === entry.key) this.keyByUid.delete(uid);
    for (const ref of entry.object.metadata.ownerReferences ?? []) {
      const dependents = this.dependentsByOwnerUid.get(ref.uid);
      dependents?.delete(entry.key);
      if (dependents?.size === 0) this.dependentsByOwnerUid.delete(ref.uid);
    }
  }
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
