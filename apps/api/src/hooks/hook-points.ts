// The four hook points an acknowledgement can name, and what each means (docs/spec/inplace-and-lifecycle.md
// §3.2): the lifecycle state the pod waits in, the workload's hook that holds it, and whether an ack
// releases the pod (make it not hooked) or restores it (make it all-hooked).
import { LIFECYCLE_STATES, type Lifecycle, type LifecycleStateType } from '@coxswain/kruise-api';
import type { HookPoint } from '@coxswain/workloads';

export type AckDirection = 'release' | 'restore';

export interface HookPointSpec {
  state: LifecycleStateType;
  lifecycleKey: keyof Lifecycle;
  direction: AckDirection;
}

export const HOOK_POINTS: Record<HookPoint, HookPointSpec> = {
  preDelete: { state: LIFECYCLE_STATES.PreparingDelete, lifecycleKey: 'preDelete', direction: 'release' },
  preUpdate: { state: LIFECYCLE_STATES.PreparingUpdate, lifecycleKey: 'inPlaceUpdate', direction: 'release' },
  postUpdate: { state: LIFECYCLE_STATES.Updated, lifecycleKey: 'inPlaceUpdate', direction: 'restore' },
  preNormal: { state: LIFECYCLE_STATES.PreparingNormal, lifecycleKey: 'preNormal', direction: 'restore' },
};

export const HOOK_POINT_NAMES = Object.keys(HOOK_POINTS) as HookPoint[];

export function isHookPoint(value: unknown): value is HookPoint {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(HOOK_POINTS, value);
}
