// The diff calculation (docs/spec/cloneset.md §6, Kruise's calculateDiffsWithExpectation): how many pods to
// create, delete and move between revisions in this pass, and how much surge and unavailability that may
// use. It works on already-resolved numbers and injected predicates so every formula is table-testable;
// cloneSetDiffs() below resolves them from a CloneSet.
import { LIFECYCLE_STATES, effectiveStrategyNumbers, type CloneSet, type Pod } from '@coxswain/kruise-api';
// The leaf module, not the revision barrel: the barrel also carries the cluster-writing revision store.
import { podAtRevision } from '../../revision/revision-match.js';
import { isPodAvailable, isSpecifiedDelete, lifecycleState } from '../../pod/pod-state.js';

/** The ten numbers of docs/spec/cloneset.md §6. A number the spec only sets under a condition is 0 when that condition fails. */
export interface CloneSetDiffs {
  /** Pods to create (before the scaleUpLimit cap). */
  scaleUpNum: number;
  /** Of the created pods, how many at currentRevision. Only set when scaleUpNum > 0. */
  scaleUpNumOldRevision: number;
  /** Pods to delete beyond the specified deletes. */
  scaleDownNum: number;
  /** Of those, how many at the old revision. Only set when scaleDownNum > 0. */
  scaleDownNumOldRevision: number;
  /** Creations allowed now by scaleStrategy.maxUnavailable. Only set when scaleUpNum > 0. */
  scaleUpLimit: number;
  /** Ready pods that may be deleted now. Only set when there are specified deletes or scaleDownNum > 0. */
  deleteReadyLimit: number;
  /** Surge pods this pass expects on top of replicas. */
  useSurge: number;
  /** Of the surge, how many at currentRevision. */
  useSurgeOldRevision: number;
  /** > 0: pods to move to updateRevision; < 0: pods to move back to currentRevision (rollback gate only). */
  updateNum: number;
  /** U + len(pods) − R; may be negative. Only set when updateNum != 0. */
  updateMaxUnavailable: number;
}

/** docs/spec/cloneset.md §3.2's resolved numbers: R, P, S, U, SU. */
export interface DiffNumbers {
  replicas: number;
  partition: number;
  maxSurge: number;
  maxUnavailable: number;
  scaleMaxUnavailable: number;
}

/** Generic over the pod type: only the predicates look at pods, so tests may pass plain records. */
export interface DiffInput<P> extends DiffNumbers {
  /** Active pods. */
  pods: readonly P[];
  /** The scale or update predicate of docs/spec/cloneset.md §6 ("new" revision side). */
  isUpdated: (pod: P) => boolean;
  isSpecifiedDelete: (pod: P) => boolean;
  /** docs/spec/cloneset.md §6 available(pod) with the CloneSet's minReadySeconds. */
  isAvailable: (pod: P) => boolean;
  lifecycleState: (pod: P) => string;
  currentRevision: string;
  updateRevision: string;
  /** Gate CloneSetPartitionRollback. */
  partitionRollbackGate: boolean;
  /** The controller flag OR spec.scaleStrategy.excludePreparingDelete. */
  excludePreparingDelete: boolean;
}

/** Per-revision counts of docs/spec/cloneset.md §6's counting loop ("new" = isUpdated). */
export interface PodTally {
  /** Not PreparingDelete. */
  activeNew: number;
  activeOld: number;
  preDeleteNew: number;
  preDeleteOld: number;
  /** Active and specified-delete (never counted unavailable). */
  toDeleteNew: number;
  toDeleteOld: number;
  /** Active, not specified-delete, not available. */
  unavailableNew: number;
  unavailableOld: number;
}

export function tallyPods<P>(input: Pick<DiffInput<P>, 'pods' | 'isUpdated' | 'isSpecifiedDelete' | 'isAvailable' | 'lifecycleState'>): PodTally {
  const t: PodTally = {
    activeNew: 0, activeOld: 0, preDeleteNew: 0, preDeleteOld: 0,
    toDeleteNew: 0, toDeleteOld: 0, unavailableNew: 0, unavailableOld: 0,
  };
  for (const pod of input.pods) {
    const isNew = input.isUpdated(pod);
    if (input.lifecycleState(pod) === LIFECYCLE_STATES.PreparingDelete) {
      // Not "active" for the arithmetic, but always part of totalUnavailable.
      if (isNew) t.preDeleteNew++;
      else t.preDeleteOld++;
    } else if (isNew) {
      t.activeNew++;
      if (input.isSpecifiedDelete(pod)) t.toDeleteNew++;
      else if (!input.isAvailable(pod)) t.unavailableNew++;
    } else {
      t.activeOld++;
      if (input.isSpecifiedDelete(pod)) t.toDeleteOld++;
      else if (!input.isAvailable(pod)) t.unavailableOld++;
    }
  }
  return t;
}

