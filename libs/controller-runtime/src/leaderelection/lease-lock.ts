// client-go's LeaseLock: the leader-election record kept in a coordination.k8s.io/v1 Lease, read and
// written through the ClusterClient port. An update carries the resourceVersion of the Lease as last
// read, so of two candidates writing the same version only one succeeds (the other gets Conflict).
import { isApiError, type ClusterClient, type KindRef } from '@coxswain/cluster';
import { LEASE_API_VERSION, type Lease } from '@coxswain/kruise-api';

export const LEASE_REF: KindRef = { apiVersion: LEASE_API_VERSION, kind: 'Lease' };

/** client-go's LeaderElectionRecord. Times are ms since the epoch. */
export interface LeaderElectionRecord {
  holderIdentity: string;
  leaseDurationSeconds: number;
  acquireTime: number | undefined;
  renewTime: number | undefined;
  leaderTransitions: number;
}

/** metav1.MicroTime: RFC 3339 with microseconds. */
export function microTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

function parseTime(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

export function recordOf(lease: Lease): LeaderElectionRecord {
  const spec = lease.spec ?? {};
  return {
    holderIdentity: spec.holderIdentity ?? '',
    leaseDurationSeconds: spec.leaseDurationSeconds ?? 0,
    acquireTime: parseTime(spec.acquireTime),
    renewTime: parseTime(spec.renewTime),
    leaderTransitions: spec.leaseTransitions ?? 0,
  };
}

function specOf(record: LeaderElectionRecord): Lease['spec'] {
  return {
    holderIdentity: record.holderIdentity,
    leaseDurationSeconds: record.leaseDurationSeconds,
    ...(record.acquireTime !== undefined ? { acquireTime: microTime(record.acquireTime) } : {}),
    ...(record.renewTime !== undefined ? { renewTime: microTime(record.renewTime) } : {}),
    leaseTransitions: record.leaderTransitions,
  };
}

export class LeaseLock {
  /** The Lease as last read or written: its resourceVersion makes the next update conditional. */
  private lease: Lease | undefined;

  constructor(
    private readonly client: ClusterClient,
    readonly namespace: string,
    readonly name: string,
    readonly identity: string,
  ) {}

  /** The record and its raw form (compared to tell whether it changed), or undefined when there is no Lease. */
  async get(): Promise<{ record: LeaderElectionRecord; raw: string } | undefined> {
    try {
      this.lease = await this.client.get<Lease>(LEASE_REF, this.namespace, this.name);
    } catch (err) {
      if (isApiError(err, 'NotFound')) return undefined;
      throw err;
    }
    return { record: recordOf(this.lease), raw: JSON.stringify(this.lease.spec ?? {}) };
  }

  /** Creates the Lease; returns its raw record. */
  async create(record: LeaderElectionRecord): Promise<string> {
    this.lease = await this.client.create<Lease>({
      apiVersion: LEASE_API_VERSION,
      kind: 'Lease',
      metadata: { name: this.name, namespace: this.namespace },
      spec: specOf(record),
    });
    return JSON.stringify(this.lease.spec ?? {});
  }

  /** Returns the raw record written. Fails (Conflict) when the Lease changed since it was last read or written here. */
  async update(record: LeaderElectionRecord): Promise<string> {
    if (!this.lease) throw new Error('the Lease must be read or created before it is updated');
    this.lease = await this.client.update<Lease>({ ...this.lease, spec: specOf(record) });
    return JSON.stringify(this.lease.spec ?? {});
  }

  describe(): string {
    return `${this.namespace}/${this.name}`;
  }
}
