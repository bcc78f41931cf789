// Schemas of Rollout and BatchRelease (docs/spec/kruise-rollout.md §1), in the style of
// kruise-schemas.ts: each struct of Kruise Rollouts' own declares every field of its Go type (closed),
// so anything else is an unknown field, pruned or refused as the apiserver's structural schema would.
// The Gateway API structs inside a step (path, headers, query params, header modifier) are JSON: the
// step's traffic fields are refused by validation anyway (docs/spec/kruise-rollout.md §8.1), in words rather than by shape.
import { objectMeta } from './core-schemas.js';
import type {
  BatchRelease, BatchReleaseCanaryStatus, BatchReleaseStatus, BatchReleaseV1alpha1, BlueGreenStatus, BlueGreenStrategy, CanaryStatus, CanaryStatusV1alpha1,
  CanaryStep, CanaryStepV1alpha1, CanaryStrategy, CanaryStrategyV1alpha1, CheckSample, CheckStatus, HttpRouteMatch, ObjectRef, PatchPodTemplateMetadata,
  ReleasePlan, Rollout, RolloutCondition, RolloutPause, RolloutSpec, RolloutStatus, RolloutStrategy, RolloutV1alpha1, StepAnalysis, StepAnalysisStatus,
  TrafficRoutingRef,
} from './rollout.js';
import type { AnalysisCheck, HttpCheck, PodsCheck, PrometheusCheck, SuccessCondition } from './rollouts/analysis.js';
import { boolean, closedObject, int32, int64, intOrString, json, listOf, string, stringMap, time } from './object-schema.js';

const typeMeta = { apiVersion: string, kind: string, metadata: objectMeta };

const objectRef = closedObject<ObjectRef>({ apiVersion: string, kind: string, name: string });
const pause = closedObject<RolloutPause>({ duration: int32 });
const patchPodTemplateMetadata = closedObject<PatchPodTemplateMetadata>({ annotations: stringMap, labels: stringMap });
const trafficRoutingRef = closedObject<TrafficRoutingRef>({
  service: string,
  gracePeriodSeconds: int32,
  ingress: closedObject<{ classType?: string; name?: string }>({ classType: string, name: string }),
  gateway: closedObject<{ httpRouteName?: string }>({ httpRouteName: string }),
  customNetworkRefs: listOf(objectRef),
});
const condition = closedObject<RolloutCondition>({ type: string, status: string, lastUpdateTime: time, lastTransitionTime: time, reason: string, message: string });

// --- A step's analysis (Coxswain's extension, docs/analysis.md §5), the same in both versions ----

const successCondition = closedObject<SuccessCondition>({ operator: string, value: json });
const stepAnalysis = closedObject<StepAnalysis>({
  checks: listOf(closedObject<AnalysisCheck>({
    name: string,
    prometheus: closedObject<PrometheusCheck>({ address: string, query: string, successCondition }),
    http: closedObject<HttpCheck>({ url: string, jsonPath: string, successCondition }),
    pods: closedObject<PodsCheck>({ readyForSeconds: int32 }),
    timeoutSeconds: int32,
  })),
  onFailure: string,
  intervalSeconds: int32,
});
const stepAnalysisStatus = closedObject<StepAnalysisStatus>({
  stepIndex: int32,
  canaryRevision: string,
  phase: string,
  message: string,
  startedAt: time,
  onFailure: string,
  checks: listOf(closedObject<CheckStatus>({
    name: string, kind: string, phase: string, measured: json, condition: string, reason: string, evaluatedAt: time, consecutiveErrors: int32,
    history: listOf(closedObject<CheckSample>({ at: time, phase: string, measured: json })),
  })),
});

// --- Rollout v1beta1 ----------------------------------------------------------------------------

const canaryStep = closedObject<CanaryStep>({
  replicas: intOrString,
  pause,
  traffic: string,
  requestHeaderModifier: json,
  matches: listOf(closedObject<HttpRouteMatch>({ path: json, headers: listOf(json), queryParams: listOf(json) })),
  analysis: stepAnalysis,
});

const strategyCommon = { steps: listOf(canaryStep), trafficRoutings: listOf(trafficRoutingRef), failureThreshold: intOrString, trafficRoutingRef: string, disableGenerateCanaryService: boolean };

const commonStatus = {
  observedWorkloadGeneration: int64,
  observedRolloutID: string,
  rolloutHash: string,
  stableRevision: string,
  podTemplateHash: string,
  currentStepIndex: int32,
  nextStepIndex: int32,
  finalisingStep: string,
  currentStepState: string,
  message: string,
  lastUpdateTime: time,
};

