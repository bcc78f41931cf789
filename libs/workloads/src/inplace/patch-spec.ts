// Applying one container batch of an in-place update to the pod object (docs/spec/inplace-and-lifecycle.md
// §2.3, Kruise's patchSpecToPod): the metadata patch, the batch's images, env-from-metadata labels and
// resources, and the state annotation that remembers what is still to come.
import {
  ANNOTATION_INPLACE_UPDATE_STATE,
  type InPlaceUpdateContainerMetadata, type InPlaceUpdateSpec, type InPlaceUpdateState, type Pod, type ResourceRequirements,
} from '@coxswain/kruise-api';
import { lifecycleTimestamp } from '../pod/time.js';
import { selectContainerBatch } from './container-priority.js';
import { decodeMetaDataPatch } from './grace.js';
import { applyMetadataPatch } from './metadata-patch.js';
import { encodeInPlaceUpdateState } from './state.js';
import { withResources } from './vertical-scaling.js';

export interface PatchedPod {
  pod: Pod;
  /** The state written into the pod's annotation. */
  state: InPlaceUpdateState;
  /** The containers this batch rewrote, sorted. */
  batch: string[];
}

/**
 * The pod with the next batch of `spec` applied and `state` extended; neither input is modified.
 * Throws only when `spec.metaDataPatch` is not a JSON object (it is always one when this engine wrote it).
 */
export function patchSpecToPod(pod: Pod, spec: InPlaceUpdateSpec, state: InPlaceUpdateState, now: number): PatchedPod {
  // Copy on write: the metadata maps and the containers are copied, everything else is shared with
  // `pod`, which callers hold frozen (the store's and the informers' objects).
  const metadata = spec.metaDataPatch ? applyMetadataPatch(pod.metadata, decodeMetaDataPatch(spec.metaDataPatch)) : { ...pod.metadata };
  const labels = (metadata.labels = { ...(metadata.labels ?? {}) });
  const annotations = (metadata.annotations = { ...(metadata.annotations ?? {}) });
  const next: Pod = { ...pod, metadata, spec: { ...pod.spec, containers: pod.spec.containers.map((c) => ({ ...c })) } };

  const batch = selectContainerBatch(next.spec.containers, spec);
  const inBatch = new Set(batch);
  const nextImages: Record<string, string> = {};
  const nextRefMetadata: Record<string, InPlaceUpdateContainerMetadata> = {};
  const nextResources: Record<string, ResourceRequirements> = {};

  const images = spec.containerImages ?? {};
  const imageChanged = new Set<string>();
  for (const c of next.spec.containers) {
    if (!Object.hasOwn(images, c.name)) continue;
    if (inBatch.has(c.name)) {
      c.image = images[c.name]!;
      imageChanged.add(c.name);
    } else {
      nextImages[c.name] = images[c.name]!;
    }
  }
  // The imageID the container ran before its image changed; completion waits for it to change. An entry
  // from an earlier batch is kept, since that is the one recorded before the container was touched.
  let lastStatuses = state.lastContainerStatuses === null ? null : { ...state.lastContainerStatuses };
  for (const s of next.status?.containerStatuses ?? []) {
    if (!imageChanged.has(s.name)) continue;
    lastStatuses ??= {};
    if (!Object.hasOwn(lastStatuses, s.name)) lastStatuses[s.name] = { imageID: s.imageID };
  }

  const resources = spec.containerResources ?? {};
  for (const c of next.spec.containers) {
    if (!Object.hasOwn(resources, c.name)) continue;
    if (inBatch.has(c.name)) c.resources = withResources(c, resources[c.name]!);
    else nextResources[c.name] = resources[c.name]!;
  }

  for (const [name, meta] of Object.entries(spec.containerRefMetadata ?? {})) {
    if (inBatch.has(name)) {
      Object.assign(labels, meta.labels ?? {});
      Object.assign(annotations, meta.annotations ?? {});
    } else {
      nextRefMetadata[name] = meta;
    }
  }

  const newState: InPlaceUpdateState = { ...structuredClone(state), lastContainerStatuses: lastStatuses };
  delete newState.nextContainerImages;
  delete newState.nextContainerRefMetadata;
  delete newState.nextContainerResources;
  delete newState.preCheckBeforeNext;
  const pending = [nextImages, nextRefMetadata, nextResources].some((m) => Object.keys(m).length > 0);
  if (Object.keys(nextImages).length > 0) newState.nextContainerImages = nextImages;
  if (Object.keys(nextRefMetadata).length > 0) newState.nextContainerRefMetadata = nextRefMetadata;
  if (Object.keys(nextResources).length > 0) newState.nextContainerResources = nextResources;
  // Later batches start only once this batch's containers are Ready again.
  if (pending) newState.preCheckBeforeNext = { containersRequiredReady: batch };
  newState.containerBatchesRecord = [...(state.containerBatchesRecord ?? []), { timestamp: lifecycleTimestamp(now), containers: batch }];

  annotations[ANNOTATION_INPLACE_UPDATE_STATE] = encodeInPlaceUpdateState(newState);
  return { pod: next, state: newState, batch };
}
