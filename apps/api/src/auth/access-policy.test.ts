import { describe, expect, it } from '@jest/globals';
import { ACCESS_POLICY, decideAccess } from './access-policy.js';
import type { Principal } from './principal.js';
import type { Role } from './roles.js';

const as = (role: Role, namespaces: string[] = []): Principal => ({ tokenId: role, name: role, role, namespaces });

describe('decideAccess', () => {
  it('refuses an operation that is not in the policy to every role, admin included', () => {
    expect(decideAccess(as('admin'), 'dropEverything', undefined)).toEqual({ allowed: false, reason: 'dropEverything is not open to API tokens' });
  });

  it('limits a namespaced hook-acker to its namespaces for acks and named listings, not for unnamed listings', () => {
    const acker = as('hook-acker', ['team-a']);
    expect(decideAccess(acker, 'ackHook', 'team-a').allowed).toBe(true);
    expect(decideAccess(acker, 'ackHook', 'team-b')).toEqual({ allowed: false, reason: 'token hook-acker is limited to namespaces team-a' });
    expect(decideAccess(acker, 'listHooks', 'team-b').allowed).toBe(false);
    expect(decideAccess(acker, 'listHooks', undefined).allowed).toBe(true);
    expect(decideAccess(as('hook-acker'), 'ackHook', 'anywhere').allowed).toBe(true);
  });

  it('gives hook-ackers nothing beyond hooks and me', () => {
    const allowed = Object.keys(ACCESS_POLICY).filter((op) => decideAccess(as('hook-acker'), op, undefined).allowed).sort();
    expect(allowed).toEqual(['ackHook', 'listHooks', 'me', 'pendingHooks']);
  });

  it('gives rollout-approvers the Rollout reads and actions and me, nothing else, limited to their namespaces', () => {
    const allowed = Object.keys(ACCESS_POLICY).filter((op) => decideAccess(as('rollout-approver'), op, undefined).allowed).sort();
    expect(allowed).toEqual(['abortRollout', 'approveRolloutStep', 'jumpToRolloutStep', 'me', 'rollout', 'rolloutChanged', 'rollouts']);
    const limited = as('rollout-approver', ['team-a']);
    for (const op of ['approveRolloutStep', 'jumpToRolloutStep', 'abortRollout', 'rollout', 'rolloutChanged']) {
      expect(decideAccess(limited, op, 'team-a').allowed).toBe(true);
      expect(decideAccess(limited, op, 'team-b')).toEqual({ allowed: false, reason: 'token rollout-approver is limited to namespaces team-a' });
    }
    // Operators start releases; approving them is another role's (or an admin's).
    expect(decideAccess(as('operator'), 'approveRolloutStep', 'team-a').allowed).toBe(false);
    expect(decideAccess(as('admin'), 'approveRolloutStep', 'team-a').allowed).toBe(true);
  });

  it('never lets viewers mutate', () => {
    const mutations = Object.entries(ACCESS_POLICY).filter(([, p]) => p.kind === 'mutation').map(([op]) => op);
    expect(mutations.filter((op) => decideAccess(as('viewer'), op, undefined).allowed)).toEqual([]);
  });
});
