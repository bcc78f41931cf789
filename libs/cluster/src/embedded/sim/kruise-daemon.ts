// The parts of kruise-daemon (and of Kruise's container-launch-priority controller) the kubelet
// simulator plays, as pure functions over the simulated runtime (docs/spec/inplace-and-lifecycle.md §1.3,
// §2.4, §2.7):
//  - containers whose env reads the pod's labels/annotations are restarted while the pod is updated in
//    place (InPlaceUpdateReady False) and the values they started with are out of date;
//  - what runs is reported in `apps.kruise.io/runtime-containers-meta`, which the in-place engine reads
//    to see that those restarts happened;
//  - a container with a launch barrier starts once every container of higher priority is ready.
// Kruise restricts the first two to pods of its own workloads; so does this, and it reports only for
// pods that have a container reading their metadata (the only ones whose updates wait for the report),
// which spares every other pod a write.
import { CONDITION_INPLACE_UPDATE_READY, ENV_CONTAINER_LAUNCH_BARRIER, type Container, type Pod } from '@coxswain/kruise-api';
import { createHash } from 'node:crypto';
import { containerPriority, envFromMetadataHash, hasEnvFromMetadata, type RuntimeContainerMeta } from './kruise-daemon-contract.js';
import type { ContainerRun, LaunchBarrier, PodRun } from './pod-runtime.js';

const KRUISE_GROUP_PREFIX = 'apps.kruise.io/';

/** A pod whose controller is a Kruise workload and that has a container reading its labels/annotations. */
export function daemonWatches(pod: Pod): boolean {
  const owners = Array.isArray(pod.metadata.ownerReferences) ? pod.metadata.ownerReferences : [];
  const owner = owners.find((r) => r?.controller === true);
  if (typeof owner?.apiVersion !== 'string' || !owner.apiVersion.startsWith(KRUISE_GROUP_PREFIX)) return false;
  return specContainers(pod).some(hasEnvFromMetadata);
}

/** Whether the pod is being updated in place: the condition kruise-daemon waits for before restarting anything. */
export function isUpdatingInPlace(pod: Pod): boolean {
  const conditions = pod.status?.conditions;
  return Array.isArray(conditions) && conditions.some((c) => c?.type === CONDITION_INPLACE_UPDATE_READY && c.status === 'False');
}

/** The hashes kruise-daemon records for a container started from `container` in `pod` as it is now. */
export function containerHashes(container: Container, pod: Pod): { envHash: number; plainHash: number } {
  return { envHash: envFromMetadataHash(container, pod.metadata), plainHash: containerSpecHash(container) };
}

/**
 * The running containers kruise-daemon restarts now: the pod is watched and in-place updating, and the
 * env a container started with (unknown counts as different) is not what its labels/annotations say now.
 */
export function containersToRestartForEnv(pod: Pod, run: PodRun): ContainerRun[] {
  if (!daemonWatches(pod) || !isUpdatingInPlace(pod)) return [];
  const restart: ContainerRun[] = [];
  for (const spec of specContainers(pod)) {
    if (!hasEnvFromMetadata(spec)) continue;
    const container = run.containers.get(spec.name);
    if (container?.phase !== 'running' || !container.instance) continue;
    if (container.instance.envHash !== envFromMetadataHash(spec, pod.metadata)) restart.push(container);
  }
  return restart;
}

/**
 * kruise-daemon's report for a watched pod: one entry per spec container that has an instance (the
 * running one, or while it restarts the one that stopped), as its status shows it. Undefined for pods
 * the daemon does not watch.
 */
export function runtimeContainerMeta(pod: Pod, run: PodRun): RuntimeContainerMeta[] | undefined {
  if (!daemonWatches(pod)) return undefined;
  const metas: RuntimeContainerMeta[] = [];
  for (const spec of specContainers(pod)) {
    const container = run.containers.get(spec.name);
    const instance = container?.instance ?? container?.previous?.instance;
    if (!container || !instance?.containerID) continue;
    metas.push({
      name: spec.name,
      containerID: instance.containerID,
      restartCount: container.restartCount,
      hashes: { plainHash: instance.plainHash ?? 0, extractedEnvFromMetadataHash: instance.envHash ?? 0 },
    });
  }
  return metas;
}

/** The container's launch barrier, with the message the kubelet shows while the barrier key is missing. */
export function launchBarrierOf(container: Container, pod: Pod): LaunchBarrier | undefined {
  const priority = containerPriority(container);
  if (priority === undefined) return undefined;
  const env = (Array.isArray(container.env) ? container.env : []).find((e) => e?.name === ENV_CONTAINER_LAUNCH_BARRIER);
  const ref = env?.valueFrom?.configMapKeyRef;
  return { priority, message: `couldn't find key ${String(ref?.key ?? '')} in ConfigMap ${pod.metadata.namespace ?? 'default'}/${String(ref?.name ?? '')}` };
}

/**
 * Kruise's container-launch-priority controller and the kubelet together: while some container with a
 * barrier is not ready, the key of the highest such priority is released (and stays released); a
 * container may start once its own key is.
 */
export function launchReleased(run: PodRun, container: ContainerRun, reportReady: boolean): boolean {
  const barrier = container.launchBarrier;
  if (barrier === undefined) return true;
  let next: number | undefined;
  for (const c of run.containers.values()) {
    const priority = c.launchBarrier?.priority;
    if (priority === undefined || (c.phase === 'running' && reportReady)) continue;
    if (next === undefined || priority > next) next = priority;
  }
  if (next !== undefined) (run.launchReleased ??= new Set()).add(next);
  return run.launchReleased?.has(barrier.priority) ?? false;
}

/**
 * The simulator's stand-in for the kubelet's container hash (plainHash): a 32-bit digest of the
 * container spec as stored. It is not the kubelet's algorithm, which Coxswain does not reproduce, so
 * the in-place engine does not compare it (it decides completion from images and env hashes).
 */
function containerSpecHash(container: Container): number {
  return createHash('sha256').update(JSON.stringify(container)).digest().readUInt32BE(0);
}

function specContainers(pod: Pod): Container[] {
  const containers = pod.spec?.containers;
  return Array.isArray(containers) ? containers.filter((c) => c !== null && typeof c === 'object' && typeof c.name === 'string') : [];
}
