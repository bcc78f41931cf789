// Kubernetes `Status` answers: every failure of the Kubernetes API is one, with the reason, code and
// message wording the apiserver uses, so kubectl prints it as it prints a real cluster's
// (`Error from server (NotFound): clonesets.apps.kruise.io "web" not found`).
import { ApiError } from '@coxswain/cluster';
import { DOMAIN_ERRORS, DomainError } from '../errors/domain-error.js';
import { KINDS, type FieldMessage } from '@coxswain/kruise-api';
import type { ServedResource } from './served-resources.js';

export type KubeReason =
  | 'BadRequest'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'MethodNotAllowed'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Gone'
  | 'Expired'
  | 'Invalid'
  | 'UnsupportedMediaType'
  | 'NotAcceptable'
  | 'RequestEntityTooLarge'
  | 'RequestURITooLong'
  | 'TooManyRequests'
  | 'Timeout'
  | 'InternalError';

const CODES: Record<KubeReason, number> = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  MethodNotAllowed: 405,
  NotAcceptable: 406,
  AlreadyExists: 409,
  Conflict: 409,
  Gone: 410,
  Expired: 410,
  RequestEntityTooLarge: 413,
  RequestURITooLong: 414,
  UnsupportedMediaType: 415,
  Invalid: 422,
  TooManyRequests: 429,
  Timeout: 504,
  InternalError: 500,
};

export interface KubeCause {
  reason?: string;
  message: string;
  field?: string;
}

export interface KubeStatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  causes?: KubeCause[];
  retryAfterSeconds?: number;
}

export interface KubeStatus {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure' | 'Success';
  message?: string;
  reason?: KubeReason;
  details?: KubeStatusDetails;
  code: number;
}

export class KubeStatusError extends Error {
  readonly code: number;

  constructor(
    readonly reason: KubeReason,
    message: string,
    readonly details?: KubeStatusDetails,
  ) {
    super(message);
    this.name = 'KubeStatusError';
    this.code = CODES[reason];
  }

  toStatus(): KubeStatus {
    return {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: this.message,
      reason: this.reason,
      ...(this.details ? { details: this.details } : {}),
      code: this.code,
    };
  }

  static badRequest(message: string): KubeStatusError {
    return new KubeStatusError('BadRequest', message);
  }

  static notFound(resource: ServedResource, name: string): KubeStatusError {
    return new KubeStatusError('NotFound', `${qualifiedResource(resource)} "${name}" not found`, { name, group: resource.group, kind: resource.resource });
  }

