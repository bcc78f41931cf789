// Advanced StatefulSet (apps.kruise.io/v1beta1) and apps/v1 StatefulSet: the pure planner (core/), the
// reconciler and plan executor (sync/), identity and health helpers (utils/), revisions and the
// controller wiring.
export * from './utils/flavor.js';
export * from './utils/identity.js';
export * from './utils/pod-health.js';
export * from './utils/claims.js';
export * from './core/plan-types.js';
export * from './core/slot.js';
export * from './core/slots.js';
export * from './core/new-pod.js';
export * from './core/update-order.js';
export * from './core/status.js';
export * from './core/planner.js';
export * from './revision.js';
export * from './preview.js';
export * from './sync/claim.js';
export * from './sync/update-expectations.js';
export * from './sync/plan-executor.js';
export * from './sync/reconciler.js';
export * from './controller.js';
