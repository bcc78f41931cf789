// UnitedDeployment (apps.kruise.io/v1beta1) as a workload kind: the descriptor the API, dashboard and
// hooks read. Its pods belong to its subset workloads; a pod is the UnitedDeployment's when it matches
// the selector and carries a subset label. Its partition is per subset
// (updateStrategy.manualUpdate.partitions); it has no pause. Choosing pods to delete labels them
// specified-delete, which CloneSet and Advanced StatefulSet subsets honour.
import {
  isAdaptive, LABEL_KRUISE_CONTROLLER_REVISION_HASH, LABEL_SPECIFIED_DELETE, LABEL_SUBSET_NAME, matchesSelector, SPECIFIED_DELETE_VALUE,
  subsetTemplateKind, unschedulableDurationMs,
  type Container, type IntOrString, type Lifecycle, type Pod, type PodTemplateSpec, type UnitedDeployment,
} from '@coxswain/kruise-api';
import { podAvailability } from '../pod/pod-state.js';
import { UNITED_DEPLOYMENT_REF } from '../refs.js';
import { lifecycleTimestamp, timestampMillis } from '../pod/time.js';
import { replicasRow, withReplicas, withRevisionTemplate, type TemplatedWorkload } from './common-edits.js';
import { statusSummary } from './status-summary.js';
import { WorkloadMutationError } from './mutation-error.js';
import type { SubsetSummary, WorkloadKindDescriptor } from './types.js';

/**
 * The pod containers of whichever subset template kind is set; none when the template has no pod spec
 * (Kruise validates nothing in a cloneSetTemplate).
 */
function templateContainers(ud: Pick<UnitedDeployment, 'spec'>): Container[] {
  const template = ud.spec?.template;
  const kind = template && subsetTemplateKind(template);
  const podTemplate = kind ? (template[kind]?.spec as { template?: Partial<PodTemplateSpec> | null } | null | undefined)?.template : undefined;
  return podTemplate?.spec?.containers ?? [];
}

function templateSpec(ud: UnitedDeployment): Record<string, unknown> | undefined {
  const kind = subsetTemplateKind(ud.spec.template);
  return kind ? (ud.spec.template[kind]?.spec as unknown as Record<string, unknown>) : undefined;
}

/** The subset workloads' minReadySeconds, as the template gives it. */
function templateMinReadySeconds(ud: UnitedDeployment): number {
  const value = templateSpec(ud)?.['minReadySeconds'];
  return typeof value === 'number' ? value : 0;
}

function subsetSummaries(ud: UnitedDeployment): SubsetSummary[] {
  const topology = ud.spec.topology?.subsets ?? [];
  const statuses = ud.status?.subsetStatuses ?? [];
  const names = [...topology.map((s) => s.name), ...statuses.map((s) => s.name).filter((n) => !topology.some((t) => t.name === n))];
  return names.map((name): SubsetSummary => {
    const spec = topology.find((s) => s.name === name);
    const status = statuses.find((s) => s.name === name);
    const schedulable = status?.conditions?.find((c) => c.type === 'Schedulable');
    const since = timestampMillis(schedulable?.lastTransitionTime);
    const adaptive = isAdaptive(ud.spec.topology?.scheduleStrategy);
    const specifiedPartition = ud.spec.updateStrategy?.manualUpdate?.partitions?.[name];
    return {
      name, replicas: status?.replicas ?? 0, readyReplicas: status?.readyReplicas ?? 0, partition: status?.partition ?? 0, reservedPods: status?.reservedPods ?? 0,
      ...(specifiedPartition !== undefined ? { specifiedPartition } : {}),
      ...(spec?.replicas !== undefined ? { specifiedReplicas: spec.replicas } : {}),
      ...(spec?.minReplicas !== undefined ? { minReplicas: spec.minReplicas } : {}),
      ...(spec?.maxReplicas !== undefined ? { maxReplicas: spec.maxReplicas } : {}),
      ...(spec?.nodeSelectorTerm ? { nodeSelectorTerm: spec.nodeSelectorTerm } : {}),
      ...(schedulable ? { schedulable } : {}),
      ...(adaptive && schedulable?.status === 'False' && since !== undefined ? { recoversAt: lifecycleTimestamp(since + unschedulableDurationMs(ud.spec.topology?.scheduleStrategy)) } : {}),
      removed: spec === undefined,
    };
  });
}

