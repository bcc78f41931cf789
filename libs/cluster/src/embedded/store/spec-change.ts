// Kubernetes bumps metadata.generation when the desired state changes: anything outside metadata and
// status. apiVersion and kind are excluded too, because the same object may be written through any
// served version without its desired state changing.
import type { KubeObject } from '@coxswain/kruise-api';
import { equalExcept } from './json-value.js';

const NOT_DESIRED_STATE: ReadonlySet<string> = new Set(['metadata', 'status', 'apiVersion', 'kind']);

export function specChanged(next: KubeObject, previous: KubeObject): boolean {
  return !equalExcept(next, previous, NOT_DESIRED_STATE);
}
