// Completion detection (docs/spec/inplace-and-lifecycle.md §2.7) and the refresh decisions (docs/spec/inplace-and-lifecycle.md §2.6) outside the
// worked example's happy path.
import { describe, expect, it } from '@jest/globals';
import type { InPlaceUpdateState, Pod } from '@coxswain/kruise-api';
import { isInPlaceUpdateCompleted } from '../../src/inplace/completion.js';
import { envFromMetadataHash } from '../../src/inplace/env-from-metadata.js';
import { encodeInPlaceUpdateSpec } from '../../src/inplace/grace.js';
import { refreshInPlaceUpdate } from '../../src/inplace/refresh.js';
import { encodeInPlaceUpdateState } from '../../src/inplace/state.js';
import { condition, graceOf, podOf, T0, template } from './fixtures.js';

const t = template([{ name: 'main', image: 'app:v2' }]);
const STATE = 'apps.kruise.io/inplace-update-state';
const GRACE = 'apps.kruise.io/inplace-update-grace';

function withState(pod: Pod, state: Partial<InPlaceUpdateState>): Pod {
  const next = structuredClone(pod);
  next.metadata.annotations![STATE] = encodeInPlaceUpdateState({ revision: 'web-new2', updateTimestamp: '2026-05-01T12:00:00Z', lastContainerStatuses: null, ...state });
  return next;
}

/** A pod whose spec says app:v2 while the runtime reports `image` with `imageID`. */
function running(image: string, imageID: string, specImage = 'app:v2'): Pod {
  const pod = podOf(t, 'web-new2');
  pod.spec.containers[0]!.image = specImage;
  pod.status!.containerStatuses![0] = { ...pod.status!.containerStatuses![0]!, image, imageID };
  return pod;
}