/** The topology's subsets as the last pass allocated them, with the partition applied (0 for Deployments). */
function appliedPartitions(ud: UnitedDeployment): { replicas: number; partition: number }[] {
  const inTopology = new Set((ud.spec.topology?.subsets ?? []).map((s) => s.name));
  const partitioned = subsetTemplateKind(ud.spec.template) !== 'deploymentTemplate';
  return (ud.status?.subsetStatuses ?? []).filter((s) => inTopology.has(s.name)).map((s) => ({ replicas: s.replicas, partition: partitioned ? Math.max(0, s.partition) : 0 }));
}

function checkPartition(ud: UnitedDeployment, partition: IntOrString, subset: string | undefined): void {
  if (typeof partition !== 'number' || !Number.isInteger(partition) || partition < 0) {
    throw new WorkloadMutationError(`partition ${JSON.stringify(partition)} is not a non-negative integer: a UnitedDeployment subset partition counts pods`, [
      { field: 'partition', message: 'a non-negative integer (pods of the subset kept at the previous revision)' },
    ]);
  }
  const names = (ud.spec.topology?.subsets ?? []).map((s) => s.name);
  if (subset !== undefined && !names.includes(subset)) {
    throw new WorkloadMutationError(`subset "${subset}" is not in the topology (subsets: ${names.join(', ')})`, [
      { field: 'subset', message: `not found; subsets: ${names.join(', ')}` },
    ]);
  }
}

/** pauseRollout and resumeRollout: a UnitedDeployment holds its rollout with per-subset partitions instead. */
function noPause(): never {
  throw new WorkloadMutationError('a UnitedDeployment has no pause: hold its rollout with setPartition (per subset)', [
    { field: 'kind', message: 'UNITED_DEPLOYMENT cannot be paused' },
  ]);
}

