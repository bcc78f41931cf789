// Schemas of the Kruise kinds (CloneSet in both versions, Advanced StatefulSet, UnitedDeployment) and the
// types they share (pub.ts), one entry per declared field. Values that only Kruise's webhook judges
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
import { boolean, int32, int64, intOrString, json, listOf, mapOf, object, string, stringList, stringMap, time, type Schema } from './object-schema.js';

const typeMeta = { apiVersion: string, kind: string, metadata: objectMeta };

// --- shared Kruise types (pub) ------------------------------------------------------------------

const lifecycleHook = object<LifecycleHook>({ labelsHandler: stringMap, finalizersHandler: stringList, markPodNotReady: boolean });

const lifecycle = object<Lifecycle>({ preDelete: lifecycleHook, inPlaceUpdate: lifecycleHook, preNormal: lifecycleHook });

const priorityStrategy = object<UpdatePriorityStrategy>({
  weightPriority: listOf(object<UpdatePriorityWeightTerm>({ weight: int32, matchSelector: labelSelector })),
  orderPriority: listOf(object<UpdatePriorityOrderTerm>({ orderedKey: string })),
});

const scatterStrategy = listOf(object<UpdateScatterTerm>({ key: string, value: string }));

const inPlaceUpdateStrategy = object<InPlaceUpdateStrategy>({ gracePeriodSeconds: int32 });

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

const cloneSetSpec = object<CloneSetSpec>({
  ...cloneSetSpecBase,
  scaleStrategy: object<CloneSetScaleStrategy>({ podsToDelete: stringList, maxUnavailable: intOrString, enablePVCReuse: boolean, excludePreparingDelete: boolean }),
  updateStrategy: object<CloneSetUpdateStrategy>({
    type: string,
    rollingUpdate: object<CloneSetRollingUpdateStrategy>({
      ...rollingFields,
      podUpdatePolicy: string,
      inPlaceUpdateStrategy: object<CloneSetInPlaceUpdateStrategy>({
        gracePeriodSeconds: int32, imagePreDownloadParallelism: intOrString, imagePreDownloadTimeoutSeconds: int32, imagePreDownloadMinUpdatedReadyPods: int32,
      }),
    }),
  }),
});

const cloneSetV1alpha1Spec = object<CloneSetV1alpha1Spec>({
  ...cloneSetSpecBase,
  scaleStrategy: object<CloneSetV1alpha1ScaleStrategy>({ podsToDelete: stringList, maxUnavailable: intOrString, disablePVCReuse: boolean }),
  updateStrategy: object<CloneSetV1alpha1UpdateStrategy>({ ...rollingFields, type: string, inPlaceUpdateStrategy }),
});

const cloneSetStatus = object<CloneSetStatus>({
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
  conditions: listOf(object<CloneSetCondition>({ ...conditionFields(), type: string })),
  labelSelector: string,
});

export const cloneSet = object<CloneSet>({ ...typeMeta, spec: cloneSetSpec, status: cloneSetStatus });
export const cloneSetV1alpha1 = object<CloneSetV1alpha1>({ ...typeMeta, spec: cloneSetV1alpha1Spec, status: cloneSetStatus });

function conditionFields() {
  return { status: string, lastTransitionTime: time, lastUpdateTime: time, reason: string, message: string };
}

// --- Advanced StatefulSet -----------------------------------------------------------------------

const statefulSetSpec = object<StatefulSetSpec>({
  replicas: int32,
  selector: labelSelector,
  template: podTemplateSpec,
  volumeClaimTemplates: listOf(persistentVolumeClaimTemplate),
  volumeClaimUpdateStrategy: object<VolumeClaimUpdateStrategy>({ type: string }),
  serviceName: string,
  podManagementPolicy: string,
  updateStrategy: object<StatefulSetUpdateStrategy>({
    type: string,
    rollingUpdate: object<RollingUpdateStatefulSetStrategy>({
      partition: int32,
      maxUnavailable: intOrString,
      podUpdatePolicy: string,
      paused: boolean,
      unorderedUpdate: object<UnorderedUpdateStrategy>({ priorityStrategy }),
      inPlaceUpdateStrategy,
      minReadySeconds: int32,
    }),
  }),
  revisionHistoryLimit: int32,
  reserveOrdinals: listOf(intOrString),
  lifecycle,
  scaleStrategy: object<StatefulSetScaleStrategy>({ maxUnavailable: intOrString }),
  persistentVolumeClaimRetentionPolicy,
  ordinals: object<StatefulSetOrdinals>({ start: int32 }),
});

