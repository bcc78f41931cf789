// Observe (shadow) mode: a ClusterClient that lets a controller run against a live cluster and write
// nothing. Reads pass through; every write is sent as a server-side dry run, so it is validated and
// its result computed exactly as the real write would be, and is recorded for the plan explainer.
// Because the controller cannot tell it from a real client, any controller runs in observe mode
// unchanged, and "nothing is written" holds by construction, not by each controller's care.
import type { ClusterClient, DeleteOptions, KindRef, ListOptions, MergePatch, ObjectList, WatchEvent, WatchHandle, WatchOptions, WriteOptions, Clock } from '@coxswain/cluster';
import { isApiError } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';

export type WriteVerb = 'create' | 'update' | 'patch' | 'updateStatus' | 'delete';

export interface RecordedWrite {
  /** Increases by one per write, across clearRecordedWrites(). */
  seq: number;
  verb: WriteVerb;
  apiVersion: string;
  kind: string;
  namespace?: string;
  /** For a create with only generateName, the name the dry run generated, else the generateName prefix. */
  name: string;
  /** Clock time of the write, ISO 8601 with milliseconds. */
  at: string;
  /** The merge patch, for `patch`. */
  patch?: MergePatch;
  /** What the cluster would have stored (or, for delete, marked or removed). Absent when rejected. */
  result?: KubeObject;
  /** Why the cluster would have rejected the write; the error is also thrown to the caller. */
  error?: { reason?: string; message: string };
}

export interface ObservingClusterClientOptions {
  clock: Clock;
  /** Oldest writes are dropped beyond this many, so a long-running shadow controller stays bounded. Default 10,000. */
  maxRecorded?: number;
  /** Called after each write is recorded, e.g. to publish it to the dashboard. */
  onWrite?: (write: RecordedWrite) => void;
}

export class ObservingClusterClient implements ClusterClient {
  private readonly clock: Clock;
  private readonly maxRecorded: number;
  private readonly onWrite: ((write: RecordedWrite) => void) | undefined;
  private writes: RecordedWrite[] = [];
  private seq = 0;

  constructor(
    readonly inner: ClusterClient,
    options: ObservingClusterClientOptions,
  ) {
    this.clock = options.clock;
    this.maxRecorded = options.maxRecorded ?? 10_000;
    this.onWrite = options.onWrite;
  }

  /** Writes recorded so far, oldest first. */
  recordedWrites(): readonly RecordedWrite[] {
    return [...this.writes];
  }

  clearRecordedWrites(): void {
    this.writes = [];
  }

  get<T extends KubeObject>(ref: KindRef, namespace: string | undefined, name: string): Promise<T> {
    return this.inner.get<T>(ref, namespace, name);
  }

  list<T extends KubeObject>(ref: KindRef, options?: ListOptions): Promise<ObjectList<T>> {
    return this.inner.list<T>(ref, options);
  }

  watch<T extends KubeObject>(
    ref: KindRef,
    options: WatchOptions,
    onEvent: (event: WatchEvent<T>) => void,
    onClose?: (err?: Error) => void,
  ): Promise<WatchHandle> {
    return this.inner.watch<T>(ref, options, onEvent, onClose);
  }

  create<T extends KubeObject>(object: T, options?: WriteOptions): Promise<T> {
    const target = { ...targetOf(object), name: object.metadata.name ?? object.metadata.generateName ?? '' };
    return this.record('create', target, undefined, () => this.inner.create<T>(object, dryRun(options)));
  }

  update<T extends KubeObject>(object: T, options?: WriteOptions): Promise<T> {
    return this.record('update', targetOf(object), undefined, () => this.inner.update<T>(object, dryRun(options)));
  }

  updateStatus<T extends KubeObject>(object: T, options?: WriteOptions): Promise<T> {
    return this.record('updateStatus', targetOf(object), undefined, () => this.inner.updateStatus<T>(object, dryRun(options)));
  }

  patch<T extends KubeObject>(
    ref: KindRef,
    namespace: string | undefined,
    name: string,
    patch: MergePatch,
    options?: WriteOptions,
  ): Promise<T> {
    const target = { apiVersion: ref.apiVersion, kind: ref.kind, namespace, name };
    return this.record('patch', target, patch, () => this.inner.patch<T>(ref, namespace, name, patch, dryRun(options)));
  }

  delete<T extends KubeObject>(ref: KindRef, namespace: string | undefined, name: string, options?: DeleteOptions): Promise<T> {
    const target = { apiVersion: ref.apiVersion, kind: ref.kind, namespace, name };
    return this.record('delete', target, undefined, () => this.inner.delete<T>(ref, namespace, name, dryRun(options)));
  }

  private async record<T extends KubeObject>(
    verb: WriteVerb,
    target: { apiVersion: string; kind: string; namespace?: string; name: string },
    patch: MergePatch | undefined,
    write: () => Promise<T>,
  ): Promise<T> {
    const at = new Date(this.clock.now()).toISOString();
    const entry: RecordedWrite = { seq: ++this.seq, verb, ...target, at };
    if (entry.namespace === undefined) delete entry.namespace;
    if (patch) entry.patch = patch;
    try {
      const result = await write();
      entry.result = result;
      if (verb === 'create' && result.metadata.name) entry.name = result.metadata.name;
      return result;
    } catch (err) {
      entry.error = { message: err instanceof Error ? err.message : String(err) };
      if (isApiError(err)) entry.error.reason = err.reason;
      throw err;
    } finally {
      this.append(entry);
    }
  }

  private append(entry: RecordedWrite): void {
    this.writes.push(entry);
    if (this.writes.length > this.maxRecorded) this.writes.splice(0, this.writes.length - this.maxRecorded);
    try {
      this.onWrite?.(entry);
    } catch {
      // Publishing a recorded write is best effort; it must not turn into the controller's write error.
    }
  }
}

function dryRun<O extends WriteOptions>(options: O | undefined): O {
  return { ...(options ?? ({} as O)), dryRun: true };
}

function targetOf(object: KubeObject): { apiVersion: string; kind: string; namespace?: string; name: string } {
  return {
    apiVersion: object.apiVersion,
    kind: object.kind,
    namespace: object.metadata.namespace,
    name: object.metadata.name ?? '',
  };
}
