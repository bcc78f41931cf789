// Analysis check definitions (src/rollouts/analysis.ts) and the simulated error-rate annotation
// (src/simulated-metrics.ts): defaults, and the field each bad input is refused on — hostile input
// included (NUL bytes, huge numbers, non-http URLs, credentials in URLs, unknown fields).
import { describe, expect, it } from '@jest/globals';
import type { Deployment } from '../src/apps-v1.js';
import type { CloneSet } from '../src/cloneset.js';
import { setDefaultsCloneSet } from '../src/cloneset-defaults.js';
import { validateCloneSet } from '../src/cloneset-validation.js';
import { setDefaultsDeployment } from '../src/deployment-defaults.js';
import { validateDeployment } from '../src/deployment-validation.js';
import { FieldPath } from '../src/field-errors.js';
import { validatePod } from '../src/pod-validation.js';
import type { StatefulSet } from '../src/statefulset.js';
import { setDefaultsStatefulSet } from '../src/statefulset-defaults.js';
import { validateStatefulSet } from '../src/statefulset-validation.js';
import { defaultAnalysisCheck, validateAnalysisChecks, type AnalysisCheck } from '../src/rollouts/analysis.js';
import { ANNOTATION_SIMULATED_ERROR_RATE, parseSimulatedErrorRate } from '../src/simulated-metrics.js';

const PATH = FieldPath.of('spec', 'checks');
const prom = (over: Record<string, unknown> = {}) => ({
  name: 'error-ratio',
  prometheus: { address: 'http://127.0.0.1:9090', query: 'sum(rate(errors[1m]))', successCondition: { operator: 'LessThan', value: 0.05 }, ...over },
});
const fields = (checks: unknown) => validateAnalysisChecks(checks, PATH).map((e) => `${e.field} ${e.type}: ${e.message}`);

describe('analysis check definitions', () => {
  it('accepts each kind and fills the defaults', () => {
    const checks: AnalysisCheck[] = [
      prom() as AnalysisCheck,
      { name: 'health', http: { url: 'https://svc.example/health', jsonPath: 'status.items[0].ok', successCondition: { operator: 'Equal', value: true } } },
      { name: 'pods', pods: {} },
    ];
    expect(fields(checks)).toEqual([]);
    expect(defaultAnalysisCheck(checks[0]!).timeoutSeconds).toBe(10);
    expect(defaultAnalysisCheck(checks[2]!)).toEqual({ name: 'pods', pods: { readyForSeconds: 30 } });
    expect(defaultAnalysisCheck(checks[2]!).timeoutSeconds).toBeUndefined();
  });

  it.each<[string, unknown, string]>([
    ['not a list', { a: 1 }, 'spec.checks Invalid: must be a list'],
    ['no name', [{ pods: {} }], 'spec.checks[0].name Required'],
    ['a name that is not a DNS label', [{ name: 'Bad Name', pods: {} }], 'spec.checks[0].name Invalid'],
    ['two kinds', [{ name: 'a', pods: {}, http: { url: 'http://x', successCondition: { operator: 'Equal', value: 1 } } }], 'must set exactly one of prometheus, http, pods (sets http and pods)'],
    ['no kind', [{ name: 'a' }], 'must set exactly one of prometheus, http, pods'],
    ['duplicate names', [{ name: 'a', pods: {} }, { name: 'a', pods: {} }], 'spec.checks[1].name Duplicate'],
    ['an empty query', [prom({ query: '' })], 'spec.checks[0].prometheus.query Required'],
    ['a NUL byte in the query', [prom({ query: 'up\u0000' })], 'spec.checks[0].prometheus.query Invalid: must not contain control characters'],
    ['a query too long', [prom({ query: 'x'.repeat(5000) })], 'spec.checks[0].prometheus.query TooLong'],
    ['a query that is not a string', [prom({ query: { $gt: 1 } })], 'spec.checks[0].prometheus.query Invalid: must be a string'],
    ['a file URL', [prom({ address: 'file:///etc/passwd' })], 'spec.checks[0].prometheus.address Invalid: must be an absolute http or https URL'],
    ['a relative URL', [prom({ address: '/api' })], 'must be an absolute http or https URL'],
    ['credentials in the URL', [prom({ address: 'http://u:p@host:9090' })], 'must not carry a user name or password'],
    ['a NUL byte in the URL', [prom({ address: 'http://host\u0000:9090' })], 'must not contain spaces or control characters'],
    ['an unknown operator', [prom({ successCondition: { operator: '<', value: 1 } })], 'spec.checks[0].prometheus.successCondition.operator NotSupported'],
    ['code as a condition', [prom({ successCondition: 'result < 0.05' })], 'spec.checks[0].prometheus.successCondition Invalid'],
    ['a huge number (Infinity after JSON parsing)', [prom({ successCondition: { operator: 'LessThan', value: JSON.parse('1e400') } })], 'spec.checks[0].prometheus.successCondition.value Invalid: must be a finite number'],
    ['NaN', [prom({ successCondition: { operator: 'LessThan', value: NaN } })], 'must be a finite number'],
    ['a string with an ordering operator', [prom({ successCondition: { operator: 'GreaterThan', value: '5' } })], 'must be a number for GreaterThan'],
    ['an object as the value', [prom({ successCondition: { operator: 'Equal', value: { a: 1 } } })], 'must be a number, a string or a boolean'],
    ['a NUL byte in a string value', [prom({ successCondition: { operator: 'Equal', value: 'ok\u0000' } })], 'must not contain control characters'],
    ['an unknown field', [prom({ step: '1m' })], 'spec.checks[0].prometheus.step Invalid: unknown field'],
    ['a timeout of 0', [{ ...prom(), timeoutSeconds: 0 }], 'spec.checks[0].timeoutSeconds Invalid: must be a whole number from 1 to 60'],
    ['a huge timeout', [{ ...prom(), timeoutSeconds: 1e308 }], 'spec.checks[0].timeoutSeconds Invalid'],
    ['a timeout on a pods check', [{ name: 'p', pods: {}, timeoutSeconds: 5 }], 'applies to prometheus and http checks only'],
    ['a bad JSON path', [{ name: 'h', http: { url: 'http://x', jsonPath: 'a..b', successCondition: { operator: 'Equal', value: 1 } } }], 'spec.checks[0].http.jsonPath Invalid'],
    ['a JSON path with code', [{ name: 'h', http: { url: 'http://x', jsonPath: 'a[process.exit()]', successCondition: { operator: 'Equal', value: 1 } } }], 'spec.checks[0].http.jsonPath Invalid'],
    ['negative readyForSeconds', [{ name: 'p', pods: { readyForSeconds: -1 } }], 'spec.checks[0].pods.readyForSeconds Invalid'],
    ['fractional readyForSeconds', [{ name: 'p', pods: { readyForSeconds: 1.5 } }], 'spec.checks[0].pods.readyForSeconds Invalid'],
  ])('refuses %s', (_what, checks, expected) => {
    expect(fields(checks).join('\n')).toContain(expected);
  });
});

