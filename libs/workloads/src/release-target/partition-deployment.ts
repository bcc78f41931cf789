// An apps/v1 Deployment released in partition style (docs/spec/kruise-rollout.md §2.1 "Deployment,
// partition style"; docs/spec/kruise-rollout.md §3.6), read as the facts the Rollout and the BatchRelease use: the stable
// revision is the workload webhook's label rollouts.kruise.io/stable-revision, the update revision the
// hash of the template, the updated pods the new ReplicaSet's (status.updatedReplicas) and the ready ones
// the advanced Deployment controller's deployment-extra-status; the partition is the strategy
// annotation's. Pure, but for `readPartitionDeployment`, which lists what these facts are made of.
// Upstream: pkg/util/controller_finder.go getAdvancedDeployment, FindCanaryAndStableReplicaSet;
// control/partitionstyle/deployment/control.go getWorkloadInfo.
import type { ClusterClient } from '@coxswain/cluster';
import {
  ANNOTATION_BATCH_RELEASE_CONTROL_INFO, ANNOTATION_IN_PROGRESSING, deploymentExtraStatusOf, deploymentStrategyOf, LABEL_POD_TEMPLATE_HASH,
  LABEL_STABLE_REVISION, type Deployment, type Pod, type ReplicaSet,
} from '@coxswain/kruise-api';
import { byCreation, equalIgnoreHash, podTemplateHash, revisionOf, specReplicas, withoutHashLabel } from '../deployment-facts/replica-sets.js';
import { isControlledBy } from '../ownership/controller-ref.js';
import { isActive } from '../pod/pod-state.js';
import { POD_REF, REPLICASET_REF } from '../refs.js';
import { deploymentBasics, type ReleaseTarget, type ReleaseWorkload } from './release-workload.js';

/** FindCanaryAndStableReplicaSet's order: by the revision annotation, then by creation. */
function byRevision(a: ReplicaSet, b: ReplicaSet): number {
  const ra = revisionOf(a);
  const rb = revisionOf(b);
  return ra === 0 || rb === 0 || ra === rb ? byCreation(a, b) : ra - rb;
}

export interface PartitionDeploymentObjects {
  deployment: Deployment;
  /** The namespace's ReplicaSets (ownership decides). */
  replicaSets: readonly ReplicaSet[];
  pods: readonly Pod[];
}

/** The facts of a partition-style Deployment (docs/spec/kruise-rollout.md §2.1, §3.6). */
export function describePartitionDeployment(target: ReleaseTarget, { deployment: d, replicaSets, pods }: PartitionDeploymentObjects): ReleaseWorkload {
  const owned = replicaSets.filter((rs) => isControlledBy(rs, d.metadata.uid) && !rs.metadata.deletionTimestamp);
  // GetReplicaSetsForDeployment keeps the active ones; the new one is the last whose template is the Deployment's.
  const active = owned.filter((rs) => specReplicas(rs) > 0).sort(byRevision);
  const newRS = active.filter((rs) => equalIgnoreHash(rs.spec.template, d.spec.template)).at(-1);
  const stableRevision = d.metadata.labels?.[LABEL_STABLE_REVISION] ?? '';
  const stableRS = owned.filter((rs) => stableRevision !== '' && rs.metadata.labels?.[LABEL_POD_TEMPLATE_HASH] === stableRevision).sort(byCreation)[0];
  const stableTemplate = stableRS ? withoutHashLabel(stableRS.spec.template) : undefined;
  const uids = new Set(owned.map((rs) => rs.metadata.uid));
  const strategy = deploymentStrategyOf(d);
  const inProgressing = d.metadata.annotations?.[ANNOTATION_IN_PROGRESSING] !== undefined;
  return {
    ...deploymentBasics(target, d),
    updatedReplicas: d.status?.updatedReplicas ?? 0,
    // docs/spec/kruise-rollout.md §3.5: the ready ones as the advanced Deployment controller reports them.
    updatedReadyReplicas: deploymentExtraStatusOf(d).updatedReadyReplicas ?? 0,
    currentRevision: stableRevision,
    updateRevision: podTemplateHash(d.spec.template, undefined),
    partition: strategy.partition,
    controlInfo: d.metadata.annotations?.[ANNOTATION_BATCH_RELEASE_CONTROL_INFO],
    inProgressing,
    pods: pods.filter((p) => isActive(p) && (p.metadata.ownerReferences ?? []).some((r) => r.controller === true && uids.has(r.uid))),
    partitionDeployment: {
      strategy,
      podTemplateHash: inProgressing ? (newRS?.metadata.labels?.[LABEL_POD_TEMPLATE_HASH] ?? '') : '',
      stableTemplate,
      stableTemplateEqual: stableTemplate !== undefined && equalIgnoreHash(stableTemplate, d.spec.template),
    },
  };
}

/** Reads the Deployment's ReplicaSets and (with `withPods`) pods of its namespace. */
export async function readPartitionDeployment(client: ClusterClient, target: ReleaseTarget, deployment: Deployment, withPods: boolean): Promise<ReleaseWorkload> {
  const namespace = deployment.metadata.namespace;
  const [replicaSets, pods] = await Promise.all([
    client.list<ReplicaSet>(REPLICASET_REF, { namespace }),
    withPods ? client.list<Pod>(POD_REF, { namespace, ...(deployment.spec.selector ? { labelSelector: deployment.spec.selector } : {}) }) : Promise.resolve({ items: [] as Pod[] }),
  ]);
  return describePartitionDeployment(target, { deployment, replicaSets: replicaSets.items, pods: pods.items });
}
