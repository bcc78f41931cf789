// The ClusterClient port: the only way anything in Coxswain reads or writes a cluster. It mirrors the
// Kubernetes API one to one so the embedded cluster and a real cluster (through @kubernetes/client-node)
// are interchangeable and a controller cannot tell them apart.
import type { KubeObject, LabelSelector } from '@coxswain/kruise-api';

/** apiVersion + kind of the objects an operation addresses. Any served version of a kind reaches the same objects. */
export interface KindRef {
  apiVersion: string;
  kind: string;
}

export interface ListOptions {
  /** Omit for all namespaces (or for cluster-scoped kinds). */
  namespace?: string;
  /** Structured selector or its string form ("app=web,tier in (a,b)"). */
  labelSelector?: LabelSelector | string;
  /** At most this many items, in namespace then name order; the answer's `continue` fetches the next ones. */
  limit?: number;
  /** The `continue` of the previous page of the same list. */
  continue?: string;
}

export interface ObjectList<T extends KubeObject = KubeObject> {
  items: T[];
  /** The store's resourceVersion at the moment of the list: watch from here to miss nothing. */
  resourceVersion: string;
  /** Present when a `limit` cut the list short: pass it as `continue` for the next page. */
  continue?: string;
}

export interface WriteOptions {
  /** Validate and compute the result, persist nothing (Kubernetes `dryRun=All`). */
  dryRun?: boolean;
  /**
   * Creates only. false: an object whose Namespace does not exist is refused with NotFound
   * (`namespaces "x" not found`), as the apiserver's NamespaceLifecycle admission refuses it. Unset: the
   * embedded store creates the Namespace along with the object (its autoCreateNamespaces, which
   * GraphQL's applyManifest and seeding rely on). A real cluster never creates one.
   */
  createNamespace?: boolean;
}

export interface DeleteOptions extends WriteOptions {
  preconditions?: { uid?: string; resourceVersion?: string };
  /** Pods only: seconds the kubelet waits before the pod disappears; 0 deletes at once. */
  gracePeriodSeconds?: number;
  /** Orphan leaves dependents in place; Background (default) lets the garbage collector delete them. */
  propagationPolicy?: 'Background' | 'Orphan';
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface WatchEvent<T extends KubeObject = KubeObject> {
  type: WatchEventType;
  object: T;
}

export interface WatchOptions extends ListOptions {
  /**
   * Deliver every change after this resourceVersion. Omitted: start from now.
   * Too old (compacted) rejects with ApiError reason Gone (HTTP 410), as Kubernetes does.
   */
  resourceVersion?: string;
}

export interface WatchHandle {
  stop(): void;
}

/** A JSON merge patch (RFC 7386): null deletes a key, objects merge, everything else replaces. */
export type MergePatch = Record<string, unknown>;

export interface ClusterClient {
  get<T extends KubeObject>(ref: KindRef, namespace: string | undefined, name: string): Promise<T>;
  list<T extends KubeObject>(ref: KindRef, options?: ListOptions): Promise<ObjectList<T>>;
  create<T extends KubeObject>(object: T, options?: WriteOptions): Promise<T>;
  /** Replaces spec and metadata; fails with Conflict when `metadata.resourceVersion` is stale. Status is ignored. */
  update<T extends KubeObject>(object: T, options?: WriteOptions): Promise<T>;
  /** Merge patch of spec/metadata. A `metadata.resourceVersion` in the patch is a precondition. */
  patch<T extends KubeObject>(ref: KindRef, namespace: string | undefined, name: string, patch: MergePatch, options?: WriteOptions): Promise<T>;
  /** Writes the status subresource only; fails with Conflict when `metadata.resourceVersion` is stale. */
  updateStatus<T extends KubeObject>(object: T, options?: WriteOptions): Promise<T>;
  /**
   * Deletes, or marks for deletion when finalizers (or a pod's grace period) hold the object.
   * Returns the object as marked, or as it was when it is gone at once.
   */
  delete<T extends KubeObject>(ref: KindRef, namespace: string | undefined, name: string, options?: DeleteOptions): Promise<T>;
  /** Streams changes in resourceVersion order, never losing or repeating one. */
  watch<T extends KubeObject>(
    ref: KindRef,
    options: WatchOptions,
    onEvent: (event: WatchEvent<T>) => void,
    onClose?: (err?: Error) => void,
  ): Promise<WatchHandle>;
}
