// Shared builders and helpers for the embedded store tests.
import type { KubeObject } from '@coxswain/kruise-api';
import { ManualClock } from '../../src/clock.js';
import type { ApiError } from '../../src/errors.js';
import { EmbeddedStore, type EmbeddedStoreOptions } from '../../src/embedded/store/embedded-store.js';
import { MemoryPersistence, type PersistedChange, type StorePersistence } from '../../src/embedded/store/persistence.js';
import type { WatchEvent, WatchHandle, WatchOptions, KindRef } from '../../src/port.js';

export const POD: KindRef = { apiVersion: 'v1', kind: 'Pod' };
export const NODE: KindRef = { apiVersion: 'v1', kind: 'Node' };
export const NAMESPACE: KindRef = { apiVersion: 'v1', kind: 'Namespace' };
export const EVENT: KindRef = { apiVersion: 'v1', kind: 'Event' };
export const CLONESET: KindRef = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet' };
export const CLONESET_V1BETA1: KindRef = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet' };
export const UNITED: KindRef = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'UnitedDeployment' };

export interface Harness {
  store: EmbeddedStore;
  clock: ManualClock;
  persistence: MemoryPersistence;
}

export async function openStore(options: Partial<EmbeddedStoreOptions> = {}): Promise<Harness> {
  const clock = (options.clock as ManualClock | undefined) ?? new ManualClock('2026-01-01T00:00:00Z');
  const persistence = (options.persistence as MemoryPersistence | undefined) ?? new MemoryPersistence();
  const store = await EmbeddedStore.open({ ...options, clock, persistence });
  return { store, clock, persistence };
}

export function pod(name: string, extra: { namespace?: string; labels?: Record<string, string>; nodeName?: string; owners?: KubeObject[]; finalizers?: string[]; image?: string } = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: extra.namespace ?? 'default',
      ...(extra.labels ? { labels: extra.labels } : {}),
      ...(extra.finalizers ? { finalizers: extra.finalizers } : {}),
      ...(extra.owners ? { ownerReferences: extra.owners.map((o) => ownerRef(o)) } : {}),
    },
    spec: {
      ...(extra.nodeName ? { nodeName: extra.nodeName } : {}),
      containers: [{ name: 'main', image: extra.image ?? 'nginx:1.25' }],
    },
  };
}

export function cloneSet(name: string, replicas = 1, owner?: KubeObject): KubeObject {
  return {
    apiVersion: 'apps.kruise.io/v1alpha1',
    kind: 'CloneSet',
    metadata: { name, namespace: 'default', ...(owner ? { ownerReferences: [ownerRef(owner)] } : {}) },
    spec: { replicas, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'main', image: 'nginx:1.25' }] } } },
  };
}

export function unitedDeployment(name: string): KubeObject {
  return { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'UnitedDeployment', metadata: { name, namespace: 'default' }, spec: { replicas: 2 } };
}

export function ownerRef(owner: KubeObject) {
  return { apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true };
}

/** The ApiError a write (or any call of the port) was refused with; fails the test when it succeeded. */
export async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('expected the call to be refused');
}

/** Lets queued microtasks and immediates (batches, watch delivery, GC) run. */
export async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

export interface Recorder<T extends KubeObject = KubeObject> {
  events: WatchEvent<T>[];
  closed: Array<Error | undefined>;
  handle: WatchHandle;
  /** Compact "TYPE name@rv" lines, easy to compare. */
  lines(): string[];
}

export async function record<T extends KubeObject = KubeObject>(store: EmbeddedStore, ref: KindRef, options: WatchOptions = {}): Promise<Recorder<T>> {
  const events: WatchEvent<T>[] = [];
  const closed: Array<Error | undefined> = [];
  const handle = await store.watch<T>(ref, options, (e) => events.push(e), (err) => closed.push(err));
  return {
    events,
    closed,
    handle,
    lines: () => events.map((e) => `${e.type} ${e.object.metadata.name}@${e.object.metadata.resourceVersion}`),
  };
}

/** A persistence whose commits can be made to fail, counting what it was handed. */
export class FlakyPersistence extends MemoryPersistence {
  failNext = false;
  /** Every commit fails while set. */
  failing = false;
  /** Commits holding an object this refuses fail, as a database refuses a value it cannot store. */
  refuses: (object: KubeObject) => boolean = () => false;
  batchSizes: number[] = [];

  override async commit(...args: Parameters<StorePersistence['commit']>): Promise<void> {
    this.batchSizes.push(args[0].length);
    if (this.failNext || this.failing) {
      this.failNext = false;
      throw new Error('disk full');
    }
    if (args[0].some((change) => change.type === 'put' && this.refuses(change.object))) throw new Error('invalid byte sequence');
    return super.commit(...args);
  }
}

/** Resolves commits only when told to, to hold a batch in flight (and refuses what FlakyPersistence refuses). */
export class GatedPersistence extends FlakyPersistence {
  private gates: Array<() => void> = [];
  calls: number[] = [];
  /** Commits pass at once while set. */
  open = false;

  override async commit(changes: readonly PersistedChange[], resourceVersion: number, at: number): Promise<void> {
    this.calls.push(changes.length);
    if (!this.open) await new Promise<void>((resolve) => this.gates.push(resolve));
    return super.commit(changes, resourceVersion, at);
  }

  release(): void {
    const gates = this.gates;
    this.gates = [];
    for (const open of gates) open();
  }
}
