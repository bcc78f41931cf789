// An apps/v1 Deployment released in canary style (docs/spec/kruise-rollout.md §2.1 "Deployment, canary
// style", docs/spec/kruise-rollout.md §3.7), read as the facts the Rollout and the BatchRelease use: the stable revision is the
// pod-template-hash of the Deployment's oldest active ReplicaSet, the update revision the hash of its
// template, and the updated pods are the canary Deployment's (labelled rollouts.kruise.io/canary-deployment
// with the stable's name): its status.replicas and availableReplicas are the batch's counts. Pure, but
// for `readDeploymentWorkload`, which lists what these facts are made of.
import type { ClusterClient } from '@coxswain/cluster';
import {
  ANNOTATION_BATCH_RELEASE_CONTROL_INFO, ANNOTATION_IN_PROGRESSING, LABEL_CANARY_DEPLOYMENT, LABEL_POD_TEMPLATE_HASH,
  type Deployment, type Pod, type ReplicaSet,
} from '@coxswain/kruise-api';
import { activeReplicaSets, byCreation, equalIgnoreHash, podTemplateHash, withoutHashLabel } from '../deployment-facts/replica-sets.js';
import { resolveFenceposts } from '../deployment-facts/strategy.js';
import { isControlledBy } from '../ownership/controller-ref.js';
import { isActive } from '../pod/pod-state.js';
import { DEPLOYMENT_REF, POD_REF, REPLICASET_REF } from '../refs.js';
import { deploymentBasics, type CanaryDeployment, type ReleaseTarget, type ReleaseWorkload } from './release-workload.js';

export type { CanaryDeployment, DeploymentRelease } from './release-workload.js';

export interface DeploymentObjects {
  deployment: Deployment;
  /** The namespace's ReplicaSets (ownership decides). */
  replicaSets: readonly ReplicaSet[];
  /** The Deployments labelled canary-deployment = the stable's name. */
  canaries: readonly Deployment[];
  pods: readonly Pod[];
  /** The BatchRelease's uid: its canary Deployment is the one it owns. */
  releaseUid?: string;
}

/** The facts of a canary-style Deployment (docs/spec/kruise-rollout.md §2.1, §3.7). */
export function describeDeployment(target: ReleaseTarget, objects: DeploymentObjects): ReleaseWorkload {
  const { deployment: d, replicaSets, pods } = objects;
  const stableSets = activeReplicaSets(replicaSets.filter((rs) => isControlledBy(rs, d.metadata.uid))).sort(byCreation);
  const stable = stableSets[0];
  const canaries = objects.canaries.filter((c) => objects.releaseUid === undefined || isControlledBy(c, objects.releaseUid));
  const live = canaries.filter((c) => c.metadata.deletionTimestamp === undefined).sort((a, b) => -byCreation(a as unknown as ReplicaSet, b as unknown as ReplicaSet));
  const canaryObject = live[0];
  let canary: CanaryDeployment | undefined;
  let canaryPods: Pod[] = [];
  if (canaryObject) {
    const sets = replicaSets.filter((rs) => isControlledBy(rs, canaryObject.metadata.uid));
    const current = sets.filter((rs) => equalIgnoreHash(rs.spec.template, canaryObject.spec.template)).sort(byCreation)[0];
    const setUids = new Set(sets.map((rs) => rs.metadata.uid));
    canaryPods = pods.filter((p) => isActive(p) && (p.metadata.ownerReferences ?? []).some((r) => r.controller === true && setUids.has(r.uid)));
    canary = {
      object: canaryObject,
      replicas: canaryObject.spec.replicas ?? 1,
      statusReplicas: canaryObject.status?.replicas ?? 0,
      availableReplicas: canaryObject.status?.availableReplicas ?? 0,
      podTemplateHash: current?.metadata.labels?.[LABEL_POD_TEMPLATE_HASH] ?? '',
    };
  }
  const stableTemplate = stable ? withoutHashLabel(stable.spec.template) : undefined;
  return {
    ...deploymentBasics(target, d),
    // docs/spec/kruise-rollout.md §3.7: the batch's counts are the canary Deployment's.
    updatedReplicas: canary?.statusReplicas ?? 0,
    updatedReadyReplicas: canary?.availableReplicas ?? 0,
    currentRevision: stable?.metadata.labels?.[LABEL_POD_TEMPLATE_HASH] ?? '',
    updateRevision: podTemplateHash(d.spec.template, undefined),
    partition: undefined,
    controlInfo: d.metadata.annotations?.[ANNOTATION_BATCH_RELEASE_CONTROL_INFO],
    inProgressing: d.metadata.annotations?.[ANNOTATION_IN_PROGRESSING] !== undefined,
    pods: canaryPods,
    deployment: {
      stableUpdatedReplicas: d.status?.updatedReplicas ?? 0,
      stableAvailableReplicas: d.status?.availableReplicas ?? 0,
      maxUnavailable: resolveFenceposts(d).maxUnavailable,
      stableFound: stable !== undefined,
      stableTemplate,
      stableTemplateEqual: stableTemplate !== undefined && equalIgnoreHash(stableTemplate, d.spec.template),
      canary,
      canaries: [...canaries],
    },
  };
}

/** Reads the Deployment's ReplicaSets, canary Deployments and (with `withPods`) pods of its namespace. */
export async function readDeploymentWorkload(client: ClusterClient, target: ReleaseTarget, deployment: Deployment, withPods: boolean, releaseUid?: string): Promise<ReleaseWorkload> {
  const namespace = deployment.metadata.namespace;
  const [replicaSets, canaries, pods] = await Promise.all([
    client.list<ReplicaSet>(REPLICASET_REF, { namespace }),
    client.list<Deployment>(DEPLOYMENT_REF, { namespace, labelSelector: { matchLabels: { [LABEL_CANARY_DEPLOYMENT]: deployment.metadata.name ?? '' } } }),
    withPods ? client.list<Pod>(POD_REF, { namespace, ...(deployment.spec.selector ? { labelSelector: deployment.spec.selector } : {}) }) : Promise.resolve({ items: [] as Pod[] }),
  ]);
  return describeDeployment(target, {
    deployment, replicaSets: replicaSets.items, canaries: canaries.items, pods: pods.items, ...(releaseUid !== undefined ? { releaseUid } : {}),
  });
}
