// The state and grace annotations (docs/spec/inplace-and-lifecycle.md §1.4, §2.8): exact JSON, round trips,
// legacy keys, and tolerant decoding of anything malformed.
import { describe, expect, it } from '@jest/globals';
import type { InPlaceUpdateSpec, InPlaceUpdateState } from '@coxswain/kruise-api';
import { decodeInPlaceUpdateSpec, encodeInPlaceUpdateSpec, hasInPlaceUpdateGrace, inPlaceUpdateGraceText } from '../../src/inplace/grace.js';
import { decodeInPlaceUpdateState, encodeInPlaceUpdateState, hasNextBatch, readInPlaceUpdateState } from '../../src/inplace/state.js';

const full: InPlaceUpdateState = {
  revision: 'web-6c9f',
  updateTimestamp: '2026-05-01T12:00:00Z',
  lastContainerStatuses: { sidecar: { imageID: 'docker-pullable://proxy:s1@sha256:1' } },
  updateEnvFromMetadata: true,
  updateImages: true,
  nextContainerImages: { main: 'app:v2' },
  nextContainerRefMetadata: { reader: { labels: { tier: 'back' } } },
  nextContainerResources: { main: { limits: { cpu: '300m' } } },
  preCheckBeforeNext: { containersRequiredReady: ['sidecar'] },
  containerBatchesRecord: [{ timestamp: '2026-05-01T12:00:10Z', containers: ['sidecar'] }],
};

describe('encodeInPlaceUpdateState', () => {
  it('writes the minimal state with lastContainerStatuses null and false flags left out', () => {
    expect(encodeInPlaceUpdateState({ revision: 'web-1', updateTimestamp: '2026-05-01T12:00:00Z', lastContainerStatuses: null, updateResources: false })).toBe(
      '{"revision":"web-1","updateTimestamp":"2026-05-01T12:00:00Z","lastContainerStatuses":null}',
    );
  });

  it('writes members in Kruise order and map keys sorted', () => {
    const text = encodeInPlaceUpdateState({ ...full, nextContainerImages: { z: 'z:1', a: 'a:1' } });
    expect(Object.keys(JSON.parse(text))).toEqual([
      'revision', 'updateTimestamp', 'lastContainerStatuses', 'updateEnvFromMetadata', 'updateImages',
      'nextContainerImages', 'nextContainerRefMetadata', 'nextContainerResources', 'preCheckBeforeNext', 'containerBatchesRecord',
    ]);
    expect(text).toContain('"nextContainerImages":{"a":"a:1","z":"z:1"}');
  });

  it('leaves empty next maps out', () => {
    const text = encodeInPlaceUpdateState({ revision: 'r', updateTimestamp: 't', lastContainerStatuses: {}, nextContainerImages: {}, containerBatchesRecord: [] });
    expect(text).toBe('{"revision":"r","updateTimestamp":"t","lastContainerStatuses":{}}');
  });
});

describe('decodeInPlaceUpdateState', () => {
  it('round-trips a full state', () => {
    expect(decodeInPlaceUpdateState(encodeInPlaceUpdateState(full))).toEqual(full);
  });

  it('reads a state written by Kruise (Go zero values, nulls)', () => {
    const go = '{"revision":"web-1","updateTimestamp":"2026-05-01T12:00:00Z","lastContainerStatuses":{"main":{"imageID":"x"}},"preCheckBeforeNext":null}';
    expect(decodeInPlaceUpdateState(go)).toEqual({ revision: 'web-1', updateTimestamp: '2026-05-01T12:00:00Z', lastContainerStatuses: { main: { imageID: 'x' } } });
  });

  it('fills missing members with zero values', () => {
    expect(decodeInPlaceUpdateState('{}')).toEqual({ revision: '', updateTimestamp: '', lastContainerStatuses: null });
  });

  it.each([
    ['not JSON', '{revision:'],
    ['empty string', ''],
    ['an array', '[]'],
    ['a string', '"x"'],
    ['null', 'null'],
    ['revision not a string', '{"revision":1}'],
    ['lastContainerStatuses an array', '{"revision":"r","lastContainerStatuses":[]}'],
    ['imageID not a string', '{"revision":"r","lastContainerStatuses":{"a":{"imageID":3}}}'],
    ['flag not a boolean', '{"revision":"r","updateImages":"yes"}'],
    ['next images not strings', '{"revision":"r","nextContainerImages":{"a":1}}'],
    ['refMetadata labels not strings', '{"revision":"r","nextContainerRefMetadata":{"a":{"labels":{"k":1}}}}'],
    ['preCheck names not strings', '{"revision":"r","preCheckBeforeNext":{"containersRequiredReady":[1]}}'],
    ['batch without containers', '{"revision":"r","containerBatchesRecord":[{"timestamp":"t"}]}'],
  ])('%s → undefined, no exception', (_name, text) => {
    expect(decodeInPlaceUpdateState(text)).toBeUndefined();
  });
});

