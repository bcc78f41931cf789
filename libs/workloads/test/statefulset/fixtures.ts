// Builders for StatefulSet planner tests: a set, its revisions, and pods in any state at any ordinal.
import {
  DEFAULT_FEATURE_GATES, setDefaultsStatefulSet,
  type ControllerRevision, type FeatureGates, type PersistentVolumeClaim, type Pod, type StatefulSet,
} from '@coxswain/kruise-api';
import { applyRevision } from '../../src/revision/cloneset-revision.js';
import { KRUISE_STATEFULSET, statefulSetView, type StatefulSetFlavor } from '../../src/statefulset/plan/flavor.js';
import { newStatefulPod } from '../../src/statefulset/plan/new-pod.js';
import { planStatefulSet } from '../../src/statefulset/plan/planner.js';
import type { StatefulSetPlan, StatefulSetPlanContext } from '../../src/statefulset/plan/plan-types.js';
import { statefulSetRevisions } from '../../src/statefulset/revision/revisions.js';

export const NOW = Date.parse('2026-01-01T12:00:00Z');
export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** Long enough ago that any minReadySeconds has passed. */
export const LONG_AGO = iso(NOW - 3600_000);

type Loose = Record<string, any>;

/** A defaulted v1beta1 set named `web` (image v1), edited by `edit`. */
export function makeSet(edit: (spec: Loose, set: Loose) => void = () => {}): StatefulSet {
  const set: Loose = {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'default', uid: 'sts-uid', generation: 1 },
    spec: {
      replicas: 3,
      serviceName: 'web',
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { readinessGates: [{ conditionType: 'InPlaceUpdateReady' }], containers: [{ name: 'main', image: 'nginx:v1' }] } },
    },
  };
  edit(set['spec'], set);
  return setDefaultsStatefulSet(set as StatefulSet);
}

export function withImage(set: StatefulSet, image: string): StatefulSet {
  const next = structuredClone(set);
  next.spec.template.spec.containers[0]!.image = image;
  return next;
}

export interface World {
  set: StatefulSet;
  /** Revision 1 (image v1) and revision 2 (image v2). */
  v1: ControllerRevision;
  v2: ControllerRevision;
}

/** The set at image v1, with both revisions; currentRevision v1, update revision v2 unless `rolled` is false. */
export function world(edit?: (spec: Loose, set: Loose) => void): World {
  const base = makeSet(edit);
  const kind = statefulSetRevisions(KRUISE_STATEFULSET);
  const v1 = { ...kind.newRevision(base, 1, 0), metadata: { ...kind.newRevision(base, 1, 0).metadata, creationTimestamp: LONG_AGO } };
  const v2 = kind.newRevision(withImage(base, 'nginx:v2'), 2, 0);
  return { set: base, v1, v2 };
}

export interface PodState {
  phase?: 'Pending' | 'Running' | 'Failed' | 'Succeeded';
  ready?: boolean;
  readySince?: string;
  terminating?: boolean;
  lifecycle?: string;
  labels?: Record<string, string>;
  /** For a rolled-back in-place update etc.: the InPlaceUpdateReady condition. */
  inPlaceReady?: boolean;
}

/** A created pod of `set` at `ordinal` and `revision` (Running and Ready by default). */
export function pod(set: StatefulSet, ordinal: number, revision: ControllerRevision, state: PodState = {}, gates: FeatureGates = DEFAULT_FEATURE_GATES): Pod {
  const built = newStatefulPod({ set: applyRevision(set, revision), flavor: KRUISE_STATEFULSET, ordinal, revision: revision.metadata.name!, gates });
  const ready = state.ready ?? true;
  const conditions = [
    { type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: state.readySince ?? LONG_AGO },
    { type: 'KruisePodReady', status: 'True' },
    { type: 'InPlaceUpdateReady', status: state.inPlaceReady === false ? 'False' : 'True' },
  ] as NonNullable<Pod['status']>['conditions'];
  return {
    ...built,
    metadata: {
      ...built.metadata,
      uid: `uid-${ordinal}-${revision.metadata.name}`,
      resourceVersion: '1',
      labels: { ...built.metadata.labels, 'lifecycle.apps.kruise.io/state': state.lifecycle ?? 'Normal', ...(state.labels ?? {}) },
      ...(state.terminating ? { deletionTimestamp: iso(NOW - 1000) } : {}),
    },
    status: { phase: state.phase ?? 'Running', conditions, podIP: `10.0.0.${ordinal}` },
  };
}

export interface PlanOptions {
  current?: ControllerRevision;
  update?: ControllerRevision;
  gates?: FeatureGates;
  pvcs?: PersistentVolumeClaim[];
  pending?: string[];
  flavor?: StatefulSetFlavor;
  now?: number;
}

export function plan(w: World, set: StatefulSet, pods: Pod[], options: PlanOptions = {}): StatefulSetPlan {
  const ctx: StatefulSetPlanContext = {
    view: statefulSetView(set, options.flavor ?? KRUISE_STATEFULSET),
    pods,
    pvcs: new Map((options.pvcs ?? []).map((c) => [c.metadata.name!, c])),
    revisions: [w.v1, w.v2],
    currentRevision: options.current ?? w.v1,
    updateRevision: options.update ?? w.v2,
    collisionCount: 0,
    pendingInPlaceUpdates: options.pending ?? [],
    now: options.now ?? NOW,
    gates: options.gates ?? DEFAULT_FEATURE_GATES,
  };
  return planStatefulSet(ctx);
}

/** "create web-3", "delete web-1", ...: the operations in order, in words tests can compare. */
export function opsOf(p: StatefulSetPlan): string[] {
  return p.operations.map((o) => {
    switch (o.op) {
      case 'create':
        return `create ${o.pod.metadata.name}@${o.pod.metadata.labels!['controller-revision-hash']!.slice(-4)}`;
      case 'delete':
        return `${o.recreate ? 'recreate' : 'delete'} ${o.pod.metadata.name}`;
      case 'lifecycle':
        return `lifecycle ${o.pod.metadata.name} ${o.change.to}`;
      case 'updateInPlace':
        return `inplace ${o.pod.metadata.name}`;
      case 'updateClaim':
        return `claim ${o.claim.metadata.name}`;
      case 'writePod':
        return `write ${o.pod.metadata.name} ${o.subresource}`;
      case 'repairPod':
        return `repair ${o.pod.metadata.name}`;
      case 'createClaims':
        return `claims ${o.claims.map((c) => c.metadata.name).join(',')}`;
    }
  });
}
