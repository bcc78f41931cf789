// A StatefulSet pod's identity (docs/spec/advanced-statefulset.md §2): its ordinal, name, hostname, labels and
// claims, the valid ordinal range with reserveOrdinals (docs/spec/advanced-statefulset.md §2.1), and the checks that an existing pod still
// has them. Pure.
import {
  LABEL_POD_INDEX, LABEL_STATEFULSET_POD_NAME, ReservedOrdinals,
  type FeatureGates, type PersistentVolumeClaimTemplate, type Pod, type StatefulSet,
} from '@coxswain/kruise-api';
import { withClaimVolumes } from '../../pod/claim-volumes.js';
import { ordinalSuffix, podOrdinal } from '../../pod/ordinal.js';
import type { StatefulSetFlavor } from './flavor.js';

// The ordinal parsing is kind-neutral (the UnitedDeployment reads it too); re-exported for this kind's readers.
export { parentNameAndOrdinal, podOrdinal } from '../../pod/ordinal.js';

/** The pod's name says it belongs to the set: `<set>-<ordinal>`. */
export function isMemberOf(set: Pick<StatefulSet, 'metadata'>, pod: Pick<Pod, 'metadata'>): boolean {
  const name = pod.metadata.name ?? '';
  const setName = set.metadata.name ?? '';
  return ordinalSuffix(name) >= 0 && name.length > setName.length + 1 && name.startsWith(setName) && name.lastIndexOf('-') === setName.length;
}

export function statefulPodName(setName: string, ordinal: number): string {
  return `${setName}-${ordinal}`;
}

/** `<template>-<set>-<ordinal>`. */
export function persistentVolumeClaimName(setName: string, template: PersistentVolumeClaimTemplate, ordinal: number): string {
  return `${template.metadata.name}-${setName}-${ordinal}`;
}

export interface OrdinalRange {
  /** First ordinal (spec.ordinals.start when honoured, else 0). */
  start: number;
  /** One past the last ordinal: exactly `replicas` non-reserved ordinals lie in [start, end). */
  end: number;
  reserved: ReservedOrdinals;
}

/** docs/spec/advanced-statefulset.md §2.1: [start, end) holds exactly `replicas` ordinals that are not reserved. */
export function ordinalRange(set: StatefulSet, flavor: StatefulSetFlavor, gates: FeatureGates): OrdinalRange {
  const start = flavor.honoursStartOrdinal(gates) ? (set.spec.ordinals?.start ?? 0) : 0;
  const reserved = flavor.kruiseExtensions ? ReservedOrdinals.parse(set.spec.reserveOrdinals) : ReservedOrdinals.NONE;
  const replicas = set.spec.replicas ?? 1;
  // The least end with `replicas` free ordinals in [start, end): each reserved ordinal below the
  // candidate pushes it one further. A fixed point in as many steps as there are reserved pieces, not
  // one step per replica (replicas may be 2^31 - 1).
  let end = start + replicas;
  for (;;) {
    const reservedBelow = reserved.rangesWithin(start, end).reduce((sum, [from, to]) => sum + (to - from + 1), 0);
    const next = start + replicas + reservedBelow;
    if (next === end) break;
    end = next;
  }
  return { start, end, reserved };
}

/** The ordinal is one the set should run now (in range and not reserved). */
export function isValidOrdinal(range: OrdinalRange, ordinal: number): boolean {
  return ordinal >= range.start && ordinal < range.end && !range.reserved.has(ordinal);
}

/** Kubernetes' identityMatches: parent, name, namespace and the pod-name label. */
export function identityMatches(set: StatefulSet, pod: Pod): boolean {
  return isMemberOf(set, pod) && pod.metadata.namespace === set.metadata.namespace
    && pod.metadata.labels?.[LABEL_STATEFULSET_POD_NAME] === pod.metadata.name;
}

/** Kubernetes' storageMatches: every claim template is mounted with the ordinal's claim name. */
export function storageMatches(set: StatefulSet, pod: Pod): boolean {
  const ordinal = podOrdinal(pod);
  if (ordinal < 0) return false;
  if ((set.spec.volumeClaimTemplates ?? []).length === 0) return true;
  const volumes = new Map((pod.spec.volumes ?? []).map((v) => [v.name, v]));
  return (set.spec.volumeClaimTemplates ?? []).every((t) => {
    const volume = volumes.get(t.metadata.name!);
    return volume?.persistentVolumeClaim?.claimName === persistentVolumeClaimName(set.metadata.name!, t, ordinal);
  });
}

/** updateIdentity: name, namespace, the pod-name label and (gate PodIndexLabel) the pod-index label. */
export function withIdentity(set: StatefulSet, pod: Pod, gates: FeatureGates): Pod {
  const ordinal = podOrdinal(pod);
  const name = statefulPodName(set.metadata.name!, ordinal);
  const labels: Record<string, string> = { ...(pod.metadata.labels ?? {}), [LABEL_STATEFULSET_POD_NAME]: name };
  if (gates.enabled('PodIndexLabel')) labels[LABEL_POD_INDEX] = String(ordinal);
  return { ...pod, metadata: { ...pod.metadata, name, namespace: set.metadata.namespace, labels } };
}

/** updateStorage: one claim volume per template (named after it), then the pod's other volumes. */
export function withStorage(set: StatefulSet, pod: Pod): Pod {
  const ordinal = podOrdinal(pod);
  const volumes = withClaimVolumes(set.spec.volumeClaimTemplates ?? [], (t) => persistentVolumeClaimName(set.metadata.name!, t, ordinal), pod.spec.volumes);
  return { ...pod, spec: { ...pod.spec, volumes } };
}
