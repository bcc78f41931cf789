// The roles an API token can have (docs/tokens-and-roles.md).
export const ROLES = ['viewer', 'operator', 'hook-acker', 'rollout-approver', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
