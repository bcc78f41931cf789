// Rollout progress as the progress bar draws it: each count against desired replicas, with the
// partition and expectedUpdatedReplicas marked. Fractions are clamped so a bar never overflows
// while pods surge above the desired count.
import type { Workload } from '../api/types';
import { strategyOf } from './strategy';

export interface Progress {
  desired: number;
  updated: number;
  updatedReady: number;
  updatedAvailable: number;
  ready: number;
  available: number;
  total: number;
  expectedUpdated: number;
  /** Pods the partition keeps at the current revision, as the controller applies it (the API's number). */
  partition: number;
  /** The partition as written (a CloneSet's "40%"); a UnitedDeployment's is `partition`, its subsets' summed as applied. */
  partitionRaw: number | string;
  paused: boolean;
  /** Fractions of desired, 0..1. */
  fraction: { updatedAvailable: number; updatedReady: number; updated: number; expected: number; partitionMark: number };
  /** The current step (up to expectedUpdatedReplicas) is done: updated pods are ready. */
  stepDone: boolean;
  /** Every desired pod is updated and available. */
  done: boolean;
  observed: boolean;
}

const frac = (n: number, of: number) => (of <= 0 ? 0 : Math.max(0, Math.min(1, n / of)));

export function progressOf(w: Pick<Workload, 'kind' | 'replicas' | 'partitionedReplicas' | 'generation' | 'updateStrategy' | 'status'>): Progress {
  const s = w.status;
  const desired = w.replicas;
  const strategy = strategyOf(w.updateStrategy, w.kind);
  const partition = w.partitionedReplicas;
  const observed = s.observedGeneration >= w.generation;
  const updatedAvailable = Math.min(s.updatedAvailableReplicas, s.updatedReadyReplicas, s.updatedReplicas);
  const updatedReady = Math.min(s.updatedReadyReplicas, s.updatedReplicas);
  return {
    desired,
    updated: s.updatedReplicas,
    updatedReady,
    updatedAvailable,
    ready: s.readyReplicas,
    available: s.availableReplicas,
    total: s.replicas,
    expectedUpdated: s.expectedUpdatedReplicas,
    partition,
    partitionRaw: w.kind === 'UNITED_DEPLOYMENT' ? partition : strategy.partition,
    paused: strategy.paused,
    fraction: {
      updatedAvailable: frac(updatedAvailable, desired),
      updatedReady: frac(updatedReady, desired),
      updated: frac(s.updatedReplicas, desired),
      expected: frac(s.expectedUpdatedReplicas, desired),
      partitionMark: frac(desired - partition, desired),
    },
    stepDone: observed && updatedReady >= s.expectedUpdatedReplicas,
    done: observed && s.updatedAvailableReplicas >= desired && s.replicas === desired,
    observed,
  };
}
