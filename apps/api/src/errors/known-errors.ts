// The one translation of the failures the API expects into DomainErrors: its own, and those the libraries
// raise through a use case (the cluster port's ApiError, an apply's ApplyError, a manifest's or a label
// selector's parse error). Whatever is not here is unexpected: an internal error, whose own text
// (a driver's, a RangeError's) stays in the server log.
import { ApiError, ApplyError } from '@coxswain/cluster';
import { ManifestError, SelectorParseError } from '@coxswain/kruise-api';
import { DomainError } from './domain-error.js';

/** `err` as the DomainError a caller is told of; undefined when it is unexpected. */
export function asDomainError(err: unknown): DomainError | undefined {
  if (err instanceof DomainError) return err;
  if (err instanceof ManifestError) {
    return new DomainError('BAD_USER_INPUT', err.message, {
      fieldErrors: err.field ? [{ field: err.field, message: err.message }] : [],
      details: { documentIndex: err.documentIndex, ...(err.line !== undefined ? { line: err.line } : {}) },
    });
  }
  if (err instanceof SelectorParseError) return new DomainError('BAD_USER_INPUT', err.message, { fieldErrors: [{ field: 'labelSelector', message: err.message }] });
  if (err instanceof ApplyError) return fromApiError(err.cause, err.message, { documentIndex: err.documentIndex });
  if (err instanceof ApiError) return fromApiError(err, err.message);
  return undefined;
}

/** The port's reasons in the contract's words; an InternalError (or an unknown reason) is unexpected. */
function fromApiError(err: ApiError, message: string, details: Record<string, unknown> = {}): DomainError | undefined {
  switch (err.reason) {
    case 'Invalid':
    case 'BadRequest':
    case 'MethodNotAllowed':
      return new DomainError('BAD_USER_INPUT', message, { fieldErrors: (err.details.causes ?? []).map((c) => ({ field: c.field, message: c.message })), details });
    case 'NotFound':
    case 'Gone':
      return new DomainError('NOT_FOUND', message, { details });
    case 'Conflict':
    case 'AlreadyExists':
      return new DomainError('CONFLICT', message, { details: { reason: err.reason, ...details } });
    case 'Forbidden':
      return new DomainError('FORBIDDEN', message, { details });
    default:
      return undefined;
  }
}

/**
 * The message a caller received for `err`: the domain's or the cluster's own words, and for anything
 * unexpected only "internal error" (raw database or driver text never leaves the server).
 */
export function publicMessage(err: unknown): string {
  return asDomainError(err)?.message ?? 'internal error';
}

/** The code a caller's failure is recorded under: the domain's code, INTERNAL_SERVER_ERROR when unexpected. */
export function errorCode(err: unknown): string {
  return asDomainError(err)?.code ?? 'INTERNAL_SERVER_ERROR';
}
