// Kruise's pod-readiness controller: the KruisePodReady condition a pod with that readiness gate is born
// without.
export * from './reconciler.js';
export * from './controller.js';
