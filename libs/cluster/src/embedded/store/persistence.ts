// Where the embedded store makes its writes durable. The store calls `commit` for every batch of accepted
// writes and acknowledges them only after it resolves; `load` restores objects and the resourceVersion
// counter after a restart. The Prisma implementation lives with the API (only apps/api touches Prisma);
// MemoryPersistence serves tests and throw-away clusters.
import type { KubeObject } from '@coxswain/kruise-api';
import { copyJson } from './json-value.js';

export interface PersistedChange {
  /** `put` writes the object as it now is; `delete` removes it. */
  type: 'put' | 'delete';
  /** The store key: `<resourceKey>/<namespace>/<name>` (namespace empty for cluster-scoped kinds). */
  key: string;
  object: KubeObject;
}

export interface StoreSnapshot {
  /** The resourceVersion counter: the last one handed out, including to deletions. */
  resourceVersion: number;
  objects: KubeObject[];
  /** The store's clock at the last commit (ms since the epoch); undefined before the first one. */
  time?: number;
}

export interface StorePersistence {
  load(): Promise<StoreSnapshot>;
  /**
   * Makes a batch of changes, the new counter and the store's clock time (`at`) durable atomically;
   * resolves only once they are.
   */
  commit(changes: readonly PersistedChange[], resourceVersion: number, at: number): Promise<void>;
  close(): Promise<void>;
}

export class MemoryPersistence implements StorePersistence {
  private readonly objects = new Map<string, KubeObject>();
  private resourceVersion = 0;
  private time: number | undefined;
  commits = 0;

  async load(): Promise<StoreSnapshot> {
    return { resourceVersion: this.resourceVersion, objects: [...this.objects.values()].map((o) => copyJson(o)), time: this.time };
  }

  async commit(changes: readonly PersistedChange[], resourceVersion: number, at: number): Promise<void> {
    for (const change of changes) {
      // Copied as a database would store them: JSON, sharing nothing with the store's objects.
      if (change.type === 'put') this.objects.set(change.key, copyJson(change.object));
      else this.objects.delete(change.key);
    }
    this.resourceVersion = resourceVersion;
    this.time = at;
    this.commits++;
  }

  async close(): Promise<void> {}
}
