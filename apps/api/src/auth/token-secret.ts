// API token secrets: 256 random bits, shown once; only their sha256 is stored, so a database leak
// does not leak usable tokens. The prefix makes a leaked secret easy to recognise in logs and scans.
import { createHash, randomBytes } from 'node:crypto';

const PREFIX = 'cxs_';

export function newTokenSecret(): string {
  return PREFIX + randomBytes(32).toString('base64url');
}

export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * The secret in an `Authorization` value: "Bearer <secret>" (scheme case-insensitive). With
 * `allowBare`, a value without a scheme is the secret itself (graphql-ws connectionParams).
 */
export function secretFromAuthorization(value: unknown, allowBare = false): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  const match = /^bearer\s+(\S+)$/i.exec(trimmed);
  if (match) return match[1];
  return allowBare && /^\S+$/.test(trimmed) ? trimmed : undefined;
}
