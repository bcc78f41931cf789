import { describe, it, expect, afterEach } from '@jest/globals';
import { EmbeddedStore, ManualClock, isApiError, type ClusterClient } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';
import { enqueueObject } from '../src/handlers.js';
import type { Informer } from '../src/informer.js';
import type { Request } from '../src/keys.js';
import { ControllerManager, type ManagerContext } from '../src/manager.js';
import { ObservingClusterClient } from '../src/observing-client.js';
import type { Reconciler } from '../src/reconciler.js';
import { BreakableWatchClient } from './support/breakable-watch-client.js';
import { CLONESET, POD, cloneSet, pod, settle, waitUntil } from './support/fixtures.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function openStore(): Promise<{ clock: ManualClock; store: EmbeddedStore }> {
  const clock = new ManualClock();
  const store = await EmbeddedStore.open({ clock });
  cleanup.push(() => store.close());
  return { clock, store };
}

/**
 * A minimal CloneSet-like controller: makes sure pod `<name>-0` exists for each CloneSet, and records
 * what it saw. Enough to show which client the manager hands out and when reconciles start.
 */
class OnePodReconciler implements Reconciler {
  readonly seen: { request: Request; cachedPods: number }[] = [];

  constructor(
    private readonly client: ClusterClient,
    private readonly pods: Informer,
  ) {}

  async reconcile(request: Request): Promise<void> {
    this.seen.push({ request, cachedPods: this.pods.list(request.namespace).length });
    const name = `${request.name}-0`;
    if (this.pods.get(request.namespace, name)) return;
    await this.client.create(pod(name, { namespace: request.namespace }));
  }
}

function addOnePodController(manager: ControllerManager): { reconciler: () => OnePodReconciler } {
  let built: OnePodReconciler | undefined;
  const controller = manager.newController({
    name: 'cloneset',
    reconciler: (context: ManagerContext) => (built = new OnePodReconciler(context.client, context.informers.informerFor(POD))),
    onError: () => {},
  });
  controller.watches(manager.informerFor(CLONESET), enqueueObject());
  return { reconciler: () => built! };
}

async function podNames(store: EmbeddedStore): Promise<string[]> {
  return (await store.list(POD)).items.map((p) => p.metadata.name!).sort();
}

describe('ControllerManager', () => {
  it('starts controllers only after every informer has synced, and reconciles against a full cache', async () => {
    const { clock, store } = await openStore();
    await store.create(cloneSet('web'));
    for (let i = 1; i <= 3; i++) await store.create(pod(`other-${i}`));
    const manager = new ControllerManager({ client: store, clock });
    cleanup.push(() => manager.stop());
    const { reconciler } = addOnePodController(manager);
    manager.informerFor(POD);

    await manager.start();
    await waitUntil(() => reconciler().seen.length > 0, 'first reconcile');
    expect(reconciler().seen[0]).toEqual({ request: { namespace: 'default', name: 'web' }, cachedPods: 3 });
    await settle();
    expect(await podNames(store)).toEqual(['other-1', 'other-2', 'other-3', 'web-0']);
    expect(manager.mode).toBe('active');
    expect(manager.client).toBe(store);
  });

  it('fails to start when caches do not sync in time', async () => {
    const { clock, store } = await openStore();
    const client = new BreakableWatchClient(store);
    for (let i = 0; i < 10; i++) client.failNextList(new Error('apiserver down'));
    const manager = new ControllerManager({ client, clock, cacheSyncTimeoutMs: 5000, onInformerError: () => {} });
    cleanup.push(() => manager.stop());
    manager.informerFor(POD);
    const starting = manager.start();
    const outcome = starting.then(
      () => 'started',
      (err: Error) => err.message,
    );
    await clock.advance(5000);
    expect(await outcome).toMatch(/caches did not sync within 5000 ms: Pod/);
  });

  it('stops controllers before informers, waiting for the reconcile in flight', async () => {
    const { clock, store } = await openStore();
    await store.create(cloneSet('web'));
    const manager = new ControllerManager({ client: store, clock });
    const order: string[] = [];
    let release!: () => void;
    const informer = manager.informerFor(CLONESET);
    manager
      .newController({
        name: 'slow',
        reconciler: {
          reconcile: async () => {
            order.push('reconcile started');
            await new Promise<void>((resolve) => (release = resolve));
            order.push(`reconcile finished, cache ${informer.list().length}`);
          },
        },
      })
      .watches(informer, enqueueObject());
    await manager.start();
    await waitUntil(() => order.length === 1);
    const stopping = manager.stop().then(() => order.push('stopped'));
    await settle();
    expect(order).toEqual(['reconcile started']);
    release();
    await stopping;
    expect(order).toEqual(['reconcile started', 'reconcile finished, cache 1', 'stopped']);
    expect(() => manager.newController({ name: 'late', reconciler: { reconcile: async () => {} } })).toThrow(/after the manager started/);
  });

  it('refuses two controllers with one name', () => {
    const manager = new ControllerManager({ client: {} as ClusterClient, clock: new ManualClock() });
    manager.newController({ name: 'a', reconciler: { reconcile: async () => {} } });
    expect(() => manager.newController({ name: 'a', reconciler: { reconcile: async () => {} } })).toThrow(/already registered/);
  });

  it('serves its controllers metrics from its registry', async () => {
    const { clock, store } = await openStore();
    await store.create(cloneSet('a'));
    await store.create(cloneSet('b'));
    const manager = new ControllerManager({ client: store, clock });
    cleanup.push(() => manager.stop());
    const { reconciler } = addOnePodController(manager);
    await manager.start();
    await waitUntil(() => reconciler().seen.length === 2);
    await settle();
    const text = await manager.metrics.registry.metrics();
    expect(text).toContain('controller_runtime_reconcile_total{controller="cloneset",result="success"} 2');
    expect(manager.metrics.contentType).toMatch(/^text\/plain/);
  });
});

