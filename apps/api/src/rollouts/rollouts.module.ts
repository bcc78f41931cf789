// Rollouts for people and automation (docs/rollouts-api.md): the Rollout cache and reads, approvals,
// jumps and aborts (idempotent, audited), and outgoing webhooks fed by the Rollout changes the cache sees.
import { Module } from '@nestjs/common';
import { ClusterModule } from '../cluster/cluster.module.js';
import { RolloutActionRetention } from './rollout-action-retention.js';
import { RolloutActionService } from './rollout-action.service.js';
import { RolloutActionsRepository } from './rollout-actions.repository.js';
import { RolloutCache } from './rollout-cache.js';
import { RolloutHistoryService } from './rollout-history.service.js';
import { RolloutsService } from './rollouts.service.js';
import { RolloutEventObserver } from './webhooks/rollout-event-observer.js';
import { RolloutWebhooksRepository } from './webhooks/rollout-webhooks.repository.js';
import { RolloutWebhooksService } from './webhooks/rollout-webhooks.service.js';
import { WebhookDeliverer } from './webhooks/webhook-deliverer.js';

@Module({
  imports: [ClusterModule],
  providers: [
    RolloutCache, RolloutsService, RolloutActionsRepository, RolloutActionService, RolloutActionRetention,
    RolloutWebhooksRepository, RolloutWebhooksService, WebhookDeliverer, RolloutEventObserver, RolloutHistoryService,
  ],
  exports: [RolloutsService, RolloutActionService, RolloutWebhooksService, RolloutHistoryService],
})
export class RolloutsModule {}
