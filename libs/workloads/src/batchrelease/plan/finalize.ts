// What a workload keeps when its release is finalized (docs/spec/kruise-rollout.md §3.6, §3.7 Finalize;
// docs/spec/kruise-rollout.md §2.13). A release deleted mid-flight (batchPartition still set) keeps its
// partition (a Deployment stays paused); one finished or cancelled (batchPartition null) is released:
// partition removed, workload resumed. Under the gate KeepWorkloadPausedOnRolloutDeletion, a release
// finalized without WaitResume (a Rollout deleted, disabled or rolled back: docs/spec/kruise-rollout.md
// §2.15) keeps the workload where it is: a CloneSet its partition (only paused: false), a StatefulSet its
// partition, a Deployment paused.
import type { FeatureGates, ReleasePlan } from '@coxswain/kruise-api';
import type { ReleaseKind } from '../../release-target/release-workload.js';

export interface Finalizing {
  /** batchPartition is null: the release finished or was cancelled. */
  released: boolean;
  /** The gate holds the workload where it is. */
  keepPaused: boolean;
}

export function finalizing(plan: Pick<ReleasePlan, 'batchPartition' | 'finalizingPolicy'>, gates: FeatureGates): Finalizing {
  const released = plan.batchPartition === undefined || plan.batchPartition === null;
  return { released, keepPaused: released && gates.enabled('KeepWorkloadPausedOnRolloutDeletion') && plan.finalizingPolicy !== 'WaitResume' };
}

/** Partition style: the spec merge patch beside the control-info's removal; undefined for none. */
export function finalizeSpec(kind: Exclude<ReleaseKind, 'Deployment'>, rule: Finalizing): Record<string, unknown> | undefined {
  if (!rule.released) return undefined;
  if (kind === 'CloneSet') return { updateStrategy: { rollingUpdate: rule.keepPaused ? { paused: false } : { partition: null, paused: false } } };
  return rule.keepPaused ? undefined : { updateStrategy: { rollingUpdate: { partition: null } } };
}

/** Canary style: the stable Deployment's spec.paused after Finalize. */
export function stablePaused(rule: Finalizing): boolean {
  return !rule.released || rule.keepPaused;
}