  static unsupportedBody(): KubeStatusError {
    return new KubeStatusError('UnsupportedMediaType', 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml');
  }

  static unsupportedPatch(accepted: readonly string[]): KubeStatusError {
    return new KubeStatusError('UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`);
  }
}

/** "clonesets.apps.kruise.io", "pods": how the apiserver names a resource in messages. */
export function qualifiedResource(resource: Pick<ServedResource, 'resource' | 'group'>): string {
  return resource.group ? `${resource.resource}.${resource.group}` : resource.resource;
}

/** "namespaces" for "Namespace": the REST resource of a kind the store names (itself when unknown). */
function resourceOfKind(kind: string): string {
  return KINDS.find((k) => k.kind === kind)?.plural ?? kind;
}

/** "CloneSet.apps.kruise.io", "Pod": how the apiserver names a kind in Invalid messages. */
export function qualifiedKind(resource: Pick<ServedResource, 'kind' | 'group'>): string {
  return resource.group ? `${resource.kind}.${resource.group}` : resource.kind;
}

/** field.ErrorType names by the words that open a cause's message (k8s.io/apimachinery field errors). */
const CAUSE_TYPES: [string, string][] = [
  ['Invalid value', 'FieldValueInvalid'],
  ['Required value', 'FieldValueRequired'],
  ['Unsupported value', 'FieldValueNotSupported'],
  ['Duplicate value', 'FieldValueDuplicate'],
  ['Forbidden', 'FieldValueForbidden'],
  ['Too long', 'FieldValueTooLong'],
  ['Too many', 'FieldValueTooMany'],
  ['Not found', 'FieldValueNotFound'],
  ['Internal error', 'InternalError'],
];

function kubeCause(cause: FieldMessage): KubeCause {
  const type = CAUSE_TYPES.find(([prefix]) => cause.message.startsWith(prefix))?.[1] ?? 'FieldValueInvalid';
  return { reason: type, message: cause.message, field: cause.field };
}

/** The apiserver's wording for an error of the ClusterClient port, about `name` of `resource`. */
export function statusFromApiError(err: ApiError, resource: ServedResource | undefined, name: string | undefined): KubeStatusError {
  const objectName = err.details.name ?? name ?? '';
  const identity = resource ? { name: objectName || undefined, group: resource.group, kind: resource.resource } : undefined;
  switch (err.reason) {
    case 'NotFound':
      // The store names the kind it could not find; when that is the addressed resource, use its REST name.
      if (resource && (err.details.kind === undefined || err.details.kind === resource.kind)) {
        return new KubeStatusError('NotFound', `${qualifiedResource(resource)} "${objectName}" not found`, identity);
      }
      // Another kind than the addressed one (the namespace of a create): named by its resource, as the apiserver does.
      return new KubeStatusError('NotFound', err.message, err.details.kind ? { name: err.details.name, kind: resourceOfKind(err.details.kind) } : undefined);
    case 'AlreadyExists':
      if (resource) return new KubeStatusError('AlreadyExists', `${qualifiedResource(resource)} "${objectName}" already exists`, identity);
      return new KubeStatusError('AlreadyExists', err.message);
    case 'Conflict': {
      if (!resource) return new KubeStatusError('Conflict', err.message);
      const why = err.message.replace(/^Operation cannot be fulfilled on [^:]*: /, '');
      return new KubeStatusError('Conflict', `Operation cannot be fulfilled on ${qualifiedResource(resource)} "${objectName}": ${why}`, identity);
    }
    case 'Invalid': {
      const causes = (err.details.causes ?? []).map(kubeCause);
      if (!resource) return new KubeStatusError('Invalid', err.message, { causes });
      const list = causes.map((c) => (c.field ? `${c.field}: ${c.message}` : c.message));
      const aggregate = list.length === 1 ? list[0] : `[${list.join(', ')}]`;
      return new KubeStatusError('Invalid', `${qualifiedKind(resource)} "${objectName}" is invalid: ${aggregate}`, {
        name: objectName, group: resource.group, kind: resource.kind, causes,
      });
    }
    case 'Gone':
      return new KubeStatusError('Expired', err.message);
    case 'BadRequest':
      return new KubeStatusError('BadRequest', err.message, err.details.causes ? { causes: err.details.causes.map(kubeCause) } : undefined);
    case 'Forbidden':
      return new KubeStatusError('Forbidden', err.message, identity);
    case 'MethodNotAllowed':
      return new KubeStatusError('MethodNotAllowed', err.message, identity);
    default:
      return new KubeStatusError('InternalError', `Internal error occurred: ${err.message}`);
  }
}

/** The Status reason of an HTTP status, for the use-case failures the Kubernetes API meets (authentication's). */
const REASON_OF_STATUS: Partial<Record<number, KubeReason>> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  410: 'Gone',
  422: 'Invalid',
  429: 'TooManyRequests',
};

/** Any failure as a Status error: ours as they are, the port's reworded, anything else an internal error. */
export function toStatusError(err: unknown, resource?: ServedResource, name?: string): KubeStatusError {
  if (err instanceof KubeStatusError) return err;
  if (err instanceof ApiError) return statusFromApiError(err, resource, name);
  // A use case's failure reads as its REST answer's status does (errors/domain-error.ts).
  const reason = err instanceof DomainError ? REASON_OF_STATUS[DOMAIN_ERRORS[err.code].status] : undefined;
  if (reason) {
    const retryAfterSeconds = (err as DomainError).options.retryAfterSeconds;
    return new KubeStatusError(reason, (err as DomainError).message, retryAfterSeconds === undefined ? undefined : { retryAfterSeconds });
  }
  // The error's own text (a driver's, a RangeError's) stays in the server log: callers and the audit
  // row get only this, as GraphQL's "internal error".
  return new KubeStatusError('InternalError', 'Internal error occurred: internal error');
}
