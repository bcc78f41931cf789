// Advanced StatefulSet (apps.kruise.io/v1beta1) as a workload kind: the descriptor the API, dashboard
// and hooks read. Its partition is an ordinal count; deleting chosen pods labels them
// `apps.kruise.io/specified-delete` (they come back at the same ordinal), or with scaleDown reserves
// their ordinals and lowers replicas (docs/spec/advanced-statefulset.md §2.1, §4.7).
import {
  LABEL_SPECIFIED_DELETE, SPECIFIED_DELETE_VALUE,
  type IntOrString, type Pod, type RollingUpdateStatefulSetStrategy, type StatefulSet,
} from '@coxswain/kruise-api';
import { podRevision } from '../statefulset/plan/update-order.js';
import { KRUISE_STATEFULSET, statefulSetView } from '../statefulset/plan/flavor.js';
import { isMemberOf, podOrdinal } from '../statefulset/plan/identity.js';
import { availability } from '../statefulset/plan/pod-health.js';
import { availableAt } from '../pod/pod-state.js';
import { controlledBy, replicasRow, withImage, withReplicas, withRevisionTemplate } from './common-edits.js';
import { heldBack } from './held-back.js';
import { statusSummary } from './status-summary.js';
import { WorkloadMutationError } from './mutation-error.js';
import type { WorkloadKindDescriptor } from './types.js';

function rollingUpdate(set: StatefulSet, what: string): RollingUpdateStatefulSetStrategy {
  const strategy = (set.spec.updateStrategy ??= {});
  if (strategy.type === 'OnDelete') {
    throw new WorkloadMutationError(`updateStrategy OnDelete has no ${what}; pods change revision only when deleted`, [
      { field: 'spec.updateStrategy.type', message: `OnDelete has no ${what}` },
    ]);
  }
  return (strategy.rollingUpdate ??= {});
}

function withPaused(set: StatefulSet, paused: boolean): StatefulSet {
  const next = structuredClone(set);
  rollingUpdate(next, 'pause').paused = paused;
  return next;
}

export const STATEFULSET_KIND: WorkloadKindDescriptor<StatefulSet> = {
  kind: 'STATEFUL_SET',
  clusterKind: 'StatefulSet',
  ref: KRUISE_STATEFULSET.ref,
  servedVersions: ['apps.kruise.io/v1beta1', 'apps.kruise.io/v1alpha1'],
  printerColumns: ['DESIRED', 'CURRENT', 'UPDATED', 'READY', 'AGE'],
  printRow: replicasRow,
  ownsPod: controlledBy,
  status: (set) => statusSummary(set.status, { currentReplicas: set.status?.currentReplicas ?? 0 }),
  expectedUpdatedReplicas(set) {
    const replicas = set.spec.replicas ?? 1;
    const rolling = set.spec.updateStrategy?.rollingUpdate;
    return rolling ? Math.max(0, replicas - (rolling.partition ?? 0)) : replicas;
  },
  partitionedReplicas: (set) => heldBack(set.spec.replicas ?? 1, STATEFULSET_KIND.expectedUpdatedReplicas(set)),
  images: (set) => set.spec.template.spec.containers.map((c) => c.image ?? ''),
  replicas: (set) => set.spec.replicas ?? 1,
  updateStrategy: (set) => set.spec.updateStrategy ?? {},
  lifecycle: (set) => set.spec.lifecycle,
  podOrdinal: (set, pod) => (isMemberOf(set, pod) ? podOrdinal(pod) : undefined),
  podAvailability: (set, pod, now) => {
    const minReadySeconds = statefulSetView(set, KRUISE_STATEFULSET).minReadySeconds;
    const { available, waitMs } = availability(pod, minReadySeconds, now);
    // waitMs: held back by minReadySeconds alone (its Ready time may be unknown: then no moment is known).
    return waitMs === undefined ? { available } : { available, at: availableAt(pod, minReadySeconds) };
  },
  isPodUpdated: (set, pod) => set.status?.updateRevision !== undefined && podRevision(pod) === set.status.updateRevision,
  mutations: {
    setImage: withImage,
    setPartition(set, partition: IntOrString) {
      if (typeof partition !== 'number' || !Number.isInteger(partition) || partition < 0) {
        throw new WorkloadMutationError(`partition ${JSON.stringify(partition)} is not a non-negative integer: an Advanced StatefulSet partition is an ordinal count`, [
          { field: 'partition', message: 'a non-negative integer (pods below this ordinal index keep the current revision)' },
        ]);
      }
      const next = structuredClone(set);
      rollingUpdate(next, 'partition').partition = partition;
      return next;
    },
    pauseRollout: (set) => withPaused(set, true),
    resumeRollout: (set) => withPaused(set, false),
    scaleWorkload: withReplicas,
    deletePods(set, pods: readonly Pod[], scaleDown) {
      const bad = pods.map((p, i) => ({ p, i })).filter(({ p }) => !isMemberOf(set, p));
      if (bad.length > 0) {
        throw new WorkloadMutationError(`not pods of StatefulSet ${set.metadata.name}: ${bad.map(({ p }) => p.metadata.name).join(', ')}`,
          bad.map(({ p, i }) => ({ field: `pods[${i}]`, message: `${p.metadata.name} is not <name>-<ordinal> of this StatefulSet` })));
      }
      if (!scaleDown) {
        const names = [...new Set(pods.map((p) => p.metadata.name!))];
        return { podPatches: names.map((pod) => ({ pod, patch: { metadata: { labels: { [LABEL_SPECIFIED_DELETE]: SPECIFIED_DELETE_VALUE } } } })) };
      }
      const next = structuredClone(set);
      const reserved = next.spec.reserveOrdinals ?? [];
      const added = [...new Set(pods.map(podOrdinal))].filter((o) => !reserved.includes(o)).sort((a, b) => a - b);
      next.spec.reserveOrdinals = [...reserved, ...added];
      next.spec.replicas = Math.max(0, (next.spec.replicas ?? 1) - added.length);
      return { workload: next, podPatches: [] };
    },
    rollbackWorkload: withRevisionTemplate,
  },
};
