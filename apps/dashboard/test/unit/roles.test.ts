import { describe, expect, it } from '@jest/globals';
import { ASSUMED_SESSION, can, describeSession, sessionFromMe, type Capability } from '../../src/lib/auth/roles';
import type { Role } from '../../src/lib/api/types';

describe('what each role may do', () => {
  // The API's access policy: hook-ackers list and acknowledge hooks but cannot read workloads;
  // rollout-approvers approve, jump and abort Rollouts and cannot read workloads either.
  const table: [Role, Capability[]][] = [
    ['viewer', ['read', 'hooks']],
    ['operator', ['read', 'rollout', 'hooks']],
    ['hook-acker', ['hooks', 'ack']],
    ['rollout-approver', ['approve']],
    ['admin', ['read', 'rollout', 'ack', 'hooks', 'approve']],
  ];
  it.each(table)('%s may %j and nothing else', (role, allowed) => {
    const s = sessionFromMe({ name: 't', role, namespaces: [] });
    for (const c of ['read', 'rollout', 'ack', 'hooks', 'approve'] as Capability[]) expect(can(s, c, 'default')).toBe(allowed.includes(c));
  });

  it('reads an empty namespace list as every namespace', () => {
    expect(can(sessionFromMe({ name: 'sd', role: 'hook-acker', namespaces: [] }), 'ack', 'anything')).toBe(true);
  });

  it('limits a hook-acker to its namespaces', () => {
    const s = sessionFromMe({ name: 'sd', role: 'hook-acker', namespaces: ['shop'] });
    expect(can(s, 'ack', 'shop')).toBe(true);
    expect(can(s, 'ack', 'default')).toBe(false);
    expect(describeSession(s)).toBe('sd · hook-acker in shop');
  });

  it('limits a rollout-approver to its namespaces', () => {
    const s = sessionFromMe({ name: 'rm', role: 'rollout-approver', namespaces: ['shop'] });
    expect(can(s, 'approve', 'shop')).toBe(true);
    expect(can(s, 'approve', 'default')).toBe(false);
  });

  it('treats an API without `me` as an operator who cannot acknowledge hooks, and says so', () => {
    expect(can(ASSUMED_SESSION, 'rollout')).toBe(true);
    expect(can(ASSUMED_SESSION, 'ack', 'default')).toBe(false);
    expect(describeSession(ASSUMED_SESSION)).toContain('operator (this API has no sign-in yet');
  });

  it('allows nothing without a session', () => {
    expect(can(null, 'read')).toBe(false);
  });
});
