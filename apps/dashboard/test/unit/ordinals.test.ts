// The ordinal strip of an Advanced StatefulSet and its partition line, against the spec's rule
// (docs/spec/advanced-statefulset.md §4.6): the `partition` lowest valid ordinals keep the current
// revision; reserved ordinals are gaps that neither count nor hold a pod.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { firstUpdatedOrdinal, ordinalStrip, reservedRanges, validCount, validOrdinals, type Slot } from '../../src/lib/rollout/ordinals';
import { pod } from '../support/fixtures';

const ords = (start: number, end: number, reserved: [number, number][] = []) => ({ start, end, reserved: reserved.map(([from, to]) => ({ from, to })) });
const sts = (...ordinals: number[]) => ordinals.map((o) => pod(`web-${o}`, { ordinal: o }));
const look = (s: Slot) => (s.type === 'reserved' ? `[${s.from}-${s.to}]` : s.type === 'empty' ? `(${s.ordinal})` : `${s.ordinal}${s.outside ? 'x' : ''}`);

describe('valid ordinals', () => {
  it('skips reserved ranges, merged and clipped to [start, end)', () => {
    const o = ords(0, 7, [
      [1, 1],
      [2, 3],
      [6, 9],
    ]);
    expect(reservedRanges(o)).toEqual([
      { from: 1, to: 3 },
      { from: 6, to: 6 },
    ]);
    expect(validOrdinals(o)).toEqual([0, 4, 5]);
    expect(validCount(o)).toBe(3);
    expect(validOrdinals(ords(3, 6))).toEqual([3, 4, 5]);
  });

  it('walks a huge reserved range without visiting every ordinal', () => {
    const o = ords(0, 2_000_000_003, [[1, 2_000_000_000]]);
    expect(validOrdinals(o)).toEqual([0, 2_000_000_001, 2_000_000_002]);
  });
});

describe('the partition line', () => {
  it('sits after the `partition` lowest valid ordinals (the OpenKruise walkthrough: replicas 5, partition 4 updates only P4)', () => {
    expect(firstUpdatedOrdinal(ords(0, 5), 4)).toBe(4);
    expect(firstUpdatedOrdinal(ords(0, 5), 0)).toBe(0);
    expect(firstUpdatedOrdinal(ords(0, 5), 5)).toBeNull();
  });

  it('counts only valid ordinals: replicas 4 with ordinal 1 reserved and partition 2 keeps 0 and 2, updates 3 and 4', () => {
    const strip = ordinalStrip(ords(0, 5, [[1, 1]]), sts(0, 2, 3, 4), 2);
    expect(strip.slots.map(look)).toEqual(['0', '[1-1]', '2', '3', '4']);
    expect(strip.lineAt).toBe(3);
  });

  it('closes the range when the partition keeps every pod, and is absent without a partition position', () => {
    expect(ordinalStrip(ords(0, 3), sts(0, 1, 2), 3).lineAt).toBe(3);
    expect(ordinalStrip(ords(0, 3), sts(0, 1, 2), 9).lineAt).toBe(3);
    expect(ordinalStrip(ords(0, 3), sts(0, 1, 2), null).lineAt).toBeNull();
  });

  it('agrees with the spec for any reserved ordinals and partition: left of the line exactly min(partition, replicas) valid ordinals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 20 }),
        fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 25 }),
        (start, replicas, reservedList, partition) => {
          // The end the controller computes: start + replicas + reserved ordinals within the range.
          let end = start + replicas;
          const reserved = new Set(reservedList);
          for (let o = start; o < end; o++) if (reserved.has(o)) end++;
          const o = ords(
            start,
            end,
            [...reserved].map((r) => [r, r]),
          );
          const valid = validOrdinals(o);
          expect(valid).toHaveLength(replicas);
          const strip = ordinalStrip(
            o,
            valid.map((v) => pod(`web-${v}`, { ordinal: v })),
            partition,
          );
          const left = strip.slots.slice(0, strip.lineAt ?? 0).filter((s) => s.type === 'pod').length;
          expect(left).toBe(Math.min(partition, replicas));
          // Slots come in ordinal order and every valid ordinal appears once.
          const drawn = strip.slots.filter((s) => s.type === 'pod').map((s) => (s as { ordinal: number }).ordinal);
          expect(drawn).toEqual(valid);
        },
      ),
    );
  });
});

describe('the strip', () => {
  it('shows empty slots for ordinals without a pod yet, and pods outside the valid ordinals where they are', () => {
    // Reserving 3 moved pod 3 out: it is still being deleted while pod 5 is created (seed walkthrough).
    const strip = ordinalStrip(
      ords(0, 6, [
        [1, 1],
        [3, 3],
      ]),
      sts(0, 2, 3, 4, 7),
      0,
    );
    expect(strip.slots.map(look)).toEqual(['0', '[1-1]', '2', '[3-3]', '3x', '4', '(5)', '7x']);
    expect(strip.lineAt).toBe(0);
  });

  it('draws at most `limit` valid ordinals and says how many it left out', () => {
    const strip = ordinalStrip(ords(0, 5000), [], 0, 100);
    expect(strip.slots).toHaveLength(100);
    expect(strip.hidden).toBe(4900);
  });
});
