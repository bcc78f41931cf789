// The ClusterClient port over a real cluster, through @kubernetes/client-node: one request per port
// operation (get, list with limit/continue, create, update with resourceVersion, merge patch, status,
// delete with preconditions), and watches that resume by themselves (ResumableWatch). Objects travel as
// plain JSON in the version the caller names, converted when the cluster serves the kind in another.
import type { KubeConfig } from '@kubernetes/client-node';
import { Selector, type KubeObject } from '@coxswain/kruise-api';
import type { Clock } from '../clock.js';
import { applyMergePatch } from '../embedded/store/merge-patch.js';
import { ApiError, isApiError } from '../errors.js';
import type {
  ClusterClient, DeleteOptions, KindRef, ListOptions, MergePatch, ObjectList, WatchEvent, WatchHandle, WatchOptions, WriteOptions,
} from '../port.js';
import { convertObject } from './conversion.js';
import { loadKubeConfig, type KubernetesConnectionOptions } from './kube-config.js';
import { RawApi } from './raw-api.js';
import { ResourcePaths, type ResolvedResource } from './resource-paths.js';
import { ResumableWatch } from './resumable-watch.js';

export interface KubernetesClusterClientOptions {
  clock?: Clock;
  /** Told about each watch stream that failed and is being retried. */
  onWatchRetry?: (err: Error, delayMs: number, path: string) => void;
  /** Watch retry backoff (client-go: 800 ms doubling to 30 s). */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
}

interface ListBody {
  apiVersion?: string;
  metadata?: { resourceVersion?: string; continue?: string };
  items?: KubeObject[];
}

/** A patch of a kind the cluster serves in another version is computed on the converted object. */
const CONVERTED_PATCH_ATTEMPTS = 5;

export class KubernetesClusterClient implements ClusterClient {
  readonly api: RawApi;
  private readonly paths: ResourcePaths;

  constructor(readonly kubeConfig: KubeConfig, private readonly options: KubernetesClusterClientOptions = {}) {
    this.api = new RawApi(kubeConfig);
    this.paths = new ResourcePaths(this.api);
  }

  static fromConfig(connection: KubernetesConnectionOptions, options: KubernetesClusterClientOptions = {}): KubernetesClusterClient {
    return new KubernetesClusterClient(loadKubeConfig(connection), options);
  }

  get server(): string {
    return this.api.server;
  }

  async get<T extends KubeObject>(ref: KindRef, namespace: string | undefined, name: string): Promise<T> {
    const r = await this.paths.resolve(ref);
    const object = await this.api.send<T>({ method: 'GET', path: this.paths.path(r, namespaceFor(r, namespace), name) });
    return this.toCaller(object, ref);
  }

  async list<T extends KubeObject>(ref: KindRef, options: ListOptions = {}): Promise<ObjectList<T>> {
    const r = await this.paths.resolve(ref);
    const body = await this.api.send<ListBody>({
      method: 'GET',
      path: this.paths.path(r, r.namespaced ? options.namespace || undefined : undefined),
      query: {
        labelSelector: selectorText(options.labelSelector),
        limit: options.limit || undefined,
        continue: options.continue || undefined,
      },
    });
    // List items of built-in kinds come without apiVersion and kind.
    const items = (body.items ?? []).map((item) => this.toCaller({ ...item, apiVersion: item.apiVersion ?? r.wireVersion, kind: item.kind ?? ref.kind } as T, ref));
    return {
      items,
      resourceVersion: body.metadata?.resourceVersion ?? '',
      ...(body.metadata?.continue ? { continue: body.metadata.continue } : {}),
    };
  }

  async create<T extends KubeObject>(object: T, options: WriteOptions = {}): Promise<T> {
    const r = await this.paths.resolve(object);
    const created = await this.api.send<T>({
      method: 'POST',
      path: this.paths.path(r, namespaceFor(r, object.metadata.namespace)),
      query: dryRun(options),
      body: this.toWire(object, r),
    });
    return this.toCaller(created, object);
  }

  async update<T extends KubeObject>(object: T, options: WriteOptions = {}): Promise<T> {
    return this.replace(object, undefined, options);
  }

  async updateStatus<T extends KubeObject>(object: T, options: WriteOptions = {}): Promise<T> {
    return this.replace(object, 'status', options);
  }

