// CloneSet (apps.kruise.io/v1beta1) as a workload kind: the descriptor the API, dashboard and hooks read.
import {
  LABEL_CLONESET_INSTANCE_ID, parseIntOrPercentForValidation,
  type CloneSet, type CloneSetRollingUpdateStrategy, type IntOrString, type Pod,
} from '@coxswain/kruise-api';
import { expectedUpdatedReplicas } from '../cloneset/plan/status.js';
import { podAvailability } from '../pod/pod-state.js';
import { CLONESET_REF } from '../refs.js';
import { podAtRevision } from '../revision/revision-match.js';
import { column, controlledBy, withImage, withReplicas, withRevisionTemplate } from './common-edits.js';
import { heldBack } from './held-back.js';
import { ageColumn } from './age-column.js';
import { statusSummary } from './status-summary.js';
import { WorkloadMutationError } from './mutation-error.js';
import type { WorkloadKindDescriptor } from './types.js';

function rollingUpdate(cs: CloneSet): CloneSetRollingUpdateStrategy {
  const strategy = (cs.spec.updateStrategy ??= {});
  return (strategy.rollingUpdate ??= {});
}

function withPaused(cs: CloneSet, paused: boolean): CloneSet {
  const next = structuredClone(cs);
  rollingUpdate(next).paused = paused;
  return next;
}

function checkPartition(partition: IntOrString): void {
  const parsed = parseIntOrPercentForValidation(partition, 100, true);
  if (parsed.error !== undefined || parsed.value < 0) {
    throw new WorkloadMutationError(`partition ${JSON.stringify(partition)} is neither a non-negative integer nor a percentage such as "40%"`, [
      { field: 'partition', message: 'a non-negative integer (pods) or a percentage such as "40%"' },
    ]);
  }
}

export const CLONESET_KIND: WorkloadKindDescriptor<CloneSet> = {
  kind: 'CLONE_SET',
  clusterKind: 'CloneSet',
  ref: CLONESET_REF,
  servedVersions: ['apps.kruise.io/v1beta1', 'apps.kruise.io/v1alpha1'],
  printerColumns: ['DESIRED', 'UPDATED', 'UPDATED_READY', 'UPDATED_AVAILABLE', 'READY', 'TOTAL', 'AGE'],
  printRow(cs, now) {
    const s = cs.status;
    return [
      column(cs.spec.replicas), column(s?.updatedReplicas), column(s?.updatedReadyReplicas), column(s?.updatedAvailableReplicas),
      column(s?.readyReplicas), column(s?.replicas), ageColumn(cs, now),
    ];
  },
  ownsPod: controlledBy,
  status: (cs) => statusSummary(cs.status, { expectedUpdatedReplicas: cs.status?.expectedUpdatedReplicas ?? 0 }, (c) => c.lastTransitionTime ?? c.lastUpdateTime),
  expectedUpdatedReplicas: (cs) => expectedUpdatedReplicas(cs),
  partitionedReplicas: (cs) => heldBack(cs.spec.replicas ?? 1, expectedUpdatedReplicas(cs)),
  images: (cs) => cs.spec.template.spec.containers.map((c) => c.image ?? ''),
  replicas: (cs) => cs.spec.replicas ?? 1,
  updateStrategy: (cs) => cs.spec.updateStrategy ?? {},
  lifecycle: (cs) => cs.spec.lifecycle,
  podInstanceId: (_cs, pod) => pod.metadata.labels?.[LABEL_CLONESET_INSTANCE_ID],
  podAvailability: (cs, pod, now) => podAvailability(pod, cs.spec.minReadySeconds ?? 0, now),
  isPodUpdated: (cs, pod) => podAtRevision(pod, cs.status?.updateRevision ?? ''),
  mutations: {
    setImage: withImage,
    setPartition(cs, partition) {
      checkPartition(partition);
      const next = structuredClone(cs);
      rollingUpdate(next).partition = partition;
      return next;
    },
    pauseRollout: (cs) => withPaused(cs, true),
    resumeRollout: (cs) => withPaused(cs, false),
    scaleWorkload: withReplicas,
    deletePods(cs, pods: readonly Pod[], scaleDown) {
      const next = structuredClone(cs);
      const strategy = (next.spec.scaleStrategy ??= {});
      const listed = strategy.podsToDelete ?? [];
      const added = [...new Set(pods.map((p) => p.metadata.name!))].filter((n) => !listed.includes(n));
      strategy.podsToDelete = [...listed, ...added];
      if (scaleDown) next.spec.replicas = Math.max(0, (next.spec.replicas ?? 1) - added.length);
      return { workload: next, podPatches: [] };
    },
    rollbackWorkload: withRevisionTemplate,
  },
};

