// Label lookups that ignore inherited properties: a label key such as "constructor" must not find
// Object.prototype members on the plain objects labels are stored in.
import type { Pod } from '@coxswain/kruise-api';

/** The pod's value for `key`, or `undefined` when the label is absent. */
export function podLabel(pod: Pod, key: string): string | undefined {
  const labels = pod.metadata.labels;
  return labels !== undefined && Object.hasOwn(labels, key) ? labels[key] : undefined;
}
