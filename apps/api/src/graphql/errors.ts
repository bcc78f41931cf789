// Turns domain and cluster errors into GraphQL errors with the contract's `extensions.code`
// (BAD_USER_INPUT with fieldErrors, NOT_FOUND, CONFLICT, ...). Anything unexpected becomes
// INTERNAL_SERVER_ERROR without leaking a stack trace to the client.
import { ApiError, ApplyError } from '@coxswain/cluster';
import { ManifestError, SelectorParseError } from '@coxswain/kruise-api';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';

export interface FieldError {
  field: string;
  message: string;
}

export function badUserInput(message: string, fieldErrors: FieldError[] = [], extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', fieldErrors, ...extra } });
}

export function toGraphQLError(err: unknown): GraphQLError {
  if (err instanceof GraphQLError) return err;
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
