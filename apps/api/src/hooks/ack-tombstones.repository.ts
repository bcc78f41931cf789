// Prisma access to hook_ack_tombstones: the ack stamps of deleted pods (ack-stamp.ts), by ack id. The
// embedded cluster writes them in the commit that deletes the pod (sql-store-persistence.ts); in
// Kubernetes mode AckTombstoneRecorder writes them as the watch shows deletions.
import { Inject, Injectable } from '@nestjs/common';
import type { PrismaClient } from '../generated/prisma/client.js';
import { PRISMA } from '../tokens.js';
import type { AckTombstone } from './ack-stamp.js';
import type { HookPoint } from '@coxswain/workloads';

@Injectable()
export class AckTombstonesRepository {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  /** The deleted pod ack `ackId` was applied to, if one carried its stamp. */
  async find(ackId: string): Promise<AckTombstone | undefined> {
    const row = await this.prisma.hookAckTombstone.findUnique({ where: { ackId } });
    if (!row) return undefined;
    return { id: row.ackId, at: row.ackedAt.toISOString(), namespace: row.namespace, pod: row.pod, podUid: row.podUid, hook: row.hook as HookPoint };
  }

  /** Whether a pod of that name was deleted carrying an ack's stamp (and not forgotten since). */
  async wasDeleted(namespace: string, pod: string): Promise<boolean> {
    return (await this.prisma.hookAckTombstone.findFirst({ where: { namespace, pod }, select: { ackId: true } })) !== null;
  }

  /** Keeps deleted pods' stamps; one kept before (another replica saw the same deletion) stays as it was. */
  async record(tombstones: readonly AckTombstone[], deletedAt: Date): Promise<void> {
    if (tombstones.length === 0) return;
    await this.prisma.hookAckTombstone.createMany({
      data: tombstones.map((t) => ({ ackId: t.id, namespace: t.namespace, pod: t.pod, podUid: t.podUid, hook: t.hook, ackedAt: new Date(t.at), deletedAt })),
      skipDuplicates: true,
    });
  }

  /**
   * Forgets the tombstones of pods deleted before `before`, `batch` rows per statement; the number
   * forgotten. An ack is applied after its key is claimed, so such a tombstone's key is older than
   * `before` too, and forgotten with it (HookAcksRepository.forgetBefore).
   */
  async forgetBefore(before: Date, batch = 10_000): Promise<number> {
    let forgotten = 0;
    for (;;) {
      const n = await this.prisma.$executeRawUnsafe(
        `DELETE FROM hook_ack_tombstones WHERE ack_id IN (
           SELECT ack_id FROM hook_ack_tombstones WHERE deleted_at < $1::timestamptz AT TIME ZONE 'UTC' LIMIT $2)`,
        before.toISOString(),
        batch,
      );
      forgotten += n;
      if (n < batch) return forgotten;
    }
  }
}
