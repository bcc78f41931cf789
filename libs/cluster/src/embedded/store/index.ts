export * from './persistence.js';
export { EmbeddedStore, type EmbeddedStoreOptions } from './embedded-store.js';
export { applyMergePatch } from './merge-patch.js';
export { ORPHAN_FINALIZER } from './object-deletion.js';
export type { AdmissionHook, AdmissionRequest } from './admission.js';
export type { PodBinding } from './object-binding.js';
