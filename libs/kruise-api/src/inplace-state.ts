// JSON payloads Kruise keeps in pod annotations during an in-place update
// (docs/spec/inplace-and-lifecycle.md §1.4, §2.3, §2.8), under ANNOTATION_INPLACE_UPDATE_STATE and _GRACE.
import type { PodTemplateSpec, ResourceRequirements } from './core.js';

export interface InPlaceUpdateContainerStatus {
  imageID?: string;
}

export interface InPlaceUpdateContainerMetadata {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export interface InPlaceUpdatePreCheckBeforeNext {
  /** Containers that must report ready before the next batch is applied. */
  containersRequiredReady?: string[];
}

export interface InPlaceUpdateContainerBatch {
  timestamp: string;
  containers: string[];
}

/** Value of the `apps.kruise.io/inplace-update-state` annotation. Kept after completion. */
export interface InPlaceUpdateState {
  revision: string;
  /** Start of the update; the grace period is measured from here. */
  updateTimestamp: string;
  /** Go serializes a missing map as null (no omitempty). */
  lastContainerStatuses: Record<string, InPlaceUpdateContainerStatus> | null;
  updateEnvFromMetadata?: boolean;
  updateResources?: boolean;
  updateImages?: boolean;
  nextContainerImages?: Record<string, string>;
  nextContainerRefMetadata?: Record<string, InPlaceUpdateContainerMetadata>;
  nextContainerResources?: Record<string, ResourceRequirements>;
  preCheckBeforeNext?: InPlaceUpdatePreCheckBeforeNext;
  containerBatchesRecord?: InPlaceUpdateContainerBatch[];
}

/** Value of the `apps.kruise.io/inplace-update-grace` annotation: the update still to be applied. */
export interface InPlaceUpdateSpec {
  revision: string;
  containerImages?: Record<string, string>;
  containerRefMetadata?: Record<string, InPlaceUpdateContainerMetadata>;
  containerResources?: Record<string, ResourceRequirements>;
  /** Base64 of the strategic-merge patch bytes (Go []byte). */
  metaDataPatch?: string;
  updateEnvFromMetadata?: boolean;
  graceSeconds?: number;
  oldTemplate?: PodTemplateSpec;
  newTemplate?: PodTemplateSpec;
}
