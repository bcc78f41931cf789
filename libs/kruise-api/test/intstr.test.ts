import { describe, expect, it } from '@jest/globals';
import type { CloneSet, CloneSetRollingUpdateStrategy } from '../src/cloneset.js';
import {
  calculatePartitionReplicas,
  effectiveStrategyNumbers,
  getValueFromIntOrPercent,
  getValueFromIntOrPercentWithError,
  parseIntOrPercentForValidation,
} from '../src/intstr.js';
import type { IntOrString } from '../src/meta.js';

describe('Parser K: getValueFromIntOrPercent (docs/spec/cloneset.md §3.1)', () => {
  const cases: { value: IntOrString; total: number; roundUp: boolean; expected: number }[] = [
    { value: 3, total: 10, roundUp: true, expected: 3 },
    { value: 3, total: 10, roundUp: false, expected: 3 },
    { value: -1, total: 10, roundUp: true, expected: -1 },
    { value: '20%', total: 5, roundUp: true, expected: 1 },
    { value: '20%', total: 5, roundUp: false, expected: 1 },
    { value: '30%', total: 5, roundUp: true, expected: 2 },
    { value: '30%', total: 5, roundUp: false, expected: 1 },
    { value: '25%', total: 10, roundUp: true, expected: 3 },
    { value: '25%', total: 10, roundUp: false, expected: 2 },
    // "5" without % is still a percentage
    { value: '5', total: 100, roundUp: true, expected: 5 },
    { value: '5', total: 10, roundUp: true, expected: 1 },
    { value: '5', total: 10, roundUp: false, expected: 0 },
    // every % is stripped
    { value: '%5%', total: 100, roundUp: false, expected: 5 },
    { value: '50%%', total: 10, roundUp: false, expected: 5 },
    // decimal percentages do not parse: the controller reads 0
    { value: '12.5%', total: 100, roundUp: true, expected: 0 },
    { value: 'abc', total: 100, roundUp: true, expected: 0 },
    { value: '', total: 100, roundUp: true, expected: 0 },
    { value: '+10%', total: 100, roundUp: true, expected: 10 },
    { value: '100%', total: 0, roundUp: true, expected: 0 },
    // multiply first: 7 * 3 / 100 = 0.21 -> ceil 1
    { value: '7%', total: 3, roundUp: true, expected: 1 },
  ];
  it.each(cases)('$value of $total (roundUp=$roundUp) -> $expected', ({ value, total, roundUp, expected }) => {
    expect(getValueFromIntOrPercent(value, total, roundUp)).toBe(expected);
  });

  it('reports why a value could not be read', () => {
    expect(getValueFromIntOrPercentWithError('12.5%', 10, true)).toEqual({ value: 0, error: expect.stringContaining('12.5%') });
    expect(getValueFromIntOrPercentWithError('40%', 10, true)).toEqual({ value: 4 });
  });

  it('evaluates (p*total)/100 in double precision, multiply first', () => {
    // 29 * 100 / 100 = 29 exactly; 29 / 100 * 100 would be 28.999999999999996 and floor to 28.
    expect(getValueFromIntOrPercent('29%', 100, false)).toBe(29);
    expect(parseIntOrPercentForValidation('29%', 100, false).value).toBe(29);
  });
});

describe('Kruise parser used by validation', () => {
  const cases: { value: IntOrString; total: number; roundUp: boolean; expected: number; error?: boolean }[] = [
    { value: 3, total: 10, roundUp: true, expected: 3 },
    { value: '12.5%', total: 10, roundUp: true, expected: 2 },
    { value: '12.5%', total: 10, roundUp: false, expected: 1 },
    { value: '33.3%', total: 3, roundUp: true, expected: 1 },
    { value: '.5%', total: 200, roundUp: true, expected: 1 },
    { value: '1e1%', total: 10, roundUp: true, expected: 1 },
    { value: '5', total: 100, roundUp: true, expected: 0, error: true },
    { value: 'abc%', total: 100, roundUp: true, expected: 0, error: true },
    { value: '5%%', total: 100, roundUp: true, expected: 0, error: true },
    { value: 'NaN%', total: 100, roundUp: true, expected: 0, error: true },
    { value: 2.5, total: 100, roundUp: true, expected: 0, error: true },
  ];
  it.each(cases)('$value of $total (roundUp=$roundUp)', ({ value, total, roundUp, expected, error }) => {
    const result = parseIntOrPercentForValidation(value, total, roundUp);
    expect(result.value).toBe(expected);
    expect(result.error !== undefined).toBe(error === true);
  });
});

