import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import { LABEL_CLONESET_INSTANCE_ID, LABEL_TOPOLOGY_ZONE, type Pod, type UpdatePriorityStrategy, type UpdateScatterStrategy } from '@coxswain/kruise-api';
import { choosePodsToDelete, type ScaleDownContext } from '../../../src/cloneset/plan/sort/choose-pods-to-delete.js';
import { sortForDeletion } from '../../../src/cloneset/plan/sort/deletion-ranking.js';
import { availableIds } from '../../../src/cloneset/plan/sort/instance-ids.js';
import { limitUpdateIndexes } from '../../../src/cloneset/plan/sort/limit-update.js';
import { sortUpdateIndexes } from '../../../src/cloneset/plan/sort/update-order.js';
import { pod, seededRandom } from './fixtures.js';

const times = [null, '2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z', '2026-01-01T00:02:00Z'];

const podArb = fc.record({
  node: fc.constantFrom('', 'n1', 'n2', 'n3', 'n4'),
  phase: fc.constantFrom('Pending' as const, 'Running' as const, 'Unknown' as const),
  ready: fc.boolean(),
  readySince: fc.constantFrom(...times),
  restarts: fc.array(fc.nat(3), { maxLength: 2 }),
  created: fc.constantFrom(...times),
  zone: fc.constantFrom('', 'A', 'B'),
  order: fc.option(fc.constantFrom('sts-1', 'sts-10', 'x', 'y-2'), { nil: undefined }),
  state: fc.option(fc.constantFrom('Normal' as const, 'PreparingUpdate' as const, 'Updated' as const), { nil: undefined }),
  cost: fc.option(fc.constantFrom('1', '-1', '05', '+3', '0'), { nil: undefined }),
  available: fc.boolean(),
  atTarget: fc.boolean(),
});

type PodSpec = typeof podArb extends fc.Arbitrary<infer T> ? T : never;

function build(specs: readonly PodSpec[]): Pod[] {
  return specs.map((s, i) =>
    pod(`p${i}`, {
      node: s.node, phase: s.phase, ready: s.ready, readySince: s.readySince, restarts: s.restarts, created: s.created,
      state: s.state, cost: s.cost,
      labels: {
        ...(s.zone === '' ? {} : { zone: s.zone }),
        ...(s.order === undefined ? {} : { k: s.order }),
        ...(s.available ? {} : { down: '' }),
        ...(s.atTarget ? { rev: 'new' } : {}),
      },
    }),
  );
}
const isAvailable = (p: Pod) => p.metadata.labels?.['down'] === undefined;

const strategyArb = fc.record({
  priorityStrategy: fc.option(
    fc.constantFrom<UpdatePriorityStrategy>(
      { weightPriority: [{ weight: 10, matchSelector: { matchLabels: { zone: 'A' } } }, { weight: 5, matchSelector: { matchExpressions: [{ key: 'k', operator: 'Exists' }] } }] },
      { orderPriority: [{ orderedKey: 'k' }, { orderedKey: 'zone' }] },
      {},
    ),
    { nil: undefined },
  ),
  scatterStrategy: fc.option(
    fc.constantFrom<UpdateScatterStrategy>([{ key: 'zone', value: 'A' }], [{ key: 'zone', value: 'A' }, { key: 'zone', value: 'B' }, { key: 'k', value: 'x' }], []),
    { nil: undefined },
  ),
});

/** The pods plus a shuffled subset of their indexes as candidates. */
const podsAndCandidates = fc
  .array(podArb, { maxLength: 24 })
  .chain((specs) => fc.tuple(fc.constant(specs), fc.shuffledSubarray(specs.map((_, i) => i))));

