// StatefulSet status (docs/spec/advanced-statefulset.md §6): the counters over the pass's pods, the
// volumeClaims entries, completeRollingUpdate, the rule deciding whether the status is written, and the
// fields an apps/v1 StatefulSet's status has. Pure.
import {
  quantityToNumber, Selector,
  type PersistentVolumeClaim, type Pod, type StatefulSet, type StatefulSetStatus, type VolumeClaimStatus,
} from '@coxswain/kruise-api';
import { canonicalJson } from '../../revision/canonical-json.js';
import type { StatefulSetFlavor } from './flavor.js';
import { persistentVolumeClaimName, podOrdinal } from './identity.js';
import { availability, isCreated, isRunningAndReadyByCondition, isTerminating } from './pod-health.js';
import { statusFieldsChanged } from '../../plan/status-change.js';
import { podRevision } from './update-order.js';

export interface ReplicaCounters {
  replicas: number;
  readyReplicas: number;
  availableReplicas: number;
  currentReplicas: number;
  updatedReplicas: number;
  updatedReadyReplicas: number;
  updatedAvailableReplicas: number;
}

/** computeReplicaStatus over every list given (uncreated pods count nowhere). */
export function countReplicas(lists: readonly (readonly Pod[])[], minReadySeconds: number, currentRevision: string, updateRevision: string, now: number): ReplicaCounters {
  const c: ReplicaCounters = { replicas: 0, readyReplicas: 0, availableReplicas: 0, currentReplicas: 0, updatedReplicas: 0, updatedReadyReplicas: 0, updatedAvailableReplicas: 0 };
  for (const list of lists) {
    for (const pod of list) {
      const created = isCreated(pod);
      if (created) c.replicas++;
      const revision = podRevision(pod);
      if (isRunningAndReadyByCondition(pod)) {
        const available = availability(pod, minReadySeconds, now).available;
        c.readyReplicas++;
        if (available) c.availableReplicas++;
        if (revision === updateRevision) {
          c.updatedReadyReplicas++;
          if (available) c.updatedAvailableReplicas++;
        }
      }
      if (created && !isTerminating(pod)) {
        if (revision === currentRevision) c.currentReplicas++;
        if (revision === updateRevision) c.updatedReplicas++;
      }
    }
  }
  return c;
}

/** The claim template's spec without its storage request: what must match for a claim to be compatible. */
function specApartFromSize(spec: unknown): string {
  const copy = structuredClone((spec ?? {}) as Record<string, unknown>);
  delete copy['volumeName'];
  const resources = copy['resources'] as { requests?: Record<string, unknown> } | undefined;
  if (resources?.requests) delete resources.requests['storage'];
  if (copy['volumeMode'] === undefined) copy['volumeMode'] = 'Filesystem';
  return canonicalJson(copy);
}

function storageOf(value: unknown): number | undefined {
  return quantityToNumber(value as string | number | undefined);
}

/**
 * One entry per volumeClaimTemplate (template order): compatibleReplicas = existing, non-terminating
 * claims of the pods whose spec matches the template apart from size with a request at least the
 * template's; compatibleReadyReplicas = those whose capacity reaches their own request.
 */
export function volumeClaimsStatus(set: StatefulSet, pods: readonly Pod[], pvcs: ReadonlyMap<string, PersistentVolumeClaim>): VolumeClaimStatus[] {
  return (set.spec.volumeClaimTemplates ?? []).map((template) => {
    const wanted = specApartFromSize(template.spec);
    const templateRequest = storageOf(template.spec?.resources?.requests?.['storage']) ?? 0;
    let compatibleReplicas = 0;
    let compatibleReadyReplicas = 0;
    for (const pod of pods) {
      const claim = pvcs.get(persistentVolumeClaimName(set.metadata.name!, template, podOrdinal(pod)));
      if (!claim || claim.metadata.deletionTimestamp) continue;
      const request = storageOf(claim.spec?.resources?.requests?.['storage']) ?? 0;
      if (specApartFromSize(claim.spec) !== wanted || request < templateRequest) continue;
      compatibleReplicas++;
      if ((storageOf(claim.status?.capacity?.['storage']) ?? 0) >= request) compatibleReadyReplicas++;
    }
    return { volumeClaimName: template.metadata.name!, compatibleReplicas, compatibleReadyReplicas };
  });
}

/** completeRollingUpdate: RollingUpdate with every counted pod updated and ready moves currentRevision. */
export function completeRollingUpdate(set: StatefulSet, status: StatefulSetStatus): StatefulSetStatus {
  const type = set.spec.updateStrategy?.type ?? 'RollingUpdate';
  if (type === 'RollingUpdate' && status.updatedReplicas === status.replicas && status.readyReplicas === status.replicas) {
    return { ...status, currentRevision: status.updateRevision, currentReplicas: status.updatedReplicas };
  }
  return status;
}

export function labelSelectorText(set: StatefulSet): string {
  return Selector.fromLabelSelector(set.spec.selector).toString();
}

/** The status as the flavor stores it: apps/v1 has no updatedReady/updatedAvailable counters, labelSelector or volumeClaims. */
export function storedStatus(flavor: StatefulSetFlavor, status: StatefulSetStatus): StatefulSetStatus {
  if (flavor.name === 'kruise') return status;
  const { updatedReadyReplicas: _r, updatedAvailableReplicas: _a, labelSelector: _l, volumeClaims: _v, ...native } = status;
  return native;
}

/**
 * inconsistentStatus: written only when observedGeneration grew, a counter Kubernetes compares changed,
 * a revision or the labelSelector changed, or an old volumeClaims entry is missing or different.
 * updatedReady/updatedAvailable, collisionCount and conditions alone cause no write.
 */
export function statefulSetStatusNeedsWrite(old: Partial<StatefulSetStatus> | undefined, next: StatefulSetStatus): boolean {
  const o = old ?? {};
  if (statusFieldsChanged(o, next, ['replicas', 'currentReplicas', 'readyReplicas', 'availableReplicas', 'updatedReplicas'], ['currentRevision', 'updateRevision', 'labelSelector'])) {
    return true;
  }
  const byName = new Map((next.volumeClaims ?? []).map((v) => [v.volumeClaimName, v]));
  return (o.volumeClaims ?? []).some((v) => {
    const now = byName.get(v.volumeClaimName);
    return now === undefined || now.compatibleReplicas !== v.compatibleReplicas || now.compatibleReadyReplicas !== v.compatibleReadyReplicas;
  });
}
