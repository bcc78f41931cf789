// Schemas of the Kruise kinds (CloneSet in both versions, Advanced StatefulSet, UnitedDeployment) and the
// types they share (pub.ts), one entry per declared field. Each struct declares every field of its
// OpenKruise v1.9 Go type (closed), so anything else in it is an unknown field, pruned or refused as
// the apiserver's structural schema would; the core types inside (pod templates, selectors) declare
// their upstream types' fields (core-schemas.ts, upstream-schemas.ts). Values that only Kruise's webhook judges
// (update strategy types, partitions, percentages) are left to the kind's validation, which names
// them in Kruise's words; here only their JSON type is checked.
import type { CloneSet, CloneSetCondition, CloneSetInPlaceUpdateStrategy, CloneSetRollingUpdateStrategy, CloneSetScaleStrategy, CloneSetSpec, CloneSetStatus, CloneSetUpdateStrategy, CloneSetV1alpha1, CloneSetV1alpha1ScaleStrategy, CloneSetV1alpha1Spec, CloneSetV1alpha1UpdateStrategy } from './cloneset.js';
import type { InPlaceUpdateStrategy, Lifecycle, LifecycleHook, UpdatePriorityOrderTerm, UpdatePriorityStrategy, UpdatePriorityWeightTerm, UpdateScatterTerm } from './pub.js';
import type {
  RollingUpdateStatefulSetStrategy, StatefulSet, StatefulSetCondition, StatefulSetOrdinals, StatefulSetScaleStrategy, StatefulSetSpec,
  StatefulSetStatus, StatefulSetUpdateStrategy, UnorderedUpdateStrategy, VolumeClaimStatus, VolumeClaimUpdateStrategy,
} from './statefulset.js';
import type {
  AdaptiveUnitedDeploymentStrategy, AdvancedStatefulSetTemplateSpec, CloneSetTemplateSpec, DeploymentTemplateSpec, ManualUpdate,
  StatefulSetTemplateSpec, Subset, SubsetCondition, SubsetTemplate, Topology, UnitedDeployment, UnitedDeploymentCondition,
  UnitedDeploymentScheduleStrategy, UnitedDeploymentStatus, UnitedDeploymentSubsetStatus, UnitedDeploymentUpdateStrategy,
  UnitedDeploymentV1alpha1, UnitedDeploymentV1alpha1Status, UpdateStatus,
} from './uniteddeployment.js';
import {
  deploymentSpec, labelSelector, nativeStatefulSetSpec, nodeSelectorTerm, objectMeta, persistentVolumeClaimRetentionPolicy,
  persistentVolumeClaimTemplate, podTemplateSpec, toleration,
} from './core-schemas.js';
import { boolean, closedObject, int32, int64, intOrString, json, listOf, mapOf, string, stringList, stringMap, time, type Schema } from './object-schema.js';

const typeMeta = { apiVersion: string, kind: string, metadata: objectMeta };

// --- shared Kruise types (pub) ------------------------------------------------------------------

const lifecycleHook = closedObject<LifecycleHook>({ labelsHandler: stringMap, finalizersHandler: stringList, markPodNotReady: boolean });

const lifecycle = closedObject<Lifecycle>({ preDelete: lifecycleHook, inPlaceUpdate: lifecycleHook, preNormal: lifecycleHook });

const priorityStrategy = closedObject<UpdatePriorityStrategy>({
  weightPriority: listOf(closedObject<UpdatePriorityWeightTerm>({ weight: int32, matchSelector: labelSelector })),
  orderPriority: listOf(closedObject<UpdatePriorityOrderTerm>({ orderedKey: string })),
});

const scatterStrategy = listOf(closedObject<UpdateScatterTerm>({ key: string, value: string }));

const inPlaceUpdateStrategy = closedObject<InPlaceUpdateStrategy>({ gracePeriodSeconds: int32 });

// --- CloneSet -----------------------------------------------------------------------------------

const cloneSetSpecBase = {
  replicas: int32,
  selector: labelSelector,
  template: podTemplateSpec,
  volumeClaimTemplates: listOf(persistentVolumeClaimTemplate),
  revisionHistoryLimit: int32,
  minReadySeconds: int32,
  lifecycle,
  progressDeadlineSeconds: int32,
};

