export * from './plan-types.js';
export * from './new-pod.js';
export * from './pod-state.js';
export * from './diff.js';
export * from './status.js';
export * from './sort/index.js';
