// Shared builders for the revision tests: a small CloneSet and helpers to vary its template.
import type { CloneSet, ControllerRevision, Pod } from '@coxswain/kruise-api';

export function cloneSet(image = 'nginx:1.25', overrides: { name?: string; status?: CloneSet['status'] } = {}): CloneSet {
  return {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'CloneSet',
    metadata: {
      name: overrides.name ?? 'web',
      namespace: 'demo',
      uid: 'cs-uid',
      annotations: { team: 'payments' },
    },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web', tier: 'front' } },
        spec: { containers: [{ name: 'main', image, ports: [{ containerPort: 80, protocol: 'TCP' }] }] },
      },
      volumeClaimTemplates: [
        { metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } },
      ],
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1, maxUnavailable: '20%' } },
    },
    ...(overrides.status ? { status: overrides.status } : {}),
  };
}

export function status(fields: Partial<NonNullable<CloneSet['status']>>): NonNullable<CloneSet['status']> {
  return { replicas: 0, readyReplicas: 0, availableReplicas: 0, updatedReplicas: 0, updatedReadyReplicas: 0, ...fields };
}

/** A stored-looking revision: `base` renamed/renumbered, with a creation time. */
export function stored(base: ControllerRevision, fields: { revision?: number; name?: string; creationTimestamp?: string } = {}): ControllerRevision {
  const copy = structuredClone(base);
  if (fields.revision !== undefined) copy.revision = fields.revision;
  if (fields.name !== undefined) copy.metadata.name = fields.name;
  copy.metadata.creationTimestamp = fields.creationTimestamp ?? '2026-01-01T00:00:00Z';
  copy.metadata.resourceVersion = '1';
  return copy;
}

export function pod(name: string, revisionLabel: string | undefined): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'demo', labels: revisionLabel === undefined ? { app: 'web' } : { app: 'web', 'controller-revision-hash': revisionLabel } },
    spec: { containers: [{ name: 'main', image: 'x' }] },
  };
}
