// Writing a lifecycle state (docs/spec/inplace-and-lifecycle.md §3): the `lifecycle.apps.kruise.io/state` label
// and, on every change, the `lifecycle.apps.kruise.io/timestamp` annotation — the same keys and time
// format new pods are born with (pod/time.ts).
import { ANNOTATION_LIFECYCLE_TIMESTAMP, LABEL_LIFECYCLE_STATE, type LifecycleStateType, type Pod } from '@coxswain/kruise-api';
import { lifecycleTimestamp } from '../pod/time.js';

/** A merge patch (RFC 7386, also a valid strategic-merge patch) of pod metadata. */
export interface PodMetadataPatch {
  metadata: {
    labels?: Record<string, string | null>;
    annotations?: Record<string, string | null>;
    /** Merge patches replace arrays whole, so this is the complete new list. */
    finalizers?: string[];
  };
}

/** `{"metadata":{"labels":{state},"annotations":{timestamp}}}`, as Kruise patches a state change. */
export function lifecycleStatePatch(state: LifecycleStateType, now: number): PodMetadataPatch {
  return {
    metadata: {
      labels: { [LABEL_LIFECYCLE_STATE]: state },
      annotations: { [ANNOTATION_LIFECYCLE_TIMESTAMP]: lifecycleTimestamp(now) },
    },
  };
}

/** The pod after a metadata merge patch; `pod` is not modified. */
export function applyPodMetadataPatch(pod: Pod, patch: PodMetadataPatch): Pod {
  const metadata = { ...pod.metadata };
  const { labels, annotations, finalizers } = patch.metadata;
  if (labels) metadata.labels = mergeStrings(metadata.labels, labels);
  if (annotations) metadata.annotations = mergeStrings(metadata.annotations, annotations);
  if (finalizers) metadata.finalizers = [...finalizers];
  return { ...pod, metadata };
}

/** The pod with its state label set to `state` and the timestamp annotation to `now`. */
export function withLifecycleState(pod: Pod, state: LifecycleStateType, now: number): Pod {
  return applyPodMetadataPatch(pod, lifecycleStatePatch(state, now));
}

function mergeStrings(target: Record<string, string> | undefined, patch: Record<string, string | null>): Record<string, string> {
  const out = { ...(target ?? {}) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}
