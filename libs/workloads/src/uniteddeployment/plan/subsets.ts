// Which subset workloads a UnitedDeployment has (docs/spec/uniteddeployment.md §3.1) and what is read off
// each: workloads of the template's kind matching the selector are claimed, grouped by their
// apps.kruise.io/subset-name label (none or empty: ignored), the first of a group kept and the others
// deleted; owned workloads of the other three kinds are deleted. Per subset, the pods at the update
// revision and those also Ready. Pure.
import { LABEL_KRUISE_CONTROLLER_REVISION_HASH, LABEL_SUBSET_NAME, Selector, type Pod, type UnitedDeployment } from '@coxswain/kruise-api';
import { claimObjects, type Claim } from '../../ownership/claim.js';
import { isNativePodReady } from '../../pod/native-pod-state.js';
import { isActive } from '../../pod/pod-state.js';
import type { SubsetAdapter, SubsetWorkload } from './adapters/types.js';

export interface DiscoveredSubsets {
  claim: Claim<SubsetWorkload>;
  /** The kept workload of each subset name, in list order. */
  byName: Map<string, SubsetWorkload>;
  /** Workloads with an already-seen subset name: deleted. */
  duplicates: SubsetWorkload[];
}

export function discoverSubsets(ud: UnitedDeployment, workloads: readonly SubsetWorkload[]): DiscoveredSubsets {
  const selector = Selector.fromLabelSelector(ud.spec.selector);
  const claim = claimObjects(ud, workloads.filter((w) => w.metadata.namespace === ud.metadata.namespace), (w) => selector.matches(w.metadata.labels ?? {}));
  const byName = new Map<string, SubsetWorkload>();
  const duplicates: SubsetWorkload[] = [];
  for (const workload of claim.owned) {
    const name = workload.metadata.labels?.[LABEL_SUBSET_NAME];
    if (!name) continue;
    if (byName.has(name)) duplicates.push(workload);
    else byName.set(name, workload);
  }
  return { claim, byName, duplicates };
}

/** A subset workload with what the planner reads off it. */
export interface SubsetObservation {
  name: string;
  workload: SubsetWorkload;
  /** The subset's pods: owned by the workload (Deployment: by its ReplicaSets). */
  pods: readonly Pod[];
}

export interface SubsetCounts {
  specReplicas: number;
  replicas: number;
  readyReplicas: number;
  /** Active pods at the UnitedDeployment's update revision, and those also Ready. */
  updatedReplicas: number;
  updatedReadyReplicas: number;
  partition: number;
}

export function subsetCounts(adapter: SubsetAdapter, subset: SubsetObservation, updateRevision: string): SubsetCounts {
  // One pass: this runs for every pod of every subset on every pass.
  let updatedReplicas = 0;
  let updatedReadyReplicas = 0;
  for (const pod of subset.pods) {
    if (!isActive(pod) || pod.metadata.labels?.[LABEL_KRUISE_CONTROLLER_REVISION_HASH] !== updateRevision) continue;
    updatedReplicas++;
    if (isNativePodReady(pod)) updatedReadyReplicas++;
  }
  const status = adapter.status(subset.workload);
  return {
    specReplicas: adapter.specReplicas(subset.workload),
    replicas: status.replicas,
    readyReplicas: status.readyReplicas,
    updatedReplicas,
    updatedReadyReplicas,
    partition: adapter.currentPartition(subset.workload, subset.pods),
  };
}
