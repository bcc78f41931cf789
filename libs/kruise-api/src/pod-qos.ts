// A pod's QoS class as Kubernetes computes it (pkg/apis/core/helper/qos ComputePodQOS): the apiserver
// sets it in status.qosClass when a pod is created, and an in-place resize may not change it.
import type { PodSpec } from './core.js';
import { quantitiesEqual, quantityToNumber } from './quantity.js';

export type QosClass = 'Guaranteed' | 'Burstable' | 'BestEffort';

/** The compute resources QoS is computed from. */
const QOS_RESOURCES = ['cpu', 'memory'] as const;

/**
 * BestEffort without any cpu or memory request or limit; Guaranteed when every container (init ones
 * included) limits both and the summed requests equal the summed limits; Burstable otherwise. Requests
 * missing for a limited resource default to the limit, as the apiserver's pod defaulting does (a
 * template in a revision may not be defaulted). Only positive quantities count.
 */
export function podQosClass(spec: PodSpec): QosClass {
  const requests = new Map<string, number>();
  const limits = new Map<string, number>();
  let guaranteed = true;
  for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
    const found = new Set<string>();
    for (const name of QOS_RESOURCES) {
      const limit = quantityToNumber(c.resources?.limits?.[name]);
      const request = quantityToNumber(c.resources?.requests?.[name]) ?? limit;
      if (request !== undefined && request > 0) requests.set(name, (requests.get(name) ?? 0) + request);
      if (limit !== undefined && limit > 0) {
        found.add(name);
        limits.set(name, (limits.get(name) ?? 0) + limit);
      }
    }
    if (found.size !== QOS_RESOURCES.length) guaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (guaranteed && requests.size === limits.size && [...requests].every(([name, v]) => quantitiesEqual(limits.get(name), v))) return 'Guaranteed';
  return 'Burstable';
}
