// apps/v1 Deployment: the pure planner (rolling update within maxSurge/maxUnavailable, Recreate,
// proportional scaling, revision history, status) and the reconciler and controller that apply it.
export * from './plan/replica-sets.js';
export * from './plan/strategy.js';
export * from './plan/rollout.js';
export * from './plan/scale.js';
export * from './plan/history.js';
export * from './plan/status.js';
export * from './plan/planner.js';
export * from './reconciler.js';
export * from './controller.js';
