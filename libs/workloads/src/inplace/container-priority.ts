// Multi-container ordering (docs/spec/inplace-and-lifecycle.md §2.3, §2.4). Kruise's pod webhook fixes each
// container's priority at creation in a KRUISE_CONTAINER_BARRIER env var; in-place updates then touch
// containers in batches, highest priority first, and a batch waits until the previous one is Ready.
import { containerPriority } from '@coxswain/cluster';
import {
  ANNOTATION_CONTAINER_LAUNCH_PRIORITY, CONTAINER_LAUNCH_ORDERED, ENV_CONTAINER_LAUNCH_BARRIER, ENV_CONTAINER_LAUNCH_PRIORITY,
  type Container, type InPlaceUpdatePreCheckBeforeNext, type InPlaceUpdateSpec, type Pod,
} from '@coxswain/kruise-api';

const INTEGER = /^[+-]?[0-9]+$/;

/** Read by the kubelet simulator too (it releases the launch barrier), so it lives beside it. */
export { containerPriority } from '@coxswain/cluster';

/** The configMapKeyRef key for a priority. */
export function priorityBarrierKey(priority: number): string {
  return `p_${priority}`;
}

/**
 * The priorities Kruise's pod webhook assigns at creation, or undefined when it assigns none: pods with
 * at least two containers get `−i` with annotation `container-launch-priority: Ordered`, otherwise the
 * containers' KRUISE_CONTAINER_PRIORITY values (missing = 0) when one is non-zero and they are not all
 * equal. Throws, naming the container, when a KRUISE_CONTAINER_PRIORITY value is not an integer (the
 * webhook rejects such a pod).
 */
export function containerLaunchPriorities(pod: Pod): number[] | undefined {
  const containers = pod.spec.containers;
  if (containers.length < 2) return undefined;
  if (pod.metadata.annotations?.[ANNOTATION_CONTAINER_LAUNCH_PRIORITY] === CONTAINER_LAUNCH_ORDERED) {
    return containers.map((_, i) => (i === 0 ? 0 : -i));
  }
  const priorities = containers.map((c, i) => {
    let p = 0;
    for (const e of c.env ?? []) {
      if (e.name !== ENV_CONTAINER_LAUNCH_PRIORITY) continue;
      const value = e.value ?? '';
      if (!INTEGER.test(value)) {
        throw new Error(`spec.containers[${i}].env[${ENV_CONTAINER_LAUNCH_PRIORITY}]: ${JSON.stringify(value)} is not an integer`);
      }
      p = Number(value);
    }
    return p;
  });
  if (priorities.every((p) => p === 0)) return undefined;
  if (priorities.every((p) => p === priorities[0])) return undefined;
  return priorities;
}

/**
 * The webhook's mutation: the pod with a KRUISE_CONTAINER_BARRIER env appended to every container
 * (configMap `<pod-name>-barrier`), or the pod itself when no priorities apply or they are already set.
 * The pod must have its name (Kruise generates one from generateName first).
 */
export function injectContainerLaunchBarrier(pod: Pod): Pod {
  if (pod.spec.containers.some((c) => containerPriority(c) !== undefined)) return pod;
  const priorities = containerLaunchPriorities(pod);
  if (priorities === undefined) return pod;
  const name = pod.metadata.name;
  if (!name) throw new Error('metadata.name: required to name the container launch barrier ConfigMap');
  const containers = pod.spec.containers.map((c, i) => ({
    ...c,
    env: [
      ...(c.env ?? []),
      { name: ENV_CONTAINER_LAUNCH_BARRIER, valueFrom: { configMapKeyRef: { name: `${name}-barrier`, key: priorityBarrierKey(priorities[i]!) } } },
    ],
  }));
  return { ...pod, spec: { ...pod.spec, containers } };
}

type ChangedContainers = Pick<InPlaceUpdateSpec, 'containerImages' | 'containerRefMetadata' | 'containerResources'>;

/**
 * The containers one in-place batch rewrites, sorted by name (docs/spec/inplace-and-lifecycle.md §2.3): of the changed containers, those
 * without a priority plus all sharing the highest priority, then — repeatedly — every container whose
 * env-from-metadata change shares a label or annotation key with one already chosen.
 */
export function selectContainerBatch(containers: readonly Container[], changes: ChangedContainers): string[] {
  const images = changes.containerImages ?? {};
  const refMetadata = changes.containerRefMetadata ?? {};
  const resources = changes.containerResources ?? {};
  const chosen = new Set<string>();
  let best: number | undefined;
  let bestNames: string[] = [];
  for (const c of containers) {
    if (!Object.hasOwn(images, c.name) && !Object.hasOwn(refMetadata, c.name) && !Object.hasOwn(resources, c.name)) continue;
    const p = containerPriority(c);
    if (p === undefined) chosen.add(c.name);
    else if (best === undefined || p > best) {
      best = p;
      bestNames = [c.name];
    } else if (p === best) bestNames.push(c.name);
  }
  for (const name of bestNames) chosen.add(name);
  addMetadataSharingContainers(chosen, refMetadata);
  return [...chosen].sort();
}

/** Adds, until nothing changes, every container whose refMetadata mentions a key of a chosen container. */
function addMetadataSharingContainers(chosen: Set<string>, refMetadata: NonNullable<InPlaceUpdateSpec['containerRefMetadata']>): void {
  const labels = new Set<string>();
  const annotations = new Set<string>();
  let added = [...chosen];
  while (added.length > 0) {
    for (const name of added) {
      const meta = Object.hasOwn(refMetadata, name) ? refMetadata[name] : undefined;
      for (const key of Object.keys(meta?.labels ?? {})) labels.add(key);
      for (const key of Object.keys(meta?.annotations ?? {})) annotations.add(key);
    }
    added = [];
    for (const [name, meta] of Object.entries(refMetadata)) {
      if (chosen.has(name)) continue;
      const shares =
        Object.keys(meta.labels ?? {}).some((k) => labels.has(k)) || Object.keys(meta.annotations ?? {}).some((k) => annotations.has(k));
      if (shares) {
        chosen.add(name);
        added.push(name);
      }
    }
  }
}

/** Whether every container the previous batch lists reports ready, so the next batch may start. */
export function preCheckBeforeNextPassed(pod: Pod, preCheck: InPlaceUpdatePreCheckBeforeNext | undefined): boolean {
  const statuses = pod.status?.containerStatuses ?? [];
  return (preCheck?.containersRequiredReady ?? []).every((name) => statuses.some((s) => s.name === name && s.ready));
}
