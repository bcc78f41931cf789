// @coxswain/controller-runtime: what the controllers and the API server use (libs/controller-runtime/README.md).
// Named exports only; scripts/check-exports.mjs (run by libs/workloads/test/architecture/public-surface.test.ts)
// fails on a name here that no other package imports.
export { Controller } from './controller.js';
export { ClusterEventRecorder, type EventRecorder, type EventRecorders } from './event-recorder.js';
export { enqueueObject, enqueueOwner, type MapFunc } from './handlers.js';
export { NAMESPACE_INDEX, OWNER_UID_INDEX } from './indexer.js';
export { InformerFactory } from './informer-factory.js';
export { type EventHandler, type EventHandlerRegistration, Informer } from './informer.js';
export { objectKey, type Request, requestKey, splitKey } from './keys.js';
export { LeaderElectedControllers } from './leaderelection/leader-elected-controllers.js';
export { LeaderElector } from './leaderelection/leader-elector.js';
export { type Logger, type LogLevel, logRetriedFailure } from './logger.js';
export { ControllerManager } from './manager.js';
export { Metrics } from './metrics.js';
export type { Reconciler, ReconcileResult } from './reconciler.js';
export { ResourceVersionExpectations } from './resource-version-expectations.js';
export { observeScaleEvents, ScaleExpectations } from './scale-expectations.js';
