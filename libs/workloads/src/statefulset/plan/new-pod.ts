// A new StatefulSet pod (docs/spec/advanced-statefulset.md §2; Kubernetes' newStatefulSetPod): the template's
// labels, annotations, finalizers and spec, the controller reference, the revision label, the identity
// (name, pod-name and pod-index labels, hostname, subdomain) and the claim volumes. The readiness gates are
// the template's: the KruisePodReady gate of an Advanced StatefulSet's pods is appended by Kruise's pod
// webhook when the pod is created (admission, in both modes), and the InPlaceUpdateReady gate is not added
// (the template must carry it). Pure.
import {
  ANNOTATION_LIFECYCLE_TIMESTAMP, LABEL_CONTROLLER_REVISION_HASH, LABEL_LIFECYCLE_STATE,
  type FeatureGates, type LifecycleStateType, type Pod, type StatefulSet,
} from '@coxswain/kruise-api';
import { lifecycleTimestamp } from '../../pod/time.js';
import { statefulSetControllerRef, type StatefulSetFlavor } from './flavor.js';
import { statefulPodName, withIdentity, withStorage } from './identity.js';

export interface NewStatefulPodInput {
  /** The set with the template of the pod's revision. */
  set: StatefulSet;
  flavor: StatefulSetFlavor;
  ordinal: number;
  /** The ControllerRevision name the pod is created at. */
  revision: string;
  gates: FeatureGates;
}

/** The pod as the planner holds it before creation: no uid, no status (so "not created"). */
export function newStatefulPod({ set, flavor, ordinal, revision, gates }: NewStatefulPodInput): Pod {
  const template = set.spec.template;
  const name = statefulPodName(set.metadata.name!, ordinal);
  let pod: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      generateName: `${set.metadata.name}-`,
      namespace: set.metadata.namespace,
      labels: { ...(template.metadata?.labels ?? {}), [LABEL_CONTROLLER_REVISION_HASH]: revision },
      ...(template.metadata?.annotations ? { annotations: { ...template.metadata.annotations } } : {}),
      ...(template.metadata?.finalizers?.length ? { finalizers: [...template.metadata.finalizers] } : {}),
      ownerReferences: [statefulSetControllerRef(set, flavor)],
    },
    spec: {
      ...structuredClone(template.spec),
      hostname: name,
      ...(set.spec.serviceName ? { subdomain: set.spec.serviceName } : {}),
    },
  };
  pod = withIdentity(set, pod, gates);
  return withStorage(set, pod);
}

/** The pod with its lifecycle state label and the timestamp annotation (docs/spec/advanced-statefulset.md §5.3). */
export function withInitialLifecycle(pod: Pod, state: LifecycleStateType, now: number): Pod {
  return {
    ...pod,
    metadata: {
      ...pod.metadata,
      labels: { ...(pod.metadata.labels ?? {}), [LABEL_LIFECYCLE_STATE]: state },
      annotations: { ...(pod.metadata.annotations ?? {}), [ANNOTATION_LIFECYCLE_TIMESTAMP]: lifecycleTimestamp(now) },
    },
  };
}
