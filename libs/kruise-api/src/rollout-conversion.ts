// Rollout and BatchRelease between v1alpha1 and v1beta1, as api/v1alpha1/conversion.go does
// (docs/spec/kruise-rollout.md §1.9). Inputs are never modified. Conversion reads only the fields each
// side declares: a step's `weight` becomes `traffic` (and `replicas` when it has none), the
// rolling-style annotation becomes enableExtraWorkloadForCanary (absent → true), the traffic-routing
// annotation canary.trafficRoutingRef; going back, what v1alpha1 cannot hold is dropped. A step's
// analysis (Coxswain's extension, docs/analysis.md §5) is the same in both versions.
import type { IntOrString } from './meta.js';
import {
  ANNOTATION_ROLLING_STYLE, ANNOTATION_TRAFFIC_ROUTING, ROLLOUTS_V1ALPHA1, ROLLOUTS_V1BETA1,
  type BatchRelease, type BatchReleaseV1alpha1, type CanaryStep, type CanaryStepV1alpha1, type PatchPodTemplateMetadata,
  type RollingStyle, type Rollout, type RolloutV1alpha1,
} from './rollout.js';

const clone = <T>(value: T): T => structuredClone(value);
const defined = <T extends object>(object: T): T =>
  Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as T;

function copyMetadata(metadata: PatchPodTemplateMetadata | undefined): PatchPodTemplateMetadata | undefined {
  return metadata === undefined ? undefined : { annotations: { ...metadata.annotations }, labels: { ...metadata.labels } };
}

/** A v1alpha1 step in v1beta1: `weight` → `traffic` "<w>%", and → `replicas` when it has none. */
function stepToV1beta1(step: CanaryStepV1alpha1): CanaryStep {
  const traffic = typeof step.weight === 'number' ? `${step.weight}%` : undefined;
  const replicas: IntOrString | undefined = step.replicas ?? traffic;
  return defined({
    replicas,
    pause: step.pause?.duration !== undefined ? { duration: step.pause.duration } : {},
    traffic,
    requestHeaderModifier: clone(step.requestHeaderModifier),
    matches: step.matches?.map((m) => defined({ headers: clone(m.headers) })),
    analysis: clone(step.analysis),
  });
}

/** A v1beta1 step in v1alpha1: `traffic` → `weight` (scaled against 100); paths and query params are dropped. */
function stepToV1alpha1(step: CanaryStep): CanaryStepV1alpha1 {
  const weight = typeof step.traffic === 'string' && /^[0-9]+%$/.test(step.traffic) ? Number(step.traffic.slice(0, -1)) : undefined;
  return defined({
    weight,
    replicas: step.replicas,
    pause: step.pause?.duration !== undefined ? { duration: step.pause.duration } : {},
    requestHeaderModifier: clone(step.requestHeaderModifier),
    matches: step.matches?.map((m) => defined({ headers: clone(m.headers) })),
    analysis: clone(step.analysis),
  });
}

/** The storage (v1beta1) form of a Rollout written in either version. */
export function toStorageRollout(object: Rollout | RolloutV1alpha1): Rollout {
  if (object.apiVersion === ROLLOUTS_V1BETA1) return clone(object);
  const src = object;
  const canary = src.spec?.strategy?.canary ?? {};
  const annotations = src.metadata.annotations ?? {};
  const trafficRoutingRef = annotations[ANNOTATION_TRAFFIC_ROUTING];
  const ref = src.spec?.objectRef?.workloadRef;
  const out: Rollout = {
    apiVersion: ROLLOUTS_V1BETA1,
    kind: 'Rollout',
    metadata: clone(src.metadata),
    spec: defined({
      workloadRef: { apiVersion: ref?.apiVersion ?? '', kind: ref?.kind ?? '', name: ref?.name ?? '' },
      strategy: defined({
        paused: src.spec?.strategy?.paused,
        canary: defined({
          steps: canary.steps?.map(stepToV1beta1),
          trafficRoutings: clone(canary.trafficRoutings),
          failureThreshold: canary.failureThreshold,
          patchPodTemplateMetadata: copyMetadata(canary.patchPodTemplateMetadata),
          enableExtraWorkloadForCanary: (annotations[ANNOTATION_ROLLING_STYLE] ?? '').toLowerCase() !== 'partition',
          trafficRoutingRef: trafficRoutingRef ? trafficRoutingRef : undefined,
        }),
      }),
      disabled: src.spec?.disabled,
    }),
  };
  if (src.status !== undefined) {
    const s = src.status;
    out.status = defined({
      observedGeneration: s.observedGeneration,
      phase: s.phase,
      message: s.message,
      conditions: clone(s.conditions),
      canaryStatus: s.canaryStatus === undefined ? undefined : clone(s.canaryStatus),
      // Go leaves the top-level copies at their zero values; the controller refreshes them (docs/spec/kruise-rollout.md §1.6).
      currentStepIndex: 0,
      currentStepState: '' as const,
    });
  }
  return out;
}

