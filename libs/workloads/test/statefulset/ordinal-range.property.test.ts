// docs/spec/advanced-statefulset.md §2.1's ordinal range computed in steps of reserved pieces equals walking the ordinals one by one, and
// stays instant for replicas near 2^31 (a spec edit must never hang the controller).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DEFAULT_FEATURE_GATES, ReservedOrdinals, type StatefulSet } from '@coxswain/kruise-api';
import { KRUISE_STATEFULSET } from '../../src/statefulset/plan/flavor.js';
import { ordinalRange } from '../../src/statefulset/plan/identity.js';

function set(replicas: number, reserveOrdinals: (number | string)[]): StatefulSet {
  return { apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet', metadata: { name: 's', namespace: 'd' }, spec: { replicas, reserveOrdinals } } as unknown as StatefulSet;
}

/** The rule as written: the end after the replicas-th free ordinal, one ordinal at a time. */
function walked(replicas: number, reserved: ReservedOrdinals): number {
  let end = 0;
  for (let count = 0; count < replicas; count++) end = reserved.firstFreeFrom(end) + 1;
  return end;
}

const item = fc.oneof(fc.integer({ min: 0, max: 60 }), fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 8 })).map(([a, n]) => `${a}-${a + n}`));

describe('ordinalRange', () => {
  it('matches walking the ordinals one by one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 80 }), fc.array(item, { maxLength: 8 }), (replicas, items) => {
        const range = ordinalRange(set(replicas, items), KRUISE_STATEFULSET, DEFAULT_FEATURE_GATES);
        expect(range.end).toBe(walked(replicas, ReservedOrdinals.parse(items)));
      }),
      { numRuns: 500 },
    );
  });

  it('is computed at once for 2,147,483,647 replicas around a huge reserved range', () => {
    const range = ordinalRange(set(2_147_483_647, [1, '10-1000000000']), KRUISE_STATEFULSET, DEFAULT_FEATURE_GATES);
    expect(range.end).toBe(2_147_483_647 + 1 + 999_999_991);
  });
});
