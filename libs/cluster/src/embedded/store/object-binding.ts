// Planning of a pod binding, the pods/binding subresource the scheduler writes: it sets spec.nodeName of
// a pod that has none and changes nothing else. It does not go through admission, as the apiserver's
// binding does not run ValidatePodUpdate (which forbids any client update of nodeName); a pod that is
// already bound or being deleted is a Conflict in the binding registry's words.
import type { KubeObject, Pod } from '@coxswain/kruise-api';
import { ApiError } from '../../errors.js';
import { objectKey, resolveKind } from './object-key.js';
import { checkPreconditions } from './object-replacement.js';
import type { WriteTransaction } from './write-transaction.js';

const POD = { apiVersion: 'v1', kind: 'Pod' };

export interface PodBinding {
  namespace: string;
  /** The pod's name. */
  name: string;
  /** The node to bind the pod to. */
  nodeName: string;
  /** Preconditions, as a Binding's metadata carries them. */
  uid?: string;
  resourceVersion?: string;
}

export function planBind(tx: WriteTransaction, binding: PodBinding): KubeObject {
  const kind = resolveKind(POD);
  const current = tx.get(objectKey(kind.resource, binding.namespace, binding.name));
  if (!current) throw ApiError.notFound(kind.info.kind, binding.name);
  const pod = current.object as Pod;
  checkPreconditions(kind, pod, binding.resourceVersion, binding.uid);
  const refuse = (why: string) => ApiError.conflict('pods/binding', binding.name, why);
  if (pod.metadata.deletionTimestamp) throw refuse(`pod ${binding.name} is being deleted, cannot be assigned to a host`);
  if (pod.spec?.nodeName) throw refuse(`pod ${binding.name} is already assigned to node ${JSON.stringify(pod.spec.nodeName)}`);
  if (!binding.nodeName) throw ApiError.invalid('Binding', binding.name, [{ field: 'target.name', message: 'Required value' }]);
  // A spec change like any other: the generation moves on, as it did when the scheduler bound by update.
  const metadata = { ...pod.metadata, generation: (pod.metadata.generation ?? 0) + 1 };
  return tx.put({ ...current, object: { ...pod, metadata, spec: { ...pod.spec, nodeName: binding.nodeName } } as KubeObject });
}
