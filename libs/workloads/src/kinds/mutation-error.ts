// Why a requested change cannot be made, with the argument or field at fault (the API turns this into
// BAD_USER_INPUT with fieldErrors). Nothing is written when a mutation throws.
export interface MutationFieldError {
  /** The mutation argument (`container`, `partition`, `pods[1]`) or a Kubernetes field path. */
  field: string;
  message: string;
}

export class WorkloadMutationError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: readonly MutationFieldError[],
  ) {
    super(message);
    this.name = 'WorkloadMutationError';
  }
}