describe('Parser P: calculatePartitionReplicas (docs/spec/cloneset.md §3.1 examples)', () => {
  const cases: { partition: IntOrString | undefined; replicas: number | undefined; expected: number }[] = [
    { partition: '99%', replicas: 5, expected: 4 },
    { partition: '100%', replicas: 5, expected: 5 },
    { partition: '20%', replicas: 5, expected: 1 },
    { partition: '1%', replicas: 5, expected: 1 },
    { partition: 7, replicas: 5, expected: 5 },
    { partition: '0%', replicas: 5, expected: 0 },
    { partition: '99%', replicas: 1, expected: 1 },
    { partition: '99%', replicas: 0, expected: 0 },
    { partition: 3, replicas: 0, expected: 0 },
    { partition: '100%', replicas: 0, expected: 0 },
    { partition: '33.3%', replicas: 3, expected: 1 },
    { partition: -2, replicas: 5, expected: 0 },
    { partition: undefined, replicas: 5, expected: 0 },
    // replicas unset counts as 1
    { partition: '50%', replicas: undefined, expected: 1 },
    // the rule needs value == replicas exactly; above it the clamp applies
    { partition: '150%', replicas: 5, expected: 5 },
    // an int equal to replicas keeps every pod old
    { partition: 5, replicas: 5, expected: 5 },
  ];
  it.each(cases)('partition $partition of $replicas -> $expected', ({ partition, replicas, expected }) => {
    expect(calculatePartitionReplicas(partition, replicas)).toEqual({ value: expected });
  });

  it.each(['5', 'abc%', '12,5%'])('a partition of %j is an error and reads as 0', (partition) => {
    const result = calculatePartitionReplicas(partition, 10);
    expect(result.value).toBe(0);
    expect(result.error).toEqual(expect.any(String));
  });
});

function cloneSet(replicas: number | undefined, rollingUpdate?: CloneSetRollingUpdateStrategy, scaleMaxUnavailable?: IntOrString): CloneSet {
  const cs: CloneSet = {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'CloneSet',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } },
      updateStrategy: rollingUpdate === undefined ? { type: 'OnDelete' } : { type: 'RollingUpdate', rollingUpdate },
    },
  };
  if (replicas !== undefined) cs.spec.replicas = replicas;
  if (scaleMaxUnavailable !== undefined) cs.spec.scaleStrategy = { maxUnavailable: scaleMaxUnavailable };
  return cs;
}

describe('effectiveStrategyNumbers (docs/spec/cloneset.md §3.2)', () => {
  it('R=5, maxUnavailable "30%" without surge rounds up to 2', () => {
    expect(effectiveStrategyNumbers(cloneSet(5, { maxUnavailable: '30%', maxSurge: 0 }))).toEqual({
      partition: 0,
      maxSurge: 0,
      maxUnavailable: 2,
      scaleMaxUnavailable: 2147483647,
    });
  });

  it('R=5, maxUnavailable "30%" with maxSurge "30%" (-> 2) rounds down to 1', () => {
    const numbers = effectiveStrategyNumbers(cloneSet(5, { maxUnavailable: '30%', maxSurge: '30%' }));
    expect(numbers.maxSurge).toBe(2);
    expect(numbers.maxUnavailable).toBe(1);
  });

  it('paused forces surge to 0, which switches maxUnavailable back to rounding up', () => {
    const numbers = effectiveStrategyNumbers(cloneSet(5, { maxUnavailable: '30%', maxSurge: '30%', paused: true }));
    expect(numbers.maxSurge).toBe(0);
    expect(numbers.maxUnavailable).toBe(2);
  });

  it('"5" means 5% for maxSurge and maxUnavailable', () => {
    const numbers = effectiveStrategyNumbers(cloneSet(100, { maxUnavailable: '5', maxSurge: '5' }));
    expect(numbers.maxSurge).toBe(5);
    expect(numbers.maxUnavailable).toBe(5);
  });

  it('"12.5%" passes validation but the controller reads 0', () => {
    const numbers = effectiveStrategyNumbers(cloneSet(8, { maxUnavailable: '12.5%', maxSurge: '12.5%' }));
    expect(numbers.maxSurge).toBe(0);
    expect(numbers.maxUnavailable).toBe(0);
    expect(parseIntOrPercentForValidation('12.5%', 8, true)).toEqual({ value: 1 });
  });

  it('unset maxUnavailable is "20%", unset maxSurge 0', () => {
    expect(effectiveStrategyNumbers(cloneSet(10, {}))).toEqual({ partition: 0, maxSurge: 0, maxUnavailable: 2, scaleMaxUnavailable: 2147483647 });
  });

  it('partition uses Parser P', () => {
    expect(effectiveStrategyNumbers(cloneSet(5, { partition: '99%' })).partition).toBe(4);
    expect(effectiveStrategyNumbers(cloneSet(5, { partition: 7 })).partition).toBe(5);
  });

  it('an unreadable partition counts as 0 and the error is reported', () => {
    const numbers = effectiveStrategyNumbers(cloneSet(5, { partition: '3' }));
    expect(numbers.partition).toBe(0);
    expect(numbers.partitionError).toEqual(expect.any(String));
  });

  it('without rollingUpdate (OnDelete): partition 0, surge 0, maxUnavailable floor("20%")', () => {
    expect(effectiveStrategyNumbers(cloneSet(9, undefined))).toEqual({ partition: 0, maxSurge: 0, maxUnavailable: 1, scaleMaxUnavailable: 2147483647 });
    expect(effectiveStrategyNumbers(cloneSet(4, undefined)).maxUnavailable).toBe(0);
  });

  it('scaleStrategy.maxUnavailable rounds up', () => {
    expect(effectiveStrategyNumbers(cloneSet(5, {}, '10%')).scaleMaxUnavailable).toBe(1);
    expect(effectiveStrategyNumbers(cloneSet(5, {}, 2)).scaleMaxUnavailable).toBe(2);
  });

  it('R defaults to 1 when replicas is unset', () => {
    expect(effectiveStrategyNumbers(cloneSet(undefined, { maxUnavailable: '50%' })).maxUnavailable).toBe(1);
  });
});
