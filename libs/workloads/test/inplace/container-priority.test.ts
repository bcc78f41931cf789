// Container priorities and batches (docs/spec/inplace-and-lifecycle.md §2.3, §2.4).
import { describe, expect, it } from '@jest/globals';
import type { Container, InPlaceUpdateSpec, Pod } from '@coxswain/kruise-api';
import {
  containerLaunchPriorities, containerPriority, injectContainerLaunchBarrier, preCheckBeforeNextPassed, selectContainerBatch,
} from '../../src/inplace/container-priority.js';
import { barrier } from './fixtures.js';

const c = (name: string, env: Container['env'] = []): Container => ({ name, image: `${name}:1`, env });
const withPriority = (name: string, p: number) => c(name, [barrier(p)]);

describe('containerPriority (barrier env p_<N>)', () => {
  it.each([
    ['no env', c('a'), undefined],
    ['p_2', withPriority('a', 2), 2],
    ['p_-3', withPriority('a', -3), -3],
    ['p_0', withPriority('a', 0), 0],
    ['p_+4', c('a', [{ name: 'KRUISE_CONTAINER_BARRIER', valueFrom: { configMapKeyRef: { key: 'p_+4' } } }]), 4],
    ['unparseable key → 0', c('a', [{ name: 'KRUISE_CONTAINER_BARRIER', valueFrom: { configMapKeyRef: { key: 'p_x' } } }]), 0],
    ['key too short → 0', c('a', [{ name: 'KRUISE_CONTAINER_BARRIER', valueFrom: { configMapKeyRef: { key: 'p' } } }]), 0],
    ['no configMapKeyRef → 0', c('a', [{ name: 'KRUISE_CONTAINER_BARRIER', value: 'p_5' }]), 0],
    ['KRUISE_CONTAINER_PRIORITY alone is not read here', c('a', [{ name: 'KRUISE_CONTAINER_PRIORITY', value: '9' }]), undefined],
  ] as const)('%s', (_name, container, expected) => {
    expect(containerPriority(container)).toBe(expected);
  });
});

describe('launch priorities the pod webhook assigns', () => {
  const pod = (containers: Container[], annotations?: Record<string, string>): Pod => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web-abcde', ...(annotations ? { annotations } : {}) },
    spec: { containers },
  });
  const prio = (v: string) => [{ name: 'KRUISE_CONTAINER_PRIORITY', value: v }];

  it.each([
    ['one container', [c('a', prio('5'))], undefined, undefined],
    ['Ordered annotation', [c('a'), c('b'), c('c')], { 'apps.kruise.io/container-launch-priority': 'Ordered' }, [0, -1, -2]],
    ['Ordered wins over env values', [c('a', prio('1')), c('b', prio('9'))], { 'apps.kruise.io/container-launch-priority': 'Ordered' }, [0, -1]],
    ['env values, missing = 0', [c('a', prio('1')), c('b')], undefined, [1, 0]],
    ['env values all zero', [c('a', prio('0')), c('b', prio('0'))], undefined, undefined],
    ['env values all equal', [c('a', prio('3')), c('b', prio('3'))], undefined, undefined],
    ['negative values', [c('a', prio('-1')), c('b', prio('2'))], undefined, [-1, 2]],
    ['no env at all', [c('a'), c('b')], undefined, undefined],
  ] as const)('%s', (_name, containers, annotations, expected) => {
    expect(containerLaunchPriorities(pod(containers as unknown as Container[], annotations))).toEqual(expected);
  });

  it('rejects a value that is not an integer, naming the container', () => {
    expect(() => containerLaunchPriorities(pod([c('a', prio('high')), c('b')]))).toThrow('spec.containers[0].env[KRUISE_CONTAINER_PRIORITY]: "high" is not an integer');
  });

  it('injects the barrier env into every container', () => {
    const out = injectContainerLaunchBarrier(pod([c('a', prio('2')), c('b')]));
    expect(out.spec.containers.map((x) => x.env)).toEqual([
      [{ name: 'KRUISE_CONTAINER_PRIORITY', value: '2' }, barrier(2)],
      [barrier(0)],
    ]);
  });

  it('leaves pods without priorities, and pods already carrying barriers, unchanged', () => {
    const plain = pod([c('a'), c('b')]);
    expect(injectContainerLaunchBarrier(plain)).toBe(plain);
    const done = pod([withPriority('a', 1), withPriority('b', 0)], { 'apps.kruise.io/container-launch-priority': 'Ordered' });
    expect(injectContainerLaunchBarrier(done)).toBe(done);
  });
});

