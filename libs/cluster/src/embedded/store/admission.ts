// Admission: what Kubernetes' mutating and validating webhooks (and CRD version conversion) do to a
// write before it is stored. The store calls the hook on create and on spec updates (update, patch,
// seed), never on status writes. The hook returns the object to store — defaulted, converted to the
// storage version — or throws an ApiError (Invalid with field causes), and then nothing is written.
import type { KubeObject } from '@coxswain/kruise-api';
import type { KindRef } from '../../port.js';

export interface AdmissionRequest {
  operation: 'CREATE' | 'UPDATE';
  /** The incoming object; the hook may return it changed or a new one. */
  object: KubeObject;
  /** The stored object on UPDATE. */
  old?: KubeObject;
  /** The time of the write (RFC 3339, the store's clock). */
  now?: string;
  /** Reads the store as of this write (a validating webhook's informer, without the staleness). */
  get(ref: KindRef, namespace: string | undefined, name: string): KubeObject | undefined;
  /** Lists a kind in a namespace as of this write (a Rollout's one-Rollout-per-workload check). */
  list?(ref: KindRef, namespace: string): KubeObject[];
}

export type AdmissionHook = (request: AdmissionRequest) => KubeObject;
