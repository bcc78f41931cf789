// Writing a workload's status subresource as Kubernetes' controllers do: the whole status replaced on
// the cached object, and on Conflict re-read and written again (a few attempts), since only the
// controller writes it and the newest object is what the status is about.
import { isApiError, type ClusterClient, type KindRef } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';

export const STATUS_WRITE_ATTEMPTS = 5;

/** Returns the written object. */
export async function writeStatusWithRetry<T extends KubeObject>(client: ClusterClient, ref: KindRef, stored: T, status: unknown): Promise<T> {
  let target: KubeObject = stored;
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.updateStatus<T>({ ...target, status } as T);
    } catch (err) {
      if (!isApiError(err, 'Conflict') || attempt >= STATUS_WRITE_ATTEMPTS) throw err;
    }
    target = await client.get<KubeObject>(ref, stored.metadata.namespace, stored.metadata.name!);
  }
}
