// RFC 9457 problem documents for the REST API: every error answer is `application/problem+json` with
// type, title, status, detail and instance, plus the Coxswain `code` and the `requestId`.
import { STATUS_CODES } from 'node:http';
import { HttpException } from '@nestjs/common';
import { DOMAIN_ERRORS } from '../errors/domain-error.js';
import { asDomainError } from '../errors/known-errors.js';

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

export function toProblem(err: unknown): Problem {
  if (err instanceof HttpException) {
    // Raised by the framework before a handler runs: an unknown route, an unreadable JSON body.
    const status = err.getStatus();
    const code = status === 400 ? 'BAD_USER_INPUT' : status === 404 ? 'NOT_FOUND' : `HTTP_${status}`;
    return { document: { type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail: err.message, code }, headers: {}, internal: status >= 500 };
  }
  const domain = asDomainError(err);
  if (!domain) {
    return { document: { type: PROBLEM_TYPE_PREFIX + 'internal', title: 'Internal error', status: 500, detail: 'internal error', code: 'INTERNAL_SERVER_ERROR' }, headers: {}, internal: true };
  }
  const spec = DOMAIN_ERRORS[domain.code];
  const headers: Record<string, string> = {};
  if (domain.code === 'UNAUTHENTICATED') headers['www-authenticate'] = 'Bearer';
  if (domain.options.retryAfterSeconds !== undefined) headers['retry-after'] = String(domain.options.retryAfterSeconds);
  if (domain.options.replayed) headers['idempotent-replayed'] = 'true';
  const field = domain.field;
  return {
    document: { type: PROBLEM_TYPE_PREFIX + spec.slug, title: spec.title, status: spec.status, detail: domain.message, code: domain.code, ...(field ? { field } : {}) },
    headers,
    internal: false,
  };
}
