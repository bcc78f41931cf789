// Who may change which cluster objects: one table by role, kind and verb, enforced by every surface that
// writes objects (GraphQL applyManifest / patchObject / deleteObject and the workload mutations, and the
// Kubernetes API), so one token may do the same things everywhere (docs/tokens-and-roles.md).
//   viewer      reads every kind but Secrets, changes nothing
//   operator    reads every kind but Secrets; changes the namespaced objects workloads are made of (workloads, pods,
//               PVCs, revisions, events), but not Leases (they steer the controllers' leader election)
//               nor anything cluster-scoped (Nodes, Namespaces, CRDs)
//   admin       everything; the only role that reads or writes Secrets (they hold credentials: the
//               admission webhook's private keys)
//   hook-acker  no object access (it acknowledges hooks, through their own operations)
//   rollout-approver  no object access (it approves, jumps and aborts Rollouts through their own operations)
import type { Principal } from './principal.js';

export type ObjectVerb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete';

export interface ObjectKind {
  group: string;
  kind: string;
  namespaced: boolean;
}

const READ_VERBS: ReadonlySet<ObjectVerb> = new Set(['get', 'list', 'watch']);

/** Namespaced kinds an operator may not change, as `Kind.group`. */
const OPERATOR_READ_ONLY = new Set(['Lease.coordination.k8s.io']);

/** Kinds only an admin may read or change, as `Kind.group` (`Kind` in the core group). */
const ADMIN_ONLY = new Set(['Secret']);

function qualified(kind: ObjectKind): string {
  return kind.group ? `${kind.kind}.${kind.group}` : kind.kind;
}

export function mayAccessObject(principal: Principal, verb: ObjectVerb, kind: ObjectKind): boolean {
  if (ADMIN_ONLY.has(qualified(kind))) return principal.role === 'admin';
  switch (principal.role) {
    case 'admin':
      return true;
    case 'viewer':
      return READ_VERBS.has(verb);
    case 'operator':
      return READ_VERBS.has(verb) || (kind.namespaced && !OPERATOR_READ_ONLY.has(qualified(kind)));
    default:
      return false;
  }
}

/** Why `principal` may not `verb` objects of `kind`, in the words every surface answers with. */
export function objectRefusal(principal: Principal, verb: ObjectVerb, kind: ObjectKind): string {
  if (ADMIN_ONLY.has(qualified(kind)) && principal.role !== 'hook-acker' && principal.role !== 'rollout-approver') return `role ${principal.role} may not ${verb} ${kind.kind} objects (they hold credentials; admins only)`;
  switch (principal.role) {
    case 'viewer':
      return `role viewer may only read, not ${verb} ${kind.kind} objects`;
    case 'operator':
      return kind.namespaced
        ? `role operator may not ${verb} ${kind.kind} objects (they steer the controllers)`
        : `role operator may not ${verb} cluster-scoped objects (${kind.kind})`;
    default:
      return `role ${principal.role} has no access to cluster objects`;
  }
}
