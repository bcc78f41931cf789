// The writes of the ContainerRecreateRequest controller (docs/spec/image-pull.md §7.1, §7.3), each as
// Kruise makes it: merge patches of the request's metadata, status updates, finalizer updates retried on
// Conflict, and the pod's KruisePodReady key through a status update recomputed on Conflict.
import { isApiError, rfc3339, type ClusterClient } from '@coxswain/cluster';
import {
  ANNOTATION_CRR_SYNC_CONTAINER_STATUSES, CRR_UNREADY_ACQUIRED, LABEL_CRR_ACTIVE, type ContainerRecreateRequest, type Pod,
} from '@coxswain/kruise-api';
import { addNotReadyKey, hasKruisePodReadyGate, removeNotReadyKey } from '../../lifecycle/pod-ready.js';
import { CONTAINER_RECREATE_REQUEST_REF, POD_REF } from '../../refs.js';
import { CONFLICT_ATTEMPTS } from '../../sync/pod-writes.js';
import type { CrrWrite } from '../plan/planner.js';

/** The key a request holds the pod's KruisePodReady condition with (Kruise's getReadinessMessage). */
export const CRR_READINESS_USER_AGENT = 'ContainerRecreateRequest';

export interface CrrWriteDeps {
  client: ClusterClient;
  now: () => number;
}

/** Makes one planned write. */
export async function applyCrrWrite(deps: CrrWriteDeps, crr: ContainerRecreateRequest, pod: Pod | undefined, write: CrrWrite): Promise<void> {
  const { client } = deps;
  const ns = crr.metadata.namespace;
  const name = crr.metadata.name ?? '';
  switch (write.kind) {
    case 'releaseNotReady':
      if (pod && !pod.metadata.deletionTimestamp && hasKruisePodReadyGate(pod)) {
        await writePodCondition(deps, pod, (p) => removeNotReadyKey(p, readinessKey(crr), deps.now(), CRR_READINESS_USER_AGENT));
      }
      await updateFinalizers(client, crr, (f) => f.filter((x) => x !== CRR_UNREADY_ACQUIRED));
      return;
    case 'removeActiveLabel':
      await client.patch(CONTAINER_RECREATE_REQUEST_REF, ns, name, { metadata: { labels: { [LABEL_CRR_ACTIVE]: null } } });
      return;
    case 'delete':
      await ignoreNotFound(client.delete(CONTAINER_RECREATE_REQUEST_REF, ns, name));
      return;
    case 'complete':
      // Kruise updates the status from its cached copy: a Conflict is retried by the next reconcile.
      await client.updateStatus<ContainerRecreateRequest>({
        ...crr,
        status: { ...(crr.status ?? { phase: '' }), phase: 'Completed', completionTime: rfc3339(deps.now()), message: write.message },
      });
      return;
    case 'syncContainerStatuses':
      await client.patch(CONTAINER_RECREATE_REQUEST_REF, ns, name, { metadata: { annotations: { [ANNOTATION_CRR_SYNC_CONTAINER_STATUSES]: write.value } } });
      return;
    case 'acquireNotReady':
      // The finalizer first, then the pod's condition, finally the annotation the daemon waits for.
      if (pod && hasKruisePodReadyGate(pod)) {
        await updateFinalizers(client, crr, (f) => (f.includes(CRR_UNREADY_ACQUIRED) ? f : [...f, CRR_UNREADY_ACQUIRED]));
        await writePodCondition(deps, pod, (p) => addNotReadyKey(p, readinessKey(crr), deps.now(), CRR_READINESS_USER_AGENT));
      }
      await client.patch(CONTAINER_RECREATE_REQUEST_REF, ns, name, { metadata: { annotations: { [CRR_UNREADY_ACQUIRED]: rfc3339(deps.now()) } } });
      return;
  }
}

function readinessKey(crr: ContainerRecreateRequest): string {
  return `${crr.metadata.namespace ?? ''}/${crr.metadata.name ?? ''}`;
}

/** retry.RetryOnConflict over get-modify-update of the request's finalizers. */
async function updateFinalizers(client: ClusterClient, crr: ContainerRecreateRequest, change: (finalizers: string[]) => string[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const fresh = await client.get<ContainerRecreateRequest>(CONTAINER_RECREATE_REQUEST_REF, crr.metadata.namespace, crr.metadata.name ?? '');
    const finalizers = fresh.metadata.finalizers ?? [];
    const next = change(finalizers);
    if (next.length === finalizers.length && next.every((f, i) => f === finalizers[i])) return;
    try {
      await client.update<ContainerRecreateRequest>({ ...fresh, metadata: { ...fresh.metadata, finalizers: next } });
      return;
    } catch (err) {
      if (!isApiError(err, 'Conflict') || attempt >= CONFLICT_ATTEMPTS) throw err;
    }
  }
}

/** The pod's status with the KruisePodReady change, recomputed from a fresh read on Conflict. */
async function writePodCondition(deps: CrrWriteDeps, pod: Pod, change: (pod: Pod) => Pod | undefined): Promise<void> {
  let current = pod;
  for (let attempt = 1; ; attempt++) {
    const next = change(current);
    if (!next) return;
    try {
      await deps.client.updateStatus<Pod>(next);
      return;
    } catch (err) {
      if (isApiError(err, 'NotFound')) return;
      if (!isApiError(err, 'Conflict') || attempt >= CONFLICT_ATTEMPTS) throw err;
    }
    try {
      current = await deps.client.get<Pod>(POD_REF, pod.metadata.namespace, pod.metadata.name ?? '');
    } catch (err) {
      if (isApiError(err, 'NotFound')) return;
      throw err;
    }
    if (current.metadata.uid !== pod.metadata.uid) return;
  }
}

async function ignoreNotFound(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (err) {
    if (!isApiError(err, 'NotFound')) throw err;
  }
}
