// Readiness gate and the two writes that start an in-place update (docs/spec/inplace-and-lifecycle.md §2.1,
// §2.2, §2.5).
import { describe, expect, it } from '@jest/globals';
import type { InPlaceUpdateSpec, Pod } from '@coxswain/kruise-api';
import {
  hasInPlaceUpdateReadinessGate, recomputePodReady, setPodCondition, withInPlaceUpdateReadinessGate,
} from '../../src/inplace/readiness-gate.js';
import { cloneSetRevisionLabels, needsUnready, rewritePodInPlace, startInPlaceUpdate, statefulSetRevisionLabels } from '../../src/inplace/update.js';
import { condition, graceOf, podOf, stateOf, T0, template } from './fixtures.js';

const t = template([{ name: 'main', image: 'app:v1' }, { name: 'sidecar', image: 'proxy:s1' }]);
const imageSpec: InPlaceUpdateSpec = { revision: 'web-new2', containerImages: { main: 'app:v2' } };

describe('docs/spec/inplace-and-lifecycle.md §2.1 the InPlaceUpdateReady readiness gate', () => {
  it('is added once to a pod spec', () => {
    const spec = withInPlaceUpdateReadinessGate({ containers: [], readinessGates: [{ conditionType: 'Other' }] });
    expect(spec.readinessGates).toEqual([{ conditionType: 'Other' }, { conditionType: 'InPlaceUpdateReady' }]);
    expect(withInPlaceUpdateReadinessGate(spec)).toBe(spec);
  });

  it('is detected on a pod', () => {
    expect(hasInPlaceUpdateReadinessGate(podOf(t, 'web-old1'))).toBe(true);
    expect(hasInPlaceUpdateReadinessGate(podOf(t, 'web-old1', { gates: [] }))).toBe(false);
  });
});

describe('setPodCondition', () => {
  const pod = podOf(t, 'web-old1');

  it('replaces a condition only when its status differs', () => {
    const same = setPodCondition(pod, { type: 'InPlaceUpdateReady', status: 'True', reason: 'X' });
    expect(same).toBe(pod);
    const changed = setPodCondition(pod, { type: 'InPlaceUpdateReady', status: 'False', reason: 'X' });
    expect(condition(changed, 'InPlaceUpdateReady')).toEqual({ type: 'InPlaceUpdateReady', status: 'False', reason: 'X' });
    expect(condition(pod, 'InPlaceUpdateReady')?.status).toBe('True');
  });

  it('appends a missing condition', () => {
    const out = setPodCondition(pod, { type: 'New', status: 'False' });
    expect(out.status!.conditions!.map((c) => c.type)).toEqual(['ContainersReady', 'Ready', 'InPlaceUpdateReady', 'New']);
  });
});

describe('docs/spec/inplace-and-lifecycle.md §2.5 recomputePodReady', () => {
  const base = podOf(t, 'web-old1', { gates: ['InPlaceUpdateReady', 'KruisePodReady'] });
  const set = (pod: Pod, type: string, status: 'True' | 'False' | undefined): Pod => {
    const next = structuredClone(pod);
    next.status!.conditions = next.status!.conditions!.filter((c) => c.type !== type);
    if (status) next.status!.conditions.push({ type, status });
    return next;
  };

  it('a gate condition False → Ready False/ReadinessGatesNotReady with Kubernetes\' message', () => {
    const out = recomputePodReady(set(base, 'InPlaceUpdateReady', 'False'), T0);
    expect(condition(out, 'Ready')).toEqual({
      type: 'Ready',
      status: 'False',
      reason: 'ReadinessGatesNotReady',
      message: 'the status of pod readiness gate "InPlaceUpdateReady" is not "True", but False',
      lastTransitionTime: '2026-05-01T12:00:00Z',
    });
  });

  it('a gate condition missing → Ready False, messages joined', () => {
    const out = recomputePodReady(set(set(base, 'InPlaceUpdateReady', 'False'), 'KruisePodReady', undefined), T0);
    expect(condition(out, 'Ready')?.message).toBe(
      'the status of pod readiness gate "InPlaceUpdateReady" is not "True", but False, corresponding condition of pod readiness gate "KruisePodReady" does not exist.',
    );
  });

  it('all gates True → Ready True (replaced only when the status changes)', () => {
    const notReady = set(base, 'Ready', 'False');
    expect(condition(recomputePodReady(notReady, T0), 'Ready')).toEqual({ type: 'Ready', status: 'True', lastTransitionTime: '2026-05-01T12:00:00Z' });
    expect(recomputePodReady(base, T0)).toBe(base);
  });

  it('no Ready condition, or ContainersReady not True → untouched', () => {
    const noReady = set(set(base, 'Ready', undefined), 'InPlaceUpdateReady', 'False');
    expect(recomputePodReady(noReady, T0)).toBe(noReady);
    const containersNotReady = set(set(base, 'ContainersReady', 'False'), 'InPlaceUpdateReady', 'False');
    expect(recomputePodReady(containersNotReady, T0)).toBe(containersNotReady);
  });
});

