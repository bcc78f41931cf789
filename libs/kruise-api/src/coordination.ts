// coordination.k8s.io/v1 Lease: what leader election writes (client-go's LeaseLock).
import type { KubeObject } from './meta.js';

export const LEASE_API_VERSION = 'coordination.k8s.io/v1';

export interface LeaseSpec {
  holderIdentity?: string;
  leaseDurationSeconds?: number;
  /** RFC 3339 with microseconds (metav1.MicroTime). */
  acquireTime?: string;
  renewTime?: string;
  leaseTransitions?: number;
}

export interface Lease extends KubeObject {
  apiVersion: typeof LEASE_API_VERSION;
  kind: 'Lease';
  spec?: LeaseSpec;
}
