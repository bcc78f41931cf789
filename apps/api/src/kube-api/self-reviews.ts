// The reviews a token posts about itself: SelfSubjectAccessReview (`kubectl auth can-i VERB RESOURCE`),
// SelfSubjectRulesReview (`kubectl auth can-i --list`) and SelfSubjectReview (`kubectl auth whoami`).
// Every answer comes from mayAccess, the function that authorizes the API's own requests, so what
// can-i says is what the next request gets. Like the apiserver, nothing is stored: the answer is the
// posted object with its status filled in.
import type { Principal } from '../auth/principal.js';
import { mayAccess, refusalReason, type KubeVerb } from './kube-access.js';
import { KubeStatusError } from './kube-status.js';
import type { ResourcePath } from './paths.js';
import { servedResources, SUBRESOURCE_VERBS, type ServedResource } from './served-resources.js';

/** What every token may read outside resources (discovery, OpenAPI, version), as system:discovery grants. */
const NON_RESOURCE_URLS = ['/api', '/api/*', '/apis', '/apis/*', '/openapi', '/openapi/*', '/version', '/version/'];

type AnyObject = Record<string, any>;

interface ReviewRequest {
  resource: ServedResource;
  path: ResourcePath;
  method: string;
  principal: Principal;
  /** Reads the request body (called once the method and path are known to be right). */
  body(): Promise<unknown>;
}

/** The review answered (the posted object with its status), or a Status error. */
export async function selfReview(request: ReviewRequest): Promise<unknown> {
  const { resource, path, principal } = request;
  if (path.namespace !== undefined || path.name !== undefined || path.subresource !== undefined) {
    throw new KubeStatusError('NotFound', 'the server could not find the requested resource');
  }
  if (request.method !== 'POST') throw new KubeStatusError('MethodNotAllowed', 'the server does not allow this method on the requested resource');
  const body = await request.body();
  if (!isObject(body)) throw KubeStatusError.badRequest('the body must be a JSON object');
  if ((body.apiVersion ?? resource.groupVersion) !== resource.groupVersion || (body.kind ?? resource.kind) !== resource.kind) {
    throw KubeStatusError.badRequest(`the body must be a ${resource.kind} of ${resource.groupVersion}`);
  }
  const answer = (status: unknown, spec?: unknown) => ({
    kind: resource.kind, apiVersion: resource.groupVersion, metadata: { creationTimestamp: null }, ...(spec === undefined ? {} : { spec }), status,
  });
  const spec: AnyObject = isObject(body.spec) ? body.spec : {};
  switch (resource.kind) {
    case 'SelfSubjectAccessReview':
      return answer(accessReview(principal, spec, resource), spec);
    case 'SelfSubjectRulesReview':
      return answer(rulesReview(principal), spec);
    default:
      return answer({ userInfo: userInfo(principal) });
  }
}

/** Who the token is, as `kubectl auth whoami` prints it: its name, its id, its role as a group. */
function userInfo(principal: Principal) {
  return {
    username: principal.name,
    uid: principal.tokenId,
    groups: [`coxswain:${principal.role}`, 'system:authenticated'],
    ...(principal.namespaces.length > 0 ? { extra: { 'coxswain.io/namespaces': principal.namespaces } } : {}),
  };
}

function accessReview(principal: Principal, spec: AnyObject, review: ServedResource): { allowed: boolean; reason?: string } {
  const attributes = spec.resourceAttributes;
  const nonResource = spec.nonResourceAttributes;
  if (isObject(attributes) === isObject(nonResource)) {
    const field = isObject(attributes) ? 'spec.nonResourceAttributes' : 'spec.resourceAttributes';
    const why = isObject(attributes) ? 'cannot be specified in combination with resourceAttributes' : 'exactly one of nonResourceAttributes or resourceAttributes must be specified';
    const shown = isObject(nonResource) ? '(an object)' : '"null"';
    throw new KubeStatusError('Invalid', `${review.kind}.${review.group} "" is invalid: ${field}: Invalid value: ${shown}: ${why}`, {
      group: review.group, kind: review.kind, causes: [{ reason: 'FieldValueInvalid', message: `Invalid value: ${shown}: ${why}`, field }],
    });
  }
  if (isObject(nonResource)) {
    const url = String(nonResource.path ?? '');
    const allowed = nonResource.verb === 'get' && NON_RESOURCE_URLS.some((rule) => (rule.endsWith('*') ? url.startsWith(rule.slice(0, -1)) : url === rule));
    return allowed ? { allowed } : { allowed, reason: `tokens may only get ${NON_RESOURCE_URLS.join(', ')}` };
  }
  return resourceDecision(principal, attributes as AnyObject);
}

/**
 * The answer for a verb on a resource (`*` for every verb, resource or group), through mayAccess: allowed
 * when every verb it names is allowed on every resource it names, and the first refusal otherwise.
 */
function resourceDecision(principal: Principal, attributes: AnyObject): { allowed: boolean; reason?: string } {
  const verb = String(attributes.verb ?? '');
  const group = String(attributes.group ?? '');
  const name = String(attributes.resource ?? '');
  const subresource = String(attributes.subresource ?? '');
  const matched = distinctResources().filter((r) => (group === '*' || r.group === group) && (name === '*' || r.resource === name));
  if (matched.length === 0) return { allowed: false, reason: `no resource "${name}" is served in API group "${group}"` };
  for (const r of matched) {
    let served: readonly string[] = r.verbs;
    if (subresource) {
      if (!((subresource === 'status' && r.status) || (subresource === 'scale' && r.scale))) {
        return { allowed: false, reason: `no subresource "${r.resource}/${subresource}" is served` };
      }
      served = SUBRESOURCE_VERBS;
    }
    const verbs = verb === '*' ? served : [verb];
    for (const v of verbs) {
      if (!served.includes(v)) return { allowed: false, reason: `${r.resource}${subresource ? `/${subresource}` : ''} cannot be asked to ${v}` };
      if (!mayAccess(principal, v as KubeVerb, r)) return { allowed: false, reason: refusalReason(principal, v as KubeVerb, r) };
    }
  }
  return { allowed: true };
}

/** Every verb the token may use, per resource and subresource, and the paths it may read. */
function rulesReview(principal: Principal) {
  const resourceRules: { verbs: string[]; apiGroups: string[]; resources: string[] }[] = [];
  const add = (r: ServedResource, resource: string, served: readonly string[]) => {
    const verbs = served.filter((v) => mayAccess(principal, v as KubeVerb, r));
    if (verbs.length > 0) resourceRules.push({ verbs, apiGroups: [r.group], resources: [resource] });
  };
  for (const r of distinctResources()) {
    add(r, r.resource, r.verbs);
    if (r.status) add(r, `${r.resource}/status`, SUBRESOURCE_VERBS);
    if (r.scale) add(r, `${r.resource}/scale`, SUBRESOURCE_VERBS);
  }
  return { resourceRules, nonResourceRules: [{ verbs: ['get'], nonResourceURLs: NON_RESOURCE_URLS }], incomplete: false };
}

let distinct: ServedResource[] | undefined;

/** One served resource per group and resource name (authorization does not depend on the version). */
function distinctResources(): ServedResource[] {
  if (!distinct) {
    const byName = new Map<string, ServedResource>();
    for (const r of servedResources()) if (!byName.has(`${r.group}/${r.resource}`)) byName.set(`${r.group}/${r.resource}`, r);
    distinct = [...byName.values()];
  }
  return distinct;
}

function isObject(value: unknown): value is AnyObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
