export * from './errors.js';
export * from './port.js';
export * from './clock.js';
export * from './embedded/store/index.js';
export * from './embedded/sim/index.js';
export * from './apply/index.js';
export * from './embedded/embedded-cluster.js';
export * from './admission/kruise-admission.js';
