// One watch stream: decides which committed changes it sees (resource, namespace, label selector, with
// the watch cache's ADDED/DELETED transitions when labels start or stop matching) and delivers them
// asynchronously, in order, each as the watcher's own copy or as the store's shared frozen object.
import type { KubeObject, Selector } from '@coxswain/kruise-api';
import type { WatchEvent, WatchEventType } from '../../port.js';
import { copyJson } from './json-value.js';
import type { StoreChange } from './write-transaction.js';

export interface WatchFilter {
  resource: string;
  /** undefined: every namespace. */
  namespace: string | undefined;
  selector: Selector;
  /** Changes at or below this resourceVersion are not delivered (a watch from a version not reached yet). */
  after: number;
  /** Deliver the watcher's own copy of each object (false: the store's frozen object, shared). */
  copy: boolean;
}

interface PendingEvent {
  type: WatchEventType;
  object: KubeObject;
  resourceVersion: number;
}

export class Watcher {
  private pending: PendingEvent[] = [];
  private head = 0;
  private scheduled = false;
  private stopped = false;

  constructor(
    readonly filter: WatchFilter,
    private readonly onEvent: (event: WatchEvent) => void,
    private readonly onClose: ((err?: Error) => void) | undefined,
    private readonly detach: (watcher: Watcher) => void,
  ) {}

  offer(change: StoreChange): void {
    if (this.stopped) return;
    const event = this.toEvent(change);
    if (!event) return;
    this.pending.push(event);
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(() => this.drain());
    }
  }

  /** Ends delivery at once; events not yet delivered are dropped. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.pending = [];
    this.head = 0;
    this.detach(this);
  }

  /** Ends the stream from the store's side and tells the consumer why. */
  close(err?: Error): void {
    if (this.stopped) return;
    this.stop();
    try {
      this.onClose?.(err);
    } catch {
      // The consumer's close handler failing cannot be reported anywhere more useful than its own code.
    }
  }

  private toEvent(change: StoreChange): PendingEvent | undefined {
    const { filter } = this;
    if (change.resourceVersion <= filter.after) return undefined;
    if (filter.namespace !== undefined && change.entry.namespace !== filter.namespace) return undefined;
    const current = change.entry.object;
    const before = change.previous?.object;
    const rv = change.resourceVersion;
    const matchesNow = filter.selector.matches(current.metadata.labels);
    const matchedBefore = before !== undefined && filter.selector.matches(before.metadata.labels);
    if (change.type === 'delete') {
      return matchesNow || matchedBefore ? { type: 'DELETED', object: current, resourceVersion: rv } : undefined;
    }
    if (matchesNow) return { type: matchedBefore ? 'MODIFIED' : 'ADDED', object: current, resourceVersion: rv };
    // Labels stopped matching: to this watcher the object is gone. Like the apiserver's watch cache, send
    // the state it last matched in, stamped with this change's version.
    if (matchedBefore) return { type: 'DELETED', object: before, resourceVersion: rv };
    return undefined;
  }

  /** The object as this watcher receives it, stamped with the change's resourceVersion. */
  private deliverable(next: PendingEvent): KubeObject {
    const resourceVersion = String(next.resourceVersion);
    if (this.filter.copy) {
      const object = copyJson(next.object);
      object.metadata.resourceVersion = resourceVersion;
      return object;
    }
    if (next.object.metadata.resourceVersion === resourceVersion) return next.object;
    // Shared objects are frozen: a state stamped with a later version (labels stopped matching) is a copy.
    return { ...next.object, metadata: { ...next.object.metadata, resourceVersion } };
  }

  private drain(): void {
    this.scheduled = false;
    while (!this.stopped && this.head < this.pending.length) {
      const next = this.pending[this.head++]!;
      try {
        this.onEvent({ type: next.type, object: this.deliverable(next) });
      } catch (err) {
        // A handler that throws ends its own stream (as a broken connection would); others carry on.
        this.close(err instanceof Error ? err : new Error(String(err)));
        return;
      }
    }
    if (!this.stopped) {
      this.pending = [];
      this.head = 0;
    }
  }
}
