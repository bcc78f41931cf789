// Kruise's ScaleExpectations: per controller key, the names of objects the controller has asked to be
// created or deleted and has not yet seen created or deleted in its informer. Call expectScale *before*
// the write (so the watch event cannot arrive first) and observeScale both from the informer's handlers
// and when the write fails (nothing will ever be observed for it).
import type { Clock } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';
import {
  DEFAULT_EXPECTATION_TIMEOUT_MS,
  describeNames,
  type ExpectationsOptions,
  type PendingExpectations,
} from './expectations.js';
import type { MapFunc } from './handlers.js';
import type { Informer } from './informer.js';
import { requestKey } from './keys.js';

export type ScaleAction = 'create' | 'delete';

export interface PendingScale extends PendingExpectations {
  creations: string[];
  deletions: string[];
}

interface ScaleRecord {
  create: Set<string>;
  delete: Set<string>;
  since: number;
}

export class ScaleExpectations {
  readonly timeoutMs: number;
  private readonly clock: Clock;
  private readonly records = new Map<string, ScaleRecord>();

  constructor(options: ExpectationsOptions) {
    this.clock = options.clock;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_EXPECTATION_TIMEOUT_MS;
  }

  expectScale(controllerKey: string, action: ScaleAction, name: string): void {
    let record = this.records.get(controllerKey);
    // An expired record was given up on; new expectations must not inherit its age and expire at once.
    if (!record || this.isExpired(record)) {
      record = { create: new Set(), delete: new Set(), since: this.clock.now() };
      this.records.set(controllerKey, record);
    }
    record[action].add(name);
  }

  observeScale(controllerKey: string, action: ScaleAction, name: string): void {
    const record = this.records.get(controllerKey);
    if (!record) return;
    record[action].delete(name);
    if (record.create.size === 0 && record.delete.size === 0) this.records.delete(controllerKey);
  }

  /** True when nothing is outstanding, or the oldest outstanding expectation has timed out. */
  satisfied(controllerKey: string): boolean {
    const record = this.records.get(controllerKey);
    if (!record) return true;
    if (this.isExpired(record)) {
      this.records.delete(controllerKey);
      return true;
    }
    return false;
  }

  /**
   * Like satisfied(), but an expired record is reported (with how long it has waited) instead of being
   * dropped, for controllers whose policy on a timeout is their own (Kruise's ForceDeleteTimeoutExpectation gate).
   */
  check(controllerKey: string): { satisfied: true } | { satisfied: false; elapsedMs: number; timedOut: boolean } {
    const record = this.records.get(controllerKey);
    if (!record) return { satisfied: true };
    const elapsedMs = this.clock.now() - record.since;
    return { satisfied: false, elapsedMs, timedOut: elapsedMs >= this.timeoutMs };
  }

  /** What the controller still waits for, or undefined when satisfied(). */
  pending(controllerKey: string): PendingScale | undefined {
    const record = this.records.get(controllerKey);
    if (!record || this.isExpired(record)) return undefined;
    const creations = [...record.create].sort();
    const deletions = [...record.delete].sort();
    const parts: string[] = [];
    if (creations.length) parts.push(`${plural(creations.length, 'creation')} (${describeNames(creations)})`);
    if (deletions.length) parts.push(`${plural(deletions.length, 'deletion')} (${describeNames(deletions)})`);
    return {
      controllerKey,
      creations,
      deletions,
      since: record.since,
      expiresAt: record.since + this.timeoutMs,
      message: `waiting to observe ${parts.join(' and ')}`,
    };
  }

  /** Forgets the controller's expectations, e.g. when the workload itself is deleted. */
  deleteExpectations(controllerKey: string): void {
    this.records.delete(controllerKey);
  }

  private isExpired(record: ScaleRecord): boolean {
    return this.clock.now() - record.since >= this.timeoutMs;
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * Feeds `expectations` from an informer's events (Kruise's pod and PVC event handlers): a create event
 * satisfies a `create` expectation of each owner `owner` maps the object to; a deletion (a
 * deletionTimestamp appearing, or the object gone) a `delete` one.
 */
export function observeScaleEvents<T extends KubeObject>(expectations: ScaleExpectations, informer: Informer<T>, owner: MapFunc<KubeObject>): void {
  const observe = (object: KubeObject, action: ScaleAction) => {
    for (const request of owner(object)) expectations.observeScale(requestKey(request), action, object.metadata.name!);
  };
  informer.addEventHandler({
    onAdd: (object) => {
      observe(object, 'create');
      if (object.metadata.deletionTimestamp) observe(object, 'delete');
    },
    onUpdate: (old, next) => {
      if (next.metadata.deletionTimestamp && !old.metadata.deletionTimestamp) observe(next, 'delete');
    },
    onDelete: (object) => observe(object, 'delete'),
  });
}
