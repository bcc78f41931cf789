// Kubernetes-style API errors (metav1.Status reasons). Every failure of the ClusterClient port is one
// of these, so callers branch on `reason`, never on message text.
import { formatFieldError, type FieldError, type FieldMessage } from '@coxswain/kruise-api';

export type StatusReason =
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Invalid'
  | 'Gone'
  | 'BadRequest'
  | 'Forbidden'
  | 'MethodNotAllowed'
  | 'InternalError';

const CODES: Record<StatusReason, number> = {
  NotFound: 404,
  AlreadyExists: 409,
  Conflict: 409,
  Invalid: 422,
  Gone: 410,
  BadRequest: 400,
  Forbidden: 403,
  MethodNotAllowed: 405,
  InternalError: 500,
};

export interface StatusDetails {
  kind?: string;
  name?: string;
  /** Kubernetes' FieldMessage, each at a field path (`metadata.name`); its reason is derived from the message where the API answers. */
  causes?: FieldMessage[];
}

export class ApiError extends Error {
  readonly code: number;

  constructor(
    readonly reason: StatusReason,
    message: string,
    readonly details: StatusDetails = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = CODES[reason];
  }

  static notFound(kind: string, name: string): ApiError {
    return new ApiError('NotFound', `${kind} "${name}" not found`, { kind, name });
  }

  static alreadyExists(kind: string, name: string): ApiError {
    return new ApiError('AlreadyExists', `${kind} "${name}" already exists`, { kind, name });
  }

  static conflict(kind: string, name: string, why: string): ApiError {
    return new ApiError(
      'Conflict',
      `Operation cannot be fulfilled on ${kind} "${name}": ${why}`,
      { kind, name },
    );
  }

  static invalid(kind: string, name: string, causes: FieldMessage[]): ApiError {
    const list = causes.map((c) => `${c.field}: ${c.message}`).join(', ');
    return new ApiError('Invalid', `${kind} "${name}" is invalid: ${list}`, { kind, name, causes });
  }

  /** 422 Invalid from kruise-api field errors; each cause's message reads as field.Error prints it after the path. */
  static fromFieldErrors(kind: string, name: string, errors: readonly FieldError[]): ApiError {
    return ApiError.invalid(kind, name, errors.map((e) => ({ field: e.field, message: formatFieldError(e).slice(e.field.length + 2) })));
  }

  static gone(message: string): ApiError {
    return new ApiError('Gone', message);
  }

  static badRequest(message: string, causes?: FieldMessage[]): ApiError {
    return new ApiError('BadRequest', message, causes ? { causes } : {});
  }
}

export function isApiError(err: unknown, reason?: StatusReason): err is ApiError {
  return err instanceof ApiError && (reason === undefined || err.reason === reason);
}
