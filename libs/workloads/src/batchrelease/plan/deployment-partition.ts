// The BatchRelease's partition-style control of an apps/v1 Deployment (docs/spec/kruise-rollout.md §3.6
// "Deployment, partition style"; upstream control/partitionstyle/deployment/control.go), as the merge
// patches it writes — undefined when there is nothing to write. Here the partition counts the pods on
// the NEW revision (the opposite sense of a CloneSet's): Initialize hands the Deployment to the advanced
// Deployment controller at partition 0, each batch raises the partition to the batch's canaryReplicas,
// Finalize hands it back to the native controller. Pure.
import {
  ANNOTATION_BATCH_RELEASE_CONTROL_INFO, ANNOTATION_DEPLOYMENT_EXTRA_STATUS, ANNOTATION_DEPLOYMENT_STRATEGY, deploymentStrategyJson, deploymentStrategyOf,
  isUnderRolloutControl, LABEL_ADVANCED_DEPLOYMENT_CONTROL, LABEL_STABLE_REVISION, newRSReplicasLimit, readDeploymentStrategy, scaledIntOrPercent,
  withDefaultDeploymentStrategy,
  type Deployment, type IntOrString,
} from '@coxswain/kruise-api';

/** Go's IsCurrentMoreThanOrEqualToDesired compares partitions scaled against this many replicas. */
export const PARTITION_SCALE = 10_000_000;

type Patch = Record<string, unknown>;

/**
 * Initialize: unless the Deployment is under rollout control already (control-info, paused, Recreate),
 * the advanced-control label, the strategy annotation (Partition, not paused, partition 0, the spec's
 * rollingUpdate or else the stored one, defaulted), control-info, and paused + Recreate (which keeps the
 * native controller away).
 */
export function deploymentClaimPatch(d: Deployment, controlInfo: string): Patch | undefined {
  if (isUnderRolloutControl(d)) return undefined;
  const rollingUpdate = d.spec.strategy?.rollingUpdate ?? deploymentStrategyOf(d).rollingUpdate;
  const strategy = withDefaultDeploymentStrategy({ rollingStyle: 'Partition', ...(rollingUpdate ? { rollingUpdate } : {}), paused: false, partition: 0 });
  return {
    metadata: {
      labels: { [LABEL_ADVANCED_DEPLOYMENT_CONTROL]: 'true' },
      annotations: { [ANNOTATION_DEPLOYMENT_STRATEGY]: deploymentStrategyJson(strategy), [ANNOTATION_BATCH_RELEASE_CONTROL_INFO]: controlInfo },
    },
    // Recreate takes no rollingUpdate (the stored strategy keeps it).
    spec: { paused: true, strategy: { type: 'Recreate', rollingUpdate: null } },
  };
}

/** IsCurrentMoreThanOrEqualToDesired: both scaled against PARTITION_SCALE, rounded up. */
export function partitionAtLeast(current: IntOrString | undefined, desired: IntOrString): boolean {
  return (scaledIntOrPercent(current ?? 0, PARTITION_SCALE, true) ?? 0) >= (scaledIntOrPercent(desired, PARTITION_SCALE, true) ?? 0);
}

/**
 * UpgradeBatch: the strategy annotation's partition raised to the batch's canaryReplicas, as given;
 * nothing when the Deployment has left rollout control or its partition is there already (and the
 * annotation is sound).
 */
export function deploymentPartitionPatch(d: Deployment, desired: IntOrString): Patch | undefined {
  if (!isUnderRolloutControl(d)) return undefined;
  const { strategy, problems } = readDeploymentStrategy(d);
  const sound = problems.length === 0;
  if (sound && partitionAtLeast(strategy.partition, desired)) return undefined;
  // An unsound annotation (someone else wrote it) is rewritten from its sound fields, defaulted as
  // Initialize writes it, so that the advanced controller can act again.
  const next = sound ? strategy : withDefaultDeploymentStrategy({ rollingStyle: 'Partition', ...strategy });
  const partition = strategy.partition !== undefined && partitionAtLeast(strategy.partition, desired) ? strategy.partition : desired;
  return { metadata: { annotations: { [ANNOTATION_DEPLOYMENT_STRATEGY]: deploymentStrategyJson({ ...next, partition }) } } };
}

/** The batch's planned (and desired) updated pods: NewRSReplicasLimit of its canaryReplicas. */
export function deploymentPlannedUpdated(canaryReplicas: IntOrString, replicas: number): number {
  return newRSReplicasLimit(canaryReplicas, replicas);
}

/**
 * Finalize (only while control-info is there and the Deployment is paused): control-info removed; when
 * the release finished or was cancelled (`full`: batchPartition null) the Deployment is resumed (kept
 * paused when `keepPaused`: the KeepWorkloadPausedOnRolloutDeletion gate without WaitResume), a
 * Recreate strategy goes back to RollingUpdate with the stored rollingUpdate, and the strategy and
 * extra-status annotations and the stable-revision and advanced-control labels go.
 */
export function deploymentReleasePatch(d: Deployment, full: boolean, keepPaused: boolean): Patch | undefined {
  if ((d.metadata.annotations?.[ANNOTATION_BATCH_RELEASE_CONTROL_INFO] ?? '') === '' || d.spec.paused !== true) return undefined;
  const annotations: Record<string, null> = { [ANNOTATION_BATCH_RELEASE_CONTROL_INFO]: null };
  if (!full) return { metadata: { annotations } };
  const spec: Patch = { paused: keepPaused };
  if (d.spec.strategy?.type === 'Recreate') {
    const { rollingUpdate } = deploymentStrategyOf(d);
    spec['strategy'] = { type: 'RollingUpdate', ...(rollingUpdate ? { rollingUpdate } : {}) };
  }
  annotations[ANNOTATION_DEPLOYMENT_STRATEGY] = null;
  annotations[ANNOTATION_DEPLOYMENT_EXTRA_STATUS] = null;
  return { metadata: { annotations, labels: { [LABEL_STABLE_REVISION]: null, [LABEL_ADVANCED_DEPLOYMENT_CONTROL]: null } }, spec };
}
