// The BatchRelease a Rollout wants (docs/spec/kruise-rollout.md §2.7): named like the Rollout, owned by
// it, one batch per step, the batch it may run up to, the rollout id, the failure threshold, the rolling
// style, and the rollback-in-batch annotation only while the workload rolls back. Pure.
import {
  ANNOTATION_ROLLBACK_IN_BATCH, ROLLOUTS_V1BETA1, type BatchRelease, type ReleasePlan, type Rollout,
} from '@coxswain/kruise-api';

/** docs/spec/kruise-rollout.md §1.5: the strategy's style (blue-green is refused at admission). */
export function rollingStyle(rollout: Rollout): NonNullable<ReleasePlan['rollingStyle']> {
  if (rollout.spec.strategy.blueGreen) return 'BlueGreen';
  return rollout.spec.strategy.canary?.enableExtraWorkloadForCanary ? 'Canary' : 'Partition';
}

/** How a Deployment workload is read (docs/spec/kruise-rollout.md §2.1: the finder follows the style). */
export function deploymentStyle(rollout: Rollout): 'Canary' | 'Partition' {
  return rollingStyle(rollout) === 'Canary' ? 'Canary' : 'Partition';
}

export function desiredBatchRelease(rollout: Rollout, batch: number, rolloutId: string, inRollback: boolean): BatchRelease {
  const canary = rollout.spec.strategy.canary ?? {};
  const releasePlan: ReleasePlan = {
    batches: (canary.steps ?? []).map((step) => ({ canaryReplicas: step.replicas ?? 0 })),
    batchPartition: batch,
    rolloutID: rolloutId,
    ...(canary.failureThreshold !== undefined ? { failureThreshold: canary.failureThreshold } : {}),
    ...(canary.patchPodTemplateMetadata !== undefined ? { patchPodTemplateMetadata: canary.patchPodTemplateMetadata } : {}),
    rollingStyle: rollingStyle(rollout),
    enableExtraWorkloadForCanary: canary.enableExtraWorkloadForCanary ?? false,
  };
  const rollback = rollout.metadata.annotations?.[ANNOTATION_ROLLBACK_IN_BATCH];
  return {
    apiVersion: ROLLOUTS_V1BETA1,
    kind: 'BatchRelease',
    metadata: {
      name: rollout.metadata.name,
      namespace: rollout.metadata.namespace,
      ...(inRollback && rollback !== undefined ? { annotations: { [ANNOTATION_ROLLBACK_IN_BATCH]: rollback } } : {}),
      ownerReferences: [{ apiVersion: rollout.apiVersion, kind: 'Rollout', name: rollout.metadata.name ?? '', uid: rollout.metadata.uid ?? '', controller: true, blockOwnerDeletion: true }],
    },
    spec: { workloadRef: { ...rollout.spec.workloadRef }, releasePlan },
  };
}

/** The stored release already has the wanted spec and rollback annotation. */
export function releaseIsDesired(stored: BatchRelease, desired: BatchRelease): boolean {
  const annotation = (r: BatchRelease) => r.metadata.annotations?.[ANNOTATION_ROLLBACK_IN_BATCH];
  return annotation(stored) === annotation(desired) && canonical(stored.spec) === canonical(desired.spec);
}

function canonical(value: unknown): string {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== null).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, walk(x)]));
  };
  return JSON.stringify(walk(value));
}
