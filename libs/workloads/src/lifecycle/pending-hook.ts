// Which lifecycle hook a pod is waiting on (docs/spec/inplace-and-lifecycle.md §3.2): the state it sits in and the
// hook that state waits for, when that hook has not yet been acknowledged. Shown per pod by the API
// and listed for the teams that acknowledge.
import { ANNOTATION_LIFECYCLE_TIMESTAMP, LABEL_LIFECYCLE_STATE, LIFECYCLE_STATES, type Lifecycle, type Pod } from '@coxswain/kruise-api';
import { isAllHooked, isHooked } from './hooks.js';

export type HookPoint = 'preNormal' | 'preUpdate' | 'postUpdate' | 'preDelete';

export interface PendingHook {
  hook: HookPoint;
  /** The lifecycle state the pod waits in. */
  state: string;
  /** When the pod entered that state (the lifecycle timestamp), if recorded. */
  since: string | undefined;
}

export function pendingHook(pod: Pod, lifecycle: Lifecycle | undefined): PendingHook | undefined {
  if (!lifecycle) return undefined;
  const state = pod.metadata.labels?.[LABEL_LIFECYCLE_STATE] ?? '';
  const pending = (hook: HookPoint): PendingHook => ({ hook, state, since: pod.metadata.annotations?.[ANNOTATION_LIFECYCLE_TIMESTAMP] });
  switch (state) {
    case LIFECYCLE_STATES.PreparingDelete:
      return isHooked(lifecycle.preDelete, pod) ? pending('preDelete') : undefined;
    case LIFECYCLE_STATES.PreparingUpdate:
      return isHooked(lifecycle.inPlaceUpdate, pod) ? pending('preUpdate') : undefined;
    case LIFECYCLE_STATES.Updated:
      return lifecycle.inPlaceUpdate && !isAllHooked(lifecycle.inPlaceUpdate, pod) ? pending('postUpdate') : undefined;
    case LIFECYCLE_STATES.PreparingNormal:
      return lifecycle.preNormal && !isAllHooked(lifecycle.preNormal, pod) ? pending('preNormal') : undefined;
    default:
      return undefined;
  }
}
