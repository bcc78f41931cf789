// What Kruise's controllers and kruise-daemon agree on through the pod object (docs/spec/inplace-and-lifecycle.md
// §2.4, §2.7): a container's launch priority (the KRUISE_CONTAINER_BARRIER env the pod webhook injects),
// the hash of the env values a container reads from the pod's labels/annotations, and the
// `apps.kruise.io/runtime-containers-meta` annotation in which the daemon reports what runs. The kubelet
// simulator plays kruise-daemon and the in-place engine (libs/workloads) reads its reports, so both
// sides take these from here. Pure, and tolerant of malformed pods: nothing here throws.
import {
  ANNOTATION_RUNTIME_CONTAINER_META, ENV_CONTAINER_LAUNCH_BARRIER, ENV_SIDECARSET_VERSION, ENV_SIDECARSET_VERSION_ALT,
  type Container, type ObjectMeta, type Pod,
} from '@coxswain/kruise-api';
import { createHash } from 'node:crypto';

const INTEGER = /^[+-]?[0-9]+$/;

/**
 * The priority the barrier env gives the container: `N` of its configMapKeyRef key `p_<N>` (unparseable
 * → 0, as Go ignores the Atoi error), or undefined when the container has no barrier env.
 */
export function containerPriority(container: Container): number | undefined {
  const env = envList(container).find((e) => e.name === ENV_CONTAINER_LAUNCH_BARRIER);
  if (env === undefined) return undefined;
  const key = env.valueFrom?.configMapKeyRef?.key;
  const n = typeof key === 'string' ? key.slice(2) : '';
  return INTEGER.test(n) ? Number(n) : 0;
}

/** SidecarSet's version envs never count as env from metadata (Kruise's excludeEnvs). */
const EXCLUDED_ENVS = new Set([ENV_SIDECARSET_VERSION, ENV_SIDECARSET_VERSION_ALT]);

/**
 * Kruise's EnvFromMetadataHasher.GetExpectHash: the hash of the container's env vars that have no
 * `value` and a fieldRef to `metadata.labels['k']` / `metadata.annotations['k']`, with the values `meta`
 * resolves them to now (a missing key resolves to ""); each var hashed at its index with its name.
 * 0 when the container has no such env. Kruise hashes Go structs; this is Coxswain's own hash, so
 * reports of a real kruise-daemon never match it.
 */
export function envFromMetadataHash(container: Container, meta: Pick<ObjectMeta, 'labels' | 'annotations'>): number {
  const resolved: [number, string, string][] = [];
  envList(container).forEach((e, i) => {
    const ref = metadataFieldRef(e);
    if (ref === undefined) return;
    const source = ref.field === 'labels' ? meta.labels : meta.annotations;
    const value = source !== null && typeof source === 'object' && Object.hasOwn(source, ref.key) ? source[ref.key] : '';
    resolved.push([i, e.name, typeof value === 'string' ? value : '']);
  });
  if (resolved.length === 0) return 0;
  // A 32-bit unsigned value like kubelet's fnv32a-based hashes; 0 is kept for "no such env".
  return createHash('sha256').update(JSON.stringify(resolved)).digest().readUInt32BE(0) || 1;
}

/** Whether any env of the container reads a label or annotation of its pod (what kruise-daemon restarts for). */
export function hasEnvFromMetadata(container: Container): boolean {
  return envList(container).some((e) => metadataFieldRef(e) !== undefined);
}

/** One container's entry in the runtime-containers-meta annotation. Go: appspub.RuntimeContainerMeta. */
export interface RuntimeContainerMeta {
  name: string;
  containerID: string;
  restartCount?: number;
  hashes?: { plainHash?: number; extractedEnvFromMetadataHash?: number };
}

/** The annotation's containers, or undefined when it is absent or not readable. */
export function readRuntimeContainerMeta(pod: Pick<Pod, 'metadata'>): RuntimeContainerMeta[] | undefined {
  const text = pod.metadata.annotations?.[ANNOTATION_RUNTIME_CONTAINER_META];
  if (typeof text !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || !Array.isArray((parsed as { containers?: unknown }).containers)) return undefined;
  return ((parsed as { containers: unknown[] }).containers).filter(
    (c): c is RuntimeContainerMeta =>
      c !== null && typeof c === 'object' && typeof (c as RuntimeContainerMeta).name === 'string' && typeof (c as RuntimeContainerMeta).containerID === 'string',
  );
}

/** The annotation value for `containers`, in Go's field order (extractedEnvFromMetadataHash omitted when 0). */
export function formatRuntimeContainerMeta(containers: readonly RuntimeContainerMeta[]): string {
  return JSON.stringify({
    containers: containers.map((c) => ({
      name: c.name,
      containerID: c.containerID,
      restartCount: c.restartCount ?? 0,
      hashes: {
        plainHash: c.hashes?.plainHash ?? 0,
        ...(c.hashes?.extractedEnvFromMetadataHash ? { extractedEnvFromMetadataHash: c.hashes.extractedEnvFromMetadataHash } : {}),
      },
    })),
  });
}

function envList(container: Container): Container['env'] & object {
  const env = (container as { env?: unknown }).env;
  return Array.isArray(env) ? env.filter((e) => e !== null && typeof e === 'object' && typeof e.name === 'string') : [];
}

/** The label/annotation an env var reads, when it is one kruise-daemon restarts for. */
function metadataFieldRef(e: NonNullable<Container['env']>[number]): { field: 'labels' | 'annotations'; key: string } | undefined {
  if ((e.value ?? '') !== '' || EXCLUDED_ENVS.has(e.name)) return undefined;
  const fieldPath = e.valueFrom?.fieldRef?.fieldPath;
  if (typeof fieldPath !== 'string') return undefined;
  // Kubernetes' SplitMaybeSubscriptedPath: `path['key']`.
  if (!fieldPath.endsWith("']")) return undefined;
  const open = fieldPath.indexOf("['");
  if (open < 0) return undefined;
  const path = fieldPath.slice(0, open);
  const key = fieldPath.slice(open + 2, -2);
  if (path === 'metadata.labels') return { field: 'labels', key };
  if (path === 'metadata.annotations') return { field: 'annotations', key };
  return undefined;
}