describe('observe mode', () => {
  it('computes and records every write through a dry run and changes nothing in the cluster', async () => {
    const { clock, store } = await openStore();
    await store.create(cloneSet('web'));
    await store.create(cloneSet('api'));
    const before = store.currentResourceVersion();
    const manager = new ControllerManager({ client: store, clock, mode: 'observe' });
    cleanup.push(() => manager.stop());
    const { reconciler } = addOnePodController(manager);

    expect(manager.client).toBeInstanceOf(ObservingClusterClient);
    expect(manager.observer).toBe(manager.client);
    await clock.advance(1234);
    await manager.start();
    await waitUntil(() => reconciler().seen.length === 2, 'both reconciles');
    await settle();

    expect(await podNames(store)).toEqual([]);
    expect(store.currentResourceVersion()).toBe(before);
    const writes = manager.observer!.recordedWrites();
    expect(writes.map((w) => `${w.verb} ${w.kind} ${w.namespace}/${w.name}`).sort()).toEqual([
      'create Pod default/api-0',
      'create Pod default/web-0',
    ]);
    expect(writes[0]!.at).toBe(new Date(clock.now()).toISOString());
    expect(writes[0]!.result?.metadata.uid).toEqual(expect.any(String));
    expect(writes[0]!.error).toBeUndefined();
  });

  it('sends every verb as a dry run, passes reads through, and records rejected writes with their reason', async () => {
    const { clock, store } = await openStore();
    const existing = await store.create(pod('existing'));
    const observer = new ObservingClusterClient(store, { clock, maxRecorded: 4 });

    expect((await observer.get(POD, 'default', 'existing')).metadata.uid).toBe(existing.metadata.uid);
    expect((await observer.list(POD)).items).toHaveLength(1);

    const updated: KubeObject = { ...existing, metadata: { ...existing.metadata, labels: { a: 'b' } } };
    expect((await observer.update(updated)).metadata.labels).toEqual({ a: 'b' });
    await observer.patch(POD, 'default', 'existing', { metadata: { labels: { c: 'd' } } });
    await observer.updateStatus({ ...existing, status: { phase: 'Running' } });
    await observer.delete(POD, 'default', 'existing');
    const failure = await observer.create(pod('existing')).catch((e: unknown) => e);
    expect(isApiError(failure, 'AlreadyExists')).toBe(true);

    const current = await store.get(POD, 'default', 'existing');
    expect(current).toEqual(existing); // untouched by all of the above
    const writes = observer.recordedWrites();
    expect(writes.map((w) => w.verb)).toEqual(['patch', 'updateStatus', 'delete', 'create']); // oldest dropped past maxRecorded
    expect(writes.map((w) => w.seq)).toEqual([2, 3, 4, 5]);
    expect(writes[0]!.patch).toEqual({ metadata: { labels: { c: 'd' } } });
    expect(writes[3]!.error).toEqual({ reason: 'AlreadyExists', message: expect.stringContaining('already exists') });
    observer.clearRecordedWrites();
    expect(observer.recordedWrites()).toEqual([]);
  });

  it('forces dryRun even when the caller asked for a real write', async () => {
    const calls: unknown[] = [];
    const inner = {
      create: async (object: KubeObject, options: unknown) => {
        calls.push(options);
        return object;
      },
    } as unknown as ClusterClient;
    const observer = new ObservingClusterClient(inner, { clock: new ManualClock() });
    await observer.create(pod('x'), { dryRun: false });
    expect(calls).toEqual([{ dryRun: true }]);
  });
});
