export * from './hooks.js';
