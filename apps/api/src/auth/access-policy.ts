// Which role may run which operation: the whole authorization policy in one table, keyed by the
// GraphQL root field name or the REST operation id. An operation missing from the table is refused
// to everyone (fail closed), so a new resolver cannot be reachable by accident.
import { coversNamespace, type Principal } from './principal.js';
import type { Role } from './roles.js';

export type OperationKind = 'query' | 'mutation' | 'subscription';

export interface OperationPolicy {
  kind: OperationKind;
  roles: readonly Role[];
  /**
   * A hook-acker or rollout-approver token limited to namespaces may only name those. Listing without a
   * namespace is allowed and the service filters the answer (PendingHooksService, RolloutsService).
   */
  namespaceLimited?: boolean;
}

const READERS: readonly Role[] = ['viewer', 'operator', 'admin'];
const OPERATORS: readonly Role[] = ['operator', 'admin'];
const ACKERS: readonly Role[] = ['hook-acker', 'admin'];
const APPROVERS: readonly Role[] = ['rollout-approver', 'admin'];
const ADMINS: readonly Role[] = ['admin'];
const EVERYONE: readonly Role[] = ['viewer', 'operator', 'hook-acker', 'rollout-approver', 'admin'];

const query = (roles: readonly Role[], namespaceLimited = false): OperationPolicy => ({ kind: 'query', roles, namespaceLimited });
const mutation = (roles: readonly Role[], namespaceLimited = false): OperationPolicy => ({ kind: 'mutation', roles, namespaceLimited });
const subscription = (roles: readonly Role[], namespaceLimited = false): OperationPolicy => ({ kind: 'subscription', roles, namespaceLimited });

export const ACCESS_POLICY = {
  // GraphQL queries
  me: query(EVERYONE),
  workloads: query(READERS),
  workload: query(READERS),
  workloadKinds: query(READERS),
  objects: query(READERS),
  object: query(READERS),
  nodes: query(READERS),
  topology: query(READERS),
  auditLog: query(READERS),
  pendingHooks: query([...READERS, 'hook-acker'], true),
  tokens: query(ADMINS),
  shadowComparison: query(READERS),
  serverTime: query(READERS),
  containerRestarts: query(READERS),
  imagePullJobs: query(READERS),
  imagePullJob: query(READERS),
  nodeImages: query(READERS),
  // Writes nothing; its cost is bounded by the preview host (one fork at a time, a short queue).
  previewRollout: query(READERS),
  rollouts: query([...READERS, 'rollout-approver'], true),
  rollout: query([...READERS, 'rollout-approver'], true),
  rolloutWebhooks: query(ADMINS),
  rolloutWebhookDeliveries: query(ADMINS),
  // GraphQL mutations
  applyManifest: mutation(OPERATORS),
  deleteObject: mutation(OPERATORS),
  patchObject: mutation(OPERATORS),
  setImage: mutation(OPERATORS),
  setPartition: mutation(OPERATORS),
  pauseRollout: mutation(OPERATORS),
  resumeRollout: mutation(OPERATORS),
  scaleWorkload: mutation(OPERATORS),
  deletePods: mutation(OPERATORS),
  rollbackWorkload: mutation(OPERATORS),
  deleteWorkload: mutation(OPERATORS),
  restartContainers: mutation(OPERATORS),
  createImagePullJob: mutation(OPERATORS),
  ackHook: mutation(ACKERS, true),
  // Approvals are a person's decision, kept apart from the operators who start releases (docs/rollouts-api.md).
  approveRolloutStep: mutation(APPROVERS, true),
  jumpToRolloutStep: mutation(APPROVERS, true),
  abortRollout: mutation(APPROVERS, true),
  setRolloutWebhook: mutation(ADMINS),
  deleteRolloutWebhook: mutation(ADMINS),
  createToken: mutation(ADMINS),
  revokeToken: mutation(ADMINS),
  // GraphQL subscriptions
  workloadChanged: subscription(READERS),
  podChanged: subscription(READERS),
  objectChanged: subscription(READERS),
  rolloutChanged: subscription([...READERS, 'rollout-approver'], true),
  // REST (operation ids of the OpenAPI document; POST .../ack is `ackHook`, the row above)
  listHooks: query([...READERS, 'hook-acker'], true),
  // REST rollout actions (POST .../rollouts/{name}/approve, /jump, /abort) are the mutation rows above.
} as const satisfies Record<string, OperationPolicy>;

export type OperationName = keyof typeof ACCESS_POLICY;

export function policyOf(operation: string): OperationPolicy | undefined {
  return Object.prototype.hasOwnProperty.call(ACCESS_POLICY, operation) ? ACCESS_POLICY[operation as OperationName] : undefined;
}

export type AccessDecision = { allowed: true } | { allowed: false; reason: string };

/** May `principal` run `operation` (on `namespace`, when the operation names one)? */
export function decideAccess(principal: Principal, operation: string, namespace: string | undefined): AccessDecision {
  const policy = policyOf(operation);
  if (!policy) return { allowed: false, reason: `${operation} is not open to API tokens` };
  if (!policy.roles.includes(principal.role)) {
    return { allowed: false, reason: `role ${principal.role} may not run ${operation} (allowed: ${policy.roles.join(', ')})` };
  }
  if (policy.namespaceLimited && namespace !== undefined && !coversNamespace(principal, namespace)) {
    return { allowed: false, reason: `token ${principal.name} is limited to namespaces ${principal.namespaces.join(', ')}` };
  }
  return { allowed: true };
}
