// The embedded cluster comes with the Kruise kinds' CustomResourceDefinitions installed, as a cluster
// with OpenKruise has them: created at start, and brought up to date when Coxswain's definitions changed.
import { kruiseCrds, type KubeObject } from '@coxswain/kruise-api';
import { isApiError } from '../errors.js';
import type { ClusterClient } from '../port.js';

export async function installKruiseCrds(client: ClusterClient): Promise<void> {
  for (const crd of kruiseCrds()) {
    let current: KubeObject | undefined;
    try {
      current = await client.get(crd, undefined, crd.metadata.name!);
    } catch (err) {
      if (!isApiError(err, 'NotFound')) throw err;
    }
    if (!current) await client.create(crd);
    else if (JSON.stringify(current.spec) !== JSON.stringify(crd.spec)) {
      await client.update({ ...crd, metadata: { ...current.metadata, labels: crd.metadata.labels } });
    }
  }
}
