// The analysis planners (src/analysis/): Prometheus answers, JSON answers and the batch's pods, each
// to a verdict with the value measured and a reason in words. Table-driven; pure, no network.
import { describe, expect, it } from '@jest/globals';
import type { Pod, SuccessCondition } from '@coxswain/kruise-api';
import { judgeJsonAnswer } from '../../src/analysis/http-json.js';
import { judgePods } from '../../src/analysis/pods.js';
import { judgePrometheusAnswer } from '../../src/analysis/prometheus.js';
import { meetsCondition } from '../../src/analysis/condition.js';

const below = (value: number): SuccessCondition => ({ operator: 'LessThan', value });
const vector = (...values: string[]) => ({ status: 'success', data: { resultType: 'vector', result: values.map((v, i) => ({ metric: { revision: `r${i}` }, value: [1700000000, v] })) } });

describe('conditions', () => {
  it.each<[unknown, SuccessCondition, boolean | 'incomparable']>([
    [0.01, below(0.05), true],
    [0.05, below(0.05), false],
    [0.05, { operator: 'LessThanOrEqual', value: 0.05 }, true],
    [3, { operator: 'GreaterThan', value: 2 }, true],
    [2, { operator: 'GreaterThanOrEqual', value: 2 }, true],
    [Infinity, below(1e308), false],
    ['ok', { operator: 'Equal', value: 'ok' }, true],
    ['1', { operator: 'Equal', value: 1 }, false],
    [true, { operator: 'NotEqual', value: false }, true],
    ['0.01', below(1), 'incomparable'],
    [NaN, below(1), 'incomparable'],
    [{ a: 1 }, { operator: 'GreaterThan', value: 1 }, 'incomparable'],
  ])('%p %j', (measured, condition, expected) => {
    const met = meetsCondition(measured, condition);
    expect('incomparable' in met ? 'incomparable' : met.met).toBe(expected);
  });
});

describe('the Prometheus planner', () => {
  it.each<[string, number, unknown, SuccessCondition, string, unknown, string]>([
    ['one series under the threshold', 200, vector('0.01'), below(0.05), 'Passed', 0.01, 'is 0.01, which is < 0.05'],
    ['one series over it', 200, vector('0.3'), below(0.05), 'Failed', 0.3, 'series {revision="r0"} is 0.3, which is not < 0.05'],
    ['the second series fails', 200, vector('0.01', '0.4'), below(0.05), 'Failed', 0.4, 'series {revision="r1"} is 0.4'],
    ['all series pass', 200, vector('0.01', '0.02'), below(0.05), 'Passed', 0.01, 'all 2 series meet it'],
    ['a scalar', 200, { status: 'success', data: { resultType: 'scalar', result: [1, '7'] } }, { operator: 'GreaterThan', value: 5 }, 'Passed', 7, 'the scalar is 7'],
    ['no series', 200, vector(), below(0.05), 'Pending', null, 'no series yet'],
    ['NaN (no requests yet)', 200, vector('NaN'), below(0.05), 'Pending', 'NaN', 'is NaN'],
    ['+Inf', 200, vector('+Inf'), below(0.05), 'Failed', Infinity, 'is Infinity'],
    ['a bad query', 400, { status: 'error', errorType: 'bad_data', error: 'parse error at char 5' }, below(1), 'Error', undefined, 'Prometheus refused the query (bad_data): parse error at char 5'],
    ['a matrix', 200, { status: 'success', data: { resultType: 'matrix', result: [] } }, below(1), 'Error', undefined, 'gave a matrix result'],
    ['a sample that is not a number', 200, { status: 'success', data: { resultType: 'vector', result: [{ metric: {}, value: [1, 'abc'] }] } }, below(1), 'Error', undefined, 'has no numeric value'],
    ['a body that is not Prometheus', 200, 'hello', below(1), 'Error', undefined, 'without a query result'],
    ['a server error', 503, undefined, below(1), 'Error', undefined, 'HTTP 503'],
  ])('%s', (_what, status, body, condition, phase, measured, reason) => {
    const result = judgePrometheusAnswer(status, body, condition);
    expect(result.phase).toBe(phase);
    expect(result.measured).toEqual(measured);
    expect(result.reason).toContain(reason);
    expect(result.condition).toBe(`${{ LessThan: '<', GreaterThan: '>' }[condition.operator as 'LessThan']} ${condition.value}`);
  });
});

