export * from './apply-objects.js';
