// GraphQL for outgoing Rollout webhooks (docs/rollouts-api.md): set, delete and list a namespace's
// webhooks, and read their deliveries with every attempt's outcome. Admins only.
import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { MAX_DELIVERY_PAGE, RolloutWebhooksService } from '../../rollouts/webhooks/rollout-webhooks.service.js';
import { RolloutEventType, RolloutWebhookDeliveryModel, RolloutWebhookModel } from './rollout.types.js';

@Resolver()
export class RolloutWebhooksResolver {
  constructor(private readonly service: RolloutWebhooksService) {}

  @Query(() => [RolloutWebhookModel], { description: "Outgoing Rollout webhooks (of one namespace, when given), by namespace and name." })
  rolloutWebhooks(@Args('namespace', { type: () => String, nullable: true }) namespace: string | null) {
    return this.service.list(namespace ?? null);
  }

  @Query(() => [RolloutWebhookDeliveryModel], { description: 'The newest deliveries of a namespace\'s webhooks (of one, when named), newest first.' })
  rolloutWebhookDeliveries(
    @Args('namespace') namespace: string,
    @Args('webhook', { type: () => String, nullable: true }) webhook: string | null,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 50, description: `At most ${MAX_DELIVERY_PAGE}.` }) first: number,
  ) {
    return this.service.deliveries(namespace, webhook ?? null, first);
  }

  @Mutation(() => RolloutWebhookModel, {
    description: 'Creates the namespace\'s webhook of that name, or replaces its url, secret and events. Deliveries are POSTed as JSON with X-Coxswain-Signature: sha256=<HMAC-SHA256 of the body under secret, hex>.',
  })
  setRolloutWebhook(
    @Args('namespace') namespace: string,
    @Args('name') name: string,
    @Args('url') url: string,
    @Args('secret', { description: '16 to 1024 characters; never served back.' }) secret: string,
    @Args('events', { type: () => [RolloutEventType], nullable: true, description: 'The event types to deliver; omitted or empty: every type.' }) events: RolloutEventType[] | null,
  ) {
    return this.service.set({ namespace, name, url, secret, events: events ?? null });
  }

  @Mutation(() => Boolean)
  deleteRolloutWebhook(@Args('namespace') namespace: string, @Args('name') name: string) {
    return this.service.delete(namespace, name);
  }
}
