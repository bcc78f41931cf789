// Whatever Prometheus or an endpoint answers, the planners give a verdict in words and never throw,
// and never a pass for a failed request (src/analysis/). Random JSON, seeded
// (FC_SEED replays a run).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { SuccessCondition } from '@coxswain/kruise-api';
import { judgeJsonAnswer } from '../../src/analysis/http-json.js';
import { judgePrometheusAnswer } from '../../src/analysis/prometheus.js';

const condition = fc.record<SuccessCondition>({
  operator: fc.constantFrom('LessThan', 'LessThanOrEqual', 'GreaterThan', 'GreaterThanOrEqual', 'Equal', 'NotEqual'),
  value: fc.double({ noNaN: true, noDefaultInfinity: true }),
});
const status = fc.integer({ min: 100, max: 599 });
/** Answers shaped like Prometheus' and not: vectors of random samples, and any JSON at all. */
const promAnswer = fc.oneof(
  fc.jsonValue(),
  fc.record({
    status: fc.constantFrom('success', 'error', 'other'),
    data: fc.record({
      resultType: fc.constantFrom('vector', 'scalar', 'matrix', 'string'),
      result: fc.oneof(fc.jsonValue(), fc.array(fc.record({ metric: fc.dictionary(fc.string(), fc.string()), value: fc.tuple(fc.double(), fc.oneof(fc.string(), fc.double().map(String), fc.constantFrom('NaN', '+Inf', '-Inf'))) }))),
    }),
  }),
);

describe('hostile answers', () => {
  it('a Prometheus answer always gets a phase and a reason; never a pass for an answer that is not a 2xx success', () => {
    fc.assert(fc.property(status, promAnswer, condition, (code, body, cond) => {
      const result = judgePrometheusAnswer(code, body, cond);
      expect(['Passed', 'Failed', 'Pending', 'Error']).toContain(result.phase);
      expect(result.reason.length).toBeGreaterThan(0);
      if (result.phase === 'Passed') expect(code >= 200 && code <= 299 && (body as { status?: unknown }).status === 'success').toBe(true);
    }));
  });

  it('an endpoint answer always gets a phase and a reason, whatever the path', () => {
    const path = fc.oneof(fc.constant(undefined), fc.constantFrom('a', 'a.b', 'a[0]', '__proto__', 'constructor.name', 'items[99999]'));
    fc.assert(fc.property(status, fc.jsonValue(), path, condition, (code, body, jsonPath, cond) => {
      const result = judgeJsonAnswer(code, body, jsonPath, cond);
      expect(['Passed', 'Failed', 'Error']).toContain(result.phase);
      expect(result.reason.length).toBeGreaterThan(0);
      if (jsonPath === '__proto__' || jsonPath === 'constructor.name') expect(result.phase === 'Error' || Object.hasOwn(body as object, jsonPath.split('.')[0]!)).toBe(true);
    }));
  });
});
