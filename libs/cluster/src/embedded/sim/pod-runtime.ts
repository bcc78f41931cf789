// What the simulated container runtime knows about a pod on its node: each container's current instance,
// the one it replaced, and the phase of the next start. The pod's status is computed from this, never
// the other way round, except when adopting pods that were already running before a restart.
import type { ContainerStateTerminated, Pod } from '@coxswain/kruise-api';

/** `creating` covers both pulling and starting: Kubernetes shows both as waiting/ContainerCreating. */
export type ContainerPhase = 'creating' | 'pullFailed' | 'pullBackOff' | 'running' | 'terminated';

export interface ContainerInstance {
  image: string;
  imageID: string;
  containerID: string;
  startedAt: string;
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
  /** The instance an in-place image change killed (status lastState.terminated). */
  previous?: { instance: ContainerInstance; finishedAt: string };
  /** When a graceful termination stopped this container. */
  finishedAt?: string;
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
  termination?: Termination;
}

export function newContainerRun(name: string, image: string): ContainerRun {
  return { name, image, phase: 'creating', attempt: 0, restartCount: 0, restarting: false };
}

/**
 * The runtime a pod's own status describes, for a pod the simulator meets already running (the process
 * restarted): containers reported running keep running; anything else starts over.
 */
export function adoptPodRun(pod: Pod, nodeName: string, now: string): PodRun {
  const run: PodRun = {
    uid: pod.metadata.uid ?? '',
    nodeName,
    startTime: pod.status?.startTime ?? now,
    containers: new Map(),
  };
  const specNames = new Set((pod.spec?.containers ?? []).map((c) => c.name));
  for (const status of pod.status?.containerStatuses ?? []) {
    const running = status.state?.running;
    if (!running || !specNames.has(status.name) || !status.containerID) continue;
    const lastTerminated: ContainerStateTerminated | undefined = status.lastState?.terminated;
    run.containers.set(status.name, {
      name: status.name,
      image: status.image,
      phase: 'running',
      attempt: 0,
      restartCount: status.restartCount,
      restarting: false,
      instance: { image: status.image, imageID: status.imageID, containerID: status.containerID, startedAt: running.startedAt ?? now },
      ...(lastTerminated?.finishedAt
        ? {
            previous: {
              instance: {
                image: status.image,
                imageID: status.imageID,
                containerID: lastTerminated.containerID ?? '',
                startedAt: lastTerminated.startedAt ?? lastTerminated.finishedAt,
              },
              finishedAt: lastTerminated.finishedAt,
            },
          }
        : {}),
    });
  }
  return run;
}
