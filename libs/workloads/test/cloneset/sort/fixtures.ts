// Pod builders for the sort/ tests. A default pod is scheduled on node "node-a", Running, Ready since
// T0, never restarted, created at T0: tests change one attribute at a time.
import {
  ANNOTATION_POD_DELETION_COST, LABEL_LIFECYCLE_STATE,
  type LifecycleStateType, type Pod, type PodPhase,
} from '@coxswain/kruise-api';

export const T0 = '2026-01-01T00:00:00Z';
export const T1 = '2026-01-01T00:01:00Z';

export interface PodOptions {
  node?: string;
  phase?: PodPhase;
  /** false: Ready condition False; undefined condition with `noReadyCondition`. */
  ready?: boolean;
  noReadyCondition?: boolean;
  /** lastTransitionTime of the Ready condition; null = absent (zero time). */
  readySince?: string | null;
  restarts?: number[];
  /** null = absent (zero time). */
  created?: string | null;
  labels?: Record<string, string>;
  cost?: string;
  state?: LifecycleStateType;
}

export function pod(name: string, options: PodOptions = {}): Pod {
  const labels: Record<string, string> = { ...(options.labels ?? {}) };
  if (options.state !== undefined) labels[LABEL_LIFECYCLE_STATE] = options.state;
  const created = options.created === undefined ? T0 : options.created;
  const readySince = options.readySince === undefined ? T0 : options.readySince;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      uid: `uid-${name}`,
      labels,
      ...(created === null ? {} : { creationTimestamp: created }),
      ...(options.cost === undefined ? {} : { annotations: { [ANNOTATION_POD_DELETION_COST]: options.cost } }),
    },
    spec: { containers: [{ name: 'main', image: 'app:v1' }], nodeName: options.node ?? 'node-a' },
    status: {
      phase: options.phase ?? 'Running',
      conditions: options.noReadyCondition
        ? []
        : [{ type: 'Ready', status: options.ready === false ? 'False' : 'True', ...(readySince === null ? {} : { lastTransitionTime: readySince }) }],
      containerStatuses: (options.restarts ?? [0]).map((restartCount, i) => ({
        name: `c${i}`, ready: true, restartCount, image: 'app:v1', imageID: 'sha256:1',
      })),
    },
  };
}

export const names = (pods: readonly Pod[]): string[] => pods.map((p) => p.metadata.name!);

/** A deterministic [0, 1) source (a small LCG), for ids and property tests. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
