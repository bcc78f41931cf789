// A Rollout step's analysis, Coxswain's extension (docs/analysis.md §5): validation with the field of
// each problem, the defaults admission fills in, the closed schema of the spec and of the status, and the
// same field in both versions. Property: validation and defaulting never throw (FC_SEED replays a run).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { rolloutToV1alpha1, toStorageRollout } from '../src/rollout-conversion.js';
import { setDefaultsRollout, validateRollout } from '../src/rollout-validation.js';
import type { Rollout, StepAnalysisStatus } from '../src/rollout.js';
import { formatFieldError, validateObjectSchema } from '../src/index.js';
import { bindAnalysisCheck } from '../src/rollouts/analysis.js';
import { pruneObjectUnknownFields } from '../src/kind-schemas.js';

type Loose = Record<string, any>;

const PROMETHEUS = { name: 'errors', prometheus: { address: 'http://127.0.0.1:9090', query: 'sum(up)', successCondition: { operator: 'LessThan', value: 0.05 } } };

function rollout(analysis: unknown, replicas: unknown = '20%'): Rollout {
  return {
    apiVersion: 'rollouts.kruise.io/v1beta1',
    kind: 'Rollout',
    metadata: { name: 'demo', namespace: 'default' },
    spec: {
      workloadRef: { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'shop' },
      strategy: { canary: { steps: [{ replicas, pause: {}, ...(analysis === undefined ? {} : { analysis }) }, { replicas: '100%' }] } },
    },
  } as Rollout;
}

const errorsOf = (analysis: unknown) => validateRollout(rollout(analysis)).map(formatFieldError);

describe("a step's analysis is validated with the field of each problem", () => {
  it('admits a step with checks of each kind, and a step without analysis', () => {
    expect(errorsOf({ checks: [PROMETHEUS, { name: 'steady', pods: { readyForSeconds: 5 } }], onFailure: 'Pause', intervalSeconds: 2 })).toEqual([]);
    expect(errorsOf(undefined)).toEqual([]);
  });

  const at = 'spec.strategy.canary.steps[0].analysis';
  it.each<[string, unknown, string[]]>([
    ['not an object', 'yes', [`${at}: Invalid value: "yes": must be an object`]],
    ['no checks', {}, [`${at}.checks: Required value`]],
    ['an empty list of checks', { checks: [] }, [`${at}.checks: Required value`]],
    ['an unknown field', { checks: [PROMETHEUS], retries: 3 }, [`${at}.retries: Invalid value: null: unknown field; known: checks, onFailure, intervalSeconds`]],
    ['an unknown failure policy', { checks: [PROMETHEUS], onFailure: 'Explode' }, [`${at}.onFailure: Unsupported value: "Explode": supported values: "Abort", "Pause"`]],
    ['an interval of 0', { checks: [PROMETHEUS], intervalSeconds: 0 }, [`${at}.intervalSeconds: Invalid value: 0: must be a whole number from 1 to 3600`]],
    ['a huge interval', { checks: [PROMETHEUS], intervalSeconds: 1e300 }, [`${at}.intervalSeconds: Invalid value: 1e+300: must be a whole number from 1 to 3600`]],
    ['eleven checks', { checks: Array.from({ length: 11 }, (_, i) => ({ name: `c${i}`, pods: {} })) }, [`${at}.checks: Invalid value: 11: must have at most 10 checks`]],
    ['two checks of one name', { checks: [PROMETHEUS, PROMETHEUS] }, [`${at}.checks[1].name: Duplicate value: "errors"`]],
    ['a check with a NUL in its query', { checks: [{ ...PROMETHEUS, prometheus: { ...PROMETHEUS.prometheus, query: 'up\u0000' } }] }, [expect.stringContaining(`${at}.checks[0].prometheus.query`)] as unknown as string[]],
  ])('refuses %s', (_name, analysis, expected) => {
    expect(errorsOf(analysis)).toEqual(expected);
  });

  it('is checked in v1alpha1 too (its steps carry the same field)', () => {
    const alpha = rolloutToV1alpha1(rollout({ checks: [PROMETHEUS], intervalSeconds: -1 }));
    expect(validateRollout(toStorageRollout(alpha)).map(formatFieldError)).toEqual([`spec.strategy.canary.steps[0].analysis.intervalSeconds: Invalid value: -1: must be a whole number from 1 to 3600`]);
  });
});

describe('defaults', () => {
  it('fills in Abort, the interval and each check\'s own defaults, and leaves steps without analysis alone', () => {
    const defaulted = setDefaultsRollout(rollout({ checks: [PROMETHEUS, { name: 'steady', pods: {} }] }));
    const [first, last] = defaulted.spec.strategy.canary!.steps!;
    expect(first!.analysis).toEqual({ checks: [{ ...PROMETHEUS, timeoutSeconds: 10 }, { name: 'steady', pods: { readyForSeconds: 30 } }], onFailure: 'Abort', intervalSeconds: 10 });
    expect(last).toEqual({ replicas: '100%' });
  });

  it('keeps what the user set', () => {
    const defaulted = setDefaultsRollout(rollout({ checks: [PROMETHEUS], onFailure: 'Pause', intervalSeconds: 3 }));
    expect(defaulted.spec.strategy.canary!.steps![0]!.analysis).toMatchObject({ onFailure: 'Pause', intervalSeconds: 3 });
  });
});

