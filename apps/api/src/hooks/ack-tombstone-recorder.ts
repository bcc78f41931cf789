// Kubernetes mode: the pods an ack wrote are deleted by the real cluster, not in a commit of ours, so
// their ack stamps are kept (hook_ack_tombstones) when the pod watch shows the deletion, by every replica
// that sees it. A pod deleted while no replica watched leaves none: a retry of its key then cannot tell
// that its ack was applied (docs/hooks.md). The embedded cluster keeps them itself, in the
// commit that deletes the pod (sql-store-persistence.ts), so this records nothing there.
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Clock } from '@coxswain/cluster';
import type { EventHandlerRegistration } from '@coxswain/controller-runtime';
import type { Pod } from '@coxswain/kruise-api';
import { ClusterCache } from '../cluster/cluster-cache.js';
import type { Runtime } from '../runtime.js';
import { CLOCK, RUNTIME } from '../tokens.js';
import { tombstonesOf } from './ack-stamp.js';
import { AckTombstonesRepository } from './ack-tombstones.repository.js';

@Injectable()
export class AckTombstoneRecorder implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('HookAck');
  private registration: EventHandlerRegistration | undefined;
  private readonly writing = new Set<Promise<void>>();

  constructor(
    private readonly cache: ClusterCache,
    private readonly tombstones: AckTombstonesRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME) private readonly runtime: Pick<Runtime, 'config'>,
  ) {}

  onModuleInit(): void {
    if (this.runtime.config.cluster.mode !== 'kubernetes') return;
    this.registration = this.cache.pods.addEventHandler({ onDelete: (pod) => this.record(pod) });
  }

  async onModuleDestroy(): Promise<void> {
    this.registration?.remove();
    await Promise.all(this.writing);
  }

  private record(pod: Pod): void {
    const found = tombstonesOf(pod);
    if (found.length === 0) return;
    const write = this.tombstones.record(found, new Date(this.clock.now())).catch((err: unknown) => {
      this.logger.warn({ msg: 'could not keep the ack stamps of a deleted pod', pod: `${pod.metadata.namespace}/${pod.metadata.name}`, error: String(err) });
    });
    this.writing.add(write);
    void write.finally(() => this.writing.delete(write));
  }
}
