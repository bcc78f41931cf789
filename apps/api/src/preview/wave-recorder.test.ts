// Waves from pod observations: touched at one instant is one wave; in place, delete and create are told
// apart; untouched pods are in no wave; nodes give zones.
import { describe, expect, it } from '@jest/globals';
import type { Node, Pod } from '@coxswain/kruise-api';
import { WaveRecorder } from './wave-recorder.js';

const NEW = 'rev-2';
function pod(name: string, revision: string, options: { node?: string; ready?: boolean; deleting?: boolean } = {}): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, labels: { 'controller-revision-hash': revision }, ...(options.deleting ? { deletionTimestamp: '2026-11-29T00:00:00Z' } : {}) },
    spec: { containers: [], ...(options.node ? { nodeName: options.node } : {}) },
    status: { conditions: [{ type: 'Ready', status: options.ready ? 'True' : 'False' }] },
  } as Pod;
}
const nodes = [{ metadata: { name: 'n1', labels: { 'topology.kubernetes.io/zone': 'z1' } } }] as unknown as Node[];

describe('WaveRecorder', () => {
  it('groups pods by the instant they were touched and stamps when each was ready', () => {
    const initial = ['a', 'b', 'c', 'd'].map((n) => pod(n, 'rev-1', { node: 'n1', ready: true }));
    const r = new WaveRecorder(initial, 1000, (p) => p.metadata.labels?.['controller-revision-hash'], (p) => p.metadata.labels?.['controller-revision-hash'] === NEW);
    r.observe(pod('a', 'rev-1', { node: 'n1', ready: true }), 1000); // unchanged: no wave
    r.observe(pod('a', NEW, { node: 'n1' }), 1100);
    r.observe(pod('b', NEW, { node: 'n1' }), 1100);
    r.observe(pod('a', NEW, { node: 'n1', ready: true }), 1500);
    r.observe(pod('c', 'rev-1', { node: 'n1', deleting: true }), 2000);
    r.observe(pod('c', 'rev-1', { node: 'n1' }), 2300, true);
    r.observe(pod('e', NEW), 2400);
    r.observe(pod('e', NEW, { node: 'n1', ready: true }), 2900);
    const waves = r.waves(nodes);
    expect(waves.map((w) => [w.startMs, w.endMs, w.pods.map((p) => `${p.pod}:${p.action}`)])).toEqual([
      [100, null, ['a:UPDATE_IN_PLACE', 'b:UPDATE_IN_PLACE']],
      [1000, 1300, ['c:DELETE']],
      [1400, 1900, ['e:CREATE']],
    ]);
    expect(waves[0]!.pods[0]).toEqual({ pod: 'a', action: 'UPDATE_IN_PLACE', subset: null, node: 'n1', zone: 'z1', readyAtMs: 500 });
    expect(waves[2]!.pods[0]!.zone).toBe('z1');
  });

  it('counts a pod entering a hook\'s PreparingUpdate as touched, and one already there as not', () => {
    const waiting = (name: string) => ({ ...pod(name, 'rev-1', { node: 'n1', ready: true }), metadata: { name, labels: { 'controller-revision-hash': 'rev-1', 'lifecycle.apps.kruise.io/state': 'PreparingUpdate' } } }) as Pod;
    const r = new WaveRecorder([pod('a', 'rev-1', { node: 'n1', ready: true }), waiting('b')], 0, (p) => p.metadata.labels?.['controller-revision-hash'], () => false);
    r.observe(waiting('a'), 300);
    r.observe(waiting('b'), 300);
    expect(r.waves(nodes).map((w) => w.pods.map((p) => `${p.pod}:${p.action}`))).toEqual([['a:UPDATE_IN_PLACE']]);
  });
});
