// docs/spec/inplace-and-lifecycle.md §2.9, end to end: decision → take traffic away → rewrite with grace →
// refresh through two priority batches → completion → lifecycle back to Normal (or Updated).
import { describe, expect, it } from '@jest/globals';
import type { Lifecycle, Pod } from '@coxswain/kruise-api';
import { isInPlaceUpdateCompleted } from '../../src/inplace/completion.js';
import { describeInPlaceUpdate, inPlaceGraceEndsAt } from '../../src/inplace/progress.js';
import { refreshInPlaceUpdate, type InPlaceRefresh } from '../../src/inplace/refresh.js';
import { chooseUpdateMethod } from '../../src/inplace/update-policy.js';
import { cloneSetRevisionLabels, rewritePodInPlace, startInPlaceUpdate } from '../../src/inplace/update.js';
import { inPlaceUpdateLifecycleGate, refreshLifecycleState } from '../../src/lifecycle/transitions.js';
import { applyPodMetadataPatch } from '../../src/lifecycle/state-change.js';
import { barrier, condition, graceOf, imageIdOf, kubeletRestartChanged, podOf, revision, stateOf, T0, template } from './fixtures.js';

const oldT = template([{ name: 'app', image: 'app:v1' }, { name: 'sidecar', image: 'sidecar:s1' }]);
const newT = template([{ name: 'app', image: 'app:v2' }, { name: 'sidecar', image: 'sidecar:s2' }]);
const oldRev = revision('web-old1', oldT);
const newRev = revision('web-new2', newT);
const s = 1000;

/** A pod of the old revision whose containers carry the webhook's priorities app=1, sidecar=2. */
function startingPod(): Pod {
  const pod = podOf(oldT, 'web-old1', { state: 'Normal' });
  pod.spec.containers[0]!.env = [barrier(1)];
  pod.spec.containers[1]!.env = [barrier(2)];
  return pod;
}

function expectUpdate(r: InPlaceRefresh): Pod {
  if (r.action !== 'update') throw new Error(`expected an update, got ${JSON.stringify(r)}`);
  return r.pod;
}

function setReady(pod: Pod, name: string, ready: boolean): Pod {
  const next = structuredClone(pod);
  next.status!.containerStatuses!.find((c) => c.name === name)!.ready = ready;
  return next;
}

