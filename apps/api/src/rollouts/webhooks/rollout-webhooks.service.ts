// Outgoing Rollout webhooks per namespace (docs/rollouts-api.md): set (create or replace), delete, list,
// and the deliveries with their attempts. Admins only (auth/access-policy.ts). A webhook's secret is
// never served back. Bad input is refused naming the field, before anything is stored.
import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@coxswain/cluster';
import { isDNS1123Label, unstorableTextProblem } from '@coxswain/kruise-api';
import { AuditTrail } from '../../audit/audit-trail.js';
import { DomainError } from '../../errors/domain-error.js';
import { CLOCK } from '../../tokens.js';
import { ROLLOUT_EVENT_TYPES, type RolloutEventType } from '../rollout-events.js';
import { RolloutWebhooksRepository, type DeliveryRow, type RolloutWebhookRow } from './rollout-webhooks.repository.js';

export const MIN_SECRET_LENGTH = 16;
export const MAX_SECRET_LENGTH = 1024;
export const MAX_URL_LENGTH = 2048;
export const MAX_DELIVERY_PAGE = 500;

export interface RolloutWebhookView {
  namespace: string;
  name: string;
  url: string;
  /** Empty: every event type. */
  events: RolloutEventType[];
  createdAt: Date;
  updatedAt: Date;
}

export interface SetRolloutWebhook {
  namespace: string;
  name: string;
  url: string;
  secret: string;
  events: readonly string[] | null;
}

@Injectable()
export class RolloutWebhooksService {
  constructor(
    private readonly repository: RolloutWebhooksRepository,
    private readonly trail: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async set(input: SetRolloutWebhook): Promise<RolloutWebhookView> {
    const hook = validate(input);
    const row = await this.repository.upsert(hook, new Date(this.clock.now()));
    // The secret is a credential: the audit row says it was set, never what it is.
    this.trail.noteChange({ kind: 'RolloutWebhook', namespace: hook.namespace, name: hook.name }, null, { url: hook.url, events: hook.events, secret: '(set)' });
    return view(row);
  }

  async delete(namespace: string, name: string): Promise<boolean> {
    checkNamespace(namespace);
    const deleted = await this.repository.delete(namespace, name);
    if (!deleted) throw new DomainError('NOT_FOUND', `rollout webhook ${namespace}/${name} not found`);
    this.trail.noteChange({ kind: 'RolloutWebhook', namespace, name }, { name }, null);
    return true;
  }

  async list(namespace: string | null): Promise<RolloutWebhookView[]> {
    if (namespace !== null) checkNamespace(namespace);
    return (await this.repository.list(namespace ?? undefined)).map(view);
  }

  async deliveries(namespace: string, webhook: string | null, first: number): Promise<DeliveryRow[]> {
    checkNamespace(namespace);
    if (!Number.isInteger(first) || first < 1 || first > MAX_DELIVERY_PAGE) {
      throw new DomainError('BAD_USER_INPUT', `first must be from 1 to ${MAX_DELIVERY_PAGE}`, { field: 'first' });
    }
    return this.repository.deliveries(namespace, webhook ?? undefined, first);
  }
}

function view(row: RolloutWebhookRow): RolloutWebhookView {
  return { namespace: row.namespace, name: row.name, url: row.url, events: row.events as RolloutEventType[], createdAt: row.createdAt, updatedAt: row.updatedAt };
}

function checkNamespace(namespace: string): void {
  if (isDNS1123Label(namespace).length > 0) {
    throw new DomainError('BAD_USER_INPUT', `namespace ${JSON.stringify(namespace)} is not a namespace name (a lowercase RFC 1123 label)`, { field: 'namespace' });
  }
}

function validate(input: SetRolloutWebhook): { namespace: string; name: string; url: string; secret: string; events: string[] } {
  checkNamespace(input.namespace);
  if (isDNS1123Label(input.name).length > 0) {
    throw new DomainError('BAD_USER_INPUT', `name ${JSON.stringify(input.name)} is not a webhook name (a lowercase RFC 1123 label)`, { field: 'name' });
  }
  if (input.url.length > MAX_URL_LENGTH) throw new DomainError('BAD_USER_INPUT', `url must be at most ${MAX_URL_LENGTH} characters`, { field: 'url' });
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw new DomainError('BAD_USER_INPUT', `url ${JSON.stringify(input.url)} is not an absolute URL`, { field: 'url' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DomainError('BAD_USER_INPUT', `url must be http or https, not ${url.protocol.slice(0, -1)}`, { field: 'url' });
  // Credentials in a URL would be stored and served back in the webhook list.
  if (url.username || url.password) throw new DomainError('BAD_USER_INPUT', 'url must not carry a user or password: the signature authenticates deliveries', { field: 'url' });
  if (input.secret.length < MIN_SECRET_LENGTH || input.secret.length > MAX_SECRET_LENGTH) {
    throw new DomainError('BAD_USER_INPUT', `secret must be ${MIN_SECRET_LENGTH} to ${MAX_SECRET_LENGTH} characters`, { field: 'secret' });
  }
  for (const [field, text] of [['url', input.url], ['secret', input.secret]] as const) {
    const problem = unstorableTextProblem(text);
    if (problem) throw new DomainError('BAD_USER_INPUT', `${field} ${problem}`, { field });
  }
  const events = [...new Set(input.events ?? [])];
  const unknown = events.find((e) => !(ROLLOUT_EVENT_TYPES as readonly string[]).includes(e));
  if (unknown !== undefined) throw new DomainError('BAD_USER_INPUT', `events: ${JSON.stringify(unknown)} is not one of ${ROLLOUT_EVENT_TYPES.join(', ')}`, { field: 'events' });
  return { namespace: input.namespace, name: input.name, url: url.toString(), secret: input.secret, events };
}
