// What the Rollout reads of its workload (docs/spec/kruise-rollout.md §2.1, §2.16), partition style for a
// CloneSet (revisions as the hash after the name's last '-') and a StatefulSet (the full revision names):
// the stable and canary revisions, the pod template hash, whether the workload rolls back (only while in
// progressing), and the rollout id; and for an apps/v1 Deployment in canary style, the stable ReplicaSet's
// hash, the template's hash, the canary Deployment's ReplicaSet's hash, and a rollback when the stable
// ReplicaSet's template is the Deployment's again; in partition style, the webhook's stable-revision
// label, the template's hash and the new ReplicaSet's. Pure.
import { ROLLOUT_ID_KEY } from '@coxswain/kruise-api';
import type { WorkloadFacts } from './phase.js';

export interface RolloutWorkloadInput {
  kind: 'CloneSet' | 'StatefulSet' | 'Deployment';
  labels: Record<string, string> | undefined;
  generation: number;
  observedGeneration: number;
  replicas: number;
  updatedReplicas: number;
  currentRevision: string;
  updateRevision: string;
  inProgressing: boolean;
  /** A canary-style Deployment (docs/spec/kruise-rollout.md §2.1). */
  deployment?: { stableFound: boolean; stableTemplateEqual: boolean; canaryPodTemplateHash: string };
  /** A partition-style Deployment (docs/spec/kruise-rollout.md §2.1): its new ReplicaSet's pod-template-hash while in progressing. */
  partitionDeployment?: { podTemplateHash: string };
}

export interface RolloutWorkload extends WorkloadFacts {
  replicas: number;
  inRollback: boolean;
  /** docs/spec/kruise-rollout.md §1.5 isRealPartition: false for a canary-style Deployment. */
  realPartition: boolean;
}

const suffix = (revision: string) => revision.slice(revision.lastIndexOf('-') + 1);

export function rolloutWorkload(input: RolloutWorkloadInput): RolloutWorkload {
  if (input.kind === 'Deployment' && input.partitionDeployment) return partitionStyleDeployment(input, input.partitionDeployment.podTemplateHash);
  if (input.kind === 'Deployment') return canaryStyleDeployment(input);
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
    realPartition: true,
  };
}

/**
 * docs/spec/kruise-rollout.md §2.1, "Deployment, partition style": the stable revision is the webhook's
 * stable-revision label, the canary revision the template's hash, the pod template hash the new
 * ReplicaSet's; rolling back while the new ReplicaSet is the stable one.
 */
function partitionStyleDeployment(input: RolloutWorkloadInput, podTemplateHash: string): RolloutWorkload {
  const inRollback = input.inProgressing && input.currentRevision !== '' && input.currentRevision === podTemplateHash;
  const label = input.labels?.[ROLLOUT_ID_KEY] ?? '';
  return {
    generation: input.generation,
    statusConsistent: input.generation === input.observedGeneration,
    inProgressing: input.inProgressing,
    stableRevision: input.currentRevision,
    canaryRevision: input.updateRevision,
    podTemplateHash,
    rolloutId: label !== '' ? label : inRollback ? `rollback-${input.updateRevision}` : input.updateRevision,
    replicas: input.replicas,
    inRollback,
    realPartition: true,
  };
}

/**
 * docs/spec/kruise-rollout.md §2.1, "Deployment, canary style": revisions are pod-template-hashes (the
 * stable ReplicaSet's, the template's); without an active ReplicaSet the workload is not consistent yet.
 */
function canaryStyleDeployment(input: RolloutWorkloadInput): RolloutWorkload {
  const deployment = input.deployment ?? { stableFound: false, stableTemplateEqual: false, canaryPodTemplateHash: '' };
  const inRollback = input.inProgressing && deployment.stableTemplateEqual;
  const label = input.labels?.[ROLLOUT_ID_KEY] ?? '';
  return {
    generation: input.generation,
    statusConsistent: input.generation === input.observedGeneration && deployment.stableFound,
    inProgressing: input.inProgressing,
    stableRevision: input.currentRevision,
    canaryRevision: input.updateRevision,
    podTemplateHash: deployment.canaryPodTemplateHash,
    rolloutId: label !== '' ? label : inRollback ? `rollback-${input.updateRevision}` : input.updateRevision,
    replicas: input.replicas,
    inRollback,
    realPartition: false,
  };
}