describe('docs/spec/inplace-and-lifecycle.md §2.7 isInPlaceUpdateCompleted', () => {
  const recorded = { main: { imageID: 'id-old' } };

  it.each([
    ['no state annotation', podOf(t, 'web-new2'), true],
    ['grace annotation present', (() => { const p = withState(podOf(t, 'web-new2'), {}); p.metadata.annotations![GRACE] = '{}'; return p; })(), false],
    ['next batch pending', withState(podOf(t, 'web-new2'), { nextContainerImages: { other: 'x:2' } }), false],
    ['unreadable state', (() => { const p = podOf(t, 'web-new2'); p.metadata.annotations![STATE] = 'nope'; return p; })(), false],
    ['imageID unchanged, image string differs', withState(running('app:v1', 'id-old'), { lastContainerStatuses: recorded }), false],
    ['imageID unchanged, image string equals the spec', withState(running('app:v2', 'id-old'), { lastContainerStatuses: recorded }), true],
    ['imageID changed', withState(running('docker.io/library/app:v2', 'id-new'), { lastContainerStatuses: recorded }), true],
    ['spec image without tag compares as :latest', withState(running('app:latest', 'id-old', 'app'), { lastContainerStatuses: recorded }), true],
    ['spec image without tag, runtime reports the bare name', withState(running('app', 'id-old', 'app'), { lastContainerStatuses: recorded }), false],
    ['recorded container has no status', withState(podOf(t, 'web-new2'), { lastContainerStatuses: { gone: { imageID: 'x' } } }), false],
    ['nothing recorded (metadata-only update)', withState(podOf(t, 'web-new2'), {}), true],
    ['legacy state key is read', (() => { const p = podOf(t, 'web-new2'); p.metadata.annotations!['inplace-update-state'] = encodeInPlaceUpdateState({ revision: 'r', updateTimestamp: 't', lastContainerStatuses: { main: { imageID: 'docker-pullable://app:v2@sha256:6' } }, nextContainerImages: {} }); p.spec.containers[0]!.image = 'app:v3'; return p; })(), false],
  ] as const)('%s → %s', (_name, pod, expected) => {
    expect(isInPlaceUpdateCompleted(pod)).toBe(expected);
  });

  describe('env from metadata (runtime-containers-meta from kruise-daemon)', () => {
    const reader = template([{ name: 'main', image: 'app:v2', env: [{ name: 'TIER', valueFrom: { fieldRef: { fieldPath: "metadata.labels['tier']" } } }] }], { app: 'web', tier: 'back' });
    const base = withState(podOf(reader, 'web-new2'), { updateEnvFromMetadata: true });
    const meta = (containerID: string, hash: number) =>
      JSON.stringify({ containers: [{ name: 'main', containerID, restartCount: 1, hashes: { extractedEnvFromMetadataHash: hash } }] });
    const withMeta = (text: string) => {
      const p = structuredClone(base);
      p.metadata.annotations!['apps.kruise.io/runtime-containers-meta'] = text;
      return p;
    };
    const good = envFromMetadataHash(reader.spec.containers[0]!, { labels: { tier: 'back' } });

    it.each([
      ['no runtime meta', false, base],
      ['unreadable runtime meta', false, withMeta('{')],
      ['containerID differs from the status', false, withMeta(meta('containerd://other', good))],
      ['hash of an older label value', false, withMeta(meta('containerd://main-0', envFromMetadataHash(reader.spec.containers[0]!, { labels: { tier: 'front' } })))],
      ['same containerID and current hash', true, withMeta(meta('containerd://main-0', good))],
    ] as const)('%s → %s', (_name, expected, pod) => {
      expect(isInPlaceUpdateCompleted(pod)).toBe(expected);
    });

    it('the hash depends on the referenced values only', () => {
      const c = reader.spec.containers[0]!;
      expect(envFromMetadataHash(c, { labels: { tier: 'back', other: '1' } })).toBe(good);
      expect(envFromMetadataHash(c, { labels: { tier: 'front' } })).not.toBe(good);
      expect(envFromMetadataHash({ name: 'x' }, { labels: { tier: 'back' } })).toBe(0);
    });
  });

  describe('resources (gate InPlaceWorkloadVerticalScaling)', () => {
    const sized = template([{ name: 'main', image: 'app:v2', resources: { limits: { cpu: '300m' } } }]);
    const pod = withState(podOf(sized, 'web-new2'), { updateResources: true });
    const reported = structuredClone(pod);
    reported.status!.containerStatuses![0]!.resources = { limits: { cpu: '0.3' } };

    it('waits for the kubelet to report the new resources, only with the gate', () => {
      expect(isInPlaceUpdateCompleted(pod, { verticalScaling: true })).toBe(false);
      expect(isInPlaceUpdateCompleted(reported, { verticalScaling: true })).toBe(true);
      expect(isInPlaceUpdateCompleted(pod)).toBe(true);
    });

    // Kruise's IsUpdateCompleted: every spec container has a status, and each status reports requests
    // and limits equal to the spec's as whole maps (quantities compared by value; the API never sends
    // an empty map, so absent and {} are the same).
    const two = template([
      { name: 'main', image: 'app:v2', resources: { limits: { cpu: '300m', memory: '1Gi' }, requests: { cpu: '100m', 'ephemeral-storage': '1Gi' } } },
      { name: 'side', image: 'side:v1' },
    ]);
    const base = withState(podOf(two, 'web-new2'), { updateResources: true });
    base.status!.containerStatuses![0]!.resources = { limits: { cpu: '0.3', memory: '1073741824' }, requests: { cpu: '100m', 'ephemeral-storage': '1Gi' } };
    base.status!.containerStatuses![1]!.resources = {};
    const variant = (change: (p: Pod) => void): Pod => {
      const p = structuredClone(base);
      change(p);
      return p;
    };
    it.each<[string, boolean, Pod]>([
      ['status equals the spec in full (quantities written differently)', true, base],
      ['a container with no resources reports none (limits/requests {} or absent alike)', true, variant((p) => { p.status!.containerStatuses![1]!.resources = { limits: {}, requests: {} }; })],
      ['status reports a limit the spec does not set', false, variant((p) => { p.status!.containerStatuses![1]!.resources = { limits: { memory: '64Mi' } }; })],
      ['status reports no resources at all', false, variant((p) => { delete p.status!.containerStatuses![1]!.resources; })],
      ['a container status is missing', false, variant((p) => { p.status!.containerStatuses!.pop(); })],
      ['a request other than cpu/memory differs', false, variant((p) => { p.status!.containerStatuses![0]!.resources!.requests!['ephemeral-storage'] = '2Gi'; })],
      ['a status for a container the spec does not have', false, variant((p) => { p.status!.containerStatuses!.push({ ...p.status!.containerStatuses![1]!, name: 'gone' }); })],
    ])('%s: completed = %s', (_, completed, p) => {
      expect(isInPlaceUpdateCompleted(p, { verticalScaling: true })).toBe(completed);
    });
  });
});

