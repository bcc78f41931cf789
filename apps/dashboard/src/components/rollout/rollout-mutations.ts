// A Rollout's approvals, jumps and aborts (docs/rollouts-api.md), bound to one Rollout. Each confirmation
// sends one Idempotency-Key, so pressing the button again after a lost answer replays the first answer
// instead of acting twice.
import type { GraphQLHttp } from '../../lib/api/graphql-client';
import { AbortRolloutDocument, ApproveRolloutStepDocument, JumpToRolloutStepDocument } from '../../lib/api/generated';

export function rolloutMutationsFor(http: GraphQLHttp, namespace: string, name: string) {
  const reasonOrNull = (reason: string) => (reason === '' ? null : reason);
  return {
    approve: (reason: string, idempotencyKey: string) =>
      http.request(ApproveRolloutStepDocument, { namespace, name, reason: reasonOrNull(reason), idempotencyKey }),
    jump: (stepIndex: number, reason: string, idempotencyKey: string) =>
      http.request(JumpToRolloutStepDocument, { namespace, name, stepIndex, reason: reasonOrNull(reason), idempotencyKey }),
    abort: (reason: string, idempotencyKey: string) => http.request(AbortRolloutDocument, { namespace, name, reason: reasonOrNull(reason), idempotencyKey }),
  };
}

export type RolloutMutations = ReturnType<typeof rolloutMutationsFor>;
