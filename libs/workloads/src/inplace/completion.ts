// Has an in-place update finished (docs/spec/inplace-and-lifecycle.md §2.7)? Read from what the kubelet (and
// kruise-daemon) report: a new imageID or the new image string for every container whose image was
// changed, restarted containers for env-from-metadata changes, applied resources for resizes.
import type { Container, ContainerStatus, InPlaceUpdateContainerStatus, InPlaceUpdateState, Pod } from '@coxswain/kruise-api';
import { envFromMetadataHash, readRuntimeContainerMeta, type RuntimeContainerMeta } from './env-from-metadata.js';
import { hasInPlaceUpdateGrace } from './grace.js';
import { hasNextBatch, inPlaceUpdateStateText, decodeInPlaceUpdateState } from './state.js';
import { resourcesApplied } from './vertical-scaling.js';

export interface CompletionOptions {
  /** Gate InPlaceWorkloadVerticalScaling: resized resources must be reported as applied. Default false. */
  verticalScaling?: boolean;
}

/**
 * Pod-level check (Kruise's CheckPodUpdateCompleted), used by lifecycle transitions: not while a grace
 * annotation waits, completed when there is no state annotation, not while later batches are pending
 * (or the state is unreadable), else containersUpdateCompleted.
 */
export function isInPlaceUpdateCompleted(pod: Pod, options: CompletionOptions = {}): boolean {
  if (hasInPlaceUpdateGrace(pod.metadata)) return false;
  const text = inPlaceUpdateStateText(pod.metadata);
  if (text === undefined) return true;
  const state = decodeInPlaceUpdateState(text);
  if (state === undefined || hasNextBatch(state)) return false;
  return containersUpdateCompleted(pod, state, options);
}

/** Whether the current batch of `state` has been carried out by the node (containersCompleted in docs/spec/inplace-and-lifecycle.md §2.7). */
export function containersUpdateCompleted(pod: Pod, state: InPlaceUpdateState, options: CompletionOptions = {}): boolean {
  if (state.updateEnvFromMetadata && !envFromMetadataRestarted(pod)) return false;
  if (options.verticalScaling && state.updateResources && !resourcesApplied(pod)) return false;
  // Kruise's shortcut through kruise-daemon's plainHash (the kubelet's container-spec hash) is left
  // out: Coxswain cannot compute kubelet hashes, and the image comparison below decides the same cases
  // unless a runtime reports a different image string under an unchanged imageID.
  return imagesUpdated(pod, state);
}

/**
 * Every spec container has a status and a runtime-meta entry with the same containerID, and the meta's
 * env hash equals the hash of the env values the pod's labels/annotations resolve to now.
 */
function envFromMetadataRestarted(pod: Pod): boolean {
  const metas = readRuntimeContainerMeta(pod);
  if (metas === undefined) return false;
  const statuses = pod.status?.containerStatuses ?? [];
  return pod.spec.containers.every((c) => containerEnvReported(pod, c, statuses.find((s) => s.name === c.name), metas));
}

/** docs/spec/inplace-and-lifecycle.md §2.7 step 1 for one container: kruise-daemon reports its running instance with the env the pod's metadata asks for now. */
export function containerEnvReported(pod: Pod, container: Container, status: ContainerStatus | undefined, metas: readonly RuntimeContainerMeta[]): boolean {
  const meta = metas.find((m) => m.name === container.name);
  if (!status || !meta || meta.containerID !== status.containerID) return false;
  return (meta.hashes?.extractedEnvFromMetadataHash ?? 0) === envFromMetadataHash(container, pod.metadata);
}

/**
 * For each container recorded in lastContainerStatuses: done when its imageID changed, or when the
 * runtime reports exactly the spec image (`:latest` appended to an image without any ':').
 * A recorded container without a status is not done.
 */
function imagesUpdated(pod: Pod, state: InPlaceUpdateState): boolean {
  const recorded = state.lastContainerStatuses ?? {};
  const specImages = new Map(pod.spec.containers.map((c) => [c.name, c.image ?? '']));
  const seen = new Set<string>();
  for (const s of pod.status?.containerStatuses ?? []) {
    if (!Object.hasOwn(recorded, s.name)) continue;
    if (!containerImageUpdated(recorded[s.name]!, s, specImages.get(s.name))) return false;
    seen.add(s.name);
  }
  return Object.keys(recorded).every((name) => seen.has(name));
}

/** docs/spec/inplace-and-lifecycle.md §2.7 step 4 for one recorded container: its imageID changed, or it reports exactly the spec image. */
export function containerImageUpdated(recorded: InPlaceUpdateContainerStatus, status: ContainerStatus, specImage: string | undefined): boolean {
  return (recorded.imageID ?? '') !== status.imageID || (specImage !== undefined && normalizeImage(specImage) === status.image);
}

function normalizeImage(image: string): string {
  return image.includes(':') ? image : `${image}:latest`;
}
