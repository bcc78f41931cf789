// The answers of Kruise's admission webhooks, from the same per-kind admission the embedded cluster runs
// (@coxswain/cluster kindAdmission):
//   mutating    CREATE/UPDATE: a JSONPatch from the object as received to the defaulted object, in the
//               request's version (none when the defaults are all there). The pod webhook's defaults
//               are Kruise's pod mutation (the KruisePodReady readiness gate); the API server validates
//               pods itself. ContainerRecreateRequest's mutating webhook is its only one and validates
//               too, as Kruise's does.
//   validating  CREATE/UPDATE: allowed, or refused with 422 Invalid, the API server's message and a cause
//               per field. The object arrives already defaulted (the API server calls mutating webhooks
//               first), so it is validated as received, as Kruise's handlers do.
//   A kind behind a feature gate (the image-pull kinds) is refused with 403 and Kruise's message at the
//   webhook Kruise checks the gate in, while the gate is off.
//   DELETE and CONNECT are allowed: Kruise's validating handlers check a deletion only for its
//   ResourcesDeletionProtection gate (off by default; not a gate Coxswain has), and no rule sends them to
//   a mutating webhook. dryRun changes nothing: these webhooks have no side effects (sideEffects: None).
import { ApiError, kindAdmission } from '@coxswain/cluster';
import { jsonPatchOperations, lookupKind, validateObjectSchema, type FieldError, type KubeObject } from '@coxswain/kruise-api';
import { statusFromApiError } from '../kube-api/kube-status.js';
import { findResource } from '../kube-api/served-resources.js';
import { allowed, refused, type AdmissionRequest, type AdmissionResponse, type ResponseStatus } from './admission-review.js';
import { withClusterLookups, type AdmissionDependencies } from './cluster-lookups.js';
import type { WebhookPath } from './webhook-paths.js';

/** Why a review cannot be admitted by this webhook: answered as a refusal with code 400. */
class BadReview extends Error {}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function apiVersionOf(request: AdmissionRequest): string {
  return request.kind.group ? `${request.kind.group}/${request.kind.version}` : request.kind.version;
}

/** The object of the review in the request's version; its apiVersion and kind must be the request's. */
function decodeObject(value: unknown, field: string, request: AdmissionRequest): KubeObject {
  const apiVersion = apiVersionOf(request);
  if (!isObject(value)) throw new BadReview(`${field}: expected the ${request.kind.kind} as a JSON object`);
  if (value['apiVersion'] !== apiVersion || value['kind'] !== request.kind.kind) {
    throw new BadReview(`${field}: the object is ${JSON.stringify(value['kind'])} ${JSON.stringify(value['apiVersion'])}, but request.kind says ${request.kind.kind} ${apiVersion}`);
  }
  if (!isObject(value['metadata'])) throw new BadReview(`${field}.metadata: expected an object`);
  return value as unknown as KubeObject;
}

/** The 422 Invalid the API server would answer for these field errors. */
function invalid(request: AdmissionRequest, errorKind: string, name: string, errors: readonly FieldError[]): ResponseStatus {
  const resource = findResource(apiVersionOf(request), request.resource.resource);
  // A metav1.Status, as an AdmissionResponse carries it (its kind and apiVersion are allowed there).
  return statusFromApiError(ApiError.fromFieldErrors(errorKind, name, errors), resource, name).toStatus() as unknown as ResponseStatus;
}

export async function admitReview(webhook: WebhookPath, request: AdmissionRequest, deps: AdmissionDependencies): Promise<AdmissionResponse> {
  try {
    return await answer(webhook, request, deps);
  } catch (err) {
    if (err instanceof BadReview) return refused(request.uid, 400, 'BadRequest', err.message);
    throw err;
  }
}

async function answer(webhook: WebhookPath, request: AdmissionRequest, deps: AdmissionDependencies): Promise<AdmissionResponse> {
  const apiVersion = apiVersionOf(request);
  if (request.kind.group !== webhook.group || request.kind.kind !== webhook.kind || !lookupKind(apiVersion, request.kind.kind)) {
    throw new BadReview(`${webhook.path} admits ${webhook.kind} (${webhook.group || 'core'}), not ${request.kind.kind} (${apiVersion})`);
  }
  if (request.operation !== 'CREATE' && request.operation !== 'UPDATE') return allowed(request.uid);
  const admission = kindAdmission(apiVersion, request.kind.kind)!;
  if (admission.webhookName === webhook.name) {
    const refusal = admission.gateRefusal?.(deps.gates);
    if (refusal !== undefined) return refused(request.uid, 403, 'Forbidden', refusal);
  }
  const object = decodeObject(request.object, 'request.object', request);
  const old = request.operation === 'UPDATE' ? decodeObject(request.oldObject, 'request.oldObject', request) : undefined;
  const name = object.metadata.name ?? request.name ?? '';
  // What the embedded store checks before admission: JSON types, ranges and storable text.
  const shapeErrors = validateObjectSchema(object);
  if (shapeErrors.length > 0) return { uid: request.uid, allowed: false, status: invalid(request, admission.errorKind, name, shapeErrors) };

  let admitted = object;
  if (webhook.type === 'mutating') {
    const now = deps.now();
    admitted = await withClusterLookups(deps, ({ pod, node, list }) => admission.defaults({ object, old, gates: deps.gates, pod, node, now, list }));
  }
  if (webhook.type === 'validating' || webhook.validates) {
    const errors: FieldError[] = await withClusterLookups(deps, ({ pod, node, list }) => admission.validate({ object: admitted, old, pod, node, written: object, list }));
    if (errors.length > 0) return { uid: request.uid, allowed: false, status: invalid(request, admission.errorKind, name, errors) };
  }
  const patch = jsonPatchOperations(object, admitted);
  if (patch.length === 0) return allowed(request.uid);
  return { uid: request.uid, allowed: true, patchType: 'JSONPatch', patch: Buffer.from(JSON.stringify(patch)).toString('base64') };
}