const rollingFields = {
  partition: intOrString,
  maxUnavailable: intOrString,
  maxSurge: intOrString,
  paused: boolean,
  priorityStrategy,
  scatterStrategy,
};

const cloneSetSpec = closedObject<CloneSetSpec>({
  ...cloneSetSpecBase,
  scaleStrategy: closedObject<CloneSetScaleStrategy>({ podsToDelete: stringList, maxUnavailable: intOrString, enablePVCReuse: boolean, excludePreparingDelete: boolean }),
  updateStrategy: closedObject<CloneSetUpdateStrategy>({
    type: string,
    rollingUpdate: closedObject<CloneSetRollingUpdateStrategy>({
      ...rollingFields,
      podUpdatePolicy: string,
      inPlaceUpdateStrategy: closedObject<CloneSetInPlaceUpdateStrategy>({
        gracePeriodSeconds: int32, imagePreDownloadParallelism: intOrString, imagePreDownloadTimeoutSeconds: int32, imagePreDownloadMinUpdatedReadyPods: int32,
      }),
    }),
  }),
});

const cloneSetV1alpha1Spec = closedObject<CloneSetV1alpha1Spec>({
  ...cloneSetSpecBase,
  scaleStrategy: closedObject<CloneSetV1alpha1ScaleStrategy>({ podsToDelete: stringList, maxUnavailable: intOrString, disablePVCReuse: boolean }),
  updateStrategy: closedObject<CloneSetV1alpha1UpdateStrategy>({ ...rollingFields, type: string, inPlaceUpdateStrategy }),
});

const cloneSetStatus = closedObject<CloneSetStatus>({
  observedGeneration: int64,
  replicas: int32,
  readyReplicas: int32,
  availableReplicas: int32,
  updatedReplicas: int32,
  updatedReadyReplicas: int32,
  updatedAvailableReplicas: int32,
  expectedUpdatedReplicas: int32,
  updateRevision: string,
  currentRevision: string,
  collisionCount: int32,
  conditions: listOf(closedObject<CloneSetCondition>({ ...conditionFields(), type: string })),
  labelSelector: string,
});

export const cloneSet = closedObject<CloneSet>({ ...typeMeta, spec: cloneSetSpec, status: cloneSetStatus });
export const cloneSetV1alpha1 = closedObject<CloneSetV1alpha1>({ ...typeMeta, spec: cloneSetV1alpha1Spec, status: cloneSetStatus });

function conditionFields() {
  return { status: string, lastTransitionTime: time, lastUpdateTime: time, reason: string, message: string };
}

// --- Advanced StatefulSet -----------------------------------------------------------------------

const statefulSetSpec = closedObject<StatefulSetSpec>({
  replicas: int32,
  selector: labelSelector,
  template: podTemplateSpec,
  volumeClaimTemplates: listOf(persistentVolumeClaimTemplate),
  volumeClaimUpdateStrategy: closedObject<VolumeClaimUpdateStrategy>({ type: string }),
  serviceName: string,
  podManagementPolicy: string,
  updateStrategy: closedObject<StatefulSetUpdateStrategy>({
    type: string,
    rollingUpdate: closedObject<RollingUpdateStatefulSetStrategy>({
      partition: int32,
      maxUnavailable: intOrString,
      podUpdatePolicy: string,
      paused: boolean,
      unorderedUpdate: closedObject<UnorderedUpdateStrategy>({ priorityStrategy }),
      inPlaceUpdateStrategy,
      minReadySeconds: int32,
    }),
  }),
  revisionHistoryLimit: int32,
  reserveOrdinals: listOf(intOrString),
  lifecycle,
  scaleStrategy: closedObject<StatefulSetScaleStrategy>({ maxUnavailable: intOrString }),
  persistentVolumeClaimRetentionPolicy,
  ordinals: closedObject<StatefulSetOrdinals>({ start: int32 }),
});

