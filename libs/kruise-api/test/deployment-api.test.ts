// apps/v1 Deployment and ReplicaSet API handling: Kubernetes' defaults and validation.
import { describe, expect, it } from '@jest/globals';
import type { Deployment, ReplicaSet } from '../src/apps-v1.js';
import { setDefaultsDeployment, setDefaultsReplicaSet } from '../src/deployment-defaults.js';
import { validateDeployment, validateReplicaSet } from '../src/deployment-validation.js';
import { formatFieldError } from '../src/field-errors.js';

type Loose = Record<string, any>;

function deployment(edit: (spec: Loose) => void = () => {}): Deployment {
  const obj: Loose = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'shop' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] } },
    },
  };
  edit(obj['spec']);
  return obj as Deployment;
}

const errorsOf = (d: Deployment, old?: Deployment) => validateDeployment(setDefaultsDeployment(d), old && setDefaultsDeployment(old)).map(formatFieldError);

describe('Deployment defaults', () => {
  it('are Kubernetes\': replicas 1, RollingUpdate 25%/25%, history 10, progress deadline 600 s, pod defaults', () => {
    const out = setDefaultsDeployment(deployment());
    expect(out.spec).toMatchObject({
      replicas: 1, revisionHistoryLimit: 10, progressDeadlineSeconds: 600,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
    });
    expect(out.spec.template.spec.restartPolicy).toBe('Always');
    expect(setDefaultsDeployment(out)).toEqual(out);
  });

  it('give a Recreate strategy no rollingUpdate', () => {
    expect(setDefaultsDeployment(deployment((s) => { s['strategy'] = { type: 'Recreate' }; })).spec.strategy).toEqual({ type: 'Recreate' });
  });

  it('give a ReplicaSet replicas 1', () => {
    const rs = { ...deployment(), kind: 'ReplicaSet' } as unknown as ReplicaSet;
    expect(setDefaultsReplicaSet(rs).spec.replicas).toBe(1);
  });
});

describe('Deployment validation', () => {
  it.each<[string, (spec: Loose) => void, string[]]>([
    ['a valid Deployment', () => {}, []],
    ['negative replicas', (s) => { s['replicas'] = -1; }, ['spec.replicas: Invalid value: -1: must be greater than or equal to 0']],
    ['an empty selector', (s) => { s['selector'] = {}; }, ['spec.selector: Invalid value: {}: empty selector is invalid for deployment']],
    ['template labels not matching', (s) => { s['template']['metadata']['labels'] = { app: 'x' }; },
      ['spec.template.metadata.labels: Invalid value: {"app":"x"}: `selector` does not match template `labels`']],
    ['maxSurge and maxUnavailable both 0', (s) => { s['strategy'] = { rollingUpdate: { maxSurge: 0, maxUnavailable: '0%' } }; },
      ['spec.strategy.rollingUpdate.maxUnavailable: Invalid value: "0%": may not be 0 when `maxSurge` is 0']],
    ['maxUnavailable above 100%', (s) => { s['strategy'] = { rollingUpdate: { maxUnavailable: '150%' } }; },
      ['spec.strategy.rollingUpdate.maxUnavailable: Invalid value: "150%": must not be greater than 100%']],
    ['maxSurge not a percentage', (s) => { s['strategy'] = { rollingUpdate: { maxSurge: '5' } }; },
      ["spec.strategy.rollingUpdate.maxSurge: Invalid value: \"5\": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')"]],
    ['rollingUpdate with Recreate', (s) => { s['strategy'] = { type: 'Recreate', rollingUpdate: { maxSurge: 1 } }; },
      ["spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'"]],
    ['an unknown strategy', (s) => { s['strategy'] = { type: 'BlueGreen' }; },
      ['spec.strategy.type: Unsupported value: "BlueGreen": supported values: "Recreate", "RollingUpdate"']],
    ['progressDeadlineSeconds not above minReadySeconds', (s) => { s['minReadySeconds'] = 30; s['progressDeadlineSeconds'] = 30; },
      ['spec.progressDeadlineSeconds: Invalid value: 30: must be greater than minReadySeconds']],
    ['restartPolicy Never', (s) => { s['template']['spec']['restartPolicy'] = 'Never'; },
      ['spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"']],
  ])('%s', (_name, edit, expected) => {
    expect(errorsOf(deployment(edit))).toEqual(expected);
  });

  it('keeps the selector immutable', () => {
    const next = deployment((s) => {
      s['selector'] = { matchLabels: { app: 'web', tier: 'front' } };
      s['template']['metadata']['labels']['tier'] = 'front';
    });
    expect(errorsOf(next, deployment())).toEqual(['spec.selector: Invalid value: {"matchLabels":{"app":"web","tier":"front"}}: field is immutable']);
  });

  it('validates ReplicaSets with the same selector and template rules', () => {
    const rs = { ...deployment((s) => { s['template']['metadata']['labels'] = {}; }), kind: 'ReplicaSet' } as unknown as ReplicaSet;
    expect(validateReplicaSet(setDefaultsReplicaSet(rs)).map(formatFieldError)).toEqual([
      'spec.template.metadata.labels: Invalid value: {}: `selector` does not match template `labels`',
    ]);
  });
});
