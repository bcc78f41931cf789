// Why a requested change cannot be made, with the argument or field at fault (the API turns this into
// BAD_USER_INPUT with fieldErrors). Nothing is written when a mutation throws.
import type { FieldMessage } from '@coxswain/kruise-api';

export class WorkloadMutationError extends Error {
  constructor(
    message: string,
    /** Each at a mutation argument (`container`, `partition`, `pods[1]`) or a Kubernetes field path. */
    readonly fieldErrors: readonly FieldMessage[],
  ) {
    super(message);
    this.name = 'WorkloadMutationError';
  }
}