const statefulSetStatus = object<StatefulSetStatus>({
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
  conditions: listOf(object<StatefulSetCondition>({ type: string, status: string, lastTransitionTime: time, reason: string, message: string })),
  labelSelector: string,
  volumeClaims: listOf(object<VolumeClaimStatus>({ volumeClaimName: string, compatibleReplicas: int32, compatibleReadyReplicas: int32 })),
});

export const statefulSet = object<StatefulSet>({ ...typeMeta, spec: statefulSetSpec, status: statefulSetStatus });

// --- UnitedDeployment ---------------------------------------------------------------------------

const subsetTemplate = object<SubsetTemplate>({
  statefulSetTemplate: object<StatefulSetTemplateSpec>({ metadata: objectMeta, spec: nativeStatefulSetSpec }),
  advancedStatefulSetTemplate: object<AdvancedStatefulSetTemplateSpec>({ metadata: objectMeta, spec: statefulSetSpec }),
  cloneSetTemplate: object<CloneSetTemplateSpec>({ metadata: objectMeta, spec: cloneSetSpec }),
  deploymentTemplate: object<DeploymentTemplateSpec>({ metadata: objectMeta, spec: deploymentSpec }),
});

const unitedDeploymentSpec = object<UnitedDeployment['spec']>({
  replicas: int32,
  selector: labelSelector,
  template: subsetTemplate,
  topology: object<Topology>({
    subsets: listOf(object<Subset>({
      name: string,
      nodeSelectorTerm,
      tolerations: listOf(toleration),
      replicas: intOrString,
      minReplicas: intOrString,
      maxReplicas: intOrString,
      patch: json,
    })),
    scheduleStrategy: object<UnitedDeploymentScheduleStrategy>({
      type: string,
      adaptive: object<AdaptiveUnitedDeploymentStrategy>({ rescheduleCriticalSeconds: int32, unschedulableDuration: int32, reserveUnschedulablePods: boolean }),
    }),
  }),
  updateStrategy: object<UnitedDeploymentUpdateStrategy>({
    type: string,
    manualUpdate: object<ManualUpdate>({ partitions: mapOf(int32) }),
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
  conditions: listOf(object<UnitedDeploymentCondition>({ type: string, status: string, lastTransitionTime: time, reason: string, message: string })),
  labelSelector: string,
};

const subsetStatuses = listOf(object<UnitedDeploymentSubsetStatus>({
  name: string,
  replicas: int32,
  readyReplicas: int32,
  partition: int32,
  reservedPods: int32,
  conditions: listOf(object<SubsetCondition>({ type: string, status: string, lastTransitionTime: time, reason: string, message: string })),
}));

const unitedDeploymentStatus = object<UnitedDeploymentStatus>({ ...unitedDeploymentStatusBase, updatedRevision: string, subsetStatuses });

const unitedDeploymentV1alpha1Status = object<UnitedDeploymentV1alpha1Status>({
  ...unitedDeploymentStatusBase,
  subsetReplicas: mapOf(int32),
  updateStatus: object<UpdateStatus>({ updatedRevision: string, currentPartitions: mapOf(int32) }),
  subsetStatuses,
});

export const unitedDeployment = object<UnitedDeployment>({ ...typeMeta, spec: unitedDeploymentSpec, status: unitedDeploymentStatus });
export const unitedDeploymentV1alpha1 = object<UnitedDeploymentV1alpha1>({ ...typeMeta, spec: unitedDeploymentSpec, status: unitedDeploymentV1alpha1Status });

export type { Schema };
