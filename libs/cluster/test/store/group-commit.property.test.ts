// Property: however writes interleave with commits held in flight, refused by the database or released,
// group commit leaves memory, the database and the watch in agreement: every acknowledged
// write is durable and published exactly once, in resourceVersion order, and nothing refused is anywhere.
import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import type { KubeObject } from '@coxswain/kruise-api';
import { ManualClock } from '../../src/clock.js';
import { EmbeddedStore } from '../../src/embedded/store/embedded-store.js';
import { GatedPersistence, POD, pod, record, settle } from './store-fixtures.js';

type Op =
  | { op: 'create'; name: string; label: string }
  | { op: 'relabel'; name: string; label: string }
  | { op: 'stale'; name: string; label: string }
  | { op: 'delete'; name: string };

const name = fc.constantFrom('a', 'b', 'c');
/** `refuse` is a value the database refuses to store. */
const label = fc.constantFrom('web', 'db', 'refuse');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('create' as const), name, label }),
  fc.record({ op: fc.constant('relabel' as const), name, label }),
  fc.record({ op: fc.constant('stale' as const), name, label }),
  fc.record({ op: fc.constant('delete' as const), name }),
);
/** A wave of writes issued together; then held commits are released, or not, or the next commit fails. */
const waveArb = fc.record({ ops: fc.array(opArb, { minLength: 1, maxLength: 6 }), then: fc.constantFrom('release', 'hold', 'fail') });

type Acked = { type: 'ADDED' | 'MODIFIED' | 'DELETED'; object: KubeObject };

function issue(store: EmbeddedStore, op: Op): Promise<Acked | undefined> {
  const written = (() => {
    switch (op.op) {
      case 'create':
        return store.create(pod(op.name, { labels: { app: op.label } })).then((object) => ({ type: 'ADDED' as const, object }));
      case 'relabel':
        return store.patch(POD, 'default', op.name, { metadata: { labels: { app: op.label } } }).then((object) => ({ type: 'MODIFIED' as const, object }));
      case 'stale':
        // A precondition on a version the object had at most at the start: a Conflict unless it still has it.
        return store.patch(POD, 'default', op.name, { metadata: { resourceVersion: '2', labels: { app: op.label } } }).then((object) => ({ type: 'MODIFIED' as const, object }));
      case 'delete':
        return store.delete(POD, 'default', op.name).then((object) => ({ type: 'DELETED' as const, object }));
    }
  })();
  return written.catch(() => undefined);
}

describe('group commit property', () => {
  it('memory, database and watch agree on exactly the acknowledged writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(waveArb, { minLength: 1, maxLength: 8 }), async (waves) => {
        const persistence = new GatedPersistence();
        persistence.refuses = (object) => object.metadata.labels?.['app'] === 'refuse';
        const store = await EmbeddedStore.open({ clock: new ManualClock(), persistence });
        persistence.open = true;
        await store.create(pod('a', { labels: { app: 'web' } }));
        persistence.open = false;
        const start = Number(store.currentResourceVersion());
        const watch = await record(store, POD, { resourceVersion: String(start) });
        const pending: Array<Promise<Acked | undefined>> = [];
        for (const wave of waves) {
          pending.push(...wave.ops.map((op) => issue(store, op)));
          await settle(2);
          if (wave.then === 'fail') persistence.failNext = true;
          if (wave.then !== 'hold') persistence.release();
          await settle(2);
        }
        persistence.open = true;
        persistence.release();
        const acked = (await Promise.all(pending)).filter((a): a is Acked => a !== undefined);
        await store.gcIdle();
        await settle();

        const inMemory = (await store.list(POD)).items;
        const durable = (await persistence.load()).objects.filter((o) => o.kind === 'Pod');
        const byName = (objects: KubeObject[]) => Object.fromEntries(objects.map((o) => [o.metadata.name, o])) as Record<string, KubeObject>;
        expect(byName(durable)).toEqual(byName(inMemory));
        expect(String((await persistence.load()).resourceVersion)).toBe(store.currentResourceVersion());
        expect(inMemory.some((o) => o.metadata.labels?.['app'] === 'refuse')).toBe(false);

        // Every acknowledged change is one watch event (same type and version), and nothing else is. A no-op
        // write (a relabel to the label it has) answers the object as stored, with a version already seen.
        const key = (type: string, object: KubeObject) => `${type} ${object.metadata.name} ${object.metadata.resourceVersion}`;
        const versions = watch.events.map((e) => Number(e.object.metadata.resourceVersion));
        expect(versions).toEqual([...versions].sort((x, y) => x - y));
        expect(new Set(versions).size).toBe(versions.length);
        const ackedKeys = new Set(acked.map((a) => key(a.type, a.object)));
        for (const e of watch.events) expect(ackedKeys).toContain(key(e.type, e.object));
        const changedVersions = acked.map((a) => Number(a.object.metadata.resourceVersion)).filter((v) => v > start);
        expect(new Set(changedVersions)).toEqual(new Set(versions));

        // Replaying the watch onto the starting state gives what is stored.
        const replayed = new Map<string, string | undefined>([['a', 'web']]);
        for (const e of watch.events) {
          if (e.type === 'DELETED') replayed.delete(e.object.metadata.name!);
          else replayed.set(e.object.metadata.name!, e.object.metadata.labels?.['app']);
        }
        expect(Object.fromEntries(replayed)).toEqual(Object.fromEntries(inMemory.map((o) => [o.metadata.name, o.metadata.labels?.['app']])));
        await store.close();
      }),
      { numRuns: 200 },
    );
  });
});