describe('docs/spec/inplace-and-lifecycle.md §2.2 step 1: startInPlaceUpdate', () => {
  it('sets InPlaceUpdateReady False/StartInPlaceUpdate and Ready False', () => {
    const pod = podOf(t, 'web-old1');
    const out = startInPlaceUpdate(pod, imageSpec, T0)!;
    expect(condition(out, 'InPlaceUpdateReady')).toEqual({ type: 'InPlaceUpdateReady', status: 'False', reason: 'StartInPlaceUpdate', lastTransitionTime: '2026-05-01T12:00:00Z' });
    expect(condition(out, 'Ready')?.status).toBe('False');
    expect(condition(out, 'Ready')?.reason).toBe('ReadinessGatesNotReady');
    expect(condition(pod, 'Ready')?.status).toBe('True');
  });

  it('writes nothing without the readiness gate', () => {
    expect(startInPlaceUpdate(podOf(t, 'web-old1', { gates: [] }), imageSpec, T0)).toBeUndefined();
  });

  it('writes nothing when the condition already says StartInPlaceUpdate', () => {
    const once = startInPlaceUpdate(podOf(t, 'web-old1'), imageSpec, T0)!;
    expect(startInPlaceUpdate(once, imageSpec, T0 + 5000)).toBeUndefined();
  });

  it('a resize-only update that needs no restart keeps the pod ready with gate InPlaceWorkloadVerticalScaling (docs/spec/inplace-and-lifecycle.md §1.5)', () => {
    const pod = podOf(t, 'web-old1');
    const resize: InPlaceUpdateSpec = { revision: 'r', containerResources: { main: { limits: { cpu: '1' } } } };
    const gate = { verticalScaling: true };
    expect(needsUnready(pod, resize, gate)).toBe(false);
    expect(startInPlaceUpdate(pod, resize, T0, gate)).toBeUndefined();
    const restarting = structuredClone(pod);
    restarting.spec.containers[0]!.resizePolicy = [{ resourceName: 'cpu', restartPolicy: 'RestartContainer' }];
    expect(needsUnready(restarting, resize, gate)).toBe(true);
    // A restart policy for a resource that does not change does not count.
    const memoryRestarts = structuredClone(pod);
    memoryRestarts.spec.containers[0]!.resizePolicy = [{ resourceName: 'memory', restartPolicy: 'RestartContainer' }];
    expect(needsUnready(memoryRestarts, resize, gate)).toBe(false);
    expect(needsUnready(pod, { ...resize, containerImages: { main: 'app:v2' } }, gate)).toBe(true);
  });

  it('without the gate, a resize-only update falls back to the readiness gate, as Kruise does', () => {
    const pod = podOf(t, 'web-old1');
    const resize: InPlaceUpdateSpec = { revision: 'r', containerResources: { main: { limits: { cpu: '1' } } } };
    expect(needsUnready(pod, resize)).toBe(true);
    expect(needsUnready(pod, resize, { verticalScaling: false })).toBe(true);
    expect(condition(startInPlaceUpdate(pod, resize, T0)!, 'InPlaceUpdateReady')).toMatchObject({ status: 'False', reason: 'StartInPlaceUpdate' });
    expect(needsUnready(podOf(t, 'web-old1', { gates: [] }), resize)).toBe(false);
  });
});

