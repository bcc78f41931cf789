// Hook acknowledgements are kept by Idempotency-Key so that retries replay their answer; kept forever,
// they would grow the database by a row per acknowledged pod (a million a day at a rollout a minute of
// 1,000 hooked pods). Keys answered more than ACK_KEY_RETENTION_HOURS ago are forgotten, by a sweep every
// few minutes: after that a retry with the key is a new request, answered from the pod's state. The ack
// stamps of pods deleted as long ago go with them (hook_ack_tombstones): only a key's retry reads them.
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Clock } from '@coxswain/cluster';
import type { Runtime } from '../runtime.js';
import { CLOCK, RUNTIME } from '../tokens.js';
import { AckTombstonesRepository } from './ack-tombstones.repository.js';
import { HookAcksRepository } from './hook-acks.repository.js';

/** Wall time between sweeps; the first runs this long after start, not during it. */
export const SWEEP_INTERVAL_MS = 10 * 60_000;

@Injectable()
export class AckKeyRetention implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('AckKeyRetention');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly acks: HookAcksRepository,
    private readonly tombstones: AckTombstonesRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME) private readonly runtime: Pick<Runtime, 'config'>,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Forgets the keys answered before the retention time; never throws (the next sweep tries again). */
  async sweep(): Promise<number> {
    if (this.running) return 0;
    const before = new Date(this.clock.now() - this.runtime.config.ackKeyRetentionMs);
    const sweeping = Promise.all([this.acks.forgetBefore(before), this.tombstones.forgetBefore(before)]);
    this.running = sweeping.catch(() => undefined);
    try {
      const [forgotten, tombstones] = await sweeping;
      if (forgotten + tombstones > 0) this.logger.log({ msg: 'forgot hook ack keys answered before the retention time', forgotten, tombstones, before: before.toISOString() });
      return forgotten;
    } catch (err) {
      this.logger.warn({ msg: 'could not forget old hook ack keys; the next sweep tries again', error: String(err) });
      return 0;
    } finally {
      this.running = undefined;
    }
  }
}