describe('docs/spec/inplace-and-lifecycle.md §2.6 refreshInPlaceUpdate', () => {
  it('a brand-new pod gets InPlaceUpdateReady=True on its first refresh', () => {
    const pod = podOf(t, 'web-new2');
    pod.status!.conditions = pod.status!.conditions!.filter((c) => c.type !== 'InPlaceUpdateReady');
    const r = refreshInPlaceUpdate(pod, T0);
    expect(r.action).toBe('updateStatus');
    if (r.action === 'updateStatus') {
      expect(condition(r.pod, 'InPlaceUpdateReady')).toEqual({ type: 'InPlaceUpdateReady', status: 'True', lastTransitionTime: '2026-05-01T12:00:00Z' });
    }
  });

  it('without the readiness gate nothing is written', () => {
    expect(refreshInPlaceUpdate(podOf(t, 'web-new2', { gates: [] }), T0)).toEqual({ action: 'none', reason: 'no InPlaceUpdateReady readiness gate' });
  });

  it('a True condition with a reason keeps its reason (status unchanged, nothing to write)', () => {
    const pod = podOf(t, 'web-new2');
    pod.status!.conditions!.find((c) => c.type === 'InPlaceUpdateReady')!.reason = 'Manual';
    expect(refreshInPlaceUpdate(pod, T0).action).toBe('none');
  });

  it('a finished update that left the condition False sets it True and leaves Ready to the kubelet', () => {
    const pod = withState(podOf(t, 'web-new2'), {});
    pod.status!.conditions = pod.status!.conditions!.map((c) => (c.type === 'InPlaceUpdateReady' ? { ...c, status: 'False', reason: 'StartInPlaceUpdate' } : c.type === 'Ready' ? { ...c, status: 'False' } : c));
    const r = refreshInPlaceUpdate(pod, T0);
    if (r.action !== 'updateStatus') throw new Error(r.action);
    expect(condition(r.pod, 'InPlaceUpdateReady')).toEqual({ type: 'InPlaceUpdateReady', status: 'True', lastTransitionTime: '2026-05-01T12:00:00Z' });
    expect(condition(r.pod, 'Ready')?.status).toBe('False');
  });

  describe('grace period', () => {
    const old = template([{ name: 'main', image: 'app:v1' }]);
    function inGrace(revisionLabel: string, updateTimestamp = '2026-05-01T12:00:00Z'): Pod {
      const pod = withState(podOf(old, revisionLabel), { updateTimestamp });
      pod.metadata.annotations![GRACE] = encodeInPlaceUpdateSpec({ revision: 'web-new2', containerImages: { main: 'app:v2' }, graceSeconds: 10 });
      pod.metadata.annotations!['inplace-update-grace'] = 'legacy';
      return pod;
    }

    it('exactly at the end of the grace period the batch is applied and both grace keys removed', () => {
      const r = refreshInPlaceUpdate(inGrace('web-new2'), T0 + 10_000);
      if (r.action !== 'update') throw new Error(r.action);
      expect(r.pod.spec.containers[0]!.image).toBe('app:v2');
      expect(graceOf(r.pod)).toBeUndefined();
      expect(r.pod.metadata.annotations!['inplace-update-grace']).toBeUndefined();
    });

    it('1 ms before the end: requeue after 1 s', () => {
      expect(refreshInPlaceUpdate(inGrace('web-new2'), T0 + 9_999)).toMatchObject({ action: 'requeue', delaySeconds: 1 });
    });

    it('the pod left the spec\'s revision: the grace annotation is dropped unapplied', () => {
      const r = refreshInPlaceUpdate(inGrace('web-other3'), T0 + 1_000);
      if (r.action !== 'update') throw new Error(r.action);
      expect(r.pod.spec.containers[0]!.image).toBe('app:v1');
      expect(graceOf(r.pod)).toBeUndefined();
      expect(r.reason).toBe('grace period abandoned: pod no longer at revision web-new2');
    });

    it('short-hash revision labels still match the spec\'s revision', () => {
      expect(refreshInPlaceUpdate(inGrace('new2'), T0 + 1_000)).toMatchObject({ action: 'requeue', delaySeconds: 9 });
    });

    it('an unreadable update timestamp counts as long ago', () => {
      expect(refreshInPlaceUpdate(inGrace('web-new2', 'garbage'), T0).action).toBe('update');
    });

    it('grace without a state annotation, or unreadable annotations, are errors', () => {
      const noState = inGrace('web-new2');
      delete noState.metadata.annotations![STATE];
      expect(refreshInPlaceUpdate(noState, T0)).toEqual({ action: 'error', message: 'pod web-abcde: in-place update grace annotation without a readable state annotation' });
      const badGrace = inGrace('web-new2');
      badGrace.metadata.annotations![GRACE] = '{';
      expect(refreshInPlaceUpdate(badGrace, T0)).toEqual({ action: 'error', message: 'pod web-abcde: unreadable in-place update grace annotation' });
      const badState = podOf(t, 'web-new2');
      badState.metadata.annotations![STATE] = '[1]';
      expect(refreshInPlaceUpdate(badState, T0)).toEqual({ action: 'error', message: 'pod web-abcde: unreadable in-place update state annotation' });
    });
  });
});
