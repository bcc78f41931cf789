// Which pods a StatefulSet works with (docs/spec/advanced-statefulset.md §4.1; Kubernetes' ClaimPods with the
// StatefulSet's filter): pods it controls that still match its selector and carry its name as their
// parent; orphans that do are adopted, controlled pods that no longer do are released. Terminating pods
// stay (the set waits for them), but are never adopted: Kubernetes' ControllerRefManager (ownership/claim.ts)
// with the set's membership test. Pure: the reconciler writes the changes.
import type { Pod, Selector, StatefulSet } from '@coxswain/kruise-api';
import { claimObjects } from '../../ownership/claim.js';
import { isMemberOf } from './identity.js';

export interface StatefulSetPodClaim {
  /** The set's pods after adoption, in list order. */
  pods: Pod[];
  adopt: Pod[];
  release: Pod[];
}

/** `candidates`: the namespace's pods (the ones controlled by another object are skipped here). */
export function claimStatefulSetPods(set: StatefulSet, candidates: readonly Pod[], selector: Selector): StatefulSetPodClaim {
  const claim = claimObjects(set, candidates, (pod) => selector.matches(pod.metadata.labels ?? {}) && isMemberOf(set, pod));
  return { pods: claim.owned, adopt: claim.adopt, release: claim.release };
}
