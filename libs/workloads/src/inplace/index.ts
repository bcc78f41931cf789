// In-place update engine (docs/spec/inplace-and-lifecycle.md §1, §2): the decision, the two writes that start an
// update, the refresh that carries it through container batches, and completion. Pure throughout.
export { calculateInPlaceUpdateSpec, inPlaceGates, type CalculateSpecOptions, type InPlaceGates } from './calculate-spec.js';
export { chooseUpdateMethod, inPlaceOnlyTemplateViolations, type ChooseUpdateMethodInput, type UpdateMethod } from './update-policy.js';
export { createJsonPatch, escapePointerSegment, unescapePointerSegment, type JsonPatchOperation } from './json-patch.js';
export { applyMetadataPatch, createMetadataPatch } from './metadata-patch.js';
export { decodeInPlaceUpdateState, encodeInPlaceUpdateState, hasNextBatch, inPlaceUpdateStateText, readInPlaceUpdateState } from './state.js';
export { decodeInPlaceUpdateSpec, decodeMetaDataPatch, encodeInPlaceUpdateSpec, hasInPlaceUpdateGrace, inPlaceUpdateGraceText } from './grace.js';
export { hasInPlaceUpdateReadinessGate, hasReadinessGate, recomputePodReady, setPodCondition, withInPlaceUpdateReadinessGate } from './readiness-gate.js';
export {
  containerLaunchPriorities, containerPriority, injectContainerLaunchBarrier, preCheckBeforeNextPassed, priorityBarrierKey, selectContainerBatch,
} from './container-priority.js';
export { patchSpecToPod, type PatchedPod } from './patch-spec.js';
export {
  cloneSetRevisionLabels, needsUnready, rewritePodInPlace, startInPlaceUpdate, statefulSetRevisionLabels,
  type LifecycleUpdatingPolicy, type RewriteOptions, type RewrittenPod, type UnreadyOptions,
} from './update.js';
export { refreshInPlaceUpdate, type InPlaceRefresh } from './refresh.js';
export { containersUpdateCompleted, isInPlaceUpdateCompleted, type CompletionOptions } from './completion.js';
export { describeInPlaceUpdate, inPlaceGraceEndsAt } from './progress.js';
export { envFromMetadataHash, isContainerReferenceToMeta, readRuntimeContainerMeta, type MetadataField, type RuntimeContainerMeta } from './env-from-metadata.js';
export { isNonDisruptiveResize, resourcesApplied } from './vertical-scaling.js';