const statefulSetStatus = closedObject<StatefulSetStatus>({
  observedGeneration: int64,
  replicas: int32,
  readyReplicas: int32,
  availableReplicas: int32,
  currentReplicas: int32,
  updatedReplicas: int32,
  updatedReadyReplicas: int32,
  updatedAvailableReplicas: int32,
  currentRevision: string,
  updateRevision: string,
  collisionCount: int32,
  conditions: listOf(closedObject<StatefulSetCondition>({ type: string, status: string, lastTransitionTime: time, reason: string, message: string })),
  labelSelector: string,
  volumeClaims: listOf(closedObject<VolumeClaimStatus>({ volumeClaimName: string, compatibleReplicas: int32, compatibleReadyReplicas: int32 })),
});

export const statefulSet = closedObject<StatefulSet>({ ...typeMeta, spec: statefulSetSpec, status: statefulSetStatus });

// --- UnitedDeployment ---------------------------------------------------------------------------

const subsetTemplate = closedObject<SubsetTemplate>({
  statefulSetTemplate: closedObject<StatefulSetTemplateSpec>({ metadata: objectMeta, spec: nativeStatefulSetSpec }),
  advancedStatefulSetTemplate: closedObject<AdvancedStatefulSetTemplateSpec>({ metadata: objectMeta, spec: statefulSetSpec }),
  cloneSetTemplate: closedObject<CloneSetTemplateSpec>({ metadata: objectMeta, spec: cloneSetSpec }),
  deploymentTemplate: closedObject<DeploymentTemplateSpec>({ metadata: objectMeta, spec: deploymentSpec }),
});

const unitedDeploymentSpec = closedObject<UnitedDeployment['spec']>({
  replicas: int32,
  selector: labelSelector,
  template: subsetTemplate,
  topology: closedObject<Topology>({
    subsets: listOf(closedObject<Subset>({
      name: string,
      nodeSelectorTerm,
      tolerations: listOf(toleration),
      replicas: intOrString,
      minReplicas: intOrString,
      maxReplicas: intOrString,
      patch: json,
    })),
    scheduleStrategy: closedObject<UnitedDeploymentScheduleStrategy>({
      type: string,
      adaptive: closedObject<AdaptiveUnitedDeploymentStrategy>({ rescheduleCriticalSeconds: int32, unschedulableDuration: int32, reserveUnschedulablePods: boolean }),
    }),
  }),
  updateStrategy: closedObject<UnitedDeploymentUpdateStrategy>({
    type: string,
    manualUpdate: closedObject<ManualUpdate>({ partitions: mapOf(int32) }),
  }),
  revisionHistoryLimit: int32,
});

const unitedDeploymentStatusBase = {
  observedGeneration: int64,
  replicas: int32,
  readyReplicas: int32,
  updatedReplicas: int32,
  updatedReadyReplicas: int32,
  reservedPods: int32,
  collisionCount: int32,
  currentRevision: string,
  conditions: listOf(closedObject<UnitedDeploymentCondition>({ type: string, status: string, lastTransitionTime: time, reason: string, message: string })),
  labelSelector: string,
};

const subsetStatuses = listOf(closedObject<UnitedDeploymentSubsetStatus>({
  name: string,
  replicas: int32,
  readyReplicas: int32,
  partition: int32,
  reservedPods: int32,
  conditions: listOf(closedObject<SubsetCondition>({ type: string, status: string, lastTransitionTime: time, reason: string, message: string })),
}));

const unitedDeploymentStatus = closedObject<UnitedDeploymentStatus>({ ...unitedDeploymentStatusBase, updatedRevision: string, subsetStatuses });

const unitedDeploymentV1alpha1Status = closedObject<UnitedDeploymentV1alpha1Status>({
  ...unitedDeploymentStatusBase,
  subsetReplicas: mapOf(int32),
  updateStatus: closedObject<UpdateStatus>({ updatedRevision: string, currentPartitions: mapOf(int32) }),
  subsetStatuses,
});

export const unitedDeployment = closedObject<UnitedDeployment>({ ...typeMeta, spec: unitedDeploymentSpec, status: unitedDeploymentStatus });
export const unitedDeploymentV1alpha1 = closedObject<UnitedDeploymentV1alpha1>({ ...typeMeta, spec: unitedDeploymentSpec, status: unitedDeploymentV1alpha1Status });

export type { Schema };
