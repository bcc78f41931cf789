// Lifecycle hook predicates (docs/spec/inplace-and-lifecycle.md §3.1). A hook "holds" a pod while any of its
// handlers is present (hooked) and "releases" it once none is; preNormal and the post-update step wait
// for the opposite: every handler present (all-hooked).
import type { KubeObject, LifecycleHook } from '@coxswain/kruise-api';

type HookedPod = Pick<KubeObject, 'metadata'>;

function hasHandlers(hook: LifecycleHook): boolean {
  return Object.keys(hook.labelsHandler ?? {}).length > 0 || (hook.finalizersHandler ?? []).length > 0;
}

/** At least one handler finalizer is on the pod, or at least one handler label has its configured value. */
export function isHooked(hook: LifecycleHook | undefined, pod: HookedPod): boolean {
  if (!hook || !hasHandlers(hook)) return false;
  const finalizers = pod.metadata.finalizers ?? [];
  if ((hook.finalizersHandler ?? []).some((f) => finalizers.includes(f))) return true;
  const labels = pod.metadata.labels ?? {};
  return Object.entries(hook.labelsHandler ?? {}).some(([k, v]) => Object.prototype.hasOwnProperty.call(labels, k) && labels[k] === v);
}

/** Every handler finalizer is on the pod and every handler label has exactly its configured value. A nil hook is never all-hooked; a hook without handlers always is. */
export function isAllHooked(hook: LifecycleHook | undefined, pod: HookedPod): boolean {
  if (!hook) return false;
  const finalizers = pod.metadata.finalizers ?? [];
  const labels = pod.metadata.labels ?? {};
  return (
    (hook.finalizersHandler ?? []).every((f) => finalizers.includes(f)) &&
    Object.entries(hook.labelsHandler ?? {}).every(([k, v]) => Object.prototype.hasOwnProperty.call(labels, k) && labels[k] === v)
  );
}
