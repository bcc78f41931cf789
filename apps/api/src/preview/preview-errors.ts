// A preview request that cannot be simulated, naming the argument at fault (the GraphQL layer turns it
// into BAD_USER_INPUT with that field).
export class PreviewInputError extends Error {
  constructor(readonly field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'PreviewInputError';
  }
}
