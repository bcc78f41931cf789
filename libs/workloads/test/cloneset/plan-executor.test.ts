// The executor runs different pods' operations concurrently so their writes share group commits, and
// still reports a failure as a sequential pass would: the first in plan order, nothing started after it.
import { describe, it, expect } from '@jest/globals';
import { ApiError, EmbeddedStore, ManualClock, MemoryPersistence, type ClusterClient } from '@coxswain/cluster';
import { ResourceVersionExpectations, ScaleExpectations } from '@coxswain/controller-runtime';
import { LABEL_POD_TEMPLATE_HASH, type CloneSet, type Pod } from '@coxswain/kruise-api';
import { executeOperations, PODS_IN_FLIGHT, SlowStarts } from '../../src/cloneset/sync/plan-executor.js';
import type { CloneSetOperation } from '../../src/cloneset/plan/planner-types.js';
import { POD_REF } from '../../src/refs.js';

const cs = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', metadata: { name: 'web', namespace: 'default', uid: 'cs-uid' }, spec: {} } as unknown as CloneSet;

async function setup(pods: number, failing: ReadonlySet<string> = new Set()) {
  const clock = new ManualClock(Date.parse('2026-01-01T00:00:00Z'));
  const persistence = new MemoryPersistence();
  const store = await EmbeddedStore.open({ clock, persistence });
  const created: Pod[] = [];
  for (let i = 0; i < pods; i++) {
    created.push(await store.create<Pod>({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `web-${i}`, namespace: 'default', labels: { app: 'web' } }, spec: { containers: [{ name: 'main', image: 'nginx' }] } } as Pod));
  }
  const attempted: string[] = [];
  // The real store, with chosen pods' writes refused: the failure a sequential pass would stop at.
  const client = new Proxy(store, {
    get(target, prop, receiver) {
      if (prop !== 'patch') return Reflect.get(target, prop, receiver);
      return async (...args: Parameters<ClusterClient['patch']>) => {
        attempted.push(args[2]);
        if (failing.has(args[2])) throw new ApiError('InternalError', `refused ${args[2]}`);
        return target.patch(...args);
      };
    },
  }) as ClusterClient;
  const deps = {
    client,
    scaleExpectations: new ScaleExpectations({ clock }),
    rvExpectations: new ResourceVersionExpectations({ clock, cache: { get: () => undefined } }),
    recorder: { event: () => {} },
    now: () => clock.now(),
    shortHash: false,
    verticalScaling: false,
  };
  const commitsBefore = persistence.commits;
  return { store, persistence, created, attempted, deps, commits: () => persistence.commits - commitsBefore };
}

const backfill = (pod: Pod, value: string): CloneSetOperation => ({ op: 'setPodTemplateHash', pod, value, reason: 'test' });

describe('CloneSet plan executor', () => {
  it('applies 1,000 pods\' writes in far fewer commits than writes', async () => {
    const env = await setup(1000);
    try {
      const result = await executeOperations(env.deps, 'default/web', cs, env.created.map((p) => backfill(p, 'abc')));
      expect(result).toEqual({ modified: true });
      const { items } = await env.store.list<Pod>(POD_REF, { namespace: 'default' });
      expect(items.filter((p) => p.metadata.labels?.[LABEL_POD_TEMPLATE_HASH] === 'abc')).toHaveLength(1000);
      expect(env.commits()).toBeLessThanOrEqual(Math.ceil(1000 / PODS_IN_FLIGHT) * 4);
    } finally {
      await env.store.close();
    }
  });

  it('runs one pod\'s operations in plan order', async () => {
    const env = await setup(2);
    try {
      const [a, b] = env.created;
      await executeOperations(env.deps, 'default/web', cs, [backfill(a!, 'first'), backfill(b!, 'x'), backfill(a!, 'second')]);
      const pod = await env.store.get<Pod>(POD_REF, 'default', 'web-0');
      expect(pod.metadata.labels?.[LABEL_POD_TEMPLATE_HASH]).toBe('second');
      expect(env.attempted.filter((n) => n === 'web-0')).toHaveLength(2);
    } finally {
      await env.store.close();
    }
  });

  it.each([
    { label: 'one failure', failing: ['web-700'], reported: 'web-700' },
    { label: 'two failures: the earlier in plan order is reported', failing: ['web-900', 'web-650'], reported: 'web-650' },
  ])('$label: no pod after the in-flight window is attempted', async ({ failing, reported }) => {
    const env = await setup(1200, new Set(failing));
    try {
      const result = await executeOperations(env.deps, 'default/web', cs, env.created.map((p) => backfill(p, 'abc')));
      expect(result.error?.message).toBe(`refused ${reported}`);
      expect(result.modified).toBe(true);
      const lastFailing = Math.max(...failing.map((n) => Number(n.split('-')[1])));
      const attemptedIndexes = env.attempted.map((n) => Number(n.split('-')[1]));
      expect(Math.max(...attemptedIndexes)).toBeLessThan(lastFailing + PODS_IN_FLIGHT);
      expect(attemptedIndexes).not.toContain(1199);
    } finally {
      await env.store.close();
    }
  });
});