/** A stored Rollout read as v1alpha1. A blue-green Rollout has no v1alpha1 spec: only its metadata is kept. */
export function rolloutToV1alpha1(object: Rollout): RolloutV1alpha1 {
  const canary = object.spec?.strategy?.canary;
  const metadata = clone(object.metadata);
  if (canary === undefined) return { apiVersion: ROLLOUTS_V1ALPHA1, kind: 'Rollout', metadata } as RolloutV1alpha1;
  metadata.annotations = { ...metadata.annotations, [ANNOTATION_ROLLING_STYLE]: canary.enableExtraWorkloadForCanary ? 'canary' : 'partition' };
  if (canary.trafficRoutingRef) metadata.annotations[ANNOTATION_TRAFFIC_ROUTING] = canary.trafficRoutingRef;
  const out: RolloutV1alpha1 = {
    apiVersion: ROLLOUTS_V1ALPHA1,
    kind: 'Rollout',
    metadata,
    spec: defined({
      objectRef: { workloadRef: clone(object.spec.workloadRef) },
      strategy: defined({
        paused: object.spec.strategy.paused,
        canary: defined({
          steps: canary.steps?.map(stepToV1alpha1),
          trafficRoutings: clone(canary.trafficRoutings),
          failureThreshold: canary.failureThreshold,
          patchPodTemplateMetadata: copyMetadata(canary.patchPodTemplateMetadata),
        }),
      }),
      disabled: object.spec.disabled,
    }),
  };
  if (object.status !== undefined) {
    const s = object.status;
    out.status = defined({ observedGeneration: s.observedGeneration, phase: s.phase, message: s.message, conditions: clone(s.conditions), canaryStatus: clone(s.canaryStatus) });
  }
  return out;
}

const STYLES: Readonly<Record<string, RollingStyle>> = { partition: 'Partition', canary: 'Canary', bluegreen: 'BlueGreen' };

/** The storage (v1beta1) form of a BatchRelease written in either version. */
export function toStorageBatchRelease(object: BatchRelease | BatchReleaseV1alpha1): BatchRelease {
  if (object.apiVersion === ROLLOUTS_V1BETA1) return clone(object);
  const { targetReference, releasePlan } = object.spec ?? ({} as BatchReleaseV1alpha1['spec']);
  const style = STYLES[(object.metadata.annotations?.[ANNOTATION_ROLLING_STYLE] ?? '').toLowerCase()];
  const plan = { ...clone(releasePlan) };
  delete plan.rollingStyle;
  return defined({
    apiVersion: ROLLOUTS_V1BETA1,
    kind: 'BatchRelease',
    metadata: clone(object.metadata),
    spec: { workloadRef: clone(targetReference?.workloadRef), releasePlan: defined({ ...plan, rollingStyle: style }) },
    status: clone(object.status),
  }) as BatchRelease;
}

/** A stored BatchRelease read as v1alpha1: the rolling style also in the annotation, lower case. */
export function batchReleaseToV1alpha1(object: BatchRelease): BatchReleaseV1alpha1 {
  const metadata = clone(object.metadata);
  metadata.annotations = { ...metadata.annotations, [ANNOTATION_ROLLING_STYLE]: (object.spec?.releasePlan?.rollingStyle ?? '').toLowerCase() };
  return defined({
    apiVersion: ROLLOUTS_V1ALPHA1,
    kind: 'BatchRelease',
    metadata,
    spec: { targetReference: { workloadRef: clone(object.spec?.workloadRef) }, releasePlan: clone(object.spec?.releasePlan) },
    status: clone(object.status),
  }) as BatchReleaseV1alpha1;
}