describe('the simulated error-rate annotation', () => {
  it.each([['0', 0], ['0.3', 0.3], ['1', 1], ['.25', 0.25], ['1.0', 1]])('reads %s', (text, rate) => {
    expect(parseSimulatedErrorRate(text)).toEqual({ rate });
  });
  it.each(['', ' 0.3', '-0.1', '1.5', '1e-1', 'NaN', 'Infinity', '0x1', '0.3\u0000', '9'.repeat(400)])('refuses %p', (text) => {
    expect(parseSimulatedErrorRate(text)).toHaveProperty('error');
  });

  const pod = (value: unknown) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', annotations: { [ANNOTATION_SIMULATED_ERROR_RATE]: value } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
  it('is checked when a pod is admitted, naming the field', () => {
    expect(validatePod(pod('0.3'))).toEqual([]);
    expect(validatePod(pod('lots'))).toEqual([
      expect.objectContaining({ field: 'metadata.annotations[coxswain.io/simulated-error-rate]', type: 'Invalid', value: 'lots' }),
    ]);
  });

  const template = (value: string) => ({
    metadata: { labels: { app: 'a' }, annotations: { [ANNOTATION_SIMULATED_ERROR_RATE]: value } },
    spec: { containers: [{ name: 'c', image: 'nginx' }] },
  });
  const spec = (value: string) => ({ replicas: 1, selector: { matchLabels: { app: 'a' } }, template: template(value) });
  const FIELD = 'spec.template.metadata.annotations[coxswain.io/simulated-error-rate]';
  it.each<[string, (value: string) => { field: string }[]]>([
    ['CloneSet', (v) => validateCloneSet(setDefaultsCloneSet({ apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', metadata: { name: 'w', namespace: 'n' }, spec: spec(v) } as unknown as CloneSet), { version: 'v1beta1' })],
    ['StatefulSet', (v) => validateStatefulSet(setDefaultsStatefulSet({ apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet', metadata: { name: 'w', namespace: 'n' }, spec: spec(v) } as unknown as StatefulSet), { version: 'v1beta1' })],
    ['Deployment', (v) => validateDeployment(setDefaultsDeployment({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'w', namespace: 'n' }, spec: spec(v) } as unknown as Deployment))],
  ])('is checked in a %s template', (_kind, validate) => {
    expect(validate('0.3').map((e) => e.field)).not.toContain(FIELD);
    expect(validate('2').map((e) => e.field)).toContain(FIELD);
  });
});
