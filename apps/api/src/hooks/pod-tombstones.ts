// Pods deleted recently, so an ack for a pod that is gone answers 410 (it existed, the hook is moot)
// rather than 404 (no such pod). Fed by the cache's pod informer from API start; bounded in size and age.
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Clock } from '@coxswain/cluster';
import type { EventHandlerRegistration } from '@coxswain/controller-runtime';
import { ClusterCache } from '../cluster/cluster-cache.js';
import { CLOCK } from '../tokens.js';

export const TOMBSTONE_TTL_MS = 60 * 60_000;
export const MAX_TOMBSTONES = 50_000;

@Injectable()
export class PodTombstones implements OnModuleInit, OnModuleDestroy {
  /** `namespace/name` -> deletion time, oldest first (Map keeps insertion order). */
  private readonly deleted = new Map<string, number>();
  private registration: EventHandlerRegistration | undefined;

  constructor(
    private readonly cache: ClusterCache,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.registration = this.cache.pods.addEventHandler({
      onDelete: (pod) => this.record(pod.metadata.namespace ?? 'default', pod.metadata.name!),
      // A pod name created again is a new pod: it is no longer gone.
      onAdd: (pod, initial) => {
        if (!initial) this.deleted.delete(`${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`);
      },
    });
  }

  onModuleDestroy(): void {
    this.registration?.remove();
  }

  /** Whether a pod of that name was deleted within TOMBSTONE_TTL_MS. */
  wasDeleted(namespace: string, name: string): boolean {
    const at = this.deleted.get(`${namespace}/${name}`);
    return at !== undefined && this.clock.now() - at <= TOMBSTONE_TTL_MS;
  }

  record(namespace: string, name: string): void {
    const key = `${namespace}/${name}`;
    this.deleted.delete(key);
    this.deleted.set(key, this.clock.now());
    for (const [oldest] of this.deleted) {
      if (this.deleted.size <= MAX_TOMBSTONES) break;
      this.deleted.delete(oldest);
    }
  }
}
