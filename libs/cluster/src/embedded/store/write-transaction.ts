// The state one batch of writes is judged against: the committed index plus the batch's own changes so
// far. Writes later in a batch see earlier ones (so conflicts and AlreadyExists are decided in order), a
// failing write is rolled back to its checkpoint without touching the others, and nothing reaches the
// committed index until the batch is durable.
import type { KubeObject } from '@coxswain/kruise-api';
import type { ObjectIndex, StoredEntry } from './object-index.js';
import { objectKey } from './object-key.js';

export interface StoreChange {
  type: 'put' | 'delete';
  /** For `put` the new entry; for `delete` the entry's last state, stamped with the deletion's resourceVersion. */
  entry: StoredEntry;
  /** The state before this change (undefined when the put created the object). */
  previous: StoredEntry | undefined;
  resourceVersion: number;
}

export interface Checkpoint {
  readonly changes: number;
  readonly counter: number;
}

/** How to take one recorded change back: the overlay entries it replaced, by map and key. */
type Undo = Array<{ map: Map<string, unknown>; key: string; had: boolean; value: unknown }>;

export class WriteTransaction {
  private readonly overlay = new Map<string, StoredEntry | null>();
  /** uid -> key of the object holding it now in this transaction; null once that object is gone. */
  private readonly uids = new Map<string, string | null>();
  private readonly undo: Undo[] = [];
  private readonly recorded: StoreChange[] = [];
  private counter: number;

  /**
   * @param stampVersions false for dry runs: results keep the resourceVersion they had (none on create),
   *   as the apiserver's dry run does, because no version is really consumed.
   */
  constructor(
    private readonly base: ObjectIndex,
    counter: number,
    readonly stampVersions: boolean,
    /** Makes a staged object the one the store keeps (frozen, interned, sized); none for a dry run. */
    private readonly keep: (object: KubeObject) => KubeObject = (object) => object,
  ) {
    this.counter = counter;
  }

  get resourceVersion(): number {
    return this.counter;
  }

  get changes(): readonly StoreChange[] {
    return this.recorded;
  }

  get(key: string): StoredEntry | undefined {
    const staged = this.overlay.get(key);
    if (staged !== undefined) return staged ?? undefined;
    return this.base.get(key);
  }

  /** The objects of `resource` in `namespace` as of this transaction (staged writes included). */
  list(resource: string, namespace: string): KubeObject[] {
    const prefix = objectKey(resource, namespace, '');
    const found = new Map<string, KubeObject>();
    for (const entry of this.base.list(resource, namespace)) found.set(entry.key, entry.object);
    for (const [key, staged] of this.overlay) {
      if (!key.startsWith(prefix)) continue;
      if (staged === null) found.delete(key);
      else found.set(key, staged.object);
    }
    return [...found.values()];
  }

  /** Key of the object holding `uid` as of this transaction (staged writes included). */
  keyOfUid(uid: string): string | undefined {
    const staged = this.uids.get(uid);
    if (staged !== undefined) return staged ?? undefined;
    const committed = this.base.getByUid(uid);
    // A committed holder this transaction replaced or removed no longer holds it.
    return committed && this.get(committed.key)?.object.metadata.uid === uid ? committed.key : undefined;
  }

  /**
   * Stages `entry` (whose object the transaction now owns) as the object's new state; answers the object
   * as staged, which may be a copy (`keep`): nothing may change it from here on.
   */
  put(entry: StoredEntry): KubeObject {
    const rv = this.nextVersion();
    if (this.stampVersions) entry.object.metadata.resourceVersion = String(rv);
    const staged = { ...entry, object: this.keep(entry.object) };
    this.record({ type: 'put', entry: staged, previous: this.get(entry.key), resourceVersion: rv });
    return staged.object;
  }

  /**
   * Stages the removal of the object at `key`, whose last state is `lastState` (the stored object, or the
   * update that emptied its finalizers). Returns that state stamped with the deletion's resourceVersion.
   */
  remove(key: string, lastState: KubeObject): KubeObject {
    const previous = this.get(key);
    if (!previous) throw new Error(`internal: removing ${key}, which is not stored`);
    const rv = this.nextVersion();
    const finalState: KubeObject = this.stampVersions
      ? { ...lastState, metadata: { ...lastState.metadata, resourceVersion: String(rv) } }
      : lastState;
    this.record({ type: 'delete', entry: { ...previous, object: finalState }, previous, resourceVersion: rv });
    return finalState;
  }

  checkpoint(): Checkpoint {
    return { changes: this.recorded.length, counter: this.counter };
  }

  rollback(to: Checkpoint): void {
    while (this.recorded.length > to.changes) {
      this.recorded.pop();
      for (const step of this.undo.pop()!.reverse()) {
        if (step.had) step.map.set(step.key, step.value);
        else step.map.delete(step.key);
      }
    }
    this.counter = to.counter;
  }

  private nextVersion(): number {
    return this.stampVersions ? ++this.counter : this.counter;
  }

  private record(change: StoreChange): void {
    const key = change.entry.key;
    const undo: Undo = [];
    const set = <V>(map: Map<string, V>, k: string, value: V) => {
      undo.push({ map: map as Map<string, unknown>, key: k, had: map.has(k), value: map.get(k) });
      map.set(k, value);
    };
    const before = change.previous?.object.metadata.uid;
    const after = change.type === 'put' ? change.entry.object.metadata.uid : undefined;
    if (before && before !== after) set(this.uids, before, null);
    if (after) set(this.uids, after, key);
    set(this.overlay, key, change.type === 'put' ? change.entry : null);
    this.undo.push(undo);
    this.recorded.push(change);
  }
}
