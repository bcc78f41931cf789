// Turns domain and cluster errors into GraphQL errors with the contract's `extensions.code`
// (BAD_USER_INPUT with fieldErrors, NOT_FOUND, CONFLICT, ...). Anything unexpected becomes
// INTERNAL_SERVER_ERROR without leaking a stack trace to the client.
import { ApiError, ApplyError } from '@coxswain/cluster';
import { ManifestError, SelectorParseError } from '@coxswain/kruise-api';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { DOMAIN_ERRORS, DomainError } from '../errors/domain-error.js';

export interface FieldError {
  field: string;
  message: string;
}

export function badUserInput(message: string, fieldErrors: FieldError[] = [], extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', fieldErrors, ...extra } });
}

export function toGraphQLError(err: unknown): GraphQLError {
  if (err instanceof GraphQLError) return err;
  if (err instanceof DomainError) return fromDomainError(err);
  if (err instanceof ManifestError) {
    return badUserInput(err.message, err.field ? [{ field: err.field, message: err.message }] : [], {
      documentIndex: err.documentIndex,
      ...(err.line !== undefined ? { line: err.line } : {}),
    });
  }
  if (err instanceof SelectorParseError) return badUserInput(err.message, [{ field: 'labelSelector', message: err.message }]);
  if (err instanceof ApplyError) {
    const mapped = fromApiError(err.cause, err.message);
    mapped.extensions.documentIndex = err.documentIndex;
    return mapped;
  }
  if (err instanceof ApiError) return fromApiError(err, err.message);
  return new GraphQLError('internal error', { extensions: { code: 'INTERNAL_SERVER_ERROR' }, originalError: err as Error });
}

function fromDomainError(err: DomainError): GraphQLError {
  const code = DOMAIN_ERRORS[err.code].graphql;
  const extensions: Record<string, unknown> = { code };
  // The contract's codes are coarser than the domain's; the precise one travels as `reason`.
  if (code !== err.code) extensions.reason = err.code;
  if (code === 'BAD_USER_INPUT') extensions.fieldErrors = err.options.field ? [{ field: err.options.field, message: err.message }] : [];
  return new GraphQLError(err.message, { extensions });
}

/**
 * The message a caller received for `err`: the domain's or the cluster's own words, and for anything
 * unexpected only "internal error" (raw database or driver text never leaves the server).
 */
export function publicMessage(err: unknown): string {
  if (err instanceof DomainError) return err.message;
  return toGraphQLError(err).message;
}

/** The code a caller received for `err`: a domain code when there is one, else the GraphQL code. */
export function errorCode(err: unknown): string {
  if (err instanceof DomainError) return err.code;
  return String(toGraphQLError(err).extensions.code ?? 'INTERNAL_SERVER_ERROR');
}

function fromApiError(err: ApiError, message: string): GraphQLError {
  const fieldErrors = (err.details.causes ?? []).map((c) => ({ field: c.field, message: c.message }));
  switch (err.reason) {
    case 'Invalid':
    case 'BadRequest':
    case 'MethodNotAllowed':
      return badUserInput(message, fieldErrors);
    case 'NotFound':
    case 'Gone':
      return new GraphQLError(message, { extensions: { code: 'NOT_FOUND' } });
    case 'Conflict':
    case 'AlreadyExists':
      return new GraphQLError(message, { extensions: { code: 'CONFLICT', reason: err.reason } });
    case 'Forbidden':
      return new GraphQLError(message, { extensions: { code: 'FORBIDDEN' } });
    default:
      return new GraphQLError('internal error', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  }
}

/** Apollo formatError: known codes pass through; stack traces never reach clients. */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = (error as { originalError?: unknown })?.originalError;
  const code = formatted.extensions?.code;
  if (original && (code === undefined || code === 'INTERNAL_SERVER_ERROR')) {
    const mapped = toGraphQLError(original);
    return { message: mapped.message, path: formatted.path, locations: formatted.locations, extensions: mapped.extensions };
  }
  const { stacktrace: _s, ...extensions } = formatted.extensions ?? {};
  return { ...formatted, extensions };
}

export function notFound(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'NOT_FOUND' } });
}

export function conflict(message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'CONFLICT', ...extra } });
}
