// API failures as one error type, and the sentence an SRE reads for each. The API's own message is
// kept (it names the field and the numbers); the code decides the lead-in and what to do next.
import type { FieldMessage } from '@coxswain/kruise-api';

export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'HOOK_NOT_PENDING'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'INTERNAL_SERVER_ERROR'
  | 'GRAPHQL_VALIDATION_FAILED'
  | 'NETWORK'
  | string;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode,
    readonly fieldErrors: FieldMessage[] = [],
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface GraphQLErrorShape {
  message: string;
  extensions?: { code?: string; fieldErrors?: FieldMessage[] } & Record<string, unknown>;
}

/** The first GraphQL error of a response as an ApiError (the API reports one cause per request). */
export function fromGraphQLErrors(errors: readonly GraphQLErrorShape[], status?: number): ApiError {
  const first = errors[0] ?? { message: 'unknown error' };
  const code = first.extensions?.code ?? (status === 401 ? 'UNAUTHENTICATED' : status === 403 ? 'FORBIDDEN' : 'INTERNAL_SERVER_ERROR');
  const fieldErrors = Array.isArray(first.extensions?.fieldErrors) ? first.extensions.fieldErrors : [];
  return new ApiError(first.message, code, fieldErrors, status);
}

/** A subscription's failure as graphql-ws reports it (GraphQL errors, or the socket's close) as an ApiError. */
export function fromSubscriptionError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (Array.isArray(err)) return fromGraphQLErrors(err as GraphQLErrorShape[]);
  const message =
    err instanceof Error
      ? err.message
      : typeof err === 'object' && err && 'reason' in err
        ? String((err as { reason: unknown }).reason) || 'the connection closed'
        : JSON.stringify(err);
  return new ApiError(message, 'NETWORK');
}

/** True when the API does not know a field we asked for: the feature is not deployed there yet. */
export function isMissingField(err: unknown, field: string): boolean {
  return err instanceof ApiError && err.code === 'GRAPHQL_VALIDATION_FAILED' && err.message.includes(`Cannot query field "${field}"`);
}

/** One or two sentences that say what went wrong and what to do about it. */
export function describeError(err: unknown, action?: string): string {
  const what = action ? `Could not ${action}: ` : '';
  if (!(err instanceof ApiError)) return `${what}${err instanceof Error ? err.message : String(err)}`;
  const fields = err.fieldErrors.map((f) => `${f.field}: ${f.message}`).join('; ');
  switch (err.code) {
    case 'CONFLICT':
      return `${what}the workload changed since this page loaded it (${err.message}). The page now shows the latest version; check it and try again.`;
    case 'BAD_USER_INPUT':
      return `${what}the API refused it: ${err.message}${fields && !err.message.includes(fields) ? ` (${fields})` : ''}.`;
    case 'NOT_FOUND':
      return `${what}not found. ${err.message}`;
    case 'HOOK_NOT_PENDING':
      return `${what}the pod is no longer waiting on that hook (${err.message}). Someone else may have acknowledged it.`;
    case 'UNAUTHENTICATED':
      return `${what}the API did not accept the token; sign in with a valid API token.`;
    case 'FORBIDDEN':
      return `${what}your token's role does not allow this. ${err.message}`;
    case 'NETWORK':
      return `${what}the API did not answer (${err.message}). Is it running?`;
    default:
      return `${what}${err.message}${fields ? ` (${fields})` : ''}`;
  }
}
