// What the simulated container runtime knows about a pod on its node: each container's current instance,
// the one it replaced, and the phase of the next start. The pod's status is computed from this, never
// the other way round, except when adopting pods that were already on the node before a restart.
import type { ContainerStateTerminated, ContainerStatus, Pod } from '@coxswain/kruise-api';
import { readRuntimeContainerMeta, type RuntimeContainerMeta } from './kruise-daemon-contract.js';

/**
 * `creating` covers both pulling and starting: Kubernetes shows both as waiting/ContainerCreating.
 * `blocked`: pulled, but its launch barrier (a higher-priority container not yet ready) holds it.
 */
export type ContainerPhase = 'creating' | 'blocked' | 'pullFailed' | 'pullBackOff' | 'running' | 'terminated';

export interface ContainerInstance {
  image: string;
  imageID: string;
  containerID: string;
  startedAt: string;
  /**
   * kruise-daemon's view of the instance (docs/spec/inplace-and-lifecycle.md §2.7): the hash of the env values it
   * started with from the pod's labels/annotations (envFromMetadataHash; 0 without such env; undefined
   * when unknown: adopted after a restart without a report), and the hash of its container spec.
   */
  envHash?: number;
  plainHash?: number;
}

/** A container's launch barrier (KRUISE_CONTAINER_BARRIER): its priority and the kubelet's message while it waits. */
export interface LaunchBarrier {
  priority: number;
  message: string;
}

export interface ContainerRun {
  name: string;
  /** The image being started or running. */
  image: string;
  phase: ContainerPhase;
  /** Bumped on every start attempt, so callbacks of an abandoned attempt can tell they are stale. */
  attempt: number;
  restartCount: number;
  /** The next successful start replaces a killed instance and so counts as a restart. */
  restarting: boolean;
  /** The running instance; after graceful termination, the one that stopped. */
  instance?: ContainerInstance;
  /** The instance a restart killed (status lastState.terminated). */
  previous?: { instance: ContainerInstance; finishedAt: string };
  /** When a graceful termination stopped this container. */
  finishedAt?: string;
  launchBarrier?: LaunchBarrier;
}

export interface Termination {
  /** Clock time at which the containers have stopped. */
  deadline: number;
  done: boolean;
  deleteSent: boolean;
  cancel(): void;
}

export interface PodRun {
  uid: string;
  nodeName: string;
  startTime: string;
  hostIP?: string;
  podIP?: string;
  containers: Map<string, ContainerRun>;
  /**
   * Launch priorities whose barrier key has been released (Kruise never takes one back); made at the
   * first release, since most pods have no barrier and 150,000 empty sets held 23 MB.
   */
  launchReleased?: Set<number>;
  termination?: Termination;
}

export function newContainerRun(name: string, image: string, launchBarrier?: LaunchBarrier): ContainerRun {
  return { name, image, phase: 'creating', attempt: 0, restartCount: 0, restarting: false, ...(launchBarrier ? { launchBarrier } : {}) };
}

/**
 * The runtime a pod's own status describes, for a pod the simulator meets already on its node (the
 * process restarted). Containers reported running keep running, containers of a terminating pod stay
 * stopped, and any other container starts over; every container keeps its restartCount and lastState
 * (Kubernetes never lowers a restartCount). A container that had run before starts as a restart.
 * `envHashUnknown`: adopted instances without a runtime-containers-meta entry get no env hash (the
 * caller then treats their env as out of date while an in-place update is under way).
 */
export function adoptPodRun(
  pod: Pod,
  nodeName: string,
  now: string,
  barrierOf: (containerName: string) => LaunchBarrier | undefined,
  currentHashes: (containerName: string) => { envHash: number; plainHash: number } | undefined,
  envHashUnknown: boolean,
): PodRun {
  const run: PodRun = {
    uid: pod.metadata.uid ?? '',
    nodeName,
    startTime: pod.status?.startTime ?? now,
    containers: new Map(),
  };
  const specImages = new Map((pod.spec?.containers ?? []).map((c) => [c.name, c.image ?? '']));
  const reported = new Map((readRuntimeContainerMeta(pod) ?? []).map((m) => [m.containerID, m]));
  const terminating = Boolean(pod.metadata.deletionTimestamp);
  const statuses = Array.isArray(pod.status?.containerStatuses) ? pod.status.containerStatuses : [];
  for (const status of statuses) {
    const specImage = specImages.get(status?.name);
    if (specImage === undefined || typeof status.name !== 'string') continue;
    const container = adoptContainer(status, specImage, now, terminating, barrierOf(status.name));
    const instance = container.instance;
    if (instance) {
      const meta: RuntimeContainerMeta | undefined = reported.get(instance.containerID);
      const current = currentHashes(status.name);
      instance.plainHash = meta?.hashes?.plainHash ?? current?.plainHash;
      instance.envHash = meta ? (meta.hashes?.extractedEnvFromMetadataHash ?? 0) : envHashUnknown ? undefined : current?.envHash;
    }
    if (container.launchBarrier && container.phase === 'running') (run.launchReleased ??= new Set()).add(container.launchBarrier.priority);
    run.containers.set(status.name, container);
  }
  return run;
}

function adoptContainer(status: ContainerStatus, specImage: string, now: string, terminating: boolean, launchBarrier: LaunchBarrier | undefined): ContainerRun {
  const restartCount = Number.isInteger(status.restartCount) && status.restartCount > 0 ? status.restartCount : 0;
  const lastTerminated: ContainerStateTerminated | undefined = status.lastState?.terminated;
  const previous = lastTerminated?.finishedAt
    ? {
        instance: {
          image: status.image,
          imageID: status.imageID,
          containerID: lastTerminated.containerID ?? '',
          startedAt: lastTerminated.startedAt ?? lastTerminated.finishedAt,
        },
        finishedAt: lastTerminated.finishedAt,
      }
    : undefined;
  const base = { name: status.name, attempt: 0, restartCount, ...(previous ? { previous } : {}), ...(launchBarrier ? { launchBarrier } : {}) };
  const running = status.state?.running;
  if (running && status.containerID) {
    return {
      ...base,
      image: status.image,
      phase: 'running',
      restarting: false,
      instance: { image: status.image, imageID: status.imageID, containerID: status.containerID, startedAt: running.startedAt ?? now },
    };
  }
  const stopped = status.state?.terminated;
  if (terminating && stopped && status.containerID) {
    return {
      ...base,
      image: status.image,
      phase: 'terminated',
      restarting: false,
      instance: { image: status.image, imageID: status.imageID, containerID: status.containerID, startedAt: stopped.startedAt ?? now },
      finishedAt: stopped.finishedAt ?? now,
    };
  }
  // Waiting (or stopped outside a termination): it starts over with the spec image; if it ran before,
  // that start is a restart.
  return { ...base, image: specImage, phase: 'creating', restarting: previous !== undefined || restartCount > 0 };
}
