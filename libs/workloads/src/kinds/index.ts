// The registry of workload kinds and what each kind's descriptor offers.
export * from './types.js';
export * from './mutation-error.js';
export * from './human-age.js';
export * from './cloneset-kind.js';
export * from './statefulset-kind.js';
export * from './uniteddeployment-kind.js';
export * from './registry.js';
