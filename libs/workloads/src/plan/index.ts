export * from './plan-types.js';
export * from './plan-notes.js';
export * from './health.js';
