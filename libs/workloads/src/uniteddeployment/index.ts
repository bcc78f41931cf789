// UnitedDeployment (docs/spec/uniteddeployment.md): the allocators, the pure planner over subsets, the
// subset workload adapters and rendering, revisions, status, and the reconciler and controller.
export * from './allocation/index.js';
export * from './adapters/index.js';
export * from './strategic-merge.js';
export * from './render.js';
export * from './subsets.js';
export * from './schedulability.js';
export * from './partitions.js';
export * from './status.js';
export * from './revision.js';
export * from './planner.js';
export * from './reconciler.js';
export * from './controller.js';
