// Kind-neutral pod helpers: what every workload controller, the in-place engine and the lifecycle
// engine read off a pod, and the timestamps they write.
export * from './time.js';
export * from './pod-state.js';
export * from './native-pod-state.js';
