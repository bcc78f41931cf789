// The small JSON bodies of the REST actions (hook acknowledgements, Rollout approvals): a body, when there
// is one, must be JSON and an object holding only the fields the route reads.
import type { Request } from 'express';
import { DomainError } from '../errors/domain-error.js';

/**
 * A body, when there is one, must be JSON: a text/plain `{"reason": ...}` would otherwise be read as no
 * body at all and act without the reason the caller meant to record.
 */
export function requireJsonBody(req: Request): void {
  const length = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (hasBody && !req.is(['application/json', 'application/*+json'])) {
    throw new DomainError('BAD_USER_INPUT', `the body must be JSON (Content-Type: application/json), such as {"reason": "deregistered"}; got ${req.headers['content-type'] ?? 'no Content-Type'}`, { field: 'Content-Type' });
  }
}

/** The body's fields, each one of `allowed`; an empty body is no fields. Any other field is refused, naming it. */
export function bodyFields(body: unknown, allowed: readonly string[], example: string): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new DomainError('BAD_USER_INPUT', `the body must be a JSON object such as ${example}`, { field: 'body' });
  const unknown = Object.keys(body).find((key) => !allowed.includes(key));
  if (unknown !== undefined) {
    throw new DomainError('BAD_USER_INPUT', `unknown field ${JSON.stringify(unknown)}: the body may hold only ${allowed.map((a) => JSON.stringify(a)).join(' and ')}`, { field: unknown });
  }
  return body as Record<string, unknown>;
}
