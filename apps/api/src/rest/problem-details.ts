// RFC 9457 problem documents for the REST API: every error answer is `application/problem+json` with
// type, title, status, detail and instance, plus the Coxswain `code` and the `requestId`.
import { STATUS_CODES } from 'node:http';
import { HttpException } from '@nestjs/common';
import { GraphQLError } from 'graphql';
import { DOMAIN_ERRORS, DomainError } from '../errors/domain-error.js';
import { toGraphQLError } from '../graphql/errors.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
export const PROBLEM_TYPE_PREFIX = 'urn:coxswain:problem:';

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  code: string;
  requestId: string;
  /** BAD_USER_INPUT: the field at fault. */
  field?: string;
}

export interface Problem {
  document: Omit<ProblemDocument, 'instance' | 'requestId'>;
  headers: Record<string, string>;
  /** Unexpected: worth a log line with the stack. */
  internal: boolean;
}

/** GraphQL codes raised by shared helpers (pagination, lookups) on the REST path. */
const GRAPHQL_STATUS: Record<string, { status: number; title: string; slug: string }> = {
  BAD_USER_INPUT: { status: 400, title: 'Invalid request', slug: 'bad-request' },
  NOT_FOUND: { status: 404, title: 'Not found', slug: 'not-found' },
  CONFLICT: { status: 409, title: 'Conflict', slug: 'conflict' },
  FORBIDDEN: { status: 403, title: 'The token may not do this', slug: 'forbidden' },
  UNAUTHENTICATED: { status: 401, title: 'Missing or invalid API token', slug: 'unauthenticated' },
  HOOK_NOT_PENDING: { status: 409, title: 'Hook not pending', slug: 'hook-not-pending' },
};

export function toProblem(err: unknown): Problem {
  if (err instanceof DomainError) {
    const spec = DOMAIN_ERRORS[err.code];
    const headers: Record<string, string> = {};
    if (err.code === 'UNAUTHENTICATED') headers['www-authenticate'] = 'Bearer';
    if (err.options.retryAfterSeconds !== undefined) headers['retry-after'] = String(err.options.retryAfterSeconds);
    if (err.options.replayed) headers['idempotent-replayed'] = 'true';
    return {
      document: { type: PROBLEM_TYPE_PREFIX + spec.slug, title: spec.title, status: spec.status, detail: err.message, code: err.code, ...(err.options.field ? { field: err.options.field } : {}) },
      headers,
      internal: false,
    };
  }
  if (err instanceof HttpException) {
    // Raised by the framework before a handler runs: an unknown route, an unreadable JSON body.
    const status = err.getStatus();
    const code = status === 400 ? 'BAD_USER_INPUT' : status === 404 ? 'NOT_FOUND' : `HTTP_${status}`;
    return { document: { type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail: err.message, code }, headers: {}, internal: status >= 500 };
  }
  const mapped: GraphQLError = toGraphQLError(err);
  const code = String(mapped.extensions.code);
  const spec = GRAPHQL_STATUS[code];
  if (!spec) {
    return { document: { type: PROBLEM_TYPE_PREFIX + 'internal', title: 'Internal error', status: 500, detail: 'internal error', code: 'INTERNAL_SERVER_ERROR' }, headers: {}, internal: true };
  }
  const field = (mapped.extensions.fieldErrors as { field: string }[] | undefined)?.[0]?.field;
  return { document: { type: PROBLEM_TYPE_PREFIX + spec.slug, title: spec.title, status: spec.status, detail: mapped.message, code, ...(field ? { field } : {}) }, headers: {}, internal: false };
}
