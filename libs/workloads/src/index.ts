export * from './revision/index.js';
export * from './cloneset/index.js';