  async patch<T extends KubeObject>(ref: KindRef, namespace: string | undefined, name: string, patch: MergePatch, options: WriteOptions = {}): Promise<T> {
    const r = await this.paths.resolve(ref);
    const path = this.paths.path(r, namespaceFor(r, namespace), name);
    if (r.wireVersion === ref.apiVersion) {
      const patched = await this.api.send<T>({ method: 'PATCH', path, query: dryRun(options), body: patch, contentType: 'application/merge-patch+json' });
      return this.toCaller(patched, ref);
    }
    // The patch is written against the caller's version: apply it to the converted object and write
    // that back, conditional on the version read (retried when someone else wrote in between, unless
    // the patch itself names the version it expects).
    const expected = (patch.metadata as { resourceVersion?: string } | undefined)?.resourceVersion;
    for (let attempt = 1; ; attempt++) {
      const current = await this.get<T>(ref, namespace, name);
      if (expected && current.metadata.resourceVersion !== expected) {
        throw ApiError.conflict(ref.kind, name, 'the object has been modified; please apply your changes to the latest version and try again');
      }
      const next = applyMergePatch(current, patch) as T;
      next.metadata = { ...next.metadata, resourceVersion: current.metadata.resourceVersion };
      try {
        return await this.update(next, options);
      } catch (err) {
        if (!isApiError(err, 'Conflict') || expected || attempt >= CONVERTED_PATCH_ATTEMPTS) throw err;
      }
    }
  }

  async delete<T extends KubeObject>(ref: KindRef, namespace: string | undefined, name: string, options: DeleteOptions = {}): Promise<T> {
    const r = await this.paths.resolve(ref);
    const body = {
      apiVersion: 'v1',
      kind: 'DeleteOptions',
      ...(options.preconditions ? { preconditions: options.preconditions } : {}),
      ...(options.gracePeriodSeconds !== undefined ? { gracePeriodSeconds: options.gracePeriodSeconds } : {}),
      ...(options.propagationPolicy ? { propagationPolicy: options.propagationPolicy } : {}),
      ...(options.dryRun ? { dryRun: ['All'] } : {}),
    };
    const answer = await this.api.send<KubeObject & { status?: unknown; details?: { uid?: string } }>({
      method: 'DELETE',
      path: this.paths.path(r, namespaceFor(r, namespace), name),
      body,
    });
    if (answer.kind === 'Status') {
      // Deleted at once, and the apiserver answered with a Status instead of the object.
      const ns = r.namespaced ? namespaceFor(r, namespace) : undefined;
      return { apiVersion: ref.apiVersion, kind: ref.kind, metadata: { name, ...(ns ? { namespace: ns } : {}), ...(answer.details?.uid ? { uid: answer.details.uid } : {}) } } as T;
    }
    return this.toCaller(answer as T, ref);
  }

  async watch<T extends KubeObject>(ref: KindRef, options: WatchOptions, onEvent: (event: WatchEvent<T>) => void, onClose?: (err?: Error) => void): Promise<WatchHandle> {
    const r = await this.paths.resolve(ref);
    const namespace = r.namespaced ? options.namespace || undefined : undefined;
    // The port's watch without a resourceVersion starts from now; the apiserver's would first replay
    // every existing object, so ask the collection for its current version instead.
    const from = options.resourceVersion || (await this.list(ref, { namespace, labelSelector: options.labelSelector, limit: 1 })).resourceVersion;
    const path = this.paths.path(r, namespace);
    const watch = new ResumableWatch({
      kubeConfig: this.kubeConfig,
      path,
      labelSelector: selectorText(options.labelSelector),
      resourceVersion: from,
      clock: this.options.clock,
      initialBackoffMs: this.options.initialBackoffMs,
      maxBackoffMs: this.options.maxBackoffMs,
      onEvent: (event) => onEvent({ type: event.type, object: this.toCaller({ ...event.object, apiVersion: event.object.apiVersion ?? r.wireVersion, kind: event.object.kind ?? ref.kind } as T, ref) }),
      onClose: (err) => onClose?.(err),
      onRetry: (err, delay) => this.options.onWatchRetry?.(err, delay, path),
    });
    watch.start();
    return watch;
  }

  private async replace<T extends KubeObject>(object: T, subresource: 'status' | undefined, options: WriteOptions): Promise<T> {
    const r = await this.paths.resolve(object);
    const written = await this.api.send<T>({
      method: 'PUT',
      path: this.paths.path(r, namespaceFor(r, object.metadata.namespace), object.metadata.name, subresource),
      query: dryRun(options),
      body: this.toWire(object, r),
    });
    return this.toCaller(written, object);
  }

  private toWire<T extends KubeObject>(object: T, r: ResolvedResource): T {
    return convertObject(object, r.wireVersion);
  }

  private toCaller<T extends KubeObject>(object: T, ref: KindRef): T {
    return convertObject(object, ref.apiVersion);
  }
}

function namespaceFor(r: ResolvedResource, namespace: string | undefined): string | undefined {
  return r.namespaced ? namespace || 'default' : undefined;
}

function selectorText(selector: ListOptions['labelSelector']): string | undefined {
  if (selector === undefined) return undefined;
  const text = typeof selector === 'string' ? selector : Selector.from(selector).toString();
  return text === '' ? undefined : text;
}

function dryRun(options: WriteOptions): Record<string, string> | undefined {
  return options.dryRun ? { dryRun: 'All' } : undefined;
}