export function calculateDiffs<P>(input: DiffInput<P>): CloneSetDiffs {
  return diffsFromTally(input, tallyPods(input), input.pods.length, input);
}

/** docs/spec/cloneset.md §6's arithmetic after counting; `podCount` is len(pods), PreparingDelete pods included. */
export function diffsFromTally(
  n: DiffNumbers,
  t: PodTally,
  podCount: number,
  flags: Pick<DiffInput<unknown>, 'currentRevision' | 'updateRevision' | 'partitionRollbackGate' | 'excludePreparingDelete'>,
): CloneSetDiffs {
  const { replicas: R, partition: P, maxSurge: S, maxUnavailable: U, scaleMaxUnavailable: SU } = n;
  const res: CloneSetDiffs = {
    scaleUpNum: 0, scaleUpNumOldRevision: 0, scaleDownNum: 0, scaleDownNumOldRevision: 0, scaleUpLimit: 0,
    deleteReadyLimit: 0, useSurge: 0, useSurgeOldRevision: 0, updateNum: 0, updateMaxUnavailable: 0,
  };

  let oldDiff = t.activeOld - P;
  let newDiff = t.activeNew - (R - P);
  const totalUnavailable = t.preDeleteNew + t.preDeleteOld + t.unavailableNew + t.unavailableOld;
  // Without the rollback gate (or once there is nothing to roll back to) pods only ever move forward.
  if (flags.updateRevision === flags.currentRevision || !flags.partitionRollbackGate) {
    oldDiff = Math.max(oldDiff, 0);
    newDiff = Math.min(newDiff, 0);
  }

  const toDeleteAll = t.toDeleteNew + t.toDeleteOld;
  if (S > 0) {
    // Surge to cover specified deletes beyond the unavailability budget...
    let scaleSurge = 0;
    let scaleOldSurge = 0;
    if (toDeleteAll > 0) {
      scaleSurge = Math.min(Math.max(totalUnavailable + toDeleteAll - U, 0), toDeleteAll);
      if (scaleSurge > t.toDeleteNew) scaleOldSurge = scaleSurge - t.toDeleteNew;
    }
    // ...or to pre-create pods for an update; only when the two diffs have strictly opposite signs.
    let updateSurge = 0;
    let updateOldSurge = 0;
    if ((oldDiff < 0 && newDiff > 0) || (newDiff < 0 && oldDiff > 0)) {
      if (Math.abs(oldDiff) <= Math.abs(newDiff)) {
        updateSurge = Math.abs(oldDiff);
        if (oldDiff < 0) updateOldSurge = updateSurge;
      } else {
        updateSurge = Math.abs(newDiff);
        if (newDiff > 0) updateOldSurge = updateSurge;
      }
    }
    // One purpose per pass: Kruise never scales and updates in the same reconcile.
    if (scaleSurge >= updateSurge) {
      res.useSurge = Math.min(S, scaleSurge);
      res.useSurgeOldRevision = Math.min(res.useSurge, scaleOldSurge);
    } else {
      res.useSurge = Math.min(S, updateSurge);
      res.useSurgeOldRevision = Math.min(res.useSurge, updateOldSurge);
    }
  }

  let currentTotal = podCount;
  let currentOld = t.activeOld + t.preDeleteOld;
  if (flags.excludePreparingDelete) {
    currentTotal -= t.preDeleteOld + t.preDeleteNew;
    currentOld -= t.preDeleteOld;
  }
  const expectedTotal = R + res.useSurge;
  const expectedOld = P + res.useSurgeOldRevision;

  const up = expectedTotal - currentTotal;
  if (up > 0) {
    res.scaleUpNum = up;
    res.scaleUpNumOldRevision = Math.max(expectedOld - currentOld, 0);
    res.scaleUpLimit = Math.min(up, Math.max(SU - totalUnavailable, 0));
  }

  // Specified deletes are removed by their own path, so they do not count towards scale-down.
  const down = currentTotal - t.toDeleteOld - t.toDeleteNew - expectedTotal;
  if (down > 0) {
    res.scaleDownNum = down;
    res.scaleDownNumOldRevision = Math.max(currentOld - t.toDeleteOld - expectedOld, 0);
  }
  if (toDeleteAll > 0 || res.scaleDownNum > 0) {
    // len(pods), not currentTotal: Kruise keeps PreparingDelete pods in this budget even when excluding them.
    res.deleteReadyLimit = Math.max(U + (podCount - R) - totalUnavailable, 0);
  }

  // `0 - newDiff` rather than `-newDiff`: the latter yields -0 when newDiff is 0.
  res.updateNum = Math.abs(oldDiff) <= Math.abs(newDiff) ? oldDiff : 0 - newDiff;
  if (res.updateNum !== 0) res.updateMaxUnavailable = U + podCount - R;
  return res;
}

