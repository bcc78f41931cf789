// A StatefulSet pod's PersistentVolumeClaims (docs/spec/advanced-statefulset.md §2, §4.8): one per
// volumeClaimTemplate, named `<template>-<set>-<ordinal>`, and the ownerReferences the retention policy
// wants on them. Pure.
import type { OwnerReference, PersistentVolumeClaim, Pod, StatefulSet } from '@coxswain/kruise-api';
import type { StatefulSetFlavor } from './flavor.js';
import { persistentVolumeClaimName } from './identity.js';

/** The claims of the pod at `ordinal`: template labels merged with selector.matchLabels (exactly matchLabels without template labels). */
export function claimsForOrdinal(set: StatefulSet, ordinal: number): PersistentVolumeClaim[] {
  const matchLabels = set.spec.selector.matchLabels ?? {};
  return (set.spec.volumeClaimTemplates ?? []).map((t) => ({
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: {
      name: persistentVolumeClaimName(set.metadata.name!, t, ordinal),
      namespace: set.metadata.namespace,
      labels: t.metadata.labels ? { ...t.metadata.labels, ...matchLabels } : { ...matchLabels },
      ...(t.metadata.annotations ? { annotations: { ...t.metadata.annotations } } : {}),
    },
    spec: structuredClone(t.spec),
  }));
}

export interface RetentionPolicy {
  whenDeleted: 'Retain' | 'Delete';
  whenScaled: 'Retain' | 'Delete';
}

/** The set's policy; unset (or an unknown value) reads Retain, as Kubernetes treats it. */
export function retentionPolicy(set: StatefulSet): RetentionPolicy {
  const p = set.spec.persistentVolumeClaimRetentionPolicy;
  return { whenDeleted: p?.whenDeleted === 'Delete' ? 'Delete' : 'Retain', whenScaled: p?.whenScaled === 'Delete' ? 'Delete' : 'Retain' };
}

/** docs/spec/advanced-statefulset.md §4.8's table: which owners a claim of a pod should have, given whether the pod is condemned. */
export function wantedClaimOwners(policy: RetentionPolicy, condemned: boolean): { setRef: boolean; podRef: boolean } {
  if (policy.whenScaled === 'Retain') return { setRef: policy.whenDeleted === 'Delete', podRef: false };
  if (policy.whenDeleted === 'Retain') return { setRef: false, podRef: condemned };
  return { setRef: !condemned, podRef: condemned };
}

function hasOwner(claim: PersistentVolumeClaim, uid: string | undefined): boolean {
  return uid !== undefined && uid !== '' && (claim.metadata.ownerReferences ?? []).some((r) => r.uid === uid);
}

export function setOwnerRef(set: StatefulSet, flavor: StatefulSetFlavor): OwnerReference {
  return { apiVersion: flavor.ref.apiVersion, kind: 'StatefulSet', name: set.metadata.name!, uid: set.metadata.uid! };
}

function podOwnerRef(pod: Pod): OwnerReference {
  return { apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name!, uid: pod.metadata.uid! };
}

/** The claim with the ownerReferences the policy wants (others kept); undefined when it already has them. */
export function claimWithRetentionOwners(claim: PersistentVolumeClaim, set: StatefulSet, flavor: StatefulSetFlavor, pod: Pod, condemned: boolean): PersistentVolumeClaim | undefined {
  const want = wantedClaimOwners(retentionPolicy(set), condemned);
  // A pod the planner has not created yet has no uid: it can hold no reference yet.
  const podUid = pod.metadata.uid;
  const wantPodRef = want.podRef && podUid !== undefined && podUid !== '';
  const hasSet = hasOwner(claim, set.metadata.uid);
  const hasPod = hasOwner(claim, podUid);
  if (hasSet === want.setRef && hasPod === wantPodRef) return undefined;
  let refs = (claim.metadata.ownerReferences ?? []).filter((r) => r.uid !== set.metadata.uid && (podUid === undefined || r.uid !== podUid));
  if (want.setRef) refs = [...refs, setOwnerRef(set, flavor)];
  if (wantPodRef) refs = [...refs, podOwnerRef(pod)];
  return { ...claim, metadata: { ...claim.metadata, ownerReferences: refs } };
}

/** Kubernetes' hasStaleOwnerRef: the claim names the pod as an owner but with another uid (or the pod has none yet). */
export function claimIsStale(claim: PersistentVolumeClaim, pod: Pod): boolean {
  return (claim.metadata.ownerReferences ?? []).some((r) => r.name === pod.metadata.name && r.uid !== (pod.metadata.uid ?? ''));
}
