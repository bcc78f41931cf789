// A ClusterClient that counts the writes a controller sends, by class and verb, for the rollout
// benchmarks; reads and watches pass through.
import type { ClusterClient, DeleteOptions, KindRef, MergePatch, WriteOptions } from '@coxswain/cluster';

export type WriteClass = 'pod' | 'pvc' | 'status' | 'other';

/** Counts the writes the controller sends, by class and verb; reads and watches pass through. */
export class CountingClient implements ClusterClient {
  readonly counts = new Map<string, number>();
  /** Writes the API refused (e.g. Conflict on a stale resourceVersion); included in `counts`. */
  readonly failed = new Map<string, number>();
  constructor(private readonly inner: ClusterClient) {}

  get: ClusterClient['get'] = (ref, namespace, name) => this.inner.get(ref, namespace, name);
  list: ClusterClient['list'] = (ref, options) => this.inner.list(ref, options);
  watch: ClusterClient['watch'] = (ref, options, onEvent, onClose) => this.inner.watch(ref, options, onEvent, onClose);
  create: ClusterClient['create'] = (object, options?: WriteOptions) => this.count(object.kind, 'create', this.inner.create(object, options));
  update: ClusterClient['update'] = (object, options?: WriteOptions) => this.count(object.kind, 'update', this.inner.update(object, options));
  updateStatus: ClusterClient['updateStatus'] = (object, options?: WriteOptions) =>
    this.count(object.kind, 'updateStatus', this.inner.updateStatus(object, options));
  patch: ClusterClient['patch'] = (ref: KindRef, namespace, name, patch: MergePatch, options) =>
    this.count(ref.kind, 'patch', this.inner.patch(ref, namespace, name, patch, options));
  delete: ClusterClient['delete'] = (ref: KindRef, namespace, name, options?: DeleteOptions) =>
    this.count(ref.kind, 'delete', this.inner.delete(ref, namespace, name, options));

  total(cls: WriteClass): number {
    let sum = 0;
    for (const [key, n] of this.counts) if (key.startsWith(`${cls} `)) sum += n;
    return sum;
  }

  /** The counts as the benchmarks print them: `class Kind verb=n`, sorted, with the refused ones. */
  describe(): string {
    return [...this.counts].sort().map(([k, n]) => `${k}=${n}${this.failed.get(k) ? ` (${this.failed.get(k)} refused)` : ''}`).join(', ');
  }

  reset(): void {
    this.counts.clear();
    this.failed.clear();
  }

  private count<T>(kind: string | undefined, verb: string, write: Promise<T>): Promise<T> {
    // A pod's status subresource (the InPlaceUpdateReady condition) is a pod write: it is per pod.
    const cls: WriteClass = kind === 'Pod' ? 'pod' : kind === 'PersistentVolumeClaim' ? 'pvc' : verb === 'updateStatus' ? 'status' : 'other';
    const key = `${cls} ${kind} ${verb}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    write.catch(() => this.failed.set(key, (this.failed.get(key) ?? 0) + 1));
    return write;
  }
}
