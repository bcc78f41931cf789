// The two StatefulSets one controller runs: Kruise's Advanced StatefulSet (apps.kruise.io/v1beta1) and
// the native apps/v1 StatefulSet. The native flavor keeps every Kruise extension off (no lifecycle
// hooks, in-place update, reserveOrdinals, scaleStrategy, specified delete) and reads minReadySeconds at
// spec level; everything else is the same code. (The KruisePodReady gate Kruise's pod webhook gives the
// pods of apps.kruise.io workloads follows from the controller reference, at admission.)
import type { KindRef } from '@coxswain/cluster';
import type { FeatureGates, NativeStatefulSet, OwnerReference, StatefulSet } from '@coxswain/kruise-api';
import { nativeStatefulSetView } from '@coxswain/kruise-api';
import { ADVANCED_STATEFULSET_REF, APPS_STATEFULSET_REF } from '../../refs.js';

export type StatefulSetFlavorName = 'kruise' | 'native';

export interface StatefulSetFlavor {
  name: StatefulSetFlavorName;
  /** The kind the controller watches and writes. */
  ref: KindRef;
  /** New pods carry the lifecycle state label; lifecycle hooks and in-place updates apply. */
  kruiseExtensions: boolean;
  /** Gate that honours spec.ordinals.start (Kruise: StatefulSetStartOrdinal, off by default; GA in Kubernetes). */
  honoursStartOrdinal(gates: FeatureGates): boolean;
}

export const KRUISE_STATEFULSET: StatefulSetFlavor = {
  name: 'kruise',
  ref: ADVANCED_STATEFULSET_REF,
  kruiseExtensions: true,
  honoursStartOrdinal: (gates) => gates.enabled('StatefulSetStartOrdinal'),
};

export const NATIVE_STATEFULSET: StatefulSetFlavor = {
  name: 'native',
  ref: APPS_STATEFULSET_REF,
  kruiseExtensions: false,
  honoursStartOrdinal: () => true,
};

/** The set as the planner reads it, whatever its flavor. */
export interface StatefulSetView {
  set: StatefulSet;
  flavor: StatefulSetFlavor;
  minReadySeconds: number;
}

/** A stored object of either flavor as the planner reads it. */
export function statefulSetView(stored: StatefulSet | NativeStatefulSet, flavor: StatefulSetFlavor): StatefulSetView {
  if (flavor.name === 'native') {
    const view = nativeStatefulSetView(stored as NativeStatefulSet);
    return { set: view.set, flavor, minReadySeconds: view.minReadySeconds };
  }
  const set = stored as StatefulSet;
  return { set, flavor, minReadySeconds: set.spec.updateStrategy?.rollingUpdate?.minReadySeconds ?? 0 };
}

/** The controller reference a StatefulSet puts on its pods and revisions. */
export function statefulSetControllerRef(set: StatefulSet, flavor: StatefulSetFlavor): OwnerReference {
  return { apiVersion: flavor.ref.apiVersion, kind: 'StatefulSet', name: set.metadata.name!, uid: set.metadata.uid!, controller: true, blockOwnerDeletion: true };
}
