// The last minute of an informer's changes, so a client can list and then subscribe without a gap:
// the list answers with the cache's resourceVersion, and a subscription given that version first
// replays every change after it (Kubernetes' list-then-watch). Without it, a change between the list
// and the moment the server registers the subscription (a WebSocket message later) is lost for good:
// a pod that became ready in that gap stays not-ready on the client.
//
// The log holds keys and change types, not objects (the current object is in the cache), except the
// last state of deleted objects. It is ordered by resourceVersion, since one watch delivers changes in
// that order; a relist's synthetic changes are not, and start it over.
import { performance } from 'node:perf_hooks';
import { objectKey, splitKey, type Informer } from '@coxswain/controller-runtime';
import type { KubeObject } from '@coxswain/kruise-api';
import type { CacheChange } from './informer-stream.js';

/** How long a change stays replayable: the time a client may take from its list to its subscription. */
export const CHANGE_LOG_WINDOW_MS = 60_000;
/** Changes kept at most, whatever their age (a 150,000-pod creation makes a million in minutes). */
export const CHANGE_LOG_MAX_ENTRIES = 200_000;

type ChangeType = CacheChange<KubeObject>['type'];

interface Entry<T> {
  resourceVersion: number;
  at: number;
  key: string;
  type: ChangeType;
  /** The last state of a deleted object. */
  deleted?: T;
}

/** Why a resourceVersion cannot be replayed from: the client lists again. */
export class ChangesGoneError extends Error {
  constructor(readonly resourceVersion: string) {
    super(`changes after resourceVersion ${resourceVersion} are no longer kept (the API keeps ${CHANGE_LOG_WINDOW_MS / 1000} s of them): list again and subscribe with the list's resourceVersion`);
  }
}

export class InvalidResourceVersionError extends Error {
  constructor(readonly resourceVersion: string) {
    super(`resourceVersion ${JSON.stringify(resourceVersion.slice(0, 40))} is not one a list answered with`);
  }
}

export class ChangeLog<T extends KubeObject> {
  private entries: Entry<T>[] = [];
  /** Entries before this index are pruned (removed in batches, not one shift per change). */
  private head = 0;
  /** Every change after this resourceVersion is in the log (NaN: none can be replayed, until the next sync). */
  private coveredAfter: number;
  /** The highest resourceVersion appended; a change at or below it comes from a relist. */
  private last: number;
  private appended = 0;

  constructor(
    private readonly informer: Informer<T>,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.coveredAfter = versionNumber(informer.lastSyncResourceVersion());
    this.last = this.coveredAfter;
    informer.addEventHandler({
      onAdd: (object, initial) => {
        if (!initial) this.append('ADDED', object);
      },
      onUpdate: (_old, object) => this.append('MODIFIED', object),
      onDelete: (object) => this.append('DELETED', object),
    });
  }

  /**
   * The changes after `resourceVersion`, folded per object into what a client holding the list at that
   * version needs: ADDED or MODIFIED with the object as it is now, DELETED with its last state; an object
   * added and deleted since is left out. Throws when the version cannot be replayed from.
   */
  since(resourceVersion: string): CacheChange<T>[] {
    const from = versionNumber(resourceVersion);
    if (Number.isNaN(from)) throw new InvalidResourceVersionError(resourceVersion);
    this.prune();
    this.resumeAfterRelist();
    if (!(from >= this.coveredAfter)) throw new ChangesGoneError(resourceVersion);
    const folded = new Map<string, { first: ChangeType; deleted?: T; live: boolean }>();
    for (let i = this.firstAfter(from); i < this.entries.length; i++) {
      const entry = this.entries[i]!;
      const seen = folded.get(entry.key);
      if (seen) folded.delete(entry.key); // re-inserted: objects come out in the order of their last change
      const fold = seen ?? { first: entry.type, live: false };
      if (entry.type === 'DELETED' && fold.first !== 'ADDED') fold.deleted ??= entry.deleted;
      fold.live = entry.type !== 'DELETED';
      folded.set(entry.key, fold);
    }
    const changes: CacheChange<T>[] = [];
    for (const [key, fold] of folded) {
      if (fold.deleted) changes.push({ type: 'DELETED', object: fold.deleted });
      if (!fold.live) continue;
      const { namespace, name } = splitKey(key);
      const object = this.informer.get(namespace, name);
      if (object) changes.push({ type: fold.first === 'ADDED' || fold.deleted ? 'ADDED' : 'MODIFIED', object });
    }
    return changes;
  }

  private append(type: ChangeType, object: T): void {
    const resourceVersion = versionNumber(object.metadata.resourceVersion);
    if (!(resourceVersion > this.last)) {
      // A relist's synthetic change (or a version that is not a number): what came before cannot be told apart.
      this.clear();
      this.coveredAfter = NaN;
      return;
    }
    this.last = resourceVersion;
    this.entries.push({ resourceVersion, at: this.now(), key: objectKey(object), type, deleted: type === 'DELETED' ? object : undefined });
    if (++this.appended % 1024 === 0 || this.size() > CHANGE_LOG_MAX_ENTRIES) this.prune();
  }

  private size(): number {
    return this.entries.length - this.head;
  }

  /** After a relist, replay resumes from the version the cache reached once the new list was applied. */
  private resumeAfterRelist(): void {
    if (!Number.isNaN(this.coveredAfter)) return;
    const synced = versionNumber(this.informer.lastSyncResourceVersion());
    if (synced >= this.last) {
      this.clear();
      this.coveredAfter = this.last = synced;
    }
  }

  private prune(): void {
    const oldest = this.now() - CHANGE_LOG_WINDOW_MS;
    let head = this.head;
    while (head < this.entries.length && (this.entries[head]!.at < oldest || this.entries.length - head > CHANGE_LOG_MAX_ENTRIES)) {
      this.coveredAfter = this.entries[head]!.resourceVersion;
      head++;
    }
    this.head = head;
    if (this.head > 1024 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }

  private clear(): void {
    this.entries = [];
    this.head = 0;
  }

  /** Index of the first entry after `resourceVersion` (entries are in version order). */
  private firstAfter(resourceVersion: number): number {
    let low = this.head;
    let high = this.entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.entries[mid]!.resourceVersion <= resourceVersion) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

function versionNumber(resourceVersion: string | undefined): number {
  return resourceVersion !== undefined && /^\d{1,15}$/.test(resourceVersion) ? Number(resourceVersion) : NaN;
}