/** `count` pods to create, and a client that records how many creations are in flight at once. */
async function creations(count: number, failing: ReadonlySet<string> = new Set()) {
  const env = await setup(0);
  const batches: number[] = [];
  let inFlight = 0;
  let flushed = true;
  const client = new Proxy(env.store, {
    get(target, prop, receiver) {
      if (prop !== 'create') return Reflect.get(target, prop, receiver);
      return async (object: Pod) => {
        // Creations started in the same turn belong to one batch; a batch awaits all of its own.
        if (flushed) batches.push(0);
        flushed = false;
        batches[batches.length - 1]!++;
        inFlight++;
        queueMicrotask(() => (flushed = true));
        try {
          if (failing.has(object.metadata.name!)) throw new ApiError('InternalError', `refused ${object.metadata.name}`);
          return await target.create(object);
        } finally {
          inFlight--;
        }
      };
    },
  }) as ClusterClient;
  const operations: CloneSetOperation[] = Array.from({ length: count }, (_, i) => ({
    op: 'create', revision: 'web-1', reason: 'test',
    instance: { pod: { apiVersion: 'v1', kind: 'Pod', metadata: { name: `new-${i}`, namespace: 'default', labels: { app: 'web' } }, spec: { containers: [{ name: 'main', image: 'nginx' }] } } as Pod, pvcs: [] },
  }));
  return { ...env, deps: { ...env.deps, client }, operations, batches, inFlight: () => inFlight };
}

describe('CloneSet slow start (docs/spec/cloneset.md §7.2)', () => {
  it.each([
    { label: 'a new scale-up doubles from one', count: 10, first: 1, batches: [1, 2, 4, 3], next: 16 },
    { label: 'a continued one starts where the last stopped', count: 500, first: 512, batches: [500], next: 1024 },
    { label: 'a continued one keeps doubling', count: 300, first: 64, batches: [64, 128, 108], next: 512 },
  ])('$label', async ({ count, first, batches, next }) => {
    const env = await creations(count);
    try {
      const result = await executeOperations(env.deps, 'default/web', cs, env.operations, first);
      expect(result).toEqual({ modified: true, nextSlowStartBatch: next });
      expect(env.batches).toEqual(batches);
      expect((await env.store.list<Pod>(POD_REF, { namespace: 'default' })).items).toHaveLength(count);
    } finally {
      await env.store.close();
    }
  });

  it('stops after the batch with a failure and gives no continuation', async () => {
    const env = await creations(20, new Set(['new-5']));
    try {
      const result = await executeOperations(env.deps, 'default/web', cs, env.operations);
      expect(result.error?.message).toBe('refused new-5');
      expect(result.nextSlowStartBatch).toBeUndefined();
      expect(env.batches).toEqual([1, 2, 4]);
      // Only the pods created are still expected; the failed one and those never attempted are not.
      expect(env.deps.scaleExpectations.pending('default/web')?.creations).toEqual(['new-0', 'new-1', 'new-2', 'new-3', 'new-4', 'new-6']);
    } finally {
      await env.store.close();
    }
  });
});

describe('SlowStarts', () => {
  it('hands a continuation to the next reconcile only, and starts at one otherwise', () => {
    const slowStarts = new SlowStarts();
    expect(slowStarts.take('ns/a')).toBe(1);
    slowStarts.continueWith('ns/a', 512);
    expect(slowStarts.take('ns/b')).toBe(1);
    expect(slowStarts.take('ns/a')).toBe(512);
    expect(slowStarts.take('ns/a')).toBe(1);
    slowStarts.continueWith('ns/a', 1024);
    slowStarts.forget('ns/a');
    expect(slowStarts.take('ns/a')).toBe(1);
  });
});

