// Unknown fields: what the apiserver's structural pruning drops from a Kruise kind, where the schema
// declares every field of Kruise's Go type, and what it keeps where Coxswain models a type only in part.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { parseManifests, pruneObjectUnknownFields } from '../src/index.js';

type Loose = Record<string, any>;

const cloneSetV1alpha1 = (spec: Loose = {}, top: Loose = {}): Loose => ({
  apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', metadata: { name: 'web', namespace: 'shop' },
  spec: { replicas: 5, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'm', image: 'nginx' }] } }, ...spec },
  ...top,
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}

describe('pruneObjectUnknownFields', () => {
  const cases: [string, Loose, string[], (pruned: Loose) => void][] = [
    ['a field no version of the spec declares', cloneSetV1alpha1({ bogus: 1 }), ['spec.bogus'], (p) => expect(p.spec).not.toHaveProperty('bogus')],
    ['the v1beta1 rollingUpdate written into a v1alpha1 CloneSet', cloneSetV1alpha1({ updateStrategy: { paused: true, rollingUpdate: { partition: 3 } } }),
      ['spec.updateStrategy.rollingUpdate'], (p) => expect(p.spec.updateStrategy).toEqual({ paused: true })],
    ['the v1alpha1 paused written into a v1beta1 CloneSet', { ...cloneSetV1alpha1({ updateStrategy: { type: 'RollingUpdate', paused: true, partition: 3 } }), apiVersion: 'apps.kruise.io/v1beta1' },
      ['spec.updateStrategy.paused', 'spec.updateStrategy.partition'], (p) => expect(p.spec.updateStrategy).toEqual({ type: 'RollingUpdate' })],
    ['a misspelt top-level field', cloneSetV1alpha1({}, { specs: {} }), ['specs'], (p) => expect(p).not.toHaveProperty('specs')],
    ['fields inside lists and maps of Kruise structs', {
      apiVersion: 'apps.kruise.io/v1alpha1', kind: 'UnitedDeployment', metadata: { name: 'ud' },
      spec: { topology: { subsets: [{ name: 'a' }, { name: 'b', zone: 'x', patch: { anything: { goes: 1 } } }] }, updateStrategy: { manualUpdate: { partitions: { a: 1 } } } },
      status: { conditions: [{ type: 'x', status: 'True', extra: 1 }] },
    }, ['spec.topology.subsets[1].zone', 'status.conditions[0].extra'], (p) => expect(p.spec.topology.subsets[1]).toEqual({ name: 'b', patch: { anything: { goes: 1 } } })],
    ['lifecycle hooks and priority terms', cloneSetV1alpha1({ lifecycle: { preDelete: { labelsHandler: { a: 'true' }, finaliser: ['x'] } }, updateStrategy: { priorityStrategy: { weightPriority: [{ weight: 1, matchSelector: {}, w: 2 }] } } }),
      ['spec.lifecycle.preDelete.finaliser', 'spec.updateStrategy.priorityStrategy.weightPriority[0].w'], () => {}],
    ['nothing in the parts of core types Coxswain does not model (pod template, metadata)', cloneSetV1alpha1({ template: { metadata: { labels: { app: 'web' }, x: 1 }, spec: { hostPID: true, containers: [{ name: 'm', image: 'nginx', stdinOnce: true }] } } }),
      [], (p) => expect(p.spec.template.spec.hostPID).toBe(true)],
    ['nothing in a Pod', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [], bogus: 1 }, bogus: 2 }, [], (p) => expect(p.bogus).toBe(2)],
    ['nothing in an unknown kind', { apiVersion: 'x/v1', kind: 'Thing', spec: { a: 1 } }, [], () => {}],
  ];
  it.each(cases)('finds and drops %s', (_, object, unknown, check) => {
    const before = JSON.stringify(object);
    const { object: pruned, unknownFields } = pruneObjectUnknownFields(deepFreeze(object));
    expect(unknownFields).toEqual(unknown);
    check(pruned);
    expect(JSON.stringify(object)).toBe(before);
    if (unknown.length === 0) expect(pruned).toBe(object);
  });

  it('finds nothing in the seed documents and the test fixtures', () => {
    const dirs = [join(import.meta.dirname, 'fixtures'), join(import.meta.dirname, '..', '..', '..', 'apps', 'api', 'test', 'fixtures', 'seeds')];
    for (const dir of dirs) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
        for (const object of parseManifests(readFileSync(join(dir, file), 'utf8'))) {
          expect({ file, unknown: pruneObjectUnknownFields(object).unknownFields }).toEqual({ file, unknown: [] });
        }
      }
    }
  });

  it('is idempotent, keeps every declared field and drops exactly what it names (random objects)', () => {
    fc.assert(fc.property(
      fc.constantFrom('apps.kruise.io/v1alpha1', 'apps.kruise.io/v1beta1'),
      fc.constantFrom('CloneSet', 'StatefulSet', 'UnitedDeployment'),
      fc.dictionary(fc.constantFrom('replicas', 'updateStrategy', 'scaleStrategy', 'bogus', 'lifecycle', 'topology', 'minReadySeconds'),
        fc.oneof(fc.integer(), fc.dictionary(fc.constantFrom('type', 'partition', 'paused', 'rollingUpdate', 'x', 'podsToDelete'), fc.oneof(fc.integer(), fc.boolean(), fc.dictionary(fc.constantFrom('partition', 'y'), fc.integer()))))),
      (apiVersion, kind, spec) => {
        const object = { apiVersion, kind, metadata: { name: 'x' }, spec };
        const once = pruneObjectUnknownFields(object);
        const twice = pruneObjectUnknownFields(once.object);
        expect(twice.unknownFields).toEqual([]);
        expect(twice.object).toBe(once.object);
        // Every dropped path was in the input; every path the input has and the output lacks was named.
        const paths = (v: unknown, at = ''): string[] => (typeof v === 'object' && v !== null && !Array.isArray(v)
          ? Object.entries(v).flatMap(([k, m]) => [at ? `${at}.${k}` : k, ...paths(m, at ? `${at}.${k}` : k)]) : []);
        const lost = paths(object).filter((p) => !paths(once.object).includes(p));
        expect(lost.filter((p) => !once.unknownFields.some((u) => p === u || p.startsWith(`${u}.`)))).toEqual([]);
      },
    ));
  });
});