describe('properties', () => {
  it('update order is a permutation of the candidate indexes', () => {
    fc.assert(
      fc.property(podsAndCandidates, strategyArb, ([specs, candidates], strategy) => {
        const order = sortUpdateIndexes(build(specs), candidates, strategy);
        expect([...order].sort((a, b) => a - b)).toEqual([...candidates].sort((a, b) => a - b));
      }),
      { numRuns: 400 },
    );
  });

  it('chosen deletions are distinct members of the lists, as many as asked per group (or the whole group)', () => {
    const nodeLabels = new Map([['n1', { [LABEL_TOPOLOGY_ZONE]: 'z1' }], ['n2', { [LABEL_TOPOLOGY_ZONE]: 'z1' }], ['n3', { [LABEL_TOPOLOGY_ZONE]: 'z2' }]]);
    fc.assert(
      fc.property(
        fc.array(podArb, { maxLength: 12 }), fc.array(podArb, { maxLength: 12 }), fc.integer({ min: 0, max: 15 }), fc.integer({ min: -2, max: 15 }), fc.boolean(),
        (oldSpecs, newSpecs, total, oldNum, spread) => {
          const all = build([...oldSpecs, ...newSpecs]);
          const old = all.slice(0, oldSpecs.length);
          const updated = all.slice(oldSpecs.length);
          const context: ScaleDownContext = spread
            ? { isAvailable, nodeLabels, topologySpreadConstraints: [{ maxSkew: 1, topologyKey: LABEL_TOPOLOGY_ZONE, whenUnsatisfiable: 'ScheduleAnyway' }] }
            : { isAvailable };
          const chosen = choosePodsToDelete(total, oldNum, old, updated, context);
          expect(new Set(chosen).size).toBe(chosen.length);
          const take = (len: number, n: number) => (n <= 0 ? 0 : Math.min(n, len));
          const [fromOld, fromNew] =
            oldNum >= total ? [take(old.length, total), 0]
            : oldNum > 0 ? [take(old.length, oldNum), take(updated.length, total - oldNum)]
            : [0, take(updated.length, total)];
          expect(chosen.filter((p) => old.includes(p))).toHaveLength(fromOld);
          expect(chosen.filter((p) => updated.includes(p))).toHaveLength(fromNew);
          expect(chosen).toHaveLength(fromOld + fromNew);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('deletion order is a consistent order: sorting the sorted list changes nothing', () => {
    fc.assert(
      fc.property(fc.array(podArb, { maxLength: 20 }), (specs) => {
        const once = sortForDeletion(build(specs), { isAvailable });
        expect(sortForDeletion(once, { isAvailable })).toEqual(once);
      }),
    );
  });

  it('an update batch is a prefix of the order and never takes unavailability past the budget', () => {
    fc.assert(
      fc.property(podsAndCandidates, fc.integer({ min: -10, max: 10 }), fc.integer({ min: -3, max: 8 }), ([specs, order], updateNum, max) => {
        const pods = build(specs);
        const isAtTargetRevision = (p: Pod) => p.metadata.labels?.['rev'] === 'new';
        const batch = limitUpdateIndexes({ pods, sortedIndexes: order, updateNum, updateMaxUnavailable: max, isAvailable, isAtTargetRevision });
        expect(batch.indexes).toEqual(order.slice(0, batch.indexes.length));
        expect(batch.indexes.length).toBeLessThanOrEqual(Math.abs(updateNum));
        if (batch.indexes.length === 0) return;
        const unavailableBefore = pods.filter((p) => !isAvailable(p)).length;
        const targetUnavailable = pods.filter((p) => !isAvailable(p) && isAtTargetRevision(p)).length;
        const newlyUnavailable = batch.pods.filter(isAvailable).length;
        expect(targetUnavailable + batch.indexes.length).toBeLessThanOrEqual(max);
        expect(unavailableBefore + newlyUnavailable).toBeLessThanOrEqual(Math.max(max, unavailableBefore));
      }),
      { numRuns: 400 },
    );
  });

  it('instance ids: n distinct sorted ids, reusing only PVC-only ids and never colliding otherwise', () => {
    const idArb = fc.constantFrom<string>('bbbbb', 'ccccc', 'ddddd', 'fffff', 'ggggg', '');
    fc.assert(
      fc.property(fc.array(idArb, { maxLength: 6 }), fc.array(idArb, { maxLength: 6 }), fc.nat(8), fc.nat(), (podIds, pvcIds, n, seed) => {
        const labelled = (id: string) => ({ metadata: { labels: { [LABEL_CLONESET_INSTANCE_ID]: id } } });
        const ids = availableIds(n, podIds.map(labelled), pvcIds.map(labelled), seededRandom(seed));
        expect(ids).toHaveLength(n);
        expect(new Set(ids).size).toBe(n);
        expect(ids).toEqual([...ids].sort());
        const free = new Set(pvcIds.filter((id) => id !== '' && !podIds.includes(id)));
        for (const id of ids) {
          expect(podIds).not.toContain(id);
          if (pvcIds.includes(id)) expect(free.has(id)).toBe(true);
        }
        expect(ids.filter((id) => free.has(id))).toHaveLength(Math.min(n, free.size));
      }),
      { numRuns: 300 },
    );
  });
});
