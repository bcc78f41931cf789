// AdmissionReview admission.k8s.io/v1, what the API server POSTs to an admission webhook and what it expects
// back: the request read strictly (a review that is not one is refused with the field that is wrong), and
// the answer built around the request's uid, which the API server checks.

export const ADMISSION_REVIEW_API_VERSION = 'admission.k8s.io/v1';

export type AdmissionOperation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';
const OPERATIONS: readonly string[] = ['CREATE', 'UPDATE', 'DELETE', 'CONNECT'];

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

export interface GroupVersionResource {
  group: string;
  version: string;
  resource: string;
}

export interface AdmissionRequest {
  uid: string;
  kind: GroupVersionKind;
  resource: GroupVersionResource;
  subResource?: string;
  name?: string;
  namespace?: string;
  operation: AdmissionOperation;
  userInfo?: { username?: string; uid?: string; groups?: string[] };
  /** The object as written (CREATE, UPDATE, CONNECT); absent on DELETE. */
  object?: unknown;
  /** The stored object (UPDATE, DELETE). */
  oldObject?: unknown;
  dryRun?: boolean;
  options?: unknown;
}

/** metav1.Status as an AdmissionResponse carries it (`response.status`). */
export interface ResponseStatus {
  metadata: Record<string, never>;
  status: 'Failure';
  message: string;
  reason?: string;
  details?: unknown;
  code: number;
}

export interface AdmissionResponse {
  uid: string;
  allowed: boolean;
  status?: ResponseStatus;
  /** Base64 of an RFC 6902 JSON patch. */
  patch?: string;
  patchType?: 'JSONPatch';
  warnings?: string[];
}

export interface AdmissionReviewAnswer {
  apiVersion: typeof ADMISSION_REVIEW_API_VERSION;
  kind: 'AdmissionReview';
  response: AdmissionResponse;
}

/** A body that is not an AdmissionReview v1 request; `uid` when one could be read. */
export class MalformedReview extends Error {
  constructor(message: string, readonly uid = '') {
    super(message);
    this.name = 'MalformedReview';
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function groupVersion(value: unknown, field: string, last: 'kind' | 'resource', uid: string): Record<string, string> {
  if (!isObject(value)) throw new MalformedReview(`${field}: expected an object with group, version and ${last}`, uid);
  for (const key of ['group', 'version', last]) {
    const v = value[key];
    if (typeof v !== 'string' || (key !== 'group' && v === '')) throw new MalformedReview(`${field}.${key}: expected a${key === 'group' ? '' : ' non-empty'} string`, uid);
  }
  return value as Record<string, string>;
}

/** The request of an AdmissionReview v1 body, or MalformedReview naming what is wrong. */
export function parseAdmissionReview(body: unknown): AdmissionRequest {
  if (!isObject(body)) throw new MalformedReview('the body is not a JSON object (an AdmissionReview)');
  if (body['kind'] !== 'AdmissionReview' || body['apiVersion'] !== ADMISSION_REVIEW_API_VERSION) {
    throw new MalformedReview(`expected kind AdmissionReview and apiVersion ${ADMISSION_REVIEW_API_VERSION}, got kind ${JSON.stringify(body['kind'])} and apiVersion ${JSON.stringify(body['apiVersion'])}`);
  }
  const request = body['request'];
  if (!isObject(request)) throw new MalformedReview('request: the review has no request');
  const uid = request['uid'];
  if (typeof uid !== 'string' || uid === '') throw new MalformedReview('request.uid: expected a non-empty string');
  const kind = groupVersion(request['kind'], 'request.kind', 'kind', uid);
  const resource = groupVersion(request['resource'], 'request.resource', 'resource', uid);
  const operation = request['operation'];
  if (typeof operation !== 'string' || !OPERATIONS.includes(operation)) {
    throw new MalformedReview(`request.operation: expected one of ${OPERATIONS.join(', ')}, got ${JSON.stringify(operation)}`, uid);
  }
  for (const field of ['name', 'namespace', 'subResource']) {
    if (request[field] !== undefined && typeof request[field] !== 'string') throw new MalformedReview(`request.${field}: expected a string`, uid);
  }
  if (request['dryRun'] !== undefined && typeof request['dryRun'] !== 'boolean') throw new MalformedReview('request.dryRun: expected true or false', uid);
  return {
    ...(request as unknown as AdmissionRequest),
    uid,
    kind: { group: kind['group']!, version: kind['version']!, kind: kind['kind']! },
    resource: { group: resource['group']!, version: resource['version']!, resource: resource['resource']! },
    operation: operation as AdmissionOperation,
  };
}

export function reviewAnswer(response: AdmissionResponse): AdmissionReviewAnswer {
  return { apiVersion: ADMISSION_REVIEW_API_VERSION, kind: 'AdmissionReview', response };
}

export function allowed(uid: string): AdmissionResponse {
  return { uid, allowed: true };
}

/** A refusal with an HTTP-style code, as controller-runtime's admission.Errored answers. */
export function refused(uid: string, code: number, reason: string, message: string, details?: unknown): AdmissionResponse {
  return { uid, allowed: false, status: { metadata: {}, status: 'Failure', message, reason, ...(details ? { details } : {}), code } };
}
