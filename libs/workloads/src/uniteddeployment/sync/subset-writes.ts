// The UnitedDeployment's writes to its subsets (docs/spec/uniteddeployment.md §3.1, §3.3): adopting,
// releasing and deleting duplicate subset workloads, reserved-pod labels, subset creations and deletions
// in slow-start batches, and subset updates (get, render, update; 5 attempts). Each failure is an Event
// on the UnitedDeployment and is thrown.
import { isApiError, type ClusterClient } from '@coxswain/cluster';
import type { EventRecorder, Informer, ScaleExpectations } from '@coxswain/controller-runtime';
import { LABEL_RESERVED_POD, type Pod, type Subset, type UnitedDeployment } from '@coxswain/kruise-api';
import { controllerRefTo, withControllerRef, withoutOwner } from '../../ownership/claim.js';
import { POD_REF } from '../../refs.js';
import { asError, errorMessage } from '../../sync/pod-writes.js';
import type { SubsetAdapter, SubsetWorkload } from '../plan/adapters/types.js';
import type { UnitedDeploymentOperation } from '../plan/planner.js';
import { renderSubsetWorkload } from '../plan/render.js';

const UPDATE_ATTEMPTS = 5;

export interface SubsetWriteDeps {
  client: ClusterClient;
  recorder: EventRecorder;
  /** Subset workloads created and not yet seen by the cache. */
  creations: ScaleExpectations;
}

/** The workloads a pass discovered that are to be adopted, released or deleted as duplicates. */
export interface DiscoveredSubsets {
  adapter: SubsetAdapter;
  adopt: readonly SubsetWorkload[];
  release: readonly SubsetWorkload[];
  duplicates: readonly SubsetWorkload[];
}

export async function labelPod(deps: SubsetWriteDeps, pod: Pod, reserved: boolean): Promise<void> {
  try {
    await deps.client.patch<Pod>(POD_REF, pod.metadata.namespace, pod.metadata.name!, { metadata: { labels: { [LABEL_RESERVED_POD]: reserved ? 'true' : 'false' } } });
  } catch (err) {
    if (!isApiError(err, 'NotFound')) throw err;
  }
}

/** docs/spec/uniteddeployment.md §3.1: adopt and release workloads, delete duplicate subsets (NotFound is fine). */
export async function tidySubsets(deps: SubsetWriteDeps, ud: UnitedDeployment, view: DiscoveredSubsets): Promise<void> {
  try {
    for (const w of view.release) await deps.client.update<SubsetWorkload>(withoutOwner(w, ud.metadata.uid!));
    for (const w of view.adopt) await deps.client.update<SubsetWorkload>(withControllerRef(w, controllerRefTo(ud)));
  } catch (err) {
    deps.recorder.event(ud, 'Warning', 'Failed FindSubsets', errorMessage(err));
    throw err;
  }
  for (const duplicate of view.duplicates) {
    try {
      await deps.client.delete(view.adapter.ref, duplicate.metadata.namespace, duplicate.metadata.name!, { propagationPolicy: 'Background' });
    } catch (err) {
      if (isApiError(err, 'NotFound')) continue;
      deps.recorder.event(ud, 'Warning', 'FailedDeleteDuplicatedSubsets', errorMessage(err));
      throw err;
    }
  }
}

