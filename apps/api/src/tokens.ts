// Injection tokens for what the runtime hands to Nest (see runtime.ts).
export const RUNTIME = Symbol('RUNTIME');
export const CLUSTER = Symbol('CLUSTER');
