import { describe, expect, it } from '@jest/globals';
import type { Pod } from '@coxswain/kruise-api';
import { isAllHooked, isHooked } from '@coxswain/workloads';
import { applyMergePatch } from '@coxswain/cluster';
import { ackPatch } from './ack-patch.js';

const pod = (labels: Record<string, string>, finalizers?: string[]): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', namespace: 'n', uid: 'uid-1', resourceVersion: '42', labels, ...(finalizers ? { finalizers } : {}) },
  spec: { containers: [{ name: 'c', image: 'i' }] },
});
const hook = { labelsHandler: { 'example.io/block': 'true', 'example.io/other': 'on' }, finalizersHandler: ['example.io/hold'] };
const stamp = { 'coxswain.io/preDelete-ack': '{"id":"a1","at":"2026-11-28T10:00:00.000Z"}' };

describe('ackPatch', () => {
  it('release: removes the handler finalizers and every label still at its configured value, leaving the rest', () => {
    const before = pod({ app: 'web', 'example.io/block': 'true', 'example.io/other': 'off' }, ['keep', 'example.io/hold']);
    const patch = ackPatch(before, hook, 'release', stamp);
    expect(patch).toEqual({ metadata: { resourceVersion: '42', uid: 'uid-1', labels: { 'example.io/block': null }, finalizers: ['keep'], annotations: stamp } });
    const after = applyMergePatch(before, patch) as Pod;
    expect(isHooked(hook, after)).toBe(false);
    expect(after.metadata.labels).toEqual({ app: 'web', 'example.io/other': 'off' });
  });

  it('restore: adds the missing finalizers and sets every label to its configured value', () => {
    const before = pod({ 'example.io/block': 'false' }, ['keep']);
    const patch = ackPatch(before, hook, 'restore', stamp);
    expect(patch).toEqual({
      metadata: { resourceVersion: '42', uid: 'uid-1', labels: { 'example.io/block': 'true', 'example.io/other': 'on' }, finalizers: ['keep', 'example.io/hold'], annotations: stamp },
    });
    expect(isAllHooked(hook, applyMergePatch(before, patch) as Pod)).toBe(true);
  });

  it('always carries the read resourceVersion and uid as preconditions, and the ack\'s stamp, even when nothing else changes', () => {
    expect(ackPatch(pod({}), hook, 'release', stamp)).toEqual({ metadata: { resourceVersion: '42', uid: 'uid-1', annotations: stamp } });
  });
});
