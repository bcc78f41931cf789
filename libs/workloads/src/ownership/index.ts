export * from './controller-ref.js';
export * from './claim.js';
