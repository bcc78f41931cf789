// The confirmation of a hook acknowledgement, shared by the Hooks page and a workload's hook panel: it
// says what the ack does and asks for the reason recorded with it (the API's audit log and the ack's
// answer keep it). The idempotency key is made when the confirmation opens, so pressing again after a
// network error replays the same acknowledgement instead of making a second one.
import type { HookPoint } from '../../lib/api/types';
import { confirmAck } from '../../lib/rollout/confirm-words';
import type { ConfirmRequest } from '../common/ConfirmDialog';

export const DEFAULT_ACK_REASON = 'acknowledged from the dashboard';

export function ackRequest(pod: string, hook: HookPoint, ack: (idempotencyKey: string, reason: string) => Promise<unknown>): ConfirmRequest {
  const key = crypto.randomUUID();
  return {
    title: `Acknowledge ${hook}`,
    body: confirmAck(pod, hook),
    confirmLabel: 'Acknowledge',
    action: `acknowledge the ${hook} hook of ${pod}`,
    input: { name: 'ack-reason', label: 'Reason (kept with the acknowledgement)', placeholder: 'e.g. deregistered from the registry', initial: '' },
    run: (reason) => ack(key, reason || DEFAULT_ACK_REASON),
  };
}
