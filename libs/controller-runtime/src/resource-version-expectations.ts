// After a controller updates an object and the API answers with resourceVersion R, its informer cache
// may still hold the older copy for a while. Acting on that copy computes from a world that no longer
// exists (Kruise's ResourceVersionExpectation). These expectations hold, per controller key, the
// versions the controller wrote, and are satisfied once the cache shows each object at >= R or gone.
// They read the cache when asked instead of relying on watch events, so a watch event that arrives
// before expect() is called cannot leave them waiting.
import type { Clock } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';
import {
  DEFAULT_EXPECTATION_TIMEOUT_MS,
  describeNames,
  isResourceVersionAtLeast,
  type ExpectationsOptions,
  type PendingExpectations,
} from './expectations.js';

/** The part of an informer the expectations read (Informer implements it). */
export interface ObjectCache {
  get(namespace: string | undefined, name: string): KubeObject | undefined;
}

export interface ResourceVersionExpectationsOptions extends ExpectationsOptions {
  cache: ObjectCache;
}

export interface ExpectedVersion {
  namespace?: string;
  name: string;
  uid: string;
  resourceVersion: string;
}

export interface PendingUpdates extends PendingExpectations {
  objects: ExpectedVersion[];
}

interface VersionRecord {
  /** By uid: a same-named object recreated since counts as the old one gone. */
  objects: Map<string, ExpectedVersion>;
  since: number;
}

export class ResourceVersionExpectations {
  readonly timeoutMs: number;
  private readonly clock: Clock;
  private readonly cache: ObjectCache;
  private readonly records = new Map<string, VersionRecord>();

  constructor(options: ResourceVersionExpectationsOptions) {
    this.clock = options.clock;
    this.cache = options.cache;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_EXPECTATION_TIMEOUT_MS;
  }

  /** Records that the controller wrote `written` (the object the API returned, with its new resourceVersion). */
  expect(controllerKey: string, written: KubeObject): void {
    const { uid, resourceVersion, name, namespace } = written.metadata;
    if (!uid || !resourceVersion || !name) {
      throw new TypeError('expect() needs the written object as returned by the API (uid, name and resourceVersion)');
    }
    let record = this.records.get(controllerKey);
    if (!record || this.isExpired(record)) {
      record = { objects: new Map(), since: this.clock.now() };
      this.records.set(controllerKey, record);
    }
    const previous = record.objects.get(uid);
    if (previous && isResourceVersionAtLeast(previous.resourceVersion, resourceVersion)) return;
    record.objects.set(uid, { namespace, name, uid, resourceVersion });
  }

  /** True when the cache has caught up with every recorded write, or the oldest has timed out. */
  satisfied(controllerKey: string): boolean {
    return this.pending(controllerKey) === undefined;
  }

  /** The writes the cache has not caught up with yet, or undefined when satisfied(). */
  pending(controllerKey: string): PendingUpdates | undefined {
    const record = this.records.get(controllerKey);
    if (!record) return undefined;
    if (this.isExpired(record)) {
      this.records.delete(controllerKey);
      return undefined;
    }
    for (const [uid, expected] of record.objects) {
      if (this.caughtUp(expected)) record.objects.delete(uid);
    }
    if (record.objects.size === 0) {
      this.records.delete(controllerKey);
      return undefined;
    }
    const objects = [...record.objects.values()];
    const names = objects.map((o) => `${o.name}@${o.resourceVersion}`).sort();
    return {
      controllerKey,
      objects,
      since: record.since,
      expiresAt: record.since + this.timeoutMs,
      message: `waiting for the cache to show ${objects.length} updated object${objects.length === 1 ? '' : 's'} (${describeNames(names)})`,
    };
  }

  deleteExpectations(controllerKey: string): void {
    this.records.delete(controllerKey);
  }

  private caughtUp(expected: ExpectedVersion): boolean {
    const cached = this.cache.get(expected.namespace, expected.name);
    if (!cached || cached.metadata.uid !== expected.uid) return true;
    return isResourceVersionAtLeast(cached.metadata.resourceVersion, expected.resourceVersion);
  }

  private isExpired(record: VersionRecord): boolean {
    return this.clock.now() - record.since >= this.timeoutMs;
  }
}
