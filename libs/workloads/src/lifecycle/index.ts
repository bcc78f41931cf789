export * from './hooks.js';
export * from './pending-hook.js';
