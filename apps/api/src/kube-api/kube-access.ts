// Who may do what over the Kubernetes API: the one object-access table every surface uses
// (auth/object-access.ts), with the apiserver's wording of a refusal. Every token may also ask about
// itself (the self reviews behind `kubectl auth can-i` and `whoami`), as Kubernetes' system:basic-user
// allows; `kubectl auth can-i` is answered by this same function (self-reviews.ts).
import type { Principal } from '../auth/principal.js';
import { mayAccessObject, objectRefusal, type ObjectVerb } from '../auth/object-access.js';
import { qualifiedResource } from './kube-status.js';
import type { ServedResource } from './served-resources.js';

export type KubeVerb = ObjectVerb;

export function mayAccess(principal: Principal, verb: KubeVerb, resource: ServedResource): boolean {
  if (resource.review) return verb === 'create';
  return mayAccessObject(principal, verb, resource);
}

/** The apiserver's wording of a refusal, naming the token as the user. */
export function forbiddenMessage(principal: Principal, verb: KubeVerb, resource: ServedResource, name: string | undefined, namespace: string | undefined, subresource?: string): string {
  const what = name ? `${qualifiedResource(resource)} "${name}"` : qualifiedResource(resource);
  const sub = subresource ? `/${subresource}` : '';
  const where = namespace ? ` in the namespace "${namespace}"` : ' at the cluster scope';
  return `${what} is forbidden: User "${principal.name}" cannot ${verb} resource "${resource.resource}${sub}" in API group "${resource.group}"${where}: ${refusalReason(principal, verb, resource)}`;
}

/** Why mayAccess says no, in the words of a refusal and of `kubectl auth can-i`'s "no - ...". */
export function refusalReason(principal: Principal, verb: KubeVerb, resource: ServedResource): string {
  return objectRefusal(principal, verb, resource);
}
