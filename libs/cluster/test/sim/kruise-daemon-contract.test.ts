// The pod-side contract between Kruise's controllers and kruise-daemon: which env counts as "from
// metadata" and how its hash moves, the launch priority of a container, and the runtime-meta report.
import { describe, expect, it } from '@jest/globals';
import type { Container, EnvVar } from '@coxswain/kruise-api';
import {
  containerPriority, envFromMetadataHash, formatRuntimeContainerMeta, hasEnvFromMetadata, readRuntimeContainerMeta,
} from '../../src/embedded/sim/kruise-daemon-contract.js';

const fromMeta = (name: string, fieldPath: string): EnvVar => ({ name, valueFrom: { fieldRef: { fieldPath } } });
const container = (...env: EnvVar[]): Container => ({ name: 'c', image: 'i', env });
const meta = { labels: { tier: 'gold' }, annotations: { cfg: 'v1' } };

describe('envFromMetadataHash (Kruise GetExpectHash)', () => {
  it.each<[string, boolean, Container]>([
    ['a label reference', true, container(fromMeta('T', "metadata.labels['tier']"))],
    ['an annotation reference', true, container(fromMeta('C', "metadata.annotations['cfg']"))],
    ['an env with a value besides its fieldRef', false, container({ ...fromMeta('C', "metadata.annotations['cfg']"), value: 'x' })],
    ['SIDECARSET_VERSION', false, container(fromMeta('SIDECARSET_VERSION', "metadata.annotations['cfg']"))],
    ['SIDECARSET_VERSION_ALT', false, container(fromMeta('SIDECARSET_VERSION_ALT', "metadata.annotations['cfg']"))],
    ['metadata.name', false, container(fromMeta('N', 'metadata.name'))],
    ['status.podIP', false, container(fromMeta('IP', 'status.podIP'))],
    ['a subscript of another path', false, container(fromMeta('X', "spec.nodeSelector['tier']"))],
    ['no env', false, { name: 'c' }],
  ])('%s: counts = %s', (_, counts, c) => {
    expect(hasEnvFromMetadata(c)).toBe(counts);
    expect(envFromMetadataHash(c, meta) !== 0).toBe(counts);
  });

  it('moves with the referenced value only, and is stable', () => {
    const c = container(fromMeta('T', "metadata.labels['tier']"), { name: 'PLAIN', value: 'p' });
    const h = envFromMetadataHash(c, meta);
    expect(envFromMetadataHash(c, { labels: { tier: 'gold', other: 'x' }, annotations: { more: 'y' } })).toBe(h);
    expect(envFromMetadataHash(c, { labels: { tier: 'silver' } })).not.toBe(h);
    // A missing key reads as "", which differs from a present value.
    expect(envFromMetadataHash(c, {})).not.toBe(h);
    expect(envFromMetadataHash(c, { labels: { tier: '' } })).toBe(envFromMetadataHash(c, {}));
  });

  it('never throws on malformed containers', () => {
    for (const bad of [{ name: 'c', env: 'x' }, { name: 'c', env: [null, 5, { name: 'A', valueFrom: { fieldRef: { fieldPath: 7 } } }] }]) {
      expect(envFromMetadataHash(bad as unknown as Container, meta)).toBe(0);
    }
  });
});

describe('containerPriority', () => {
  const barrier = (key: unknown): Container => container({ name: 'KRUISE_CONTAINER_BARRIER', valueFrom: { configMapKeyRef: { name: 'p-barrier', key: key as string } } });
  it.each<[string, number | undefined, Container]>([
    ['p_10', 10, barrier('p_10')],
    ['p_-2', -2, barrier('p_-2')],
    ['p_x (Atoi error)', 0, barrier('p_x')],
    ['a non-string key', 0, barrier(3)],
    ['no barrier env', undefined, container({ name: 'KRUISE_CONTAINER_PRIORITY', value: '10' })],
  ])('%s -> %s', (_, expected, c) => expect(containerPriority(c)).toBe(expected));
});

describe('runtime-containers-meta', () => {
  it('round-trips, omits a zero env hash, and reads nothing from malformed values', () => {
    const text = formatRuntimeContainerMeta([
      { name: 'a', containerID: 'containerd://1', restartCount: 2, hashes: { plainHash: 5, extractedEnvFromMetadataHash: 9 } },
      { name: 'b', containerID: 'containerd://2', restartCount: 0, hashes: { plainHash: 6, extractedEnvFromMetadataHash: 0 } },
    ]);
    expect(JSON.parse(text)).toEqual({ containers: [
      { name: 'a', containerID: 'containerd://1', restartCount: 2, hashes: { plainHash: 5, extractedEnvFromMetadataHash: 9 } },
      { name: 'b', containerID: 'containerd://2', restartCount: 0, hashes: { plainHash: 6 } },
    ] });
    const pod = (value: string) => ({ metadata: { annotations: { 'apps.kruise.io/runtime-containers-meta': value } } });
    expect(readRuntimeContainerMeta(pod(text))?.map((m) => m.name)).toEqual(['a', 'b']);
    expect(readRuntimeContainerMeta(pod('not json'))).toBeUndefined();
    expect(readRuntimeContainerMeta(pod('{"containers":"x"}'))).toBeUndefined();
    expect(readRuntimeContainerMeta(pod('{"containers":[{"name":"a"},null,{"name":"b","containerID":"id"}]}'))).toEqual([{ name: 'b', containerID: 'id' }]);
    expect(readRuntimeContainerMeta({ metadata: {} })).toBeUndefined();
  });
});