describe('docs/spec/inplace-and-lifecycle.md §2.9 worked example', () => {
  function runToCompletion(lifecycle: Lifecycle | undefined) {
    // Decision.
    const method = chooseUpdateMethod({ policy: 'InPlaceIfPossible', podName: 'web-abcde', oldRevision: oldRev, newRevision: newRev, options: { gracePeriodSeconds: 10 } });
    if (method.method !== 'inPlace') throw new Error('expected in-place');
    expect(method.spec).toEqual({ revision: 'web-new2', containerImages: { app: 'app:v2', sidecar: 'sidecar:s2' }, graceSeconds: 10 });
    let pod = startingPod();
    expect(inPlaceUpdateLifecycleGate({ workload: 'CloneSet', lifecycle, pod, now: T0 })).toEqual({ action: 'update', rule: 7, lifecycleUpdating: 'always' });

    // 1. Update at T: not ready, new revision label, Updating, state {revision, T}, grace annotation, requeue 10 s.
    pod = startInPlaceUpdate(pod, method.spec, T0)!;
    expect(condition(pod, 'InPlaceUpdateReady')).toMatchObject({ status: 'False', reason: 'StartInPlaceUpdate' });
    expect(condition(pod, 'Ready')?.status).toBe('False');
    const rewritten = rewritePodInPlace(pod, method.spec, { now: T0, revisionLabels: cloneSetRevisionLabels('web-new2', false), lifecycleUpdating: 'always' });
    pod = rewritten.pod;
    expect(rewritten.delaySeconds).toBe(10);
    expect(pod.metadata.labels).toMatchObject({ 'controller-revision-hash': 'web-new2', 'lifecycle.apps.kruise.io/state': 'Updating' });
    expect(stateOf(pod)).toEqual({ revision: 'web-new2', updateTimestamp: '2026-05-01T12:00:00Z', lastContainerStatuses: null, updateImages: true });
    expect(graceOf(pod)).toEqual(method.spec);
    expect(pod.spec.containers.map((c) => c.image)).toEqual(['app:v1', 'sidecar:s1']);
    expect(isInPlaceUpdateCompleted(pod)).toBe(false);

    // Before the grace period is over nothing is written; the remaining time is rounded up.
    expect(refreshInPlaceUpdate(pod, T0 + 4.2 * s)).toEqual({ action: 'requeue', delaySeconds: 6, reason: 'in-place grace period: 6 s left' });
    // The plan says it in the same words at any moment, and when it ends (issue 28 item 6).
    expect(describeInPlaceUpdate(pod, T0 + 4.2 * s)).toBe('in-place update to revision web-new2: grace period before its containers are updated');
    expect(describeInPlaceUpdate(pod, T0 + 9 * s)).toBe('in-place update to revision web-new2: grace period before its containers are updated');
    expect(inPlaceGraceEndsAt(pod)).toBe(T0 + 10 * s);

    // 2. Refresh at T+10 s: batch 1 = [sidecar].
    pod = expectUpdate(refreshInPlaceUpdate(pod, T0 + 10 * s));
    expect(pod.spec.containers.map((c) => c.image)).toEqual(['app:v1', 'sidecar:s2']);
    expect(graceOf(pod)).toBeUndefined();
    expect(stateOf(pod)).toEqual({
      revision: 'web-new2',
      updateTimestamp: '2026-05-01T12:00:00Z',
      lastContainerStatuses: { sidecar: { imageID: imageIdOf('sidecar:s1') } },
      updateImages: true,
      nextContainerImages: { app: 'app:v2' },
      preCheckBeforeNext: { containersRequiredReady: ['sidecar'] },
      containerBatchesRecord: [{ timestamp: '2026-05-01T12:00:10Z', containers: ['sidecar'] }],
    });
    expect(isInPlaceUpdateCompleted(pod)).toBe(false);
    expect(refreshLifecycleState({ workload: 'CloneSet', lifecycle, pod, updateRevision: 'web-new2', now: T0 + 10 * s })).toBeUndefined();
    // The kubelet has not restarted sidecar yet.
    expect(refreshInPlaceUpdate(pod, T0 + 11 * s).action).toBe('none');

    // 3. sidecar restarted with a new imageID: not Ready yet → wait; Ready → batch 2 = [app].
    pod = kubeletRestartChanged(pod, false);
    expect(refreshInPlaceUpdate(pod, T0 + 12 * s)).toEqual({ action: 'none', reason: 'waiting for sidecar to be ready before the next batch' });
    pod = setReady(pod, 'sidecar', true);
    pod = expectUpdate(refreshInPlaceUpdate(pod, T0 + 13 * s));
    expect(pod.spec.containers.map((c) => c.image)).toEqual(['app:v2', 'sidecar:s2']);
    expect(stateOf(pod)).toEqual({
      revision: 'web-new2',
      updateTimestamp: '2026-05-01T12:00:00Z',
      lastContainerStatuses: { sidecar: { imageID: imageIdOf('sidecar:s1') }, app: { imageID: imageIdOf('app:v1') } },
      updateImages: true,
      containerBatchesRecord: [
        { timestamp: '2026-05-01T12:00:10Z', containers: ['sidecar'] },
        { timestamp: '2026-05-01T12:00:13Z', containers: ['app'] },
      ],
    });
    expect(isInPlaceUpdateCompleted(pod)).toBe(false);

    // 4. app's imageID changed: InPlaceUpdateReady=True; lifecycle leaves Updating.
    pod = kubeletRestartChanged(pod, true);
    expect(isInPlaceUpdateCompleted(pod)).toBe(true);
    const done = refreshInPlaceUpdate(pod, T0 + 20 * s);
    if (done.action !== 'updateStatus') throw new Error(`expected a status update, got ${done.action}`);
    pod = done.pod;
    expect(condition(pod, 'InPlaceUpdateReady')).toEqual({ type: 'InPlaceUpdateReady', status: 'True', lastTransitionTime: '2026-05-01T12:00:20Z' });
    expect(refreshInPlaceUpdate(pod, T0 + 21 * s)).toEqual({ action: 'none', reason: 'InPlaceUpdateReady already True' });
    // The state annotation stays after completion.
    expect(stateOf(pod)).toMatchObject({ revision: 'web-new2' });
    return { pod, change: refreshLifecycleState({ workload: 'CloneSet', lifecycle, pod, updateRevision: 'web-new2', now: T0 + 20 * s }) };
  }

  it('without lifecycle hooks: Updating → Normal', () => {
    const { pod, change } = runToCompletion(undefined);
    expect(change).toEqual({
      rule: 12,
      from: 'Updating',
      to: 'Normal',
      patch: { metadata: { labels: { 'lifecycle.apps.kruise.io/state': 'Normal' }, annotations: { 'lifecycle.apps.kruise.io/timestamp': '2026-05-01T12:00:20Z' } } },
    });
    expect(applyPodMetadataPatch(pod, change!.patch!).metadata.labels!['lifecycle.apps.kruise.io/state']).toBe('Normal');
  });

  it('with an inPlaceUpdate hook that is not all-hooked: Updating → Updated', () => {
    const lifecycle: Lifecycle = { inPlaceUpdate: { labelsHandler: { 'example.io/serving': 'true' }, markPodNotReady: true } };
    const { change } = runToCompletion(lifecycle);
    expect(change).toMatchObject({ rule: 12, from: 'Updating', to: 'Updated', podReady: { op: 'remove', key: 'preUpdateHook' } });
  });
});
