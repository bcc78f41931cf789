// Turns the Rollout changes the API's cache observes into webhook deliveries: the one place events are
// computed (rollout-events.ts) is fed every update the informer applies. Every API replica observes the
// same changes and names each event alike (eventKey), so a delivery is stored and made once, whichever
// replica gets there first (webhook-deliverer.ts, docs/rollouts-api.md).
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { RolloutCache } from '../rollout-cache.js';
import { eventKey, rolloutEvents } from '../rollout-events.js';
import { WebhookDeliverer } from './webhook-deliverer.js';

@Injectable()
export class RolloutEventObserver implements OnModuleInit {
  private readonly logger = new Logger('RolloutWebhooks');

  constructor(
    private readonly cache: RolloutCache,
    private readonly deliverer: WebhookDeliverer,
  ) {}

  onModuleInit(): void {
    this.cache.informer.addEventHandler({
      onUpdate: (before, after) => {
        for (const event of rolloutEvents(before, after)) {
          this.deliverer.dispatch(event, eventKey(after, event.type)).catch((err) => this.logger.error({ msg: 'could not store a rollout event\'s deliveries', event: event.type, rollout: `${event.namespace}/${event.rollout}`, error: String(err) }));
        }
      },
    });
  }
}
