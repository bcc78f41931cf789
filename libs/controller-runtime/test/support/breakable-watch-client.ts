// A ClusterClient that passes everything to a real one (the embedded store) but lets a test cut open
// watches, as a dropped connection would, and fail the next list: the faults an informer must survive.
import type { ClusterClient, DeleteOptions, KindRef, ListOptions, MergePatch, ObjectList, WatchEvent, WatchHandle, WatchOptions, WriteOptions } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';

interface OpenWatch {
  handle?: WatchHandle;
  onClose?: (err?: Error) => void;
}

export class BreakableWatchClient implements ClusterClient {
  readonly listCalls: ListOptions[] = [];
  readonly watchCalls: WatchOptions[] = [];
  private readonly open = new Set<OpenWatch>();
  private listFailures: Error[] = [];

  constructor(readonly inner: ClusterClient) {}

  /** Ends every open watch from the server's side, reporting `err` (or a clean close) to its consumer. */
  breakWatches(err?: Error): void {
    for (const watch of [...this.open]) {
      this.open.delete(watch);
      watch.handle?.stop();
      watch.onClose?.(err);
    }
  }

  openWatches(): number {
    return this.open.size;
  }

  failNextList(err: Error): void {
    this.listFailures.push(err);
  }

  async list<T extends KubeObject>(ref: KindRef, options?: ListOptions): Promise<ObjectList<T>> {
    this.listCalls.push(options ?? {});
    const failure = this.listFailures.shift();
    if (failure) throw failure;
    return this.inner.list<T>(ref, options);
  }

  async watch<T extends KubeObject>(
    ref: KindRef,
    options: WatchOptions,
    onEvent: (event: WatchEvent<T>) => void,
    onClose?: (err?: Error) => void,
  ): Promise<WatchHandle> {
    this.watchCalls.push(options);
    const watch: OpenWatch = { onClose };
    watch.handle = await this.inner.watch<T>(ref, options, onEvent, (err) => {
      this.open.delete(watch);
      onClose?.(err);
    });
    this.open.add(watch);
    return {
      stop: () => {
        this.open.delete(watch);
        watch.handle?.stop();
      },
    };
  }

  get<T extends KubeObject>(ref: KindRef, namespace: string | undefined, name: string): Promise<T> {
    return this.inner.get<T>(ref, namespace, name);
  }

  create<T extends KubeObject>(object: T, options?: WriteOptions): Promise<T> {
    return this.inner.create<T>(object, options);
  }

  update<T extends KubeObject>(object: T, options?: WriteOptions): Promise<T> {
    return this.inner.update<T>(object, options);
  }

  patch<T extends KubeObject>(ref: KindRef, namespace: string | undefined, name: string, patch: MergePatch, options?: WriteOptions): Promise<T> {
    return this.inner.patch<T>(ref, namespace, name, patch, options);
  }

  updateStatus<T extends KubeObject>(object: T, options?: WriteOptions): Promise<T> {
    return this.inner.updateStatus<T>(object, options);
  }

  delete<T extends KubeObject>(ref: KindRef, namespace: string | undefined, name: string, options?: DeleteOptions): Promise<T> {
    return this.inner.delete<T>(ref, namespace, name, options);
  }
}
