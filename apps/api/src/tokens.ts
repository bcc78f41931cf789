// Injection tokens for what the runtime hands to Nest (see runtime.ts).
export const RUNTIME = Symbol('RUNTIME');
export const CLUSTER = Symbol('CLUSTER');
export const CLOCK = Symbol('CLOCK');
export const PRISMA = Symbol('PRISMA');