/** docs/spec/uniteddeployment.md §3.3 provisioning: creations in slow-start batches, then deletions; the first failure ends it. */
export async function provision(
  deps: SubsetWriteDeps, key: string, ud: UnitedDeployment, adapter: SubsetAdapter, cache: Informer<SubsetWorkload>, revision: string, operations: readonly UnitedDeploymentOperation[],
): Promise<void> {
  const creates = operations.filter((o): o is Extract<UnitedDeploymentOperation, { op: 'createSubset' }> => o.op === 'createSubset');
  try {
    let next = 0;
    for (let batch = 1; next < creates.length; batch *= 2) {
      const chunk = creates.slice(next, next + batch);
      next += chunk.length;
      await Promise.all(chunk.map(async (c) => {
        const subset = ud.spec.topology!.subsets!.find((s) => s.name === c.subset)!;
        const created = await deps.client.create<SubsetWorkload>(renderSubsetWorkload({ ud, adapter, subset, revision, replicas: c.replicas, partition: c.partition }));
        // Its name is the API server's: wait for the cache to show it before the next pass.
        const name = created.metadata.name!;
        deps.creations.expectScale(key, 'create', name);
        if (cache.get(created.metadata.namespace, name)) deps.creations.observeScale(key, 'create', name);
      }));
    }
    for (const o of operations) {
      if (o.op !== 'deleteSubset' && o.op !== 'deleteOtherKind') continue;
      const ref = { apiVersion: o.workload.apiVersion, kind: o.workload.kind };
      await deps.client.delete(ref, o.workload.metadata.namespace, o.workload.metadata.name!, { propagationPolicy: 'Background' }).catch((err: unknown) => {
        if (!isApiError(err, 'NotFound')) throw err;
      });
    }
  } catch (err) {
    deps.recorder.event(ud, 'Warning', 'FailedUpdateSubset', `SubsetProvisioned: ${errorMessage(err)}`);
    throw err;
  }
}

/** docs/spec/uniteddeployment.md §3.3 updates in slow-start batches: each re-reads the workload, renders it and writes it (5 attempts). */
export async function updateSubsets(deps: SubsetWriteDeps, ud: UnitedDeployment, adapter: SubsetAdapter, revision: string, operations: readonly UnitedDeploymentOperation[]): Promise<void> {
  const updates = operations.filter((o): o is Extract<UnitedDeploymentOperation, { op: 'updateSubset' }> => o.op === 'updateSubset');
  const errors: string[] = [];
  let next = 0;
  for (let batch = 1; next < updates.length && errors.length === 0; batch *= 2) {
    const chunk = updates.slice(next, next + batch);
    next += chunk.length;
    const results = await Promise.all(chunk.map((u) => updateSubset(deps, ud, adapter, revision, u).then(() => undefined, (err: unknown) => `${u.subset}: ${errorMessage(err)}`)));
    errors.push(...results.filter((r): r is string => r !== undefined));
  }
  if (errors.length > 0) {
    deps.recorder.event(ud, 'Warning', 'FailedUpdateSubset', errors.join('; '));
    throw new Error(`subsets not updated: ${errors.join('; ')}`);
  }
}

async function updateSubset(deps: SubsetWriteDeps, ud: UnitedDeployment, adapter: SubsetAdapter, revision: string, u: Extract<UnitedDeploymentOperation, { op: 'updateSubset' }>): Promise<void> {
  const subset = ud.spec.topology!.subsets!.find((s) => s.name === u.subset) as Subset;
  for (let attempt = 1; ; attempt++) {
    const current = await deps.client.get<SubsetWorkload>(adapter.ref, u.workload.metadata.namespace, u.workload.metadata.name!);
    const rendered = renderSubsetWorkload({
      ud, adapter, subset, revision, replicas: u.replicas, partition: u.partition, current, ...(u.maxUnavailable !== undefined ? { maxUnavailable: u.maxUnavailable } : {}),
    });
    try {
      await deps.client.update<SubsetWorkload>(rendered);
      break;
    } catch (err) {
      if (!isApiError(err, 'Conflict') || attempt >= UPDATE_ATTEMPTS) throw asError(err);
    }
  }
  // Kruise deletes an apps/v1 StatefulSet's stuck pods only once its update went through (kubernetes#67250).
  for (const pod of u.stuckPods) {
    await deps.client.delete(POD_REF, pod.metadata.namespace, pod.metadata.name!, { preconditions: { uid: pod.metadata.uid } }).catch((err: unknown) => {
      if (!isApiError(err, 'NotFound')) throw err;
    });
  }
}
