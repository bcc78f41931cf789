// What the Rollout reads of its workload (docs/spec/kruise-rollout.md §2.1, §2.16), partition style for a
// CloneSet (revisions as the hash after the name's last '-') and a StatefulSet (the full revision names):
// the stable and canary revisions, the pod template hash, whether the workload rolls back (only while in
// progressing), and the rollout id. Pure.
import { ROLLOUT_ID_KEY } from '@coxswain/kruise-api';
import type { WorkloadFacts } from './phase.js';

export interface RolloutWorkloadInput {
  kind: 'CloneSet' | 'StatefulSet';
  labels: Record<string, string> | undefined;
  generation: number;
  observedGeneration: number;
  replicas: number;
  updatedReplicas: number;
  currentRevision: string;
  updateRevision: string;
  inProgressing: boolean;
}

export interface RolloutWorkload extends WorkloadFacts {
  replicas: number;
  inRollback: boolean;
}

const suffix = (revision: string) => revision.slice(revision.lastIndexOf('-') + 1);

export function rolloutWorkload(input: RolloutWorkloadInput): RolloutWorkload {
  const cloneSet = input.kind === 'CloneSet';
  const stableRevision = cloneSet ? suffix(input.currentRevision) : input.currentRevision;
  const canaryRevision = cloneSet ? suffix(input.updateRevision) : input.updateRevision;
  const inRollback = input.inProgressing && input.currentRevision === input.updateRevision && input.updatedReplicas !== input.replicas;
  const label = input.labels?.[ROLLOUT_ID_KEY] ?? '';
  return {
    generation: input.generation,
    statusConsistent: input.generation === input.observedGeneration,
    inProgressing: input.inProgressing,
    stableRevision,
    canaryRevision,
    podTemplateHash: canaryRevision,
    rolloutId: label !== '' ? label : inRollback ? `rollback-${canaryRevision}` : canaryRevision,
    replicas: input.replicas,
    inRollback,
  };
}
