// Who is calling: the API token a request authenticated with.
import type { Role } from './roles.js';

export interface Principal {
  tokenId: string;
  name: string;
  role: Role;
  /** Namespaces a hook-acker or rollout-approver is limited to; empty means all. */
  namespaces: string[];
}

/** Whether the principal's namespace limit admits `namespace`. */
export function coversNamespace(principal: Principal, namespace: string): boolean {
  return principal.namespaces.length === 0 || principal.namespaces.includes(namespace);
}
