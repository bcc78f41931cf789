export * from './types.js';
export * from './bound-words.js';
export * from './specific.js';
export * from './min-max.js';
export * from './reservation.js';
export * from './allocate.js';
