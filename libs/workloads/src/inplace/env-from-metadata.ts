// Containers whose env reads pod labels/annotations through a fieldRef (spec inplace-and-lifecycle §1.3,
// §2.7 step 1). Changing such a label can be done in place only if the container restarts, which
// kruise-daemon does; it reports what it restarted in the `apps.kruise.io/runtime-containers-meta`
// annotation, which is how completion is detected.
import {
  ANNOTATION_RUNTIME_CONTAINER_META, ENV_SIDECARSET_VERSION, ENV_SIDECARSET_VERSION_ALT,
  type Container, type ObjectMeta, type Pod,
} from '@coxswain/kruise-api';
import { canonicalJson } from '../revision/canonical-json.js';
import { fnv1a_32 } from '../revision/fnv.js';

export type MetadataField = 'labels' | 'annotations';

/**
 * The container has an env var with an empty `value` whose fieldRef is exactly
 * `metadata.<field>['<key>']`, and which is not one of SidecarSet's version envs.
 */
export function isContainerReferenceToMeta(container: Container, field: MetadataField, key: string): boolean {
  const wanted = `metadata.${field}['${key}']`;
  return (container.env ?? []).some(
    (e) =>
      (e.value ?? '') === '' &&
      e.valueFrom?.fieldRef !== undefined &&
      e.name !== ENV_SIDECARSET_VERSION &&
      e.name !== ENV_SIDECARSET_VERSION_ALT &&
      e.valueFrom.fieldRef.fieldPath === wanted,
  );
}

/** One container's entry in the runtime-containers-meta annotation written by kruise-daemon. */
export interface RuntimeContainerMeta {
  name: string;
  containerID: string;
  restartCount?: number;
  hashes?: { plainHash?: number; extractedEnvFromMetadataHash?: number };
}

/** The annotation's containers, or undefined when it is absent or not readable. */
export function readRuntimeContainerMeta(pod: Pod): RuntimeContainerMeta[] | undefined {
  const text = pod.metadata.annotations?.[ANNOTATION_RUNTIME_CONTAINER_META];
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as { containers?: unknown };
    if (typeof parsed !== 'object' || parsed === null || !Array.isArray(parsed.containers)) return undefined;
    return parsed.containers.filter(
      (c): c is RuntimeContainerMeta => typeof c === 'object' && c !== null && typeof (c as RuntimeContainerMeta).name === 'string',
    );
  } catch {
    return undefined;
  }
}

/**
 * The hash of the container's metadata-sourced env values as `meta` resolves them (0 when it has none).
 * Kruise hashes the Go structs with its DeepHashObject; Coxswain's daemon stand-in (the kubelet
 * simulator) must use this function, so both sides agree. A real kruise-daemon's hashes will not match.
 */
export function envFromMetadataHash(container: Container, meta: Pick<ObjectMeta, 'labels' | 'annotations'>): number {
  const envs: { name: string; value: string }[] = [];
  for (const e of container.env ?? []) {
    const fieldPath = e.valueFrom?.fieldRef?.fieldPath;
    if (fieldPath === undefined) continue;
    const ref = splitSubscriptedPath(fieldPath);
    if (ref === undefined) continue;
    if (ref.path === 'metadata.labels') envs.push({ name: e.name, value: meta.labels?.[ref.key] ?? '' });
    else if (ref.path === 'metadata.annotations') envs.push({ name: e.name, value: meta.annotations?.[ref.key] ?? '' });
  }
  return envs.length === 0 ? 0 : fnv1a_32(canonicalJson(envs));
}

/** Kubernetes' SplitMaybeSubscriptedPath for the `path['key']` form. */
function splitSubscriptedPath(fieldPath: string): { path: string; key: string } | undefined {
  if (!fieldPath.endsWith("']")) return undefined;
  const open = fieldPath.indexOf("['");
  if (open < 0) return undefined;
  return { path: fieldPath.slice(0, open), key: fieldPath.slice(open + 2, -2) };
}
