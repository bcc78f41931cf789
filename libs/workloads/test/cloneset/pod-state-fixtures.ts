// Pod and CloneSet builders shared by the diff, pod-state and status tests.
import {
  CONDITION_INPLACE_UPDATE_READY, LABEL_CONTROLLER_REVISION_HASH, LABEL_LIFECYCLE_STATE, LABEL_SPECIFIED_DELETE,
  type CloneSet, type ConditionStatus, type Pod, type PodCondition, type PodPhase,
} from '@coxswain/kruise-api';

export const T0 = Date.parse('2026-01-01T00:00:00Z');

export function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface PodOptions {
  name?: string;
  revision?: string;
  phase?: PodPhase;
  /** Ready condition status; omitted → no Ready condition. */
  ready?: ConditionStatus;
  /** Ready lastTransitionTime, ms; defaults to T0. */
  readySince?: number;
  inPlaceUpdateReady?: ConditionStatus;
  state?: string;
  specifiedDelete?: string;
  deletionTimestamp?: string;
}

let counter = 0;

export function makePod(o: PodOptions = {}): Pod {
  const labels: Record<string, string> = {};
  if (o.revision !== undefined) labels[LABEL_CONTROLLER_REVISION_HASH] = o.revision;
  if (o.state !== undefined) labels[LABEL_LIFECYCLE_STATE] = o.state;
  if (o.specifiedDelete !== undefined) labels[LABEL_SPECIFIED_DELETE] = o.specifiedDelete;
  const conditions: PodCondition[] = [];
  if (o.ready !== undefined) conditions.push({ type: 'Ready', status: o.ready, lastTransitionTime: iso(o.readySince ?? T0) });
  if (o.inPlaceUpdateReady !== undefined) conditions.push({ type: CONDITION_INPLACE_UPDATE_READY, status: o.inPlaceUpdateReady });
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: o.name ?? `web-p${++counter}`,
      namespace: 'default',
      labels,
      ...(o.deletionTimestamp !== undefined ? { deletionTimestamp: o.deletionTimestamp } : {}),
    },
    spec: { containers: [{ name: 'app', image: 'nginx' }] },
    status: { phase: o.phase ?? 'Running', conditions },
  };
}

/** A Running, Ready, Normal pod at `revision`. */
export function readyPod(revision: string, extra: PodOptions = {}): Pod {
  return makePod({ revision, ready: 'True', state: 'Normal', ...extra });
}

export function notReadyPod(revision: string, extra: PodOptions = {}): Pod {
  return makePod({ revision, ready: 'False', state: 'Normal', ...extra });
}

export function times<T>(n: number, f: (i: number) => T): T[] {
  return Array.from({ length: n }, (_, i) => f(i));
}

export interface CloneSetOptions {
  replicas?: number;
  partition?: number | string;
  maxUnavailable?: number | string;
  maxSurge?: number | string;
  paused?: boolean;
  scaleMaxUnavailable?: number | string;
  podsToDelete?: string[];
  excludePreparingDelete?: boolean;
  minReadySeconds?: number;
  progressDeadlineSeconds?: number;
  onDelete?: boolean;
  generation?: number;
}

export function makeCloneSet(o: CloneSetOptions = {}): CloneSet {
  return {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'CloneSet',
    metadata: { name: 'web', namespace: 'default', uid: 'uid-web', generation: o.generation ?? 1 },
    spec: {
      replicas: o.replicas ?? 5,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } },
      ...(o.minReadySeconds !== undefined ? { minReadySeconds: o.minReadySeconds } : {}),
      ...(o.progressDeadlineSeconds !== undefined ? { progressDeadlineSeconds: o.progressDeadlineSeconds } : {}),
      scaleStrategy: {
        ...(o.scaleMaxUnavailable !== undefined ? { maxUnavailable: o.scaleMaxUnavailable } : {}),
        ...(o.podsToDelete !== undefined ? { podsToDelete: o.podsToDelete } : {}),
        ...(o.excludePreparingDelete !== undefined ? { excludePreparingDelete: o.excludePreparingDelete } : {}),
      },
      updateStrategy: o.onDelete
        ? { type: 'OnDelete' }
        : {
            type: 'RollingUpdate',
            rollingUpdate: {
              podUpdatePolicy: 'ReCreate',
              partition: o.partition ?? 0,
              maxUnavailable: o.maxUnavailable ?? '20%',
              maxSurge: o.maxSurge ?? 0,
              ...(o.paused !== undefined ? { paused: o.paused } : {}),
            },
          },
    },
  };
}
