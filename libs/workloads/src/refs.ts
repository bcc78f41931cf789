// The kinds the workload controllers read and write, as the ClusterClient addresses them.
import type { KindRef } from '@coxswain/cluster';

export const CLONESET_REF: KindRef = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet' };
export const POD_REF: KindRef = { apiVersion: 'v1', kind: 'Pod' };
export const PVC_REF: KindRef = { apiVersion: 'v1', kind: 'PersistentVolumeClaim' };
export const NODE_REF: KindRef = { apiVersion: 'v1', kind: 'Node' };
export const DEPLOYMENT_REF: KindRef = { apiVersion: 'apps/v1', kind: 'Deployment' };
export const REPLICASET_REF: KindRef = { apiVersion: 'apps/v1', kind: 'ReplicaSet' };
export const UNITED_DEPLOYMENT_REF: KindRef = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'UnitedDeployment' };
export const CONTAINER_RECREATE_REQUEST_REF: KindRef = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'ContainerRecreateRequest' };
export const IMAGE_PULL_JOB_REF: KindRef = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'ImagePullJob' };
export const NODE_IMAGE_REF: KindRef = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'NodeImage' };
export const SECRET_REF: KindRef = { apiVersion: 'v1', kind: 'Secret' };
export const NAMESPACE_REF: KindRef = { apiVersion: 'v1', kind: 'Namespace' };
export const ROLLOUT_REF: KindRef = { apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'Rollout' };
export const BATCH_RELEASE_REF: KindRef = { apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'BatchRelease' };
export const ADVANCED_STATEFULSET_REF: KindRef = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet' };
export const APPS_STATEFULSET_REF: KindRef = { apiVersion: 'apps/v1', kind: 'StatefulSet' };
