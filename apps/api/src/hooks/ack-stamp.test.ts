import { describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@coxswain/kruise-api';
import { formatStamp, readStamp, stampAnnotation, tombstonesOf } from './ack-stamp.js';

const at = '2026-11-28T10:00:00.123Z';
const pod = (annotations: Record<string, string>): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'n', uid: 'u', annotations } });

describe('ack stamps', () => {
  it('reads back what an ack writes, per hook', () => {
    const stamped = pod({ [stampAnnotation('preDelete')]: formatStamp({ id: 'a1', at }), [stampAnnotation('preUpdate')]: formatStamp({ id: 'a0', at }) });
    expect(stampAnnotation('preDelete')).toBe('coxswain.io/preDelete-ack');
    expect(readStamp(stamped, 'preDelete')).toEqual({ id: 'a1', at });
    expect(readStamp(stamped, 'postUpdate')).toBeUndefined();
    expect(tombstonesOf(stamped)).toEqual([
      { id: 'a1', at, hook: 'preDelete', namespace: 'n', pod: 'p', podUid: 'u' },
      { id: 'a0', at, hook: 'preUpdate', namespace: 'n', pod: 'p', podUid: 'u' },
    ]);
  });

  it.each([
    ['not JSON', 'a1'],
    ['no id', JSON.stringify({ at })],
    ['an id with a space', JSON.stringify({ id: 'a 1', at })],
    ['an id too long', JSON.stringify({ id: 'a'.repeat(256), at })],
    ['a time that is not the ISO form an ack writes', JSON.stringify({ id: 'a1', at: '2026-11-28' })],
    ['no time', JSON.stringify({ id: 'a1' })],
    ['JSON null', 'null'],
  ])('ignores an annotation written by hand: %s', (_, value) => {
    expect(readStamp(pod({ [stampAnnotation('preDelete')]: value }), 'preDelete')).toBeUndefined();
    expect(tombstonesOf(pod({ [stampAnnotation('preDelete')]: value }))).toEqual([]);
  });

  it('finds tombstones on pods only', () => {
    const annotations = { [stampAnnotation('preDelete')]: formatStamp({ id: 'a1', at }) };
    expect(tombstonesOf({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'p', annotations } })).toEqual([]);
  });
});
