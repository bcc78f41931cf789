// The BatchRelease's writes in canary style (docs/spec/kruise-rollout.md §3.7): the stable Deployment gets
// the control-info annotation (the workload webhook paused it already); a canary Deployment is created
// beside it (generateName <stable>-, the canary-deployment label, control-info, its finalizer, the release
// as its controller, the stable's spec with the plan's pod template metadata, 0 replicas, not paused),
// raised batch by batch; at Finalize the stable is resumed (or kept paused while the release is only
// interrupted) and the canary Deployments lose their finalizer, so that they go with the release.
// Upstream: pkg/controller/batchrelease/control/canarystyle/deployment/canary.go, stable.go.
import { isApiError, type ClusterClient } from '@coxswain/cluster';
import {
  ANNOTATION_BATCH_RELEASE_CONTROL_INFO, FINALIZER_CANARY_DEPLOYMENT, LABEL_CANARY_DEPLOYMENT,
  type BatchRelease, type Deployment,
} from '@coxswain/kruise-api';
import { DEPLOYMENT_REF } from '../../refs.js';
import { controlInfo } from './workload-control.js';
import { isControlledBy } from '../../ownership/controller-ref.js';

/** The canary Deployment Initialize creates for `stable` (docs/spec/kruise-rollout.md §3.7). */
export function canaryDeploymentFor(stable: Deployment, release: BatchRelease): Deployment {
  const spec = structuredClone(stable.spec);
  const patch = release.spec.releasePlan.patchPodTemplateMetadata;
  const metadata = spec.template.metadata ?? {};
  if (patch?.labels) metadata.labels = { ...metadata.labels, ...patch.labels };
  if (patch?.annotations) metadata.annotations = { ...metadata.annotations, ...patch.annotations };
  spec.template.metadata = metadata;
  spec.replicas = 0;
  spec.paused = false;
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      generateName: `${stable.metadata.name ?? ''}-`,
      namespace: stable.metadata.namespace,
      labels: { [LABEL_CANARY_DEPLOYMENT]: stable.metadata.name ?? '' },
      annotations: { [ANNOTATION_BATCH_RELEASE_CONTROL_INFO]: controlInfo(release) },
      finalizers: [FINALIZER_CANARY_DEPLOYMENT],
      ownerReferences: [{
        apiVersion: release.apiVersion, kind: 'BatchRelease', name: release.metadata.name ?? '', uid: release.metadata.uid ?? '', controller: true, blockOwnerDeletion: true,
      }],
    },
    spec,
  };
}

/** Initialize: control-info on the stable Deployment (only when it has not this release's). */
export async function claimStableDeployment(client: ClusterClient, stable: Deployment, release: BatchRelease): Promise<void> {
  await client.patch(DEPLOYMENT_REF, stable.metadata.namespace, stable.metadata.name ?? '', { metadata: { annotations: { [ANNOTATION_BATCH_RELEASE_CONTROL_INFO]: controlInfo(release) } } });
}

export async function createCanaryDeployment(client: ClusterClient, stable: Deployment, release: BatchRelease): Promise<void> {
  await client.create(canaryDeploymentFor(stable, release));
}

/** UpgradeBatch: the canary Deployment's replicas, only ever raised. */
export async function raiseCanaryReplicas(client: ClusterClient, canary: Deployment, replicas: number): Promise<void> {
  if ((canary.spec.replicas ?? 1) >= replicas) return;
  await client.patch(DEPLOYMENT_REF, canary.metadata.namespace, canary.metadata.name ?? '', { spec: { replicas } });
}

/** Finalize, the stable Deployment: control-info removed, paused only while the release is interrupted (batchPartition set). */
export async function releaseStableDeployment(client: ClusterClient, stable: Deployment, paused: boolean): Promise<void> {
  await client.patch(DEPLOYMENT_REF, stable.metadata.namespace, stable.metadata.name ?? '', {
    metadata: { annotations: { [ANNOTATION_BATCH_RELEASE_CONTROL_INFO]: null } },
    spec: { paused },
  });
}

/** Finalize, the canary Deployments: their finalizer removed (one gone meanwhile is skipped). */
export async function dropCanaryFinalizer(client: ClusterClient, canary: Deployment): Promise<void> {
  const finalizers = canary.metadata.finalizers ?? [];
  if (!finalizers.includes(FINALIZER_CANARY_DEPLOYMENT)) return;
  try {
    await client.patch(DEPLOYMENT_REF, canary.metadata.namespace, canary.metadata.name ?? '', {
      metadata: { finalizers: finalizers.filter((f) => f !== FINALIZER_CANARY_DEPLOYMENT), resourceVersion: canary.metadata.resourceVersion },
    });
  } catch (err) {
    if (!isApiError(err, 'NotFound') && !isApiError(err, 'Conflict')) throw err;
  }
}

/** The release's canary Deployments of its workload (labelled with the workload's name, controlled by the release). */
export async function canaryDeploymentsOf(client: ClusterClient, release: BatchRelease): Promise<Deployment[]> {
  const name = release.spec.workloadRef?.name ?? '';
  const { items } = await client.list<Deployment>(DEPLOYMENT_REF, { namespace: release.metadata.namespace, labelSelector: { matchLabels: { [LABEL_CANARY_DEPLOYMENT]: name } } });
  return items.filter((d) => isControlledBy(d, release.metadata.uid));
}
