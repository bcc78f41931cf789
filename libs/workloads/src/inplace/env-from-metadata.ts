// Containers whose env reads pod labels/annotations through a fieldRef (docs/spec/inplace-and-lifecycle.md §1.3,
// §2.7 step 1). Changing such a label can be done in place only if the container restarts, which
// kruise-daemon does; it reports what it restarted in the `apps.kruise.io/runtime-containers-meta`
// annotation, which is how completion is detected.
import { ENV_SIDECARSET_VERSION, ENV_SIDECARSET_VERSION_ALT, type Container } from '@coxswain/kruise-api';

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

// kruise-daemon's report and the env hash are shared with the kubelet simulator, which plays the daemon.
export { envFromMetadataHash, hasEnvFromMetadata, readRuntimeContainerMeta, type RuntimeContainerMeta } from '@coxswain/cluster';
