// A preview request that cannot be simulated, naming the argument at fault (the GraphQL layer turns it
// into BAD_USER_INPUT with that field), and each field with its own message when a manifest has several.
import type { FieldMessage } from '@coxswain/kruise-api';

export class PreviewInputError extends Error {
  constructor(readonly field: string, message: string, readonly fieldErrors: readonly FieldMessage[] = []) {
    super(`${field}: ${message}`);
    this.name = 'PreviewInputError';
  }
}
