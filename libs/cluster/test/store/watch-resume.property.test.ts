// Property: for any sequence of writes and any resourceVersion in the retained history, a watch started
// from that version sees exactly the changes after it, in order, with nothing lost or repeated.
import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import type { KubeObject } from '@coxswain/kruise-api';
import type { EmbeddedStore } from '../../src/embedded/store/embedded-store.js';
import type { WatchEvent } from '../../src/port.js';
import { POD, openStore, pod, settle } from './store-fixtures.js';

type Op =
  | { op: 'create'; name: string; label: string }
  | { op: 'relabel'; name: string; label: string }
  | { op: 'status'; name: string; phase: string }
  | { op: 'delete'; name: string };

const name = fc.constantFrom('a', 'b', 'c', 'd');
const label = fc.constantFrom('web', 'db');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('create' as const), name, label }),
  fc.record({ op: fc.constant('relabel' as const), name, label }),
  fc.record({ op: fc.constant('status' as const), name, phase: fc.constantFrom('Pending', 'Running') }),
  fc.record({ op: fc.constant('delete' as const), name }),
);

async function apply(store: EmbeddedStore, op: Op): Promise<void> {
  try {
    switch (op.op) {
      case 'create':
        await store.create(pod(op.name, { labels: { app: op.label } }));
        break;
      case 'relabel':
        await store.patch(POD, 'default', op.name, { metadata: { labels: { app: op.label } } });
        break;
      case 'status': {
        const current = await store.get(POD, 'default', op.name);
        await store.updateStatus({ ...current, status: { phase: op.phase } });
        break;
      }
      case 'delete':
        await store.delete(POD, 'default', op.name);
        break;
    }
  } catch {
    // AlreadyExists / NotFound are part of a random sequence.
  }
}

const line = (e: WatchEvent<KubeObject>) => `${e.type} ${e.object.metadata.name} ${e.object.metadata.resourceVersion} ${e.object.metadata.labels?.app ?? '-'}`;

describe('watch resume property', () => {
  it('a watch from any retained resourceVersion equals the tail of a watch from the start', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 1, maxLength: 40 }),
        fc.array(opArb, { maxLength: 10 }),
        fc.nat(),
        fc.option(label, { nil: undefined }),
        fc.boolean(),
        async (before, after, pick, selectorLabel, concurrent) => {
          const { store } = await openStore();
          const selector = selectorLabel ? `app=${selectorLabel}` : undefined;
          const full: WatchEvent<KubeObject>[] = [];
          await store.watch(POD, { resourceVersion: store.currentResourceVersion(), labelSelector: selector }, (e) => full.push(e));
          const versions = [Number(store.currentResourceVersion())];
          if (concurrent) await Promise.all(before.map((op) => apply(store, op)));
          else for (const op of before) await apply(store, op), versions.push(Number(store.currentResourceVersion()));
          versions.push(Number(store.currentResourceVersion()));
          const from = versions[pick % versions.length]!;

          const resumed: WatchEvent<KubeObject>[] = [];
          await store.watch(POD, { resourceVersion: String(from), labelSelector: selector }, (e) => resumed.push(e));
          for (const op of after) await apply(store, op);
          await settle();

          const expected = full.filter((e) => Number(e.object.metadata.resourceVersion) > from).map(line);
          expect(resumed.map(line)).toEqual(expected);
          const rvs = full.map((e) => Number(e.object.metadata.resourceVersion));
          expect(rvs).toEqual([...rvs].sort((x, y) => x - y));
          expect(new Set(rvs).size).toBe(rvs.length);
          await store.close();
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a full watch replays to the stored state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 40 }), async (ops) => {
        const { store } = await openStore();
        const state = new Map<string, KubeObject>();
        await store.watch(POD, { resourceVersion: '0' }, (e) => {
          if (e.type === 'DELETED') state.delete(e.object.metadata.name!);
          else state.set(e.object.metadata.name!, e.object);
        });
        await Promise.all(ops.map((op) => apply(store, op)));
        await settle();
        const listed = (await store.list(POD)).items;
        expect([...state.values()].sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!))).toEqual(listed);
        await store.close();
      }),
      { numRuns: 100 },
    );
  });
});
