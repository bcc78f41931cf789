// apps/v1 Deployment: the pure planner (rolling update within maxSurge/maxUnavailable, Recreate,
// proportional scaling, revision history, status) and the reconciler and controller that apply it.
export * from './replica-sets.js';
export * from './strategy.js';
export * from './rollout.js';
export * from './scale.js';
export * from './history.js';
export * from './status.js';
export * from './planner.js';
export * from './reconciler.js';
export * from './controller.js';
