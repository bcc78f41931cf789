// The signature of an outgoing Rollout webhook (docs/rollouts-api.md): HMAC-SHA256 of the exact body bytes
// under the webhook's secret, hex, as `X-Coxswain-Signature: sha256=<hex>` — the form GitHub's webhooks use,
// so receivers can reuse their verification code.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-coxswain-signature';

export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** What a receiver does: recompute and compare in constant time. */
export function verifySignature(secret: string, body: string, header: string | undefined): boolean {
  if (header === undefined) return false;
  const expected = Buffer.from(signature(secret, body));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
