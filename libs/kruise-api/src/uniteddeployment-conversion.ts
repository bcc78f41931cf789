// UnitedDeployment conversion between apps.kruise.io/v1alpha1 and the storage version v1beta1
// (docs/spec/uniteddeployment.md §1.2). The spec is the same in both; the status differs: v1alpha1 shows the
// allocation as `subsetReplicas` and the rollout as `updateStatus {updatedRevision, currentPartitions}`,
// v1beta1 as `updatedRevision` and `subsetStatuses[]`. Inputs are never modified.
import type {
  UnitedDeployment, UnitedDeploymentStatus, UnitedDeploymentSubsetStatus, UnitedDeploymentV1alpha1, UnitedDeploymentV1alpha1Status,
} from './uniteddeployment.js';

export const UNITED_DEPLOYMENT_API_VERSION_V1ALPHA1 = 'apps.kruise.io/v1alpha1';
export const UNITED_DEPLOYMENT_API_VERSION_V1BETA1 = 'apps.kruise.io/v1beta1';

export type UnitedDeploymentApiVersion = 'v1alpha1' | 'v1beta1';

export function isUnitedDeploymentV1alpha1(obj: UnitedDeployment | UnitedDeploymentV1alpha1): obj is UnitedDeploymentV1alpha1 {
  return obj.apiVersion === UNITED_DEPLOYMENT_API_VERSION_V1ALPHA1;
}

/** v1beta1 status as v1alpha1 shows it. */
export function unitedDeploymentStatusToV1alpha1(status: UnitedDeploymentStatus): UnitedDeploymentV1alpha1Status {
  const { updatedRevision, subsetStatuses, ...common } = structuredClone(status);
  const out: UnitedDeploymentV1alpha1Status = { ...common };
  if (subsetStatuses !== undefined) {
    out.subsetStatuses = subsetStatuses;
    out.subsetReplicas = Object.fromEntries(subsetStatuses.map((s) => [s.name, s.replicas]));
  }
  if ((updatedRevision ?? '') !== '' || (subsetStatuses?.length ?? 0) > 0) {
    out.updateStatus = {
      ...(updatedRevision !== undefined ? { updatedRevision } : {}),
      currentPartitions: Object.fromEntries((subsetStatuses ?? []).map((s) => [s.name, s.partition])),
    };
  }
  return out;
}

/**
 * v1alpha1 status in the storage shape: subset statuses are kept when present, else rebuilt from
 * subsetReplicas and currentPartitions (ready counts then read 0 until the controller writes them).
 */
export function unitedDeploymentStatusToV1beta1(status: UnitedDeploymentV1alpha1Status): UnitedDeploymentStatus {
  const { subsetReplicas, updateStatus, subsetStatuses, ...common } = structuredClone(status);
  const out: UnitedDeploymentStatus = { ...common };
  if (updateStatus?.updatedRevision !== undefined) out.updatedRevision = updateStatus.updatedRevision;
  if (subsetStatuses !== undefined) out.subsetStatuses = subsetStatuses;
  else if (subsetReplicas !== undefined || updateStatus?.currentPartitions !== undefined) {
    const names = [...new Set([...Object.keys(subsetReplicas ?? {}), ...Object.keys(updateStatus?.currentPartitions ?? {})])];
    out.subsetStatuses = names.map((name): UnitedDeploymentSubsetStatus => ({
      name, replicas: subsetReplicas?.[name] ?? 0, readyReplicas: 0, partition: updateStatus?.currentPartitions?.[name] ?? 0,
    }));
  }
  return out;
}

export function convertUnitedDeploymentToV1beta1(src: UnitedDeploymentV1alpha1): UnitedDeployment {
  const out: UnitedDeployment = {
    apiVersion: UNITED_DEPLOYMENT_API_VERSION_V1BETA1, kind: 'UnitedDeployment', metadata: structuredClone(src.metadata), spec: structuredClone(src.spec),
  };
  if (src.status !== undefined) out.status = unitedDeploymentStatusToV1beta1(src.status);
  return out;
}

export function convertUnitedDeploymentToV1alpha1(src: UnitedDeployment): UnitedDeploymentV1alpha1 {
  const out: UnitedDeploymentV1alpha1 = {
    apiVersion: UNITED_DEPLOYMENT_API_VERSION_V1ALPHA1, kind: 'UnitedDeployment', metadata: structuredClone(src.metadata), spec: structuredClone(src.spec),
  };
  if (src.status !== undefined) out.status = unitedDeploymentStatusToV1alpha1(src.status);
  return out;
}

/** The storage (v1beta1) form of a UnitedDeployment written in either version; always a fresh copy. */
export function toStorageUnitedDeployment(obj: UnitedDeployment | UnitedDeploymentV1alpha1): UnitedDeployment {
  if (isUnitedDeploymentV1alpha1(obj)) return convertUnitedDeploymentToV1beta1(obj);
  if (obj.apiVersion === UNITED_DEPLOYMENT_API_VERSION_V1BETA1) return structuredClone(obj);
  throw new Error(`unsupported UnitedDeployment apiVersion ${JSON.stringify((obj as { apiVersion: unknown }).apiVersion)}`);
}
