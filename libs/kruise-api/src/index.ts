export * from './meta.js';
export * from './labels.js';
export * from './kinds.js';