describe('selectContainerBatch (docs/spec/inplace-and-lifecycle.md §2.3)', () => {
  const images = (...names: string[]): InPlaceUpdateSpec => ({ revision: 'r', containerImages: Object.fromEntries(names.map((n) => [n, `${n}:2`])) });

  it.each([
    ['no priorities: every changed container at once', [c('a'), c('b'), c('c')], images('a', 'c'), ['a', 'c']],
    ['highest priority first', [withPriority('app', 1), withPriority('sidecar', 2)], images('app', 'sidecar'), ['sidecar']],
    ['equal priorities go together', [withPriority('a', 1), withPriority('b', 1), withPriority('c', 0)], images('a', 'b', 'c'), ['a', 'b']],
    ['unchanged higher-priority containers do not count', [withPriority('a', 5), withPriority('b', 1)], images('b'), ['b']],
    ['containers without priority join the first batch', [c('x'), withPriority('a', -1), withPriority('b', -2)], images('x', 'a', 'b'), ['a', 'x']],
    ['Ordered: the first container first', [withPriority('a', 0), withPriority('b', -1), withPriority('c', -2)], images('b', 'c'), ['b']],
    ['result sorted by name, not pod order', [c('zeta'), c('alpha')], images('zeta', 'alpha'), ['alpha', 'zeta']],
  ] as const)('%s', (_name, containers, spec, expected) => {
    expect(selectContainerBatch(containers as unknown as Container[], spec)).toEqual(expected);
  });

  it('pulls in containers sharing an env-from-metadata key, transitively', () => {
    const containers = [withPriority('a', 3), withPriority('b', 2), withPriority('c', 1), withPriority('d', 0)];
    const spec: InPlaceUpdateSpec = {
      revision: 'r',
      containerRefMetadata: {
        a: { labels: { k1: 'x' } },
        b: { labels: { k1: 'x', k2: 'y' } },
        c: { labels: { k2: 'y' } },
        d: { annotations: { k1: 'x' } }, // an annotation is not a label of the same name
      },
    };
    expect(selectContainerBatch(containers, spec)).toEqual(['a', 'b', 'c']);
  });
});

describe('preCheckBeforeNextPassed', () => {
  const pod = (statuses: { name: string; ready: boolean }[]): Pod => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {},
    spec: { containers: [] },
    status: { containerStatuses: statuses.map((s) => ({ ...s, image: 'i', imageID: 'id', restartCount: 0 })) },
  });

  it.each([
    ['no pre-check', undefined, [], true],
    ['listed container ready', { containersRequiredReady: ['a'] }, [{ name: 'a', ready: true }], true],
    ['listed container not ready', { containersRequiredReady: ['a'] }, [{ name: 'a', ready: false }], false],
    ['listed container without status', { containersRequiredReady: ['a'] }, [{ name: 'b', ready: true }], false],
    ['one of two not ready', { containersRequiredReady: ['a', 'b'] }, [{ name: 'a', ready: true }, { name: 'b', ready: false }], false],
  ] as const)('%s', (_name, preCheck, statuses, expected) => {
    expect(preCheckBeforeNextPassed(pod([...statuses]), preCheck as never)).toBe(expected);
  });
});
