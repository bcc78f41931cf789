export * from './controller-ref.js';
