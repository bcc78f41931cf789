// The one pod write an acknowledgement makes: exactly what the hook's owner would do by hand (spec
// docs/spec/inplace-and-lifecycle.md §3.2). Releasing removes the handler's finalizers and every handler label that
// still has its configured value; restoring adds the missing finalizers and sets every handler label
// to its configured value. The pod's resourceVersion and uid ride along as preconditions, so the write
// fails with Conflict if anyone changed the pod since it was read. A merge patch replaces the whole
// finalizers list, which the resourceVersion precondition makes safe. The same write sets `annotations`:
// the ack's stamp (ack-stamp.ts), so that whether it landed can be told from the pod itself.
import type { MergePatch } from '@coxswain/cluster';
import type { LifecycleHook, Pod } from '@coxswain/kruise-api';
import type { AckDirection } from './hook-points.js';

export function ackPatch(pod: Pod, hook: LifecycleHook, direction: AckDirection, annotations: Record<string, string>): MergePatch {
  const labels = pod.metadata.labels ?? {};
  const finalizers = pod.metadata.finalizers ?? [];
  const handlerLabels = Object.entries(hook.labelsHandler ?? {});
  const handlerFinalizers = hook.finalizersHandler ?? [];
  const labelPatch: Record<string, string | null> = {};
  let nextFinalizers: string[];
  if (direction === 'release') {
    for (const [key, value] of handlerLabels) if (labels[key] === value) labelPatch[key] = null;
    nextFinalizers = finalizers.filter((f) => !handlerFinalizers.includes(f));
  } else {
    for (const [key, value] of handlerLabels) if (labels[key] !== value) labelPatch[key] = value;
    nextFinalizers = [...finalizers, ...handlerFinalizers.filter((f) => !finalizers.includes(f))];
  }
  const metadata: Record<string, unknown> = { resourceVersion: pod.metadata.resourceVersion, uid: pod.metadata.uid };
  if (Object.keys(labelPatch).length > 0) metadata.labels = labelPatch;
  if (nextFinalizers.length !== finalizers.length) metadata.finalizers = nextFinalizers;
  metadata.annotations = annotations;
  return { metadata };
}
