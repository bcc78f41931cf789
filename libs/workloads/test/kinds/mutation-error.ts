// The WorkloadMutationError a mutation throws, for the kind tests to look into (field, message).
import { WorkloadMutationError } from '../../src/kinds/mutation-error.js';

export function mutationError(run: () => unknown): WorkloadMutationError {
  try {
    run();
  } catch (err) {
    if (err instanceof WorkloadMutationError) return err;
    throw err;
  }
  throw new Error('expected a WorkloadMutationError');
}
