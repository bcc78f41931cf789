// UnitedDeployment (docs/spec/uniteddeployment.md): the allocators, the pure planner over subsets, the
// subset workload adapters and rendering, revisions, status, and the reconciler and controller.
export * from './plan/allocation/index.js';
export * from './plan/adapters/index.js';
export * from './plan/strategic-merge.js';
export * from './plan/render.js';
export * from './plan/subsets.js';
export * from './plan/schedulability.js';
export * from './plan/partitions.js';
export * from './plan/status.js';
export * from './revision/revisions.js';
export * from './plan/planner.js';
export * from './reconciler.js';
export * from './controller.js';
