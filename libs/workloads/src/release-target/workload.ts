// The workload a BatchRelease and its Rollout release (shared by both kinds' folders), read as the facts Kruise Rollouts' finders
// give (docs/spec/kruise-rollout.md §2.1, §3.5): a CloneSet, an Advanced StatefulSet or an apps/v1
// StatefulSet, matched by group and kind (the version of the reference is not consulted: the store keeps
// every version of a kind as one object). Coxswain's partition-style control reads the workload in its
// storage version (a CloneSet's partition under updateStrategy.rollingUpdate, v1beta1). An apps/v1
// Deployment is read as its style says: canary style by deployment.ts, partition style by
// partition-deployment.ts (docs/spec/kruise-rollout.md §2.1).
import { isApiError, type ClusterClient, type KindRef } from '@coxswain/cluster';
import {
  ANNOTATION_BATCH_RELEASE_CONTROL_INFO, ANNOTATION_IN_PROGRESSING, groupOf, LABEL_CONTROLLER_REVISION_HASH, LABEL_POD_TEMPLATE_HASH,
  type CloneSet, type Deployment, type KubeObject, type LabelSelector, type ObjectRef, type Pod,
} from '@coxswain/kruise-api';
import { isActive, isRunningAndReady } from '../pod/pod-state.js';
import { ADVANCED_STATEFULSET_REF, APPS_STATEFULSET_REF, CLONESET_REF, DEPLOYMENT_REF, POD_REF } from '../refs.js';
import { readDeploymentWorkload } from './deployment.js';
import { readPartitionDeployment } from './partition-deployment.js';
import type { ReleaseTarget, ReleaseWorkload } from './release-workload.js';
import { isControlledBy } from '../ownership/controller-ref.js';

export type { ReleaseKind, ReleaseTarget, ReleaseWorkload } from './release-workload.js';

/** The kinds Coxswain's BatchRelease drives (docs/spec/kruise-rollout.md §8.1); undefined for any other. */
export function releaseTarget(ref: Pick<ObjectRef, 'apiVersion' | 'kind'> | undefined): ReleaseTarget | undefined {
  if (!ref) return undefined;
  const key = `${groupOf(ref.apiVersion ?? '')}/${ref.kind}`;
  if (key === 'apps.kruise.io/CloneSet') return { kind: 'CloneSet', ref: CLONESET_REF, workloadType: 'cloneset' };
  if (key === 'apps.kruise.io/StatefulSet') return { kind: 'StatefulSet', ref: ADVANCED_STATEFULSET_REF, workloadType: 'statefulset' };
  if (key === 'apps/StatefulSet') return { kind: 'StatefulSet', ref: APPS_STATEFULSET_REF, workloadType: 'statefulset' };
  if (key === 'apps/Deployment') return { kind: 'Deployment', ref: DEPLOYMENT_REF, workloadType: 'deployment' };
  return undefined;
}


type Loose = Record<string, unknown>;
const obj = (v: unknown): Loose => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Loose) : {});
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' ? v : fallback);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The workload's pods: active pods whose controller is the workload (by uid). */
export function ownedPods(workload: KubeObject, pods: readonly Pod[]): Pod[] {
  const uid = workload.metadata.uid;
  return pods.filter((p) => isActive(p) && isControlledBy(p, uid));
}

/** The facts of a workload object and its pods. */
export function describeWorkload(target: ReleaseTarget, object: KubeObject, allPods: readonly Pod[]): ReleaseWorkload {
  const spec = obj((object as unknown as Loose)['spec']);
  const status = obj((object as unknown as Loose)['status']);
  const rolling = obj(obj(spec['updateStrategy'])['rollingUpdate']);
  const pods = ownedPods(object, allPods);
  const updateRevision = str(status['updateRevision']);
  const updatedReady = typeof status['updatedReadyReplicas'] === 'number'
    ? status['updatedReadyReplicas']
    // docs/spec/kruise-rollout.md §3.5: a StatefulSet without the field: its Ready pods on the update revision.
    : pods.filter((p) => p.metadata.labels?.[LABEL_CONTROLLER_REVISION_HASH] === updateRevision && isRunningAndReady(p)).length;
  const partition = rolling['partition'];
  return {
    target,
    object,
    replicas: num(spec['replicas'], 1),
    generation: object.metadata.generation ?? 0,
    observedGeneration: num(status['observedGeneration']),
    statusReplicas: num(status['replicas']),
    updatedReplicas: num(status['updatedReplicas']),
    updatedReadyReplicas: updatedReady,
    currentRevision: str(status['currentRevision']),
    updateRevision,
    partition: typeof partition === 'number' || typeof partition === 'string' ? partition : undefined,
    controlInfo: object.metadata.annotations?.[ANNOTATION_BATCH_RELEASE_CONTROL_INFO],
    inProgressing: object.metadata.annotations?.[ANNOTATION_IN_PROGRESSING] !== undefined,
    pods,
  };
}