export const UNITED_DEPLOYMENT_KIND: WorkloadKindDescriptor<UnitedDeployment> = {
  kind: 'UNITED_DEPLOYMENT',
  clusterKind: 'UnitedDeployment',
  ref: UNITED_DEPLOYMENT_REF,
  servedVersions: ['apps.kruise.io/v1beta1', 'apps.kruise.io/v1alpha1'],
  printerColumns: ['DESIRED', 'CURRENT', 'UPDATED', 'READY', 'AGE'],
  printRow: replicasRow,
  ownsPod: (ud, pod) => Boolean(pod.metadata.labels?.[LABEL_SUBSET_NAME]) && matchesSelector(ud.spec.selector, pod.metadata.labels),
  status(ud) {
    const s = ud.status;
    return statusSummary(
      // A UnitedDeployment has no availability of its own: its subsets' ready pods.
      s && { ...s, availableReplicas: s.readyReplicas, updatedAvailableReplicas: s.updatedReadyReplicas, updateRevision: s.updatedRevision },
      { expectedUpdatedReplicas: UNITED_DEPLOYMENT_KIND.expectedUpdatedReplicas(ud) },
    );
  },
  /** Σ over subsets of allocated − partition (Deployments have no partition: all of them). */
  expectedUpdatedReplicas: (ud) => appliedPartitions(ud).reduce((sum, s) => sum + Math.max(0, s.replicas - s.partition), 0),
  /**
   * Σ over subsets of the partition the controller applies (status: the spec's capped at the
   * allocation), not of the spec's: a spec partition above a subset's replicas holds no more pods.
   */
  partitionedReplicas: (ud) => appliedPartitions(ud).reduce((sum, s) => sum + Math.min(s.partition, s.replicas), 0),
  images: (ud) => templateContainers(ud).map((c) => c.image ?? ''),
  replicas: (ud) => ud.spec.replicas ?? 1,
  updateStrategy: (ud) => ud.spec.updateStrategy ?? {},
  lifecycle: (ud) => templateSpec(ud)?.['lifecycle'] as Lifecycle | undefined,
  // A revision's data is the UnitedDeployment's spec.template (the subset template of one kind).
  revisionImages: (revision) => templateContainers(revision.data as unknown as Pick<UnitedDeployment, 'spec'>).map((c) => c.image ?? ''),
  podRevision: (pod) => pod.metadata.labels?.[LABEL_KRUISE_CONTROLLER_REVISION_HASH],
  podSubset: (_ud, pod) => pod.metadata.labels?.[LABEL_SUBSET_NAME],
  subsets: subsetSummaries,
  podAvailability: (ud, pod, now) => podAvailability(pod, templateMinReadySeconds(ud), now),
  isPodUpdated: (ud, pod) => ud.status?.updatedRevision !== undefined && pod.metadata.labels?.[LABEL_KRUISE_CONTROLLER_REVISION_HASH] === ud.status.updatedRevision,
  mutations: {
    setImage(ud, container, image) {
      if (image.trim() === '') throw new WorkloadMutationError('image must not be empty', [{ field: 'image', message: 'must not be empty' }]);
      const next = structuredClone(ud);
      const target = templateContainers(next).find((c) => c.name === container);
      if (!target) {
        const names = templateContainers(next).map((c) => c.name).join(', ');
        throw new WorkloadMutationError(`container "${container}" is not in the pod template (containers: ${names})`, [{ field: 'container', message: `not found; containers: ${names}` }]);
      }
      target.image = image;
      return next;
    },
    setPartition(ud, partition, subset) {
      checkPartition(ud, partition, subset);
      const next = structuredClone(ud);
      const strategy = (next.spec.updateStrategy ??= {});
      strategy.type = 'Manual';
      const manual = (strategy.manualUpdate ??= {});
      const partitions = { ...(manual.partitions ?? {}) };
      for (const s of next.spec.topology?.subsets ?? []) if (subset === undefined || s.name === subset) partitions[s.name] = partition as number;
      manual.partitions = partitions;
      return next;
    },
    pauseRollout: noPause,
    resumeRollout: noPause,
    scaleWorkload: (ud, replicas) => withReplicas(ud as unknown as TemplatedWorkload, replicas) as unknown as UnitedDeployment,
    deletePods(ud, pods: readonly Pod[], scaleDown) {
      const kind = subsetTemplateKind(ud.spec.template);
      if (scaleDown) {
        throw new WorkloadMutationError('a UnitedDeployment allocates replicas per subset, so chosen pods cannot be scaled away; scale the UnitedDeployment instead', [
          { field: 'scaleDown', message: 'not supported for UNITED_DEPLOYMENT' },
        ]);
      }
      if (kind !== 'cloneSetTemplate' && kind !== 'advancedStatefulSetTemplate') {
        throw new WorkloadMutationError(`${kind ?? 'this'} subsets do not honour apps.kruise.io/specified-delete; delete the pods themselves`, [
          { field: 'pods', message: 'only CloneSet and Advanced StatefulSet subsets replace chosen pods' },
        ]);
      }
      const bad = pods.map((p, i) => ({ p, i })).filter(({ p }) => !UNITED_DEPLOYMENT_KIND.ownsPod(ud, p));
      if (bad.length > 0) {
        throw new WorkloadMutationError(`not pods of UnitedDeployment ${ud.metadata.name}: ${bad.map(({ p }) => p.metadata.name).join(', ')}`,
          bad.map(({ p, i }) => ({ field: `pods[${i}]`, message: `${p.metadata.name} is not in a subset of this UnitedDeployment` })));
      }
      const names = [...new Set(pods.map((p) => p.metadata.name!))];
      return { podPatches: names.map((pod) => ({ pod, patch: { metadata: { labels: { [LABEL_SPECIFIED_DELETE]: SPECIFIED_DELETE_VALUE } } } })) };
    },
    rollbackWorkload: (ud, revision) => withRevisionTemplate(ud as unknown as TemplatedWorkload, revision) as unknown as UnitedDeployment,
  },
};
