// UnitedDeployment (spec/uniteddeployment.md): the allocators, the pure planner over subsets, the
// subset workload adapters and rendering, revisions, status, and the reconciler and controller.
export * from './allocation/index.js';
