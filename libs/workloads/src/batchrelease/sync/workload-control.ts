// The BatchRelease's writes to its workload and pods, partition style (docs/spec/kruise-rollout.md §3.6,
// §3.9): claim the workload (control-info annotation, frozen partition, not paused), lower its partition
// batch by batch, label pods with their batch, and release it at Finalize. Merge patches, as Go's.
import { isApiError, type ClusterClient } from '@coxswain/cluster';
import {
  ANNOTATION_BATCH_RELEASE_CONTROL_INFO, LABEL_NO_NEED_UPDATE, LABEL_ROLLOUT_BATCH_ID, ROLLOUT_ID_KEY,
  type BatchRelease, type IntOrString,
} from '@coxswain/kruise-api';
import { POD_REF } from '../../refs.js';
import { CLONESET_FROZEN_PARTITION, STATEFULSET_FROZEN_PARTITION } from '../plan/partitions.js';
import type { BatchLabelPatch } from '../plan/batch-labels.js';
import type { ReleaseWorkload } from '../../release-target/workload.js';

/** The control-info value: the BatchRelease as a controller ownerReference, JSON. */
export function controlInfo(release: BatchRelease): string {
  return JSON.stringify({
    apiVersion: release.apiVersion, kind: 'BatchRelease', name: release.metadata.name, uid: release.metadata.uid, controller: true, blockOwnerDeletion: true,
  });
}

/** The workload is already claimed by this BatchRelease (its control-info names the release's uid). */
export function controlledBy(workload: ReleaseWorkload, release: BatchRelease): boolean {
  if (!workload.controlInfo) return false;
  try {
    return (JSON.parse(workload.controlInfo) as { uid?: string }).uid === release.metadata.uid;
  } catch {
    return false;
  }
}

/** A StatefulSet's rollingUpdate with `paused` where the kind has the field (Advanced StatefulSet only). */
function rollingUpdate(workload: ReleaseWorkload, fields: { partition: number | null; paused?: boolean }): Record<string, unknown> {
  const advanced = workload.target.ref.apiVersion.startsWith('apps.kruise.io/');
  const out: Record<string, unknown> = { partition: fields.partition };
  if (advanced && fields.paused !== undefined) out['paused'] = fields.paused;
  return out;
}

async function patchWorkload(client: ClusterClient, workload: ReleaseWorkload, patch: Record<string, unknown>): Promise<void> {
  const { metadata } = workload.object;
  await client.patch(workload.target.ref, metadata.namespace, metadata.name ?? '', patch);
}

/** Initialize (docs/spec/kruise-rollout.md §3.6): control-info, partition frozen, not paused. */
export async function claimWorkload(client: ClusterClient, workload: ReleaseWorkload, release: BatchRelease): Promise<void> {
  const spec = workload.target.kind === 'CloneSet'
    ? { updateStrategy: { rollingUpdate: { partition: CLONESET_FROZEN_PARTITION, paused: false } } }
    : { updateStrategy: { rollingUpdate: rollingUpdate(workload, { partition: STATEFULSET_FROZEN_PARTITION, paused: false }) } };
  await patchWorkload(client, workload, { metadata: { annotations: { [ANNOTATION_BATCH_RELEASE_CONTROL_INFO]: controlInfo(release) } }, spec });
}

/** A partition-style Deployment's patch (plan/deployment-partition.ts); none when there is nothing to write. */
export async function patchDeployment(client: ClusterClient, workload: ReleaseWorkload, patch: Record<string, unknown> | undefined): Promise<void> {
  if (patch) await patchWorkload(client, workload, patch);
}

/** UpgradeBatch: the (lowered) partition. */
export async function setPartition(client: ClusterClient, workload: ReleaseWorkload, partition: IntOrString): Promise<void> {
  const rolling = workload.target.kind === 'CloneSet' ? { partition } : rollingUpdate(workload, { partition: Number(partition) });
  await patchWorkload(client, workload, { spec: { updateStrategy: { rollingUpdate: rolling } } });
}

/** Finalize: control-info removed, and the spec patch plan/finalize.ts says (none: the partition is kept). */
export async function releaseWorkload(client: ClusterClient, workload: ReleaseWorkload, spec: Record<string, unknown> | undefined): Promise<void> {
  const patch: Record<string, unknown> = { metadata: { annotations: { [ANNOTATION_BATCH_RELEASE_CONTROL_INFO]: null } } };
  if (spec) patch['spec'] = spec;
  await patchWorkload(client, workload, patch);
}

/** One pod's batch labels (a pod gone meanwhile is skipped). */
export async function labelPod(client: ClusterClient, namespace: string | undefined, patch: BatchLabelPatch): Promise<void> {
  try {
    await client.patch(POD_REF, namespace, patch.pod, { metadata: { labels: { [ROLLOUT_ID_KEY]: patch.rolloutId, [LABEL_ROLLOUT_BATCH_ID]: String(patch.batchId) } } });
  } catch (err) {
    if (!isApiError(err, 'NotFound')) throw err;
  }
}

/** docs/spec/kruise-rollout.md §3.8: a pod that needs no update in a rollback in batches (a pod gone meanwhile is skipped). */
export async function markPodNoNeedUpdate(client: ClusterClient, namespace: string | undefined, pod: string, rolloutId: string): Promise<void> {
  try {
    await client.patch(POD_REF, namespace, pod, { metadata: { labels: { [LABEL_NO_NEED_UPDATE]: rolloutId } } });
  } catch (err) {
    if (!isApiError(err, 'NotFound')) throw err;
  }
}