// ---------------------------------------------------------------------------------------------
// From a CloneSet

/** The feature gates that change the diff (spec conventions); absent = the default, off. */
export interface CloneSetDiffGates {
  readonly CloneSetPartitionRollback?: boolean;
  readonly PreparingUpdateAsUpdate?: boolean;
}

/** Which docs/spec/cloneset.md §6 predicate decides "new": scale counts PreparingUpdate pods as updated under its gate, update never does. */
export type DiffPredicate = 'scale' | 'update';

export interface CloneSetDiffOptions {
  /** ms since the epoch, for minReadySeconds. */
  now: number;
  gates?: CloneSetDiffGates;
  predicate: DiffPredicate;
  /** The controller flag --cloneset-scaling-exclude-preparing-delete (ORed with the spec field). */
  excludePreparingDeleteFlag?: boolean;
}

/**
 * The docs/spec/cloneset.md §6 "isUpdated" predicate. Scale: at updateRevision, or (gate PreparingUpdateAsUpdate) in state
 * PreparingUpdate, so a pod waiting on its in-place hook is not replaced by scale-up. Update: at updateRevision.
 */
export function isUpdatedPredicate(predicate: DiffPredicate, updateRevision: string, gates: CloneSetDiffGates = {}): (pod: Pod) => boolean {
  if (predicate === 'scale' && gates.PreparingUpdateAsUpdate === true) {
    return (pod) => podAtRevision(pod, updateRevision) || lifecycleState(pod) === LIFECYCLE_STATES.PreparingUpdate;
  }
  return (pod) => podAtRevision(pod, updateRevision);
}

/** docs/spec/cloneset.md §6 for a stored CloneSet and its active pods: resolves R, P, S, U, SU (docs/spec/cloneset.md §3.2) and builds the predicates. */
export function cloneSetDiffs(
  cs: CloneSet,
  pods: readonly Pod[],
  currentRevision: string,
  updateRevision: string,
  options: CloneSetDiffOptions,
): CloneSetDiffs {
  const numbers = effectiveStrategyNumbers(cs);
  const gates = options.gates ?? {};
  const minReadySeconds = cs.spec.minReadySeconds ?? 0;
  const podsToDelete = new Set(cs.spec.scaleStrategy?.podsToDelete ?? []);
  return calculateDiffs<Pod>({
    replicas: cs.spec.replicas ?? 1,
    partition: numbers.partition,
    maxSurge: numbers.maxSurge,
    maxUnavailable: numbers.maxUnavailable,
    scaleMaxUnavailable: numbers.scaleMaxUnavailable,
    pods,
    isUpdated: isUpdatedPredicate(options.predicate, updateRevision, gates),
    isSpecifiedDelete: (pod) => isSpecifiedDelete(pod, podsToDelete),
    isAvailable: (pod) => isPodAvailable(pod, minReadySeconds, options.now),
    lifecycleState,
    currentRevision,
    updateRevision,
    partitionRollbackGate: gates.CloneSetPartitionRollback === true,
    excludePreparingDelete: options.excludePreparingDeleteFlag === true || cs.spec.scaleStrategy?.excludePreparingDelete === true,
  });
}
