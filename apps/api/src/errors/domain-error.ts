// Typed failures of Coxswain's own use cases (authentication, authorization, hook acknowledgements).
// Services throw them; the two adapters translate them in one place each: graphql/errors.ts for
// GraphQL (extensions.code) and rest/problem-details.ts for REST (application/problem+json).

export type DomainErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'BAD_USER_INPUT'
  | 'IDEMPOTENCY_KEY_REQUIRED'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'NOT_FOUND'
  | 'POD_GONE'
  | 'HOOK_NOT_PENDING'
  | 'ACK_IN_FLIGHT'
  | 'CONFLICT'
  | 'POD_BUSY'
  | 'RATE_LIMITED';

export interface DomainErrorOptions {
  /** The request field at fault (a Kubernetes-style path or an argument/header name). */
  field?: string;
  /** Seconds after which a retry may succeed (POD_BUSY, RATE_LIMITED). */
  retryAfterSeconds?: number;
  /** The stored answer of an earlier request with the same Idempotency-Key. */
  replayed?: boolean;
}

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly options: DomainErrorOptions = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function isDomainError(err: unknown, code?: DomainErrorCode): err is DomainError {
  return err instanceof DomainError && (code === undefined || err.code === code);
}

/** How each code reads on the wire. `graphql` is the contract's extensions.code. */
export const DOMAIN_ERRORS: Record<DomainErrorCode, { status: number; graphql: string; title: string; slug: string }> = {
  UNAUTHENTICATED: { status: 401, graphql: 'UNAUTHENTICATED', title: 'Missing or invalid API token', slug: 'unauthenticated' },
  FORBIDDEN: { status: 403, graphql: 'FORBIDDEN', title: 'The token may not do this', slug: 'forbidden' },
  BAD_USER_INPUT: { status: 400, graphql: 'BAD_USER_INPUT', title: 'Invalid request', slug: 'bad-request' },
  IDEMPOTENCY_KEY_REQUIRED: { status: 400, graphql: 'BAD_USER_INPUT', title: 'Idempotency-Key header required', slug: 'idempotency-key-required' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, graphql: 'BAD_USER_INPUT', title: 'Idempotency-Key reused for a different request', slug: 'idempotency-key-reused' },
  NOT_FOUND: { status: 404, graphql: 'NOT_FOUND', title: 'Not found', slug: 'not-found' },
  POD_GONE: { status: 410, graphql: 'NOT_FOUND', title: 'Pod already gone', slug: 'pod-gone' },
  HOOK_NOT_PENDING: { status: 409, graphql: 'HOOK_NOT_PENDING', title: 'Hook not pending', slug: 'hook-not-pending' },
  ACK_IN_FLIGHT: { status: 409, graphql: 'CONFLICT', title: 'An acknowledgement with this Idempotency-Key is still in flight', slug: 'ack-in-flight' },
  CONFLICT: { status: 409, graphql: 'CONFLICT', title: 'Conflict', slug: 'conflict' },
  POD_BUSY: { status: 503, graphql: 'CONFLICT', title: 'The pod kept changing; retry', slug: 'pod-busy' },
  RATE_LIMITED: { status: 429, graphql: 'RATE_LIMITED', title: 'Too many failed authentications', slug: 'rate-limited' },
};
