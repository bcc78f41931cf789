export * from './plan-types.js';