const isSelector = (v: unknown): v is LabelSelector => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How a Deployment is released (docs/spec/kruise-rollout.md §1.5); other kinds are partition style whatever it says. */
export type DeploymentStyle = 'Canary' | 'Partition';

/**
 * Reads the workload and (unless `withPods` is false: the Rollout needs none) its pods; undefined when the
 * workload is gone. Other read errors are thrown.
 */
export async function readWorkload(
  client: ClusterClient, target: ReleaseTarget, namespace: string, name: string, withPods = true, releaseUid?: string, style: DeploymentStyle = 'Canary',
): Promise<ReleaseWorkload | undefined> {
  let object: KubeObject;
  try {
    object = await client.get<CloneSet>(target.ref, namespace, name);
  } catch (err) {
    if (isApiError(err, 'NotFound')) return undefined;
    throw err;
  }
  if (target.kind === 'Deployment' && style === 'Partition') return readPartitionDeployment(client, target, object as Deployment, withPods);
  if (target.kind === 'Deployment') return readDeploymentWorkload(client, target, object as Deployment, withPods, releaseUid);
  // The workload's own selector narrows the list; ownership (by uid) decides.
  const selector = ((object as unknown as Loose)['spec'] as Loose | undefined)?.['selector'];
  const labelSelector: LabelSelector | undefined = isSelector(selector) ? selector : undefined;
  const pods = withPods ? (await client.list<Pod>(POD_REF, { namespace, ...(labelSelector ? { labelSelector } : {}) })).items : [];
  return describeWorkload(target, object, pods);
}

/** A pod on the workload's update revision. */
export function onUpdateRevision(pod: Pod, workload: ReleaseWorkload): boolean {
  // docs/spec/kruise-rollout.md §3.7: a canary-style Deployment's pods are its canary Deployment's, all on the new revision.
  if (workload.deployment) return true;
  // docs/spec/kruise-rollout.md §3.9: a Deployment's pods carry their ReplicaSet's pod-template-hash.
  if (workload.partitionDeployment) return workload.updateRevision !== '' && pod.metadata.labels?.[LABEL_POD_TEMPLATE_HASH] === workload.updateRevision;
  return workload.updateRevision !== '' && pod.metadata.labels?.[LABEL_CONTROLLER_REVISION_HASH] === workload.updateRevision;
}

/** The kinds a release may target, as the controllers watch them. */
export const RELEASE_TARGET_REFS: readonly KindRef[] = [CLONESET_REF, ADVANCED_STATEFULSET_REF, APPS_STATEFULSET_REF, DEPLOYMENT_REF];

/** The objects of a namespace (Rollouts, BatchReleases) whose workloadRef names this group, kind and name. */
export function referencing<T extends KubeObject & { spec: { workloadRef?: { apiVersion: string; kind: string; name: string } } }>(
  objects: readonly T[], apiVersion: string, kind: string, name: string,
): Array<{ namespace: string | undefined; name: string }> {
  const group = groupOf(apiVersion);
  return objects
    .filter((r) => r.spec.workloadRef && groupOf(r.spec.workloadRef.apiVersion) === group && r.spec.workloadRef.kind === kind && r.spec.workloadRef.name === name)
    .map((r) => ({ namespace: r.metadata.namespace, name: r.metadata.name ?? '' }));
}
