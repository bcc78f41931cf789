// A ClusterClient whose cluster lives on the other side of a message endpoint (a worker thread): every
// operation is one call, every watch one stream. Callers cannot tell it from the cluster itself.
import type { KubeObject } from '@coxswain/kruise-api';
import type {
  ClusterClient, DeleteOptions, KindRef, ListOptions, MergePatch, ObjectList, WatchEvent, WatchHandle, WatchOptions, WriteOptions,
} from '../port.js';
import { RpcClient } from './rpc-client.js';
import type { MessageEndpoint } from './wire.js';

/** The stream names of the port's watch and list, shared with serveClusterClient. */
export const CLUSTER_WATCH = 'watch';
export const CLUSTER_LIST = 'list';

/** A list arrives in parts: items, then the list's own fields last. */
export type ListPart = { items: KubeObject[] } | { resourceVersion: string; continue?: string };

export class RemoteClusterClient implements ClusterClient {
  readonly rpc: RpcClient;

  constructor(endpoint: MessageEndpoint | RpcClient) {
    this.rpc = endpoint instanceof RpcClient ? endpoint : new RpcClient(endpoint);
  }

  get<T extends KubeObject>(ref: KindRef, namespace: string | undefined, name: string): Promise<T> {
    return this.rpc.call('get', kindRef(ref), namespace, name);
  }

  list<T extends KubeObject>(ref: KindRef, options?: ListOptions): Promise<ObjectList<T>> {
    return new Promise((resolve, reject) => {
      const items: T[] = [];
      let tail: { resourceVersion: string; continue?: string } | undefined;
      this.rpc
        .stream(CLUSTER_LIST, [kindRef(ref), options], (part) => {
          const p = part as ListPart;
          if ('items' in p) for (const item of p.items) items.push(item as T);
          else tail = p;
        }, (err) => {
          if (err) reject(err);
          else if (!tail) reject(new Error('the list ended without its resourceVersion'));
          else resolve({ items, resourceVersion: tail.resourceVersion, ...(tail.continue ? { continue: tail.continue } : {}) });
        })
        .catch(reject);
    });
  }

  create<T extends KubeObject>(object: T, options?: WriteOptions): Promise<T> {
    return this.rpc.call('create', object, options);
  }

  update<T extends KubeObject>(object: T, options?: WriteOptions): Promise<T> {
    return this.rpc.call('update', object, options);
  }

  patch<T extends KubeObject>(ref: KindRef, namespace: string | undefined, name: string, patch: MergePatch, options?: WriteOptions): Promise<T> {
    return this.rpc.call('patch', kindRef(ref), namespace, name, patch, options);
  }

  updateStatus<T extends KubeObject>(object: T, options?: WriteOptions): Promise<T> {
    return this.rpc.call('updateStatus', object, options);
  }

  delete<T extends KubeObject>(ref: KindRef, namespace: string | undefined, name: string, options?: DeleteOptions): Promise<T> {
    return this.rpc.call('delete', kindRef(ref), namespace, name, options);
  }

  watch<T extends KubeObject>(
    ref: KindRef,
    options: WatchOptions,
    onEvent: (event: WatchEvent<T>) => void,
    onClose?: (err?: Error) => void,
  ): Promise<WatchHandle> {
    return this.rpc.stream(CLUSTER_WATCH, [kindRef(ref), options], (item) => onEvent(item as WatchEvent<T>), (err) => onClose?.(err));
  }
}

/** Only apiVersion and kind cross: a full object passed as its own ref would be copied for nothing. */
function kindRef(ref: KindRef): KindRef {
  return { apiVersion: ref.apiVersion, kind: ref.kind };
}
