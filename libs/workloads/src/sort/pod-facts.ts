// Kubernetes-level facts about one pod that pod orderings compare (CloneSet's docs/spec/cloneset.md §7.4 and
// §8.2, the ReplicaSet's deletion order): the Ready condition and when it became True, the phase
// ordinal, the highest container restart count, the creation time, the pod-deletion-cost annotation and
// the lifecycle state label. They mirror k8s.io/kubernetes pkg/api/v1/pod and pkg/controller
// (ActivePods), which Kruise calls. Kind-neutral, so that no kind's ordering depends on another kind's
// folder, and free of any kind's predicates (availability is passed in instead).
import { ANNOTATION_POD_DELETION_COST, LABEL_LIFECYCLE_STATE, CONDITION_READY, type Pod } from '@coxswain/kruise-api';
import { timestampMillis } from '../pod/time.js';

/**
 * Milliseconds since the epoch of an RFC 3339 timestamp, or `undefined` for Go's zero time (absent,
 * empty, unparseable, or 0001-01-01T00:00:00Z): pod/time.ts's reading. The orderings treat the zero time specially.
 */
export { timestampMillis };

/** podutil.IsPodReady: the (first) Ready condition has status True. Phase and lifecycle are not looked at. */
export function hasReadyCondition(pod: Pod): boolean {
  return readyCondition(pod)?.status === 'True';
}

/** When the Ready condition last became True; `undefined` (Go's zero time) when not Ready or not recorded. */
export function readySinceMillis(pod: Pod): number | undefined {
  const ready = readyCondition(pod);
  return ready?.status === 'True' ? timestampMillis(ready.lastTransitionTime) : undefined;
}

function readyCondition(pod: Pod) {
  return pod.status?.conditions?.find((c) => c.type === CONDITION_READY);
}

/** Pending=0 < Unknown=1 < Running=2; Kubernetes maps every other phase (and none) to 0 as well. */
export function phaseOrdinal(pod: Pod): number {
  switch (pod.status?.phase) {
    case 'Unknown':
      return 1;
    case 'Running':
      return 2;
    default:
      return 0;
  }
}

/** Highest restartCount over the regular containers (init containers are not counted), at least 0. */
export function maxContainerRestarts(pod: Pod): number {
  let max = 0;
  for (const status of pod.status?.containerStatuses ?? []) max = Math.max(max, status.restartCount);
  return max;
}

export function creationMillis(pod: Pod): number | undefined {
  return timestampMillis(pod.metadata.creationTimestamp);
}

/** Empty when the pod has not been scheduled yet. */
export function nodeNameOf(pod: Pod): string {
  return pod.spec.nodeName ?? '';
}

export function lifecycleStateLabel(pod: Pod): string {
  return pod.metadata.labels?.[LABEL_LIFECYCLE_STATE] ?? '';
}

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/**
 * The `controller.kubernetes.io/pod-deletion-cost` value as Kubernetes reads it: a base-10 int32.
 * A leading `+` or a leading zero (other than "0" itself) is invalid, as is anything out of range;
 * invalid and absent both mean 0. After a minus sign Go's ParseInt accepts leading zeros ("-05" = -5).
 */
export function parsePodDeletionCost(value: string | undefined): number {
  if (value === undefined || !validFirstDigit(value) || !/^-?[0-9]+$/.test(value)) return 0;
  const parsed = Number(value);
  if (parsed < INT32_MIN || parsed > INT32_MAX) return 0;
  return parsed === 0 ? 0 : parsed; // normalise "-0"
}

export function podDeletionCost(pod: Pod): number {
  return parsePodDeletionCost(pod.metadata.annotations?.[ANNOTATION_POD_DELETION_COST]);
}

function validFirstDigit(value: string): boolean {
  if (value === '') return false;
  const first = value[0]!;
  return first === '-' || value === '0' || (first >= '1' && first <= '9');
}
