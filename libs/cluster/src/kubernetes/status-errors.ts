// The apiserver's failures as the port's ApiErrors: the Status body's reason decides, the HTTP code
// when there is no Status; the server's message and field causes are kept.
import type { FieldMessage } from '@coxswain/kruise-api';
import { ApiError, type StatusReason } from '../errors.js';

interface StatusBody {
  kind?: string;
  message?: string;
  reason?: string;
  code?: number;
  details?: { name?: string; kind?: string; causes?: { field?: string; message?: string }[] };
}

const BY_REASON: Record<string, StatusReason> = {
  NotFound: 'NotFound',
  AlreadyExists: 'AlreadyExists',
  Conflict: 'Conflict',
  Invalid: 'Invalid',
  Gone: 'Gone',
  Expired: 'Gone',
  BadRequest: 'BadRequest',
  UnsupportedMediaType: 'BadRequest',
  RequestEntityTooLarge: 'BadRequest',
  Forbidden: 'Forbidden',
  Unauthorized: 'Forbidden',
  MethodNotAllowed: 'MethodNotAllowed',
};

const BY_CODE: Record<number, StatusReason> = {
  400: 'BadRequest', 401: 'Forbidden', 403: 'Forbidden', 404: 'NotFound', 405: 'MethodNotAllowed',
  409: 'Conflict', 410: 'Gone', 415: 'BadRequest', 422: 'Invalid',
};

export function apiErrorFromStatus(code: number, body: unknown): ApiError {
  const status = (body !== null && typeof body === 'object' ? body : {}) as StatusBody;
  const reason = (status.reason && BY_REASON[status.reason]) || BY_CODE[code] || 'InternalError';
  const message = status.message || `the cluster answered HTTP ${code}`;
  const causes: FieldMessage[] | undefined = status.details?.causes?.map((c) => ({ field: c.field ?? '', message: c.message ?? '' }));
  return new ApiError(reason, message, {
    ...(status.details?.kind ? { kind: status.details.kind } : {}),
    ...(status.details?.name ? { name: status.details.name } : {}),
    ...(causes ? { causes } : {}),
  });
}

/** A failure to reach the cluster at all (connection refused, TLS, DNS). */
export function unreachable(server: string, err: unknown): ApiError {
  const cause = err instanceof Error ? ((err as Error & { cause?: Error }).cause?.message ?? err.message) : String(err);
  return new ApiError('InternalError', `cannot reach the cluster at ${server}: ${cause}`);
}
