// The adapters of the three workloads with a partition: CloneSet (pods kept at the old revision,
// rollingUpdate.partition), Advanced StatefulSet and apps/v1 StatefulSet (an ordinal threshold, written
// only with a RollingUpdate strategy; read from the pods with OnDelete). Pure.
import { getValueFromIntOrPercent, LABEL_KRUISE_CONTROLLER_REVISION_HASH, type IntOrString, type Pod } from '@coxswain/kruise-api';
import type { SubsetAdapter, SubsetWorkload, WorkloadSpec } from './types.js';

type Obj = Record<string, unknown>;

function object(parent: Obj, key: string): Obj {
  const value = parent[key];
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Obj;
  const created: Obj = {};
  parent[key] = created;
  return created;
}

const specReplicas = (w: SubsetWorkload) => w.spec.replicas ?? 0;
const status = (w: SubsetWorkload) => ({ replicas: w.status?.replicas ?? 0, readyReplicas: w.status?.readyReplicas ?? 0 });

export const CLONESET_SUBSET: SubsetAdapter = {
  templateKind: 'cloneSetTemplate',
  ref: { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet' },
  kindName: 'CloneSet',
  hasPartition: true,
  specReplicas,
  status,
  currentPartition(w) {
    const rolling = (w.spec['updateStrategy'] as Obj | undefined)?.['rollingUpdate'] as Obj | undefined;
    const partition = rolling?.['partition'] as IntOrString | undefined;
    return partition === undefined || partition === null ? 0 : getValueFromIntOrPercent(partition, specReplicas(w), true);
  },
  applyPartition(spec, partition) {
    object(object(spec, 'updateStrategy'), 'rollingUpdate')['partition'] = partition;
  },
  setMaxUnavailable(spec, value) {
    object(object(spec, 'updateStrategy'), 'rollingUpdate')['maxUnavailable'] = value;
  },
};

/** OnDelete: pods not at the workload's own UD revision; RollingUpdate: rollingUpdate.partition. */
function statefulSetPartition(w: SubsetWorkload, pods: readonly Pod[]): number {
  const strategy = w.spec['updateStrategy'] as Obj | undefined;
  if (strategy?.['type'] === 'OnDelete') {
    const revision = w.metadata.labels?.[LABEL_KRUISE_CONTROLLER_REVISION_HASH];
    return pods.filter((p) => p.metadata.labels?.[LABEL_KRUISE_CONTROLLER_REVISION_HASH] !== revision).length;
  }
  const partition = (strategy?.['rollingUpdate'] as Obj | undefined)?.['partition'];
  return typeof partition === 'number' ? partition : 0;
}

function rollsUpdates(spec: WorkloadSpec): boolean {
  const type = (spec['updateStrategy'] as Obj | undefined)?.['type'];
  return type === undefined || type === null || type === '' || type === 'RollingUpdate';
}

/** Both StatefulSets: the partition under updateStrategy.rollingUpdate, written only while they roll updates. */
function statefulSetSubset(
  templateKind: SubsetAdapter['templateKind'], ref: SubsetAdapter['ref'], kindName: string, writeType: boolean,
): SubsetAdapter {
  return {
    templateKind,
    ref,
    kindName,
    hasPartition: true,
    specReplicas,
    status,
    currentPartition: statefulSetPartition,
    applyPartition(spec, partition) {
      if (!rollsUpdates(spec)) return;
      const strategy = object(spec, 'updateStrategy');
      if (writeType) strategy['type'] = 'RollingUpdate';
      object(strategy, 'rollingUpdate')['partition'] = partition;
    },
    setMaxUnavailable(spec, value) {
      object(object(spec, 'updateStrategy'), 'rollingUpdate')['maxUnavailable'] = value;
    },
  };
}

export const ADVANCED_STATEFULSET_SUBSET = statefulSetSubset('advancedStatefulSetTemplate', { apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet' }, 'Advanced StatefulSet', false);

/** apps/v1 StatefulSet: the partition also spells out type RollingUpdate. */
export const STATEFULSET_SUBSET = statefulSetSubset('statefulSetTemplate', { apiVersion: 'apps/v1', kind: 'StatefulSet' }, 'StatefulSet', true);
