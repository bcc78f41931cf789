// A container's status as the kubelet reports it, from the simulated runtime. Image and container IDs are
// deterministic digests, so the same image always has the same imageID and runs are reproducible.
import { createHash } from 'node:crypto';
import type { ContainerState, ContainerStateTerminated, ContainerStatus } from '@coxswain/kruise-api';
import type { ContainerInstance, ContainerRun } from './pod-runtime.js';

/** Image IDs already made: a cluster runs few images, and each kept container would hold its own copy. */
const imageIds = new Map<string, string>();
const MAX_IMAGE_IDS = 4096;

export function imageIdOf(image: string): string {
  let id = imageIds.get(image);
  if (id === undefined) {
    if (imageIds.size >= MAX_IMAGE_IDS) imageIds.clear();
    id = `docker-pullable://${image}@sha256:${sha256(image)}`;
    imageIds.set(image, id);
  }
  return id;
}

/** One ID per pod, container and restart, like a runtime's container IDs. */
export function containerIdOf(podUid: string, containerName: string, restartCount: number): string {
  return `containerd://${sha256(`${podUid}/${containerName}/${restartCount}`)}`;
}

export function pullFailedMessage(image: string): string {
  return `Failed to pull image "${image}": simulated pull failure (image matches the kubelet simulator's failImagePattern)`;
}

/**
 * `reportReady`: whether a running container counts as ready (false for never-ready pods). While an in-place
 * restart is under way the status still names the old image and imageID; they change when the new one runs.
 */
export function containerStatusOf(run: ContainerRun, reportReady: boolean): ContainerStatus {
  const shown = run.instance ?? run.previous?.instance;
  const running = run.phase === 'running';
  return {
    name: run.name,
    image: shown?.image ?? run.image,
    imageID: shown?.imageID ?? '',
    ...(shown ? { containerID: shown.containerID } : {}),
    ready: running && reportReady,
    started: running,
    restartCount: run.restartCount,
    state: stateOf(run),
    lastState: run.previous ? { terminated: stoppedState(run.previous.instance, run.previous.finishedAt) } : {},
  };
}

function stateOf(run: ContainerRun): ContainerState {
  switch (run.phase) {
    case 'creating':
      return { waiting: { reason: 'ContainerCreating' } };
    case 'blocked':
      // What the kubelet reports while the launch barrier's ConfigMap key does not exist yet.
      return { waiting: { reason: 'CreateContainerConfigError', message: run.launchBarrier?.message ?? '' } };
    case 'pullFailed':
      return { waiting: { reason: 'ErrImagePull', message: pullFailedMessage(run.image) } };
    case 'pullBackOff':
      return { waiting: { reason: 'ImagePullBackOff', message: `Back-off pulling image "${run.image}"` } };
    case 'running':
      return { running: { startedAt: run.instance!.startedAt } };
    case 'terminated':
      return { terminated: stoppedState(run.instance, run.finishedAt!) };
  }
}

/** A graceful stop: the process exits on SIGTERM. */
function stoppedState(instance: ContainerInstance | undefined, finishedAt: string): ContainerStateTerminated {
  return {
    exitCode: 0,
    reason: 'Completed',
    ...(instance ? { startedAt: instance.startedAt, containerID: instance.containerID } : {}),
    finishedAt,
  };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
