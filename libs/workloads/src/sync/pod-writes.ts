// The pod writes every workload's plan executor and reconciler sends (CloneSet, StatefulSet), with the resourceVersion
// expectations that keep the next reconcile from acting on a stale cache and Kruise's retries on
// Conflict. Events stay with each kind's executor, which words them as Kruise does for that kind.
import { isApiError, type ClusterClient, type KindRef } from '@coxswain/cluster';
import type { ResourceVersionExpectations, ScaleExpectations } from '@coxswain/controller-runtime';
import type { InPlaceUpdateSpec, KubeObject, Pod } from '@coxswain/kruise-api';
import { rewritePodInPlace, startInPlaceUpdate, type LifecycleUpdatingPolicy } from '../inplace/update.js';
import { addNotReadyKey, removeNotReadyKey } from '../lifecycle/pod-ready.js';
import type { LifecycleChange } from '../lifecycle/transitions.js';
import { withoutOwner } from '../ownership/claim.js';
import { POD_REF } from '../refs.js';

export interface PodWriteDeps {
  client: ClusterClient;
  rvExpectations: ResourceVersionExpectations;
  now: () => number;
}

/** What a run of writes did: whether anything was written, and the first failure. */
export interface WriteOutcome {
  modified: boolean;
  error?: Error;
}

/** Attempts of a pod write recomputed after a Conflict (client-go's retry.DefaultRetry has 5 steps). */
export const CONFLICT_ATTEMPTS = 5;

export async function patchPod(deps: PodWriteDeps, key: string, pod: Pod, patch: Record<string, unknown>, result: WriteOutcome): Promise<void> {
  try {
    const written = await deps.client.patch<Pod>(POD_REF, pod.metadata.namespace, pod.metadata.name!, patch);
    deps.rvExpectations.expect(key, written);
    result.modified = true;
  } catch (err) {
    result.error = asError(err);
  }
}

/**
 * A refresh result written from the cached pod, under its resourceVersion. A Conflict means the pod
 * changed meanwhile; its update event brings the workload back to refresh from the new copy.
 */
export async function writePod(deps: PodWriteDeps, key: string, pod: Pod, subresource: 'spec' | 'status', result: WriteOutcome): Promise<void> {
  try {
    const written = subresource === 'status' ? await deps.client.updateStatus<Pod>(pod) : await deps.client.update<Pod>(pod);
    deps.rvExpectations.expect(key, written);
    result.modified = true;
  } catch (err) {
    if (!isApiError(err, 'Conflict')) result.error = asError(err);
  }
}

/** docs/spec/inplace-and-lifecycle.md §3.4: the KruisePodReady key first (markPodNotReady), then the state patch. */
export async function applyLifecycleChange(deps: PodWriteDeps, key: string, pod: Pod, change: LifecycleChange, result: WriteOutcome): Promise<void> {
  if (change.podReady) {
    const now = deps.now();
    const { op, key: readyKey } = change.podReady;
    const recompute = (p: Pod) => (op === 'add' ? addNotReadyKey(p, readyKey, now) : removeNotReadyKey(p, readyKey, now));
    const next = recompute(pod);
    if (next) {
      await writePodStatusWithRetry(deps, key, next, recompute, result);
      if (result.error) return;
    }
  }
  if (change.patch) await patchPod(deps, key, pod, change.patch as unknown as Record<string, unknown>, result);
}

/** A status write recomputed from a fresh read on Conflict (Kruise's retry.RetryOnConflict). */
export async function writePodStatusWithRetry(deps: PodWriteDeps, key: string, first: Pod, recompute: (fresh: Pod) => Pod | undefined, result: WriteOutcome): Promise<void> {
  let desired: Pod | undefined = first;
  for (let attempt = 1; desired; attempt++) {
    try {
      deps.rvExpectations.expect(key, await deps.client.updateStatus<Pod>(desired));
      result.modified = true;
      return;
    } catch (err) {
      if (!isApiError(err, 'Conflict') || attempt >= CONFLICT_ATTEMPTS) {
        result.error = asError(err);
        return;
      }
    }
    desired = recompute(await deps.client.get<Pod>(POD_REF, first.metadata.namespace, first.metadata.name!));
  }
}

export interface InPlaceWrite {
  pod: Pod;
  spec: InPlaceUpdateSpec;
  revisionLabels: Readonly<Record<string, string>>;
  lifecycleUpdating: LifecycleUpdatingPolicy;
  /** Gate InPlaceWorkloadVerticalScaling: a resize needing no restart keeps the pod in traffic. */
  verticalScaling: boolean;
}

/**
 * docs/spec/inplace-and-lifecycle.md §2.2: take the pod out of traffic (InPlaceUpdateReady False), then rewrite it to
 * the target revision. Both steps are recomputed from a fresh read when the pod changed meanwhile.
 * Returns the rewritten pod and the grace period to wait; throws the last error.
 */
export async function updatePodInPlace(deps: PodWriteDeps, key: string, write: InPlaceWrite): Promise<{ pod: Pod; delaySeconds: number }> {
  let pod = write.pod;
  for (let attempt = 1; ; attempt++) {
    try {
      const now = deps.now();
      const unready = startInPlaceUpdate(pod, write.spec, now, { verticalScaling: write.verticalScaling });
      if (unready) pod = await deps.client.updateStatus<Pod>(unready);
      const rewritten = rewritePodInPlace(pod, write.spec, { now, revisionLabels: write.revisionLabels, lifecycleUpdating: write.lifecycleUpdating });
      const written = await deps.client.update<Pod>(rewritten.pod);
      deps.rvExpectations.expect(key, written);
      return { pod: written, delaySeconds: rewritten.delaySeconds };
    } catch (err) {
      if (!isApiError(err, 'Conflict') || attempt >= CONFLICT_ATTEMPTS) throw err;
    }
    pod = await deps.client.get<Pod>(POD_REF, pod.metadata.namespace, pod.metadata.name!);
  }
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * The ownership changes a claim decided (Kubernetes' ClaimPods): released pods lose every reference to
 * the owner `uid`, adopted ones get `adopted(pod)`; each write is expected back in the cache.
 */
export async function writePodOwnership(deps: Pick<PodWriteDeps, 'client' | 'rvExpectations'>, key: string, uid: string, release: readonly Pod[], adopt: readonly Pod[], adopted: (pod: Pod) => Pod): Promise<void> {
  for (const pod of release) deps.rvExpectations.expect(key, await deps.client.update<Pod>(withoutOwner(pod, uid)));
  for (const pod of adopt) deps.rvExpectations.expect(key, await deps.client.update<Pod>(adopted(pod)));
}

/**
 * Deletes the object under its uid with its deletion expected first (so the watch event cannot come
 * before the expectation); a failed delete observes the deletion (none will come) and throws.
 */
export async function deleteExpectingScale(deps: { client: ClusterClient; scaleExpectations: ScaleExpectations }, key: string, ref: KindRef, object: KubeObject): Promise<void> {
  const name = object.metadata.name!;
  deps.scaleExpectations.expectScale(key, 'delete', name);
  try {
    await deps.client.delete(ref, object.metadata.namespace, name, { preconditions: { uid: object.metadata.uid } });
  } catch (err) {
    deps.scaleExpectations.observeScale(key, 'delete', name);
    throw err;
  }
}