describe('the HTTP JSON planner', () => {
  const eq = (value: SuccessCondition['value']): SuccessCondition => ({ operator: 'Equal', value });
  it.each<[string, number, unknown, string | undefined, SuccessCondition, string, string]>([
    ['a boolean that holds', 200, { status: { healthy: true } }, 'status.healthy', eq(true), 'Passed', 'status.healthy is true, which is == true'],
    ['a boolean that does not', 200, { status: { healthy: false } }, 'status.healthy', eq(true), 'Failed', 'is false, which is not == true'],
    ['an index', 200, { items: [{ ratio: 0.2 }] }, 'items[0].ratio', below(0.1), 'Failed', 'items[0].ratio is 0.2'],
    ['the whole answer', 200, 3, undefined, below(5), 'Passed', 'the answer is 3'],
    ['a missing field', 200, { a: {} }, 'a.b', eq(1), 'Error', 'the answer has no a.b'],
    ['an index past the end', 200, { items: [] }, 'items[3]', eq(1), 'Error', 'the answer has no items[3]'],
    ['a prototype property', 200, {}, 'constructor', eq(1), 'Error', 'the answer has no constructor'],
    ['a string where a number is needed', 200, { n: '5' }, 'n', below(10), 'Error', 'n: "5" is not a number'],
    ['a 500', 500, { ok: true }, 'ok', eq(true), 'Error', 'the endpoint answered HTTP 500'],
  ])('%s', (_what, status, body, path, condition, phase, reason) => {
    const result = judgeJsonAnswer(status, body, path, condition);
    expect(result.phase).toBe(phase);
    expect(result.reason).toContain(reason);
  });
});

describe('the pods planner', () => {
  const NOW = Date.parse('2026-01-01T00:01:00Z');
  const pod = (name: string, ready: boolean, readySince = '2026-01-01T00:00:00Z', restartCount = 0): Pod => ({
    apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'ns' }, spec: { containers: [{ name: 'c', image: 'i' }] },
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: readySince }],
      containerStatuses: [{ name: 'c', image: 'i', imageID: '', ready, restartCount }],
    },
  }) as Pod;
  it.each<[string, Pod[], number, string, unknown, string]>([
    ['no pods', [], 30, 'Pending', 0, 'no pods yet'],
    ['all ready long enough', [pod('a', true), pod('b', true)], 30, 'Passed', 60, 'all 2 pods Ready with no restarts for 60s'],
    ['ready, not long enough', [pod('a', true, '2026-01-01T00:00:45Z')], 30, 'Pending', 15, 'Ready for 15s of 30s'],
    ['one not ready', [pod('a', true), pod('b', false)], 30, 'Pending', 1, '1 of 2 pods not Ready (b first)'],
    ['a restart fails at once', [pod('a', true), pod('b', true, undefined, 2)], 30, 'Failed', 2, 'pod b restarted 2 times'],
    ['readyForSeconds 0', [pod('a', true, '2026-01-01T00:01:00Z')], 0, 'Passed', 0, 'for 0s'],
  ])('%s', (_what, pods, seconds, phase, measured, reason) => {
    const result = judgePods(pods, seconds, NOW);
    expect([result.phase, result.measured]).toEqual([phase, measured]);
    expect(result.reason).toContain(reason);
  });
  it('says when a pending check can pass', () => {
    expect(judgePods([pod('a', true, '2026-01-01T00:00:45Z')], 30, NOW).recheckAt).toBe(Date.parse('2026-01-01T00:01:15Z'));
  });
});
