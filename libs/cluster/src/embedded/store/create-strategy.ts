// What the apiserver's REST strategies set on a new object beyond the common metadata (their
// PrepareForCreate), after the status a client sent was dropped: a Pod starts Pending with its QoS
// class (pkg/registry/core/pod strategy), so every reader sees both from the first version on.
import { podQosClass, type KubeObject, type Pod } from '@coxswain/kruise-api';
import type { ResolvedKind } from './object-key.js';

export function prepareForCreate(object: KubeObject, kind: ResolvedKind): void {
  if (kind.resource === 'Pod') {
    const pod = object as Pod;
    pod.status = { phase: 'Pending', qosClass: podQosClass(pod.spec ?? { containers: [] }) };
  }
}
