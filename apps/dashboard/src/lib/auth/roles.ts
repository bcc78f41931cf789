// What each role may do, mirroring the API's access policy (apps/api/src/auth/access-policy.ts):
// viewers read, operators also roll out, hook-ackers only list and acknowledge hooks (they cannot read
// workloads), rollout-approvers only approve, jump and abort Rollouts (they cannot read workloads
// either), admins do everything. The UI only hides what a role cannot do; the API enforces it.
import type { Me, Role } from '../api/types';

/**
 * read: workloads, pods, plans, events and their live streams; hooks: the pending hooks list; approve:
 * approve, jump and abort a Rollout's release (approveRolloutStep, jumpToRolloutStep, abortRollout).
 */
export type Capability = 'read' | 'rollout' | 'ack' | 'hooks' | 'approve';

const GRANTS: Record<Role, readonly Capability[]> = {
  viewer: ['read', 'hooks'],
  operator: ['read', 'rollout', 'hooks'],
  'hook-acker': ['hooks', 'ack'],
  'rollout-approver': ['approve'],
  admin: ['read', 'rollout', 'ack', 'hooks', 'approve'],
};

export interface Session {
  name: string;
  role: Role;
  /** Namespaces a hook-acker or rollout-approver is limited to; null means every namespace. */
  namespaces: string[] | null;
  /** 'token': the API told us who we are (`me`); 'assumed': the API has no `me` yet. */
  source: 'token' | 'assumed';
}

/** Before the API knows tokens (no `me` field), everyone may roll out, nobody acknowledges hooks. */
export const ASSUMED_SESSION: Session = { name: 'anonymous', role: 'operator', namespaces: null, source: 'assumed' };

export function sessionFromMe(me: Me): Session {
  // The schema serves the role as a String; one this dashboard does not know has no grants (can() is false).
  return { name: me.name, role: me.role as Role, namespaces: me.namespaces ?? null, source: 'token' };
}

export function can(session: Session | null, capability: Capability, namespace?: string): boolean {
  if (!session) return false;
  if (!GRANTS[session.role]?.includes(capability)) return false;
  if ((capability === 'ack' || capability === 'approve') && namespace !== undefined && session.namespaces && session.namespaces.length > 0) {
    return session.namespaces.includes(namespace);
  }
  return true;
}

export function describeSession(session: Session): string {
  const scope = session.namespaces?.length ? ` in ${session.namespaces.join(', ')}` : '';
  if (session.source === 'assumed') return 'operator (this API has no sign-in yet; hook acknowledgement unavailable)';
  return `${session.name} · ${session.role}${scope}`;
}
