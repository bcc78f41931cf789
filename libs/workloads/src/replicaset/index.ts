// apps/v1 ReplicaSet: the pure planner (create/delete with Kubernetes' deletion ranking, status) and the
// reconciler and controller that apply it.
export * from './plan/delete-order.js';
export * from './plan/planner.js';
export * from './reconciler.js';
export * from './controller.js';