describe('readInPlaceUpdateState', () => {
  const text = encodeInPlaceUpdateState({ revision: 'new', updateTimestamp: 't', lastContainerStatuses: null });
  const old = encodeInPlaceUpdateState({ revision: 'old', updateTimestamp: 't', lastContainerStatuses: null });

  it('prefers the current key, falls back to the legacy key', () => {
    expect(readInPlaceUpdateState({ annotations: { 'apps.kruise.io/inplace-update-state': text, 'inplace-update-state': old } })?.revision).toBe('new');
    expect(readInPlaceUpdateState({ annotations: { 'inplace-update-state': old } })?.revision).toBe('old');
    expect(readInPlaceUpdateState({ annotations: {} })).toBeUndefined();
    expect(readInPlaceUpdateState({})).toBeUndefined();
  });

  it('a malformed annotation reads as undefined', () => {
    expect(readInPlaceUpdateState({ annotations: { 'apps.kruise.io/inplace-update-state': '{oops' } })).toBeUndefined();
  });
});

describe('hasNextBatch', () => {
  it.each([
    [{}, false],
    [{ nextContainerImages: {} }, false],
    [{ nextContainerImages: { a: 'a:2' } }, true],
    [{ nextContainerRefMetadata: { a: {} } }, true],
    [{ nextContainerResources: { a: {} } }, true],
  ] as const)('%j → %s', (extra, expected) => {
    expect(hasNextBatch({ revision: 'r', updateTimestamp: 't', lastContainerStatuses: null, ...extra })).toBe(expected);
  });
});

describe('grace annotation (UpdateSpec JSON, docs/spec/inplace-and-lifecycle.md §1.4)', () => {
  const spec: InPlaceUpdateSpec = {
    revision: 'web-2',
    containerImages: { sidecar: 'proxy:s2', main: 'app:v2' },
    containerRefMetadata: { reader: { labels: { tier: 'back' } } },
    metaDataPatch: Buffer.from('{"metadata":{"labels":{"a":"b"}}}').toString('base64'),
    updateEnvFromMetadata: true,
    graceSeconds: 10,
  };

  it('writes members in Kruise order, omitting empty ones', () => {
    expect(encodeInPlaceUpdateSpec({ revision: 'web-2', containerImages: {}, graceSeconds: 0 })).toBe('{"revision":"web-2"}');
    expect(encodeInPlaceUpdateSpec(spec)).toBe(
      '{"revision":"web-2","containerImages":{"main":"app:v2","sidecar":"proxy:s2"},"containerRefMetadata":{"reader":{"labels":{"tier":"back"}}},' +
        '"metaDataPatch":"eyJtZXRhZGF0YSI6eyJsYWJlbHMiOnsiYSI6ImIifX19","updateEnvFromMetadata":true,"graceSeconds":10}',
    );
  });

  it('round-trips', () => {
    expect(decodeInPlaceUpdateSpec(encodeInPlaceUpdateSpec(spec))).toEqual(spec);
  });

  it.each([['{'], ['[]'], ['{"revision":2}'], ['{"revision":"r","graceSeconds":1.5}'], ['{"revision":"r","containerImages":{"a":null}}'], ['{"revision":"r","metaDataPatch":5}']])(
    'malformed %s → undefined',
    (text) => {
      expect(decodeInPlaceUpdateSpec(text)).toBeUndefined();
    },
  );

  it('is found under the current or the legacy key', () => {
    expect(inPlaceUpdateGraceText({ annotations: { 'inplace-update-grace': 'x' } })).toBe('x');
    expect(hasInPlaceUpdateGrace({ annotations: { 'apps.kruise.io/inplace-update-grace': '{}' } })).toBe(true);
    expect(hasInPlaceUpdateGrace({ annotations: { other: '1' } })).toBe(false);
  });
});
