import { describe, it, expect, afterEach } from '@jest/globals';
import { EmbeddedStore, ManualClock } from '@coxswain/cluster';
import { Controller, LONG_RECONCILE_MS } from '../src/controller.js';
import { enqueueObject, enqueueOwner } from '../src/handlers.js';
import { InformerFactory } from '../src/informer-factory.js';
import type { Request } from '../src/keys.js';
import { Metrics } from '../src/metrics.js';
import type { ReconcileResult, Reconciler } from '../src/reconciler.js';
import { CLONESET, POD, cloneSet, pod, settle, waitUntil } from './support/fixtures.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

const silent = () => {};

function newController(
  reconcile: (request: Request) => Promise<ReconcileResult | void>,
  options: { clock?: ManualClock; metrics?: Metrics; maxConcurrentReconciles?: number; name?: string; restAfterLongReconcile?: boolean; utilization?: number } = {},
): { controller: Controller; clock: ManualClock; metrics: Metrics } {
  const clock = options.clock ?? new ManualClock();
  const metrics = options.metrics ?? new Metrics();
  const controller = new Controller({
    name: options.name ?? 'x',
    reconciler: { reconcile },
    clock,
    metrics,
    maxConcurrentReconciles: options.maxConcurrentReconciles,
    restAfterLongReconcile: options.restAfterLongReconcile,
    ...(options.utilization === undefined ? {} : { load: { utilization: () => options.utilization! } }),
    onError: silent,
  });
  cleanup.push(() => controller.stop());
  return { controller, clock, metrics };
}