describe('docs/spec/inplace-and-lifecycle.md §2.2 step 2: rewritePodInPlace', () => {
  const options = { now: T0, revisionLabels: cloneSetRevisionLabels('web-new2', false), lifecycleUpdating: 'always' as const };

  it('without grace: labels, lifecycle Updating, state annotation, first batch applied, legacy state removed', () => {
    const pod = podOf(t, 'web-old1', { state: 'Normal' });
    pod.metadata.annotations!['inplace-update-state'] = '{"revision":"ancient"}';
    pod.metadata.annotations!['inplace-update-grace'] = '{"revision":"ancient"}';
    const { pod: out, delaySeconds } = rewritePodInPlace(pod, imageSpec, options);
    expect(delaySeconds).toBe(0);
    expect(out.metadata.labels).toEqual({
      app: 'web',
      'controller-revision-hash': 'web-new2',
      'pod-template-hash': 'new2',
      'lifecycle.apps.kruise.io/state': 'Updating',
    });
    expect(out.spec.containers.map((c) => c.image)).toEqual(['app:v2', 'proxy:s1']);
    expect(out.metadata.annotations).toEqual({
      'lifecycle.apps.kruise.io/timestamp': '2026-05-01T12:00:00Z',
      'apps.kruise.io/inplace-update-state': expect.any(String),
    });
    expect(stateOf(out)).toEqual({
      revision: 'web-new2',
      updateTimestamp: '2026-05-01T12:00:00Z',
      lastContainerStatuses: { main: { imageID: 'docker-pullable://app:v1@sha256:6' } },
      updateImages: true,
      containerBatchesRecord: [{ timestamp: '2026-05-01T12:00:00Z', containers: ['main'] }],
    });
    // The input pod is untouched.
    expect(pod.spec.containers[0]!.image).toBe('app:v1');
  });

  it('with grace: the spec is parked in the grace annotation and the containers stay', () => {
    const pod = podOf(t, 'web-old1', { state: 'Normal' });
    const { pod: out, delaySeconds } = rewritePodInPlace(pod, { ...imageSpec, graceSeconds: 10 }, options);
    expect(delaySeconds).toBe(10);
    expect(out.spec.containers.map((c) => c.image)).toEqual(['app:v1', 'proxy:s1']);
    expect(graceOf(out)).toEqual({ revision: 'web-new2', containerImages: { main: 'app:v2' }, graceSeconds: 10 });
    expect(stateOf(out)).toEqual({ revision: 'web-new2', updateTimestamp: '2026-05-01T12:00:00Z', lastContainerStatuses: null, updateImages: true });
  });

  it('applies the metadata patch and env-from-metadata labels', () => {
    const pod = podOf(t, 'web-old1', { state: 'Normal' });
    pod.metadata.labels!['tier'] = 'front';
    const spec: InPlaceUpdateSpec = {
      revision: 'web-new2',
      containerRefMetadata: { main: { labels: { mode: 'blue' } } },
      metaDataPatch: Buffer.from('{"metadata":{"labels":{"tier":null,"canary":"yes"}}}').toString('base64'),
      updateEnvFromMetadata: true,
    };
    const out = rewritePodInPlace(pod, spec, options).pod;
    expect(out.metadata.labels!['tier']).toBeUndefined();
    expect(out.metadata.labels!['canary']).toBe('yes');
    expect(out.metadata.labels!['mode']).toBe('blue');
    expect(stateOf(out)).toMatchObject({ updateEnvFromMetadata: true, lastContainerStatuses: null, containerBatchesRecord: [{ containers: ['main'] }] });
  });

  it('Advanced StatefulSet: full-name revision label only, no state label on a pod without one', () => {
    const pod = podOf(t, 'web-old1');
    const out = rewritePodInPlace(pod, imageSpec, { now: T0, revisionLabels: statefulSetRevisionLabels('web-new2'), lifecycleUpdating: 'ifPresent' }).pod;
    expect(out.metadata.labels!['controller-revision-hash']).toBe('web-new2');
    expect(out.metadata.labels!['pod-template-hash']).toBe('old1');
    expect(out.metadata.labels!['lifecycle.apps.kruise.io/state']).toBeUndefined();
    expect(out.metadata.annotations!['lifecycle.apps.kruise.io/timestamp']).toBeUndefined();
  });

  it('CloneSet short-hash labels', () => {
    expect(cloneSetRevisionLabels('web-7f9c4d', true)).toEqual({ 'controller-revision-hash': '7f9c4d', 'pod-template-hash': '7f9c4d' });
  });
});
