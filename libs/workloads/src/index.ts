export * from './pod/index.js';
export * from './revision/index.js';
export * from './cloneset/index.js';
export * from './lifecycle/index.js';
export * from './inplace/index.js';
export * from './ownership/index.js';
export * from './refs.js';
