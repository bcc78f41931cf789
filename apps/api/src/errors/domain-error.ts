// Typed failures of Coxswain's own use cases (workloads, cluster objects, authentication,
// authorization, hook acknowledgements). Services throw them and nothing else of their own; errors of
// the libraries (the cluster port's ApiError, manifest and selector parse errors) become one in
// errors/known-errors.ts. The adapters translate a DomainError in one place each: graphql/errors.ts for
// GraphQL (extensions.code), rest/problem-details.ts for REST (application/problem+json) and
// kube-api/kube-status.ts for the Kubernetes API (a Status), all from the table at the end of this file.
import type { FieldMessage } from '@coxswain/kruise-api';

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
  | 'STEP_NOT_PAUSED'
  | 'ROLLOUT_NOT_PROGRESSING'
  | 'ACTION_IN_FLIGHT'
  | 'ROLLOUT_BUSY'
  | 'RATE_LIMITED';

export interface DomainErrorOptions {
  /** The request field at fault (a Kubernetes-style path or an argument/header name), when it is one. */
  field?: string;
  /** The fields at fault, each with its own message, when they are several or say more than the error. */
  fieldErrors?: readonly FieldMessage[];
  /**
   * Facts a caller acts on, passed along as they are (GraphQL extensions): the generation a CONFLICT
   * met, the manifest document an apply failed at, the port's reason.
   */
  details?: Readonly<Record<string, unknown>>;
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

  /** The fields at fault: those given, else the one `field` with the error's message. */
  get fieldErrors(): readonly FieldMessage[] {
    if (this.options.fieldErrors) return this.options.fieldErrors;
    return this.options.field ? [{ field: this.options.field, message: this.message }] : [];
  }

  /** The (first) field at fault, if any. */
  get field(): string | undefined {
    return this.options.field ?? this.options.fieldErrors?.[0]?.field;
  }
}

export function isDomainError(err: unknown, code?: DomainErrorCode): err is DomainError {
  return err instanceof DomainError && (code === undefined || err.code === code);
}

/**
 * How each code reads on the wire. `graphql` is the contract's extensions.code; `status`, `title` and
 * `slug` make the REST problem document, and `status` the Kubernetes API's Status reason.
 */
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
  STEP_NOT_PAUSED: { status: 409, graphql: 'STEP_NOT_PAUSED', title: 'The Rollout\'s step is not paused', slug: 'step-not-paused' },
  ROLLOUT_NOT_PROGRESSING: { status: 409, graphql: 'ROLLOUT_NOT_PROGRESSING', title: 'The Rollout is not progressing', slug: 'rollout-not-progressing' },
  ACTION_IN_FLIGHT: { status: 409, graphql: 'CONFLICT', title: 'A Rollout action with this Idempotency-Key is still in flight', slug: 'action-in-flight' },
  ROLLOUT_BUSY: { status: 503, graphql: 'CONFLICT', title: 'The Rollout kept changing; retry', slug: 'rollout-busy' },
  RATE_LIMITED: { status: 429, graphql: 'RATE_LIMITED', title: 'Too many failed authentications', slug: 'rate-limited' },
};
