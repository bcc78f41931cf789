// In-place cpu/memory changes (docs/spec/inplace-and-lifecycle.md §1.5, gate InPlaceWorkloadVerticalScaling, off
// by default): which resource ops are accepted, the QoS-class guard, applying a batch's resources to the
// pod spec, and whether the kubelet reports them as applied.
import {
  quantitiesEqual, quantityToNumber, type Container, type ContainerStatus, type InPlaceUpdateSpec, type JsonValue, type Pod, type PodSpec, type ResourceList,
  type ResourceRequirements,
} from '@coxswain/kruise-api';

const RESOURCE_PATH = /^\/spec\/containers\/([0-9]+)\/resources\/.*$/;
const RESIZABLE = ['cpu', 'memory'] as const;

export function isResourcePath(path: string): boolean {
  return RESOURCE_PATH.test(path);
}

/**
 * Records one resource op (path already stripped of "/spec/template") into `resources`, keyed by the
 * old template's container name. Returns false when the op cannot be done in place: not a `replace`,
 * not exactly `/spec/containers/<i>/resources/<limits|requests>/<cpu|memory>`, an index past the old
 * containers, or a value that is not a quantity.
 */
export function recordResourceChange(
  op: { op: string; value?: JsonValue },
  path: string,
  oldSpec: PodSpec,
  resources: Record<string, ResourceRequirements>,
): boolean {
  if (op.op !== 'replace') return false;
  const words = path.split('/');
  if (words.length !== 7) return false;
  const [, , , index, , kind, resource] = words as [string, string, string, string, string, string, string];
  if (kind !== 'limits' && kind !== 'requests') return false;
  if (!(RESIZABLE as readonly string[]).includes(resource)) return false;
  const i = Number(index);
  const container = oldSpec.containers[i];
  if (container === undefined) return false;
  const value = op.value;
  if ((typeof value !== 'string' && typeof value !== 'number') || quantityToNumber(value) === undefined) return false;
  const entry = (resources[container.name] ??= {});
  (entry[kind] ??= {})[resource] = value;
  return true;
}

/** The container's resources with `change` laid over them (only the listed quantities change). */
export function withResources(container: Container, change: ResourceRequirements): ResourceRequirements {
  const current = structuredClone(container.resources ?? {});
  for (const kind of ['limits', 'requests'] as const) {
    const values = change[kind];
    if (values === undefined) continue;
    current[kind] = { ...(current[kind] ?? {}), ...values };
  }
  return current;
}

/**
 * docs/spec/inplace-and-lifecycle.md §1.5: an update that changes only resources, none of which the container's resizePolicy restarts
 * for, keeps the pod ready (no InPlaceUpdateReady=False).
 */
export function isNonDisruptiveResize(pod: Pod, spec: InPlaceUpdateSpec): boolean {
  const resources = spec.containerResources ?? {};
  if (Object.keys(resources).length === 0) return false;
  if (Object.keys(spec.containerImages ?? {}).length > 0 || Object.keys(spec.containerRefMetadata ?? {}).length > 0) return false;
  if (spec.metaDataPatch !== undefined && spec.metaDataPatch !== '') return false;
  for (const [name, change] of Object.entries(resources)) {
    const container = pod.spec.containers.find((c) => c.name === name);
    const changed = new Set([...Object.keys(change.limits ?? {}), ...Object.keys(change.requests ?? {})]);
    const restarts = (container?.resizePolicy ?? []).some((p) => changed.has(p.resourceName) && p.restartPolicy === 'RestartContainer');
    if (restarts) return false;
  }
  return true;
}

/**
 * Kruise's IsUpdateCompleted for resizes: the pod reports a status for exactly its spec containers, and
 * every status carries `resources` whose limits and requests equal the spec container's, as whole maps
 * (every resource, not only cpu/memory; quantities compared by value). Absent and empty maps are the same,
 * since the API never transmits an empty ResourceList.
 */
export function resourcesApplied(pod: Pod): boolean {
  const specs = new Map(pod.spec.containers.map((c) => [c.name, c]));
  const statuses = pod.status?.containerStatuses ?? [];
  if (statuses.length !== specs.size) return false;
  return statuses.every((s) => containerResourcesApplied(specs.get(s.name), s));
}

/** One container of resourcesApplied: its status reports resources equal to the spec's in full. */
export function containerResourcesApplied(spec: Container | undefined, status: ContainerStatus | undefined): boolean {
  if (spec === undefined || status?.resources === undefined || status.resources === null) return false;
  return resourceListsEqual(spec.resources?.limits, status.resources.limits) && resourceListsEqual(spec.resources?.requests, status.resources.requests);
}

function resourceListsEqual(a: ResourceList | undefined, b: ResourceList | undefined): boolean {
  const x = a ?? {};
  const y = b ?? {};
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  return keys.every((k) => Object.hasOwn(y, k) && quantitiesEqual(x[k], y[k]));
}
