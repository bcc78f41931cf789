// Lifecycle hooks: the pods waiting on one, and their acknowledgement (stored, stamped on the pod, kept
// after the pod is gone), for GraphQL and REST alike.
import { Module } from '@nestjs/common';
import { ClusterModule } from '../cluster/cluster.module.js';
import { AckKeyRetention } from './ack-key-retention.js';
import { AckTombstoneRecorder } from './ack-tombstone-recorder.js';
import { AckTombstonesRepository } from './ack-tombstones.repository.js';
import { HookAckService } from './hook-ack.service.js';
import { HookAcksRepository } from './hook-acks.repository.js';
import { PendingHooksService } from './pending-hooks.service.js';
import { PodTombstones } from './pod-tombstones.js';

@Module({
  imports: [ClusterModule],
  providers: [PodTombstones, PendingHooksService, HookAcksRepository, AckTombstonesRepository, AckTombstoneRecorder, AckKeyRetention, HookAckService],
  exports: [PendingHooksService, HookAckService],
})
export class HooksModule {}