describe('schemas and versions', () => {
  const status: StepAnalysisStatus = {
    stepIndex: 1, canaryRevision: 'shop-7c9f6d5b8', phase: 'Failed', message: 'check errors failed', startedAt: '2026-11-29T07:00:00Z', onFailure: 'Abort',
    checks: [{
      name: 'errors', kind: 'prometheus', phase: 'Failed', measured: 0.3, condition: '< 0.05', reason: 'series {} is 0.3, which is not < 0.05',
      evaluatedAt: '2026-11-29T07:00:10Z', consecutiveErrors: 0, history: [{ at: '2026-11-29T07:00:10Z', phase: 'Failed', measured: 0.3 }],
    }],
  };
  const withStatus = (r: Rollout): Loose => ({ ...r, status: { canaryStatus: { canaryRevision: 'shop-7c9f6d5b8', canaryReplicas: 1, canaryReadyReplicas: 1, analysis: status } } });

  it('declares every field of the spec and of the status: nothing is pruned, wrong types are named', () => {
    const r = withStatus(setDefaultsRollout(rollout({ checks: [PROMETHEUS], onFailure: 'Pause' })));
    expect(pruneObjectUnknownFields(r).unknownFields).toEqual([]);
    expect(validateObjectSchema(r)).toEqual([]);
    const bad = rollout({ checks: [PROMETHEUS], intervalSeconds: 'often' });
    expect(validateObjectSchema(bad).map(formatFieldError)).toEqual([expect.stringContaining('spec.strategy.canary.steps[0].analysis.intervalSeconds')]);
    expect(pruneObjectUnknownFields(rollout({ checks: [{ ...PROMETHEUS, extra: 1 }] })).unknownFields).toEqual(['spec.strategy.canary.steps[0].analysis.checks[0].extra']);
  });

  it('keeps the analysis and its status through v1alpha1 and back', () => {
    const r = withStatus(setDefaultsRollout(rollout({ checks: [PROMETHEUS] }))) as Rollout;
    const alpha = rolloutToV1alpha1(r);
    expect(alpha.spec.strategy.canary!.steps![0]!.analysis).toEqual(r.spec.strategy.canary!.steps![0]!.analysis);
    expect(pruneObjectUnknownFields(alpha).unknownFields).toEqual([]);
    const back = toStorageRollout(alpha);
    expect(back.spec.strategy.canary!.steps![0]!.analysis).toEqual(r.spec.strategy.canary!.steps![0]!.analysis);
    expect(back.status?.canaryStatus?.analysis).toEqual(status);
  });

  it('never throws on any analysis value, defaulting or validating', () => {
    const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
    console.log(`step-analysis-api FC_SEED=${seed}`);
    fc.assert(fc.property(fc.anything({ withNullPrototype: true, withBigInt: false }), (analysis) => {
      const defaulted = setDefaultsRollout(rollout(analysis));
      expect(Array.isArray(validateRollout(defaulted))).toBe(true);
    }), { seed, numRuns: 300 });
  });
});

describe('placeholders in a query or URL (docs/analysis.md §5)', () => {
  const vars = { namespace: 'shop-ns', workload: 'shop', updateRevision: 'shop-7c9f6d5b8', currentRevision: 'shop-5d4c' };
  it('binds the known names, in a URL percent-encoded, and leaves a pods check alone', () => {
    const query = { name: 'q', prometheus: { address: 'http://p:9090', query: 'sum(x{namespace="{{namespace}}",revision="{{ updateRevision }}"})', successCondition: { operator: 'LessThan' as const, value: 1 } } };
    expect(bindAnalysisCheck(query, vars).prometheus!.query).toBe('sum(x{namespace="shop-ns",revision="shop-7c9f6d5b8"})');
    const http = { name: 'h', http: { url: 'http://h/{{workload}}?rev={{currentRevision}}', successCondition: { operator: 'Equal' as const, value: true } } };
    expect(bindAnalysisCheck(http, { ...vars, workload: 'a b&c' }).http!.url).toBe('http://h/a%20b%26c?rev=shop-5d4c');
    const pods = { name: 'p', pods: { readyForSeconds: 1 } };
    expect(bindAnalysisCheck(pods, vars)).toBe(pods);
  });

  it('refuses an unknown placeholder, naming the field and the known ones', () => {
    const at = 'spec.strategy.canary.steps[0].analysis.checks[0]';
    expect(errorsOf({ checks: [{ ...PROMETHEUS, prometheus: { ...PROMETHEUS.prometheus, query: 'up{pod="{{pod}}"}' } }] })).toEqual([
      `${at}.prometheus.query: Invalid value: "up{pod=\\"{{pod}}\\"}": unknown placeholder {{pod}}; known: {{namespace}}, {{workload}}, {{updateRevision}}, {{currentRevision}}`,
    ]);
    expect(errorsOf({ checks: [{ name: 'h', http: { url: 'http://h/{{rev}}', successCondition: { operator: 'Equal', value: 1 } } }] })).toEqual([
      `${at}.http.url: Invalid value: "http://h/{{rev}}": unknown placeholder {{rev}}; known: {{namespace}}, {{workload}}, {{updateRevision}}, {{currentRevision}}`,
    ]);
    expect(errorsOf({ checks: [{ name: 'h', http: { url: '{{workload}}/x', successCondition: { operator: 'Equal', value: 1 } } }] })).toEqual([
      `${at}.http.url: Invalid value: "{{workload}}/x": must be an absolute http or https URL`,
    ]);
  });
});
