// Advanced StatefulSet (apps.kruise.io/v1beta1) and apps/v1 StatefulSet: the pure planner (plan/), the
// plan executor and in-place update expectations (sync/), revisions (revision/), the reconciler and the
// controller wiring.
export * from './plan/flavor.js';
export * from './plan/identity.js';
export * from './plan/pod-health.js';
export * from './plan/volume-claims.js';
export * from './plan/plan-types.js';
export * from './plan/slot.js';
export * from './plan/slots.js';
export * from './plan/new-pod.js';
export * from './plan/update-order.js';
export * from './plan/status.js';
export * from './plan/planner.js';
export * from './revision/revisions.js';
export * from './revision/preview.js';
export * from './plan/pod-adoption.js';
export * from './sync/update-expectations.js';
export * from './sync/plan-executor.js';
export * from './reconciler.js';
export * from './controller.js';