export const rollout = closedObject<Rollout>({
  ...typeMeta,
  spec: closedObject<RolloutSpec>({
    workloadRef: objectRef,
    strategy: closedObject<RolloutStrategy>({
      paused: boolean,
      canary: closedObject<CanaryStrategy>({ ...strategyCommon, patchPodTemplateMetadata, enableExtraWorkloadForCanary: boolean }),
      blueGreen: closedObject<BlueGreenStrategy>(strategyCommon),
    }),
    disabled: boolean,
  }),
  status: closedObject<RolloutStatus>({
    observedGeneration: int64,
    canaryStatus: closedObject<CanaryStatus>({ ...commonStatus, canaryRevision: string, canaryReplicas: int32, canaryReadyReplicas: int32, analysis: stepAnalysisStatus }),
    blueGreenStatus: closedObject<BlueGreenStatus>({ ...commonStatus, updatedRevision: string, updatedReplicas: int32, updatedReadyReplicas: int32 }),
    conditions: listOf(condition),
    phase: string,
    message: string,
    currentStepIndex: int32,
    currentStepState: string,
  }),
});

// --- Rollout v1alpha1 ---------------------------------------------------------------------------

export const rolloutV1alpha1 = closedObject<RolloutV1alpha1>({
  ...typeMeta,
  spec: closedObject<RolloutV1alpha1['spec']>({
    objectRef: closedObject<RolloutV1alpha1['spec']['objectRef']>({ workloadRef: objectRef }),
    strategy: closedObject<RolloutV1alpha1['spec']['strategy']>({
      paused: boolean,
      canary: closedObject<CanaryStrategyV1alpha1>({
        steps: listOf(closedObject<CanaryStepV1alpha1>({
          weight: int32, replicas: intOrString, pause, requestHeaderModifier: json, matches: listOf(closedObject<{ headers?: unknown[] }>({ headers: listOf(json) })), analysis: stepAnalysis,
        })),
        trafficRoutings: listOf(trafficRoutingRef),
        failureThreshold: intOrString,
        patchPodTemplateMetadata,
        disableGenerateCanaryService: boolean,
      }),
    }),
    rolloutID: string,
    disabled: boolean,
  }),
  status: closedObject<NonNullable<RolloutV1alpha1['status']>>({
    observedGeneration: int64,
    canaryStatus: closedObject<CanaryStatusV1alpha1>({ ...commonStatus, canaryRevision: string, canaryReplicas: int32, canaryReadyReplicas: int32, analysis: stepAnalysisStatus }),
    conditions: listOf(condition),
    phase: string,
    message: string,
  }),
});

// --- BatchRelease -------------------------------------------------------------------------------

const releasePlan = closedObject<ReleasePlan>({
  batches: listOf(closedObject<{ canaryReplicas: unknown }>({ canaryReplicas: intOrString })),
  batchPartition: int32,
  rolloutID: string,
  failureThreshold: intOrString,
  finalizingPolicy: string,
  patchPodTemplateMetadata,
  rollingStyle: string,
  enableExtraWorkloadForCanary: boolean,
});

const batchReleaseStatus = closedObject<BatchReleaseStatus>({
  conditions: listOf(condition),
  canaryStatus: closedObject<BatchReleaseCanaryStatus>({
    batchState: string, currentBatch: int32, batchReadyTime: time, updatedReplicas: int32, updatedReadyReplicas: int32, noNeedUpdateReplicas: int32,
  }),
  stableRevision: string,
  updateRevision: string,
  observedGeneration: int64,
  observedRolloutID: string,
  observedWorkloadReplicas: int32,
  collisionCount: int32,
  observedReleasePlanHash: string,
  phase: string,
  message: string,
});

export const batchRelease = closedObject<BatchRelease>({
  ...typeMeta,
  spec: closedObject<BatchRelease['spec']>({ workloadRef: objectRef, releasePlan }),
  status: batchReleaseStatus,
});

export const batchReleaseV1alpha1 = closedObject<BatchReleaseV1alpha1>({
  ...typeMeta,
  spec: closedObject<BatchReleaseV1alpha1['spec']>({ targetReference: closedObject<{ workloadRef?: ObjectRef }>({ workloadRef: objectRef }), releasePlan }),
  status: batchReleaseStatus,
});
