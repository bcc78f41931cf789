export * from './apply-objects.js';
export * from './apply-merge.js';
