export * from './revision/index.js';
export * from './cloneset/index.js';
export * from './lifecycle/index.js';
