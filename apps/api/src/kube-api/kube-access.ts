// Who may do what over the Kubernetes API: the one object-access table every surface uses
// (auth/object-access.ts), with the apiserver's wording of a refusal.
import type { Principal } from '../auth/principal.js';
import { mayAccessObject, objectRefusal, type ObjectVerb } from '../auth/object-access.js';
import { qualifiedResource } from './kube-status.js';
import type { ServedResource } from './served-resources.js';

export type KubeVerb = ObjectVerb;

export function mayAccess(principal: Principal, verb: KubeVerb, resource: ServedResource): boolean {
  return mayAccessObject(principal, verb, resource);
}

/** The apiserver's wording of a refusal, naming the token as the user. */
export function forbiddenMessage(principal: Principal, verb: KubeVerb, resource: ServedResource, name: string | undefined, namespace: string | undefined, subresource?: string): string {
  const what = name ? `${qualifiedResource(resource)} "${name}"` : qualifiedResource(resource);
  const sub = subresource ? `/${subresource}` : '';
  const where = namespace ? ` in the namespace "${namespace}"` : ' at the cluster scope';
  return `${what} is forbidden: User "${principal.name}" cannot ${verb} resource "${resource.resource}${sub}" in API group "${resource.group}"${where}: ${objectRefusal(principal, verb, resource)}`;
}
