// Which pods a StatefulSet works with (docs/spec/advanced-statefulset.md §4.1; Kubernetes' ClaimPods with the
// StatefulSet's filter): pods it controls that still match its selector and carry its name as their
// parent; orphans that do are adopted, controlled pods that no longer do are released. Terminating pods
// stay (the set waits for them), but are never adopted. Pure: the reconciler writes the changes.
import type { OwnerReference, Pod, Selector, StatefulSet } from '@coxswain/kruise-api';
import { isMemberOf } from './identity.js';

export interface StatefulSetPodClaim {
  /** The set's pods after adoption, in list order. */
  pods: Pod[];
  adopt: Pod[];
  release: Pod[];
}

/** `candidates`: the namespace's pods (the ones controlled by another object are skipped here). */
export function claimStatefulSetPods(set: StatefulSet, candidates: readonly Pod[], selector: Selector): StatefulSetPodClaim {
  const uid = set.metadata.uid;
  const deleting = Boolean(set.metadata.deletionTimestamp);
  const result: StatefulSetPodClaim = { pods: [], adopt: [], release: [] };
  for (const pod of candidates) {
    const controller = (pod.metadata.ownerReferences ?? []).find((r) => r.controller === true);
    const matches = selector.matches(pod.metadata.labels ?? {}) && isMemberOf(set, pod);
    if (controller) {
      if (controller.uid !== uid) continue;
      if (matches) result.pods.push(pod);
      else if (!deleting) result.release.push(pod);
      continue;
    }
    if (matches && !deleting && !pod.metadata.deletionTimestamp) {
      result.adopt.push(pod);
      result.pods.push(pod);
    }
  }
  return result;
}

/** The pod with its reference to the set made the controller reference (added when missing). */
export function adoptedPod(pod: Pod, ref: OwnerReference): Pod {
  const refs = pod.metadata.ownerReferences ?? [];
  const next = refs.some((r) => r.uid === ref.uid) ? refs.map((r) => (r.uid === ref.uid ? { ...ref } : r)) : [...refs, { ...ref }];
  return { ...pod, metadata: { ...pod.metadata, ownerReferences: next } };
}

/** The pod without any reference to the set. */
export function releasedPod(pod: Pod, uid: string): Pod {
  return { ...pod, metadata: { ...pod.metadata, ownerReferences: (pod.metadata.ownerReferences ?? []).filter((r) => r.uid !== uid) } };
}
