// Who may do what over the Kubernetes API, with the API tokens' roles (README "Tokens and roles"):
// viewers read everything; operators also change workloads and what they are made of (namespaced
// objects other than Leases); admins everything, cluster-scoped objects and Leases included. Hook
// ackers acknowledge hooks over the REST API and have no access here. Every token may ask about itself
// (the self reviews behind `kubectl auth can-i` and `whoami`), as Kubernetes' system:basic-user allows.
// `kubectl auth can-i` is answered by this same function (self-reviews.ts).
import type { Principal } from '../auth/principal.js';
import { qualifiedResource } from './kube-status.js';
import type { ServedResource } from './served-resources.js';

export type KubeVerb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete';

const READ_VERBS = new Set<KubeVerb>(['get', 'list', 'watch']);

/** Namespaced kinds an operator may not change: they steer the controllers, not the workloads. */
const ADMIN_ONLY = new Set(['Lease.coordination.k8s.io']);

export function mayAccess(principal: Principal, verb: KubeVerb, resource: ServedResource): boolean {
  if (resource.review) return verb === 'create';
  switch (principal.role) {
    case 'admin':
      return true;
    case 'viewer':
      return READ_VERBS.has(verb);
    case 'operator':
      return READ_VERBS.has(verb) || (resource.namespaced && !ADMIN_ONLY.has(`${resource.kind}.${resource.group}`));
    default:
      return false;
  }
}

/** The apiserver's wording of a refusal, naming the token as the user. */
export function forbiddenMessage(principal: Principal, verb: KubeVerb, resource: ServedResource, name: string | undefined, namespace: string | undefined, subresource?: string): string {
  const what = name ? `${qualifiedResource(resource)} "${name}"` : qualifiedResource(resource);
  const sub = subresource ? `/${subresource}` : '';
  const where = namespace ? ` in the namespace "${namespace}"` : ' at the cluster scope';
  return `${what} is forbidden: User "${principal.name}" cannot ${verb} resource "${resource.resource}${sub}" in API group "${resource.group}"${where}: ${refusalReason(principal, verb, resource)}`;
}

/** Why mayAccess says no, in the words of a refusal and of `kubectl auth can-i`'s "no - ...". */
export function refusalReason(principal: Principal, verb: string, resource: ServedResource): string {
  return `role ${principal.role} may not ${verb} ${resource.resource}`;
}
