// Wires a ShadowRecorder to the CloneSet controller: pods from its informer, owners by the controller
// ownerReference, plans as the controller last computed them.
import type { Pod } from '@coxswain/kruise-api';
import type { CloneSetController } from '@coxswain/workloads';
import { ShadowRecorder } from './shadow-recorder.js';

export function cloneSetShadow(cloneSets: CloneSetController, now: () => number): ShadowRecorder {
  const recorder = new ShadowRecorder(
    (pod: Pod) => {
      const owner = pod.metadata.ownerReferences?.find((o) => o.controller && o.kind === 'CloneSet' && o.apiVersion.startsWith('apps.kruise.io/'));
      return owner ? { namespace: pod.metadata.namespace ?? 'default', name: owner.name } : undefined;
    },
    (namespace, name) => cloneSets.lastPlan(namespace, name),
    now,
  );
  cloneSets.informers.pods.addEventHandler({
    onAdd: (pod, initial) => recorder.podAdded(pod, initial),
    onUpdate: (old, next) => recorder.podUpdated(old, next),
    onDelete: (pod) => recorder.podDeleted(pod),
  });
  return recorder;
}
