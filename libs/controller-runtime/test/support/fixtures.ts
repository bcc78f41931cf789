import type { KindRef } from '@coxswain/cluster';
import type { KubeObject, OwnerReference } from '@coxswain/kruise-api';

export const POD: KindRef = { apiVersion: 'v1', kind: 'Pod' };
export const CLONESET: KindRef = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet' };

export function pod(
  name: string,
  options: { namespace?: string; labels?: Record<string, string>; owner?: KubeObject; nodeName?: string } = {},
): KubeObject {
  const ownerReferences: OwnerReference[] | undefined = options.owner
    ? [
        {
          apiVersion: options.owner.apiVersion,
          kind: options.owner.kind,
          name: options.owner.metadata.name!,
          uid: options.owner.metadata.uid!,
          controller: true,
        },
      ]
    : undefined;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { namespace: options.namespace ?? 'default', name, labels: options.labels, ownerReferences },
    spec: { containers: [{ name: 'main', image: 'nginx:1' }], ...(options.nodeName ? { nodeName: options.nodeName } : {}) },
  };
}

export function cloneSet(name: string, namespace = 'default'): KubeObject {
  return {
    apiVersion: CLONESET.apiVersion,
    kind: CLONESET.kind,
    metadata: { namespace, name },
    spec: { replicas: 1, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: {} } },
  };
}

/** Lets promise callbacks, watch deliveries and store commits run. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Settles until `condition` holds; fails with `what` if it never does. */
export async function waitUntil(condition: () => boolean, what = 'condition'): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (condition()) return;
    await settle(1);
  }
  throw new Error(`timed out waiting for ${what}`);
}
