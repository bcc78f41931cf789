// Turns domain errors into GraphQL errors with the contract's `extensions.code` (BAD_USER_INPUT with
// fieldErrors, NOT_FOUND, CONFLICT, ...), through the one translation of expected failures
// (errors/known-errors.ts). Anything unexpected becomes INTERNAL_SERVER_ERROR without leaking a stack
// trace to the client.
import { ApplyError } from '@coxswain/cluster';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { DOMAIN_ERRORS, type DomainError } from '../errors/domain-error.js';
import { asDomainError } from '../errors/known-errors.js';

export function toGraphQLError(err: unknown): GraphQLError {
  if (err instanceof GraphQLError) return err;
  const domain = asDomainError(err);
  if (domain) return fromDomainError(domain);
  // An apply's unexpected failure still names the document it met.
  const extensions = { code: 'INTERNAL_SERVER_ERROR', ...(err instanceof ApplyError ? { documentIndex: err.documentIndex } : {}) };
  return new GraphQLError('internal error', { extensions, originalError: err as Error });
}

function fromDomainError(err: DomainError): GraphQLError {
  const code = DOMAIN_ERRORS[err.code].graphql;
  const extensions: Record<string, unknown> = { code };
  // The contract's codes are coarser than the domain's; the precise one travels as `reason`.
  if (code !== err.code) extensions.reason = err.code;
  if (code === 'BAD_USER_INPUT') extensions.fieldErrors = err.fieldErrors;
  return new GraphQLError(err.message, { extensions: { ...extensions, ...err.options.details } });
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
