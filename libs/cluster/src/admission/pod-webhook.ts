// Kruise's pod webhook (mpod.kb.io, /mutate-pod), the part of it Coxswain's features rely on: on CREATE, a
// pod whose controller (the first owner reference with `controller: true`) is in the apps.kruise.io group,
// whatever its kind or version, gets the KruisePodReady readiness gate appended, unless it has it already.
// Kruise's gate KruisePodReadinessGate (off by default, not a gate Coxswain has) would give it to every
// pod. The webhook's other mutations (WorkloadSpread, SidecarSet, container launch priority,
// PodUnavailableBudget, PersistentPodState, probes) belong to kinds and gates Coxswain does not have.
// Upstream: pkg/webhook/pod/mutating/pod_readiness.go injectPodReadinessGate; pkg/util/pods.go
// IsPodOwnedByKruise, InjectReadinessGateToPod.
import { CONDITION_KRUISE_POD_READY, type KubeObject } from '@coxswain/kruise-api';

const KRUISE_GROUP = 'apps.kruise.io';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** schema.ParseGroupVersion's group: "" for "v1" and for anything with more than one slash. */
function groupOfApiVersion(apiVersion: unknown): string {
  if (typeof apiVersion !== 'string') return '';
  const parts = apiVersion.split('/');
  return parts.length === 2 ? parts[0]! : '';
}

/** metav1.GetControllerOf, then IsPodOwnedByKruise's group check. */
export function isOwnedByKruise(object: KubeObject): boolean {
  const refs: unknown = object.metadata.ownerReferences;
  if (!Array.isArray(refs)) return false;
  const controller = refs.find((ref) => isObject(ref) && ref['controller'] === true) as Record<string, unknown> | undefined;
  return controller !== undefined && groupOfApiVersion(controller['apiVersion']) === KRUISE_GROUP;
}

/**
 * The pod as Kruise's pod webhook admits a CREATE of it: with the KruisePodReady gate appended when its
 * controller is a Kruise workload and the gate is missing; otherwise the same object. A spec or gate list
 * of the wrong shape is left for validation to refuse. The input is never modified.
 */
export function kruisePodWebhookDefaults(pod: KubeObject): KubeObject {
  if (!isOwnedByKruise(pod)) return pod;
  const spec: unknown = (pod as { spec?: unknown }).spec;
  if (!isObject(spec)) return pod;
  const gates: unknown = spec['readinessGates'] ?? [];
  if (!Array.isArray(gates)) return pod;
  if (gates.some((g) => isObject(g) && g['conditionType'] === CONDITION_KRUISE_POD_READY)) return pod;
  return { ...pod, spec: { ...spec, readinessGates: [...gates, { conditionType: CONDITION_KRUISE_POD_READY }] } } as KubeObject;
}
