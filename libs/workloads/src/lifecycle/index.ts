export * from './hooks.js';
export * from './state-change.js';
export * from './pod-ready.js';
export * from './transitions.js';
export * from './pending-hook.js';
