// Pods deleted recently, so an ack for a pod that is gone answers 410 (it existed, the hook is moot)
// rather than 404 (no such pod). Fed by a watch on all pods from API start; bounded in size and age.
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Clock, ClusterClient, WatchHandle } from '@coxswain/cluster';
import type { Pod } from '@coxswain/kruise-api';
import { POD_REF } from '@coxswain/workloads';
import { CLOCK, CLUSTER } from '../tokens.js';

export const TOMBSTONE_TTL_MS = 60 * 60_000;
export const MAX_TOMBSTONES = 50_000;

@Injectable()
export class PodTombstones implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('PodTombstones');
  /** `namespace/name` -> deletion time, oldest first (Map keeps insertion order). */
  private readonly deleted = new Map<string, number>();
  private handle: WatchHandle | undefined;
  private stopped = false;

  constructor(
    @Inject(CLUSTER) private readonly cluster: ClusterClient,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.watch();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    this.handle?.stop();
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

  private async watch(): Promise<void> {
    this.handle = await this.cluster.watch<Pod>(POD_REF, {}, (event) => {
      if (event.type === 'DELETED') this.record(event.object.metadata.namespace ?? 'default', event.object.metadata.name!);
      // A pod name created again is a new pod: it is no longer gone.
      else if (event.type === 'ADDED') this.deleted.delete(`${event.object.metadata.namespace ?? 'default'}/${event.object.metadata.name}`);
    }, (err) => {
      if (this.stopped) return;
      this.logger.warn({ msg: 'pod watch closed; restarting', error: err?.message });
      void this.watch().catch((e: unknown) => this.logger.error({ msg: 'could not restart the pod watch', error: String(e) }));
    });
  }
}