/** The value of one sample line in the exposition text, e.g. `metric{a="b"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('Controller', () => {
  it.each([
    { rest: true, utilization: 0.9, rests: true, label: 'on a saturated thread, rests a long-running key as long as it ran, even with a second worker free' },
    { rest: true, utilization: 0.5, rests: false, label: 'on a thread with time to spare, runs a dirty key again at once' },
    { rest: false, utilization: 1, rests: false, label: 'without rests, runs a dirty key again at once' },
  ])('$label', async ({ rest, utilization, rests }) => {
    const runs: { start: number; end: number }[] = [];
    const { controller } = newController(async () => {
      const start = performance.now();
      while (performance.now() - start < LONG_RECONCILE_MS * 2); // holds the thread, as a big plan does
      runs.push({ start, end: performance.now() });
      if (runs.length < 3) controller.enqueue({ namespace: 'ns', name: 'big' });
    }, { maxConcurrentReconciles: 2, restAfterLongReconcile: rest, utilization });
    controller.start();
    controller.enqueue({ namespace: 'ns', name: 'big' });
    for (let waited = 0; runs.length < 3 && waited < 5000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    expect(runs).toHaveLength(3);
    const gaps = runs.slice(1).map((run, i) => run.start - runs[i]!.end);
    for (const [i, gap] of gaps.entries()) {
      const took = runs[i]!.end - runs[i]!.start;
      if (rests) expect(gap).toBeGreaterThanOrEqual(took - 1);
      else expect(gap).toBeLessThan(LONG_RECONCILE_MS * 2);
    }
  });

  it('retries a failing reconcile with exponential backoff until it succeeds, then forgets the key', async () => {
    const attempts: number[] = [];
    const { controller, clock, metrics } = newController(async () => {
      attempts.push(clock.now() - start);
      if (attempts.length <= 3) throw new Error('not yet');
    });
    const start = clock.now();
    controller.enqueue({ namespace: 'ns', name: 'web' });
    controller.start();
    await clock.advance(100);
    expect(attempts).toEqual([0, 5, 15, 35]);
    expect(controller.queue.numRequeues('ns/web')).toBe(0);

    const text = await metrics.text();
    expect(sample(text, 'controller_runtime_reconcile_total{controller="x",result="error"}')).toBe(3);
    expect(sample(text, 'controller_runtime_reconcile_total{controller="x",result="success"}')).toBe(1);
    expect(sample(text, 'controller_runtime_reconcile_errors_total{controller="x"}')).toBe(3);
    expect(sample(text, 'workqueue_retries_total{name="x"}')).toBe(3);
  });

  it('survives a reconciler that throws synchronously', async () => {
    let calls = 0;
    const reconciler: Reconciler = {
      reconcile: ((): Promise<void> => {
        calls++;
        if (calls === 1) throw new TypeError('sync throw');
        return Promise.resolve();
      }) as Reconciler['reconcile'],
    };
    const clock = new ManualClock();
    const controller = new Controller({ name: 'sync', reconciler, clock, onError: silent });
    cleanup.push(() => controller.stop());
    controller.enqueue({ name: 'a' });
    controller.start();
    await clock.advance(5);
    expect(calls).toBe(2);
    controller.enqueue({ name: 'b' });
    await settle();
    expect(calls).toBe(3);
  });

  it('requeueAfter brings the key back after that long and resets its backoff', async () => {
    const attempts: number[] = [];
    const { controller, clock, metrics } = newController(async () => {
      attempts.push(clock.now() - start);
      if (attempts.length === 1) throw new Error('fail once');
      if (attempts.length === 2) return { requeueAfterMs: 1000 };
      return {};
    });
    const start = clock.now();
    controller.enqueue({ name: 'a' });
    controller.start();
    await clock.advance(5);
    expect(attempts).toEqual([0, 5]);
    expect(controller.queue.numRequeues('a')).toBe(0); // forgotten on requeueAfter
    await clock.advance(999);
    expect(attempts).toHaveLength(2);
    await clock.advance(1);
    expect(attempts).toEqual([0, 5, 1005]);
    const text = await metrics.text();
    expect(sample(text, 'controller_runtime_reconcile_total{controller="x",result="requeue_after"}')).toBe(1);
    expect(sample(text, 'controller_runtime_reconcile_total{controller="x",result="success"}')).toBe(1);
  });

  it('requeue goes through the rate limiter without counting as an error', async () => {
    const attempts: number[] = [];
    const { controller, clock, metrics } = newController(async () => {
      attempts.push(clock.now() - start);
      return attempts.length < 3 ? { requeue: true } : undefined;
    });
    const start = clock.now();
    controller.enqueue({ name: 'a' });
    controller.start();
    await clock.advance(50);
    expect(attempts).toEqual([0, 5, 15]);
    const text = await metrics.text();
    expect(sample(text, 'controller_runtime_reconcile_total{controller="x",result="requeue"}')).toBe(2);
    expect(sample(text, 'controller_runtime_reconcile_errors_total{controller="x"}')).toBe(0);
  });

  it('counts successful reconciles in controller_runtime_reconcile_total and times them on the clock', async () => {
    const { controller, clock, metrics } = newController(async (request) => {
      if (request.name === 'slow') await clock.sleep(1500);
    });
    for (const name of ['a', 'b', 'c', 'a']) controller.enqueue({ namespace: 'ns', name }); // 'a' queued once
    controller.start();
    await settle();
    controller.enqueue({ namespace: 'ns', name: 'a' }); // processed: counts again
    controller.enqueue({ namespace: 'ns', name: 'slow' });
    await clock.advance(2000);

    const text = await metrics.text();
    expect(text).toContain('controller_runtime_reconcile_total{controller="x",result="success"} 5');
    expect(sample(text, 'controller_runtime_reconcile_total{controller="x",result="error"}')).toBe(0);
    expect(sample(text, 'controller_runtime_reconcile_time_seconds_count{controller="x"}')).toBe(5);
    expect(sample(text, 'controller_runtime_reconcile_time_seconds_sum{controller="x"}')).toBe(1.5);
    expect(sample(text, 'controller_runtime_max_concurrent_reconciles{controller="x"}')).toBe(1);
    expect(sample(text, 'workqueue_adds_total{name="x"}')).toBe(5);
    expect(sample(text, 'workqueue_depth{name="x"}')).toBe(0);
    expect(sample(text, 'workqueue_work_duration_seconds_count{name="x"}')).toBe(5);
  });

  it('runs up to maxConcurrentReconciles keys at once, never one key twice, and reports stuck work', async () => {
    const gates = new Map<string, ReturnType<typeof gate>>();
    const running = new Set<string>();
    let peak = 0;
    let overlapped = false;
    const clock = new ManualClock();
    const { controller, metrics } = newController(
      async ({ name }) => {
        if (running.has(name)) overlapped = true;
        running.add(name);
        peak = Math.max(peak, running.size);
        const g = gate();
        gates.set(name, g);
        await g.promise;
        running.delete(name);
      },
      { clock, maxConcurrentReconciles: 2 },
    );
    controller.start();
    controller.enqueue({ name: 'a' });
    controller.enqueue({ name: 'b' });
    controller.enqueue({ name: 'c' });
    await settle();
    expect([...running].sort()).toEqual(['a', 'b']);
    controller.enqueue({ name: 'a' }); // while 'a' runs: must wait for it

    await clock.advance(3000);
    let text = await metrics.text();
    expect(sample(text, 'controller_runtime_active_workers{controller="x"}')).toBe(2);
    expect(sample(text, 'workqueue_unfinished_work_seconds{name="x"}')).toBe(6);
    expect(sample(text, 'workqueue_longest_running_processor_seconds{name="x"}')).toBe(3);
    expect(sample(text, 'workqueue_depth{name="x"}')).toBe(2);

    gates.get('a')!.open();
    await settle();
    expect([...running].sort()).toEqual(['b', 'c']); // 'c' was queued first
    gates.get('b')!.open();
    await settle();
    expect([...running].sort()).toEqual(['a', 'c']);
    gates.get('a')!.open();
    gates.get('c')!.open();
    await settle();
    expect(running.size).toBe(0);
    expect(peak).toBe(2);
    expect(overlapped).toBe(false);
    text = await metrics.text();
    expect(sample(text, 'controller_runtime_active_workers{controller="x"}')).toBe(0);
    expect(sample(text, 'controller_runtime_max_concurrent_reconciles{controller="x"}')).toBe(2);
  });

  it('stop waits for the reconcile in flight and starts no new one', async () => {
    const g = gate();
    const started: string[] = [];
    let finished = false;
    const { controller } = newController(async ({ name }) => {
      started.push(name);
      await g.promise;
      finished = true;
    });
    controller.enqueue({ name: 'a' });
    controller.enqueue({ name: 'b' });
    controller.start();
    await settle();
    let stopped = false;
    const stopping = controller.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    g.open();
    await stopping;
    expect(finished).toBe(true);
    expect(started).toEqual(['a']);
    expect(() => controller.start()).toThrow(/cannot be restarted/);
  });

  it('keeps metrics of separate registries apart', async () => {
    const one = newController(async () => {}, { name: 'same' });
    const two = newController(async () => {}, { name: 'same' });
    one.controller.start();
    one.controller.enqueue({ name: 'a' });
    await settle();
    expect(sample(await one.metrics.text(), 'controller_runtime_reconcile_total{controller="same",result="success"}')).toBe(1);
    expect(sample(await two.metrics.text(), 'controller_runtime_reconcile_total{controller="same",result="success"}')).toBe(0);
  });
});

describe('Controller.watches over informers', () => {
  it('reconciles an owner when it or one of its pods changes (enqueueObject, enqueueOwner)', async () => {
    const clock = new ManualClock();
    const store = await EmbeddedStore.open({ clock });
    cleanup.push(() => store.close());
    const factory = new InformerFactory(store, { clock, onError: silent });
    cleanup.push(() => factory.stop());

    const web = await store.create(cloneSet('web'));
    await store.create(pod('web-1', { owner: web }));
    await store.create(pod('stray'));

    const reconciled: string[] = [];
    const { controller } = newController(async ({ namespace, name }) => {
      reconciled.push(`${namespace}/${name}`);
    });
    controller.watches(factory.informerFor(CLONESET), enqueueObject());
    controller.watches(factory.informerFor(POD), enqueueOwner(CLONESET));
    factory.start();
    await factory.waitForCacheSync();
    controller.start();
    await settle();
    expect(reconciled).toEqual(['default/web']); // once, though both the CloneSet and its pod were added

    reconciled.length = 0;
    await store.patch(POD, 'default', 'web-1', { metadata: { labels: { ready: 'true' } } });
    await waitUntil(() => reconciled.length === 1, 'owner reconcile');
    await store.patch(POD, 'default', 'stray', { metadata: { labels: { ready: 'true' } } });
    await store.delete(POD, 'default', 'web-1');
    await waitUntil(() => reconciled.length === 2, 'owner reconcile after delete');
    await settle();
    expect(reconciled).toEqual(['default/web', 'default/web']);
  });

  it('enqueueOwner matches the owner group and kind in any version, and only the controller owner', () => {
    const map = enqueueOwner(CLONESET);
    const owned = pod('p', { namespace: 'ns' });
    owned.metadata.ownerReferences = [
      { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', name: 'not-controller', uid: 'u0' },
      { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', name: 'web', uid: 'u1', controller: true },
    ];
    expect(map(owned)).toEqual([{ namespace: 'ns', name: 'web' }]);
    owned.metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'CloneSet', name: 'web', uid: 'u1', controller: true }];
    expect(map(owned)).toEqual([]);
  });
});
