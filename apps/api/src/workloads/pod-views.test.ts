// A remembered pod view is exactly what podView would compute now: the cache changes cost, never answers.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { LABEL_CONTROLLER_REVISION_HASH, LABEL_TOPOLOGY_ZONE, type CloneSet, type Node, type Pod } from '@coxswain/kruise-api';
import { CLONESET_KIND } from '@coxswain/workloads';
import { podView, PodViews, workloadView, type WorkloadView } from './views.js';

const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);

function cloneSet(updateRevision: string, minReadySeconds: number, generation = 1): CloneSet {
  return {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'CloneSet',
    metadata: { name: 'web', namespace: 'shop', uid: 'cs-uid', generation, creationTimestamp: new Date(T0).toISOString() },
    spec: { replicas: 3, minReadySeconds, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'main', image: 'nginx:1' }] } } },
    status: { observedGeneration: generation, replicas: 3, readyReplicas: 0, availableReplicas: 0, updatedReplicas: 0, updatedReadyReplicas: 0, updateRevision, currentRevision: 'web-a' },
  } as CloneSet;
}

function owner(updateRevision = 'web-a', minReadySeconds = 0, generation = 1): WorkloadView {
  return workloadView(CLONESET_KIND as never, cloneSet(updateRevision, minReadySeconds, generation), T0);
}

function pod(name: string, revision: string, readySince: number | null, node = 'node-1'): Pod {
  return Object.freeze({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'shop', uid: `uid-${name}`, labels: { app: 'web', [LABEL_CONTROLLER_REVISION_HASH]: revision }, creationTimestamp: new Date(T0).toISOString() },
    spec: { nodeName: node, containers: [{ name: 'main', image: 'nginx:1' }] },
    status: readySince === null
      ? { phase: 'Pending' }
      : { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: new Date(readySince).toISOString() }], containerStatuses: [{ name: 'main', image: 'nginx:1', imageID: 'sha', ready: true, restartCount: 0 }] },
  }) as Pod;
}

function nodes(zone: string): ReadonlyMap<string, Node> {
  return new Map([['node-1', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1', labels: { [LABEL_TOPOLOGY_ZONE]: zone } } } as Node]]);
}

describe('podView', () => {
  it.each<[string, number | null]>([['42', 42], ['-2147483648', -(2 ** 31)], ['2147483647', 2 ** 31 - 1], ['2147483648', null], ['1e20', null], ['1.5', null], ['x', null]])(
    'reads pod-deletion-cost %s as Kubernetes does, an int32: %s',
    (annotation, expected) => {
      const base = pod('web-1', 'web-a', T0);
      const costly = { ...base, metadata: { ...base.metadata, annotations: { 'controller.kubernetes.io/pod-deletion-cost': annotation } } } as Pod;
      expect(podView(costly, owner(), nodes('zone-a'), T0).deletionCost).toBe(expected);
    },
  );

  it.each<[string | undefined, number | null]>([['1', 1], ['12', 12], [undefined, null], ['0', null], ['-1', null], ['01', null], ['x', null], ['1.5', null], ['', null]])(
    'reads the rollout-batch-id label %s as the batch %s (docs/spec/kruise-rollout.md §3.9: 1-based)',
    (label, expected) => {
      const base = pod('web-1', 'web-a', T0);
      const labels = label === undefined ? base.metadata.labels : { ...base.metadata.labels, 'rollouts.kruise.io/rollout-batch-id': label };
      expect(podView({ ...base, metadata: { ...base.metadata, labels } } as Pod, owner(), nodes('zone-a'), T0).rolloutBatchId).toBe(expected);
    },
  );
});

describe('PodViews', () => {
  it('reuses the view of an unchanged pod, and sees every change that shows', () => {
    const views = new PodViews();
    const zoneA = nodes('zone-a');
    const p = pod('web-1', 'web-a', T0);
    const first = views.view(p, owner(), zoneA, T0 + 1000);
    expect(views.view(p, owner(), zoneA, T0 + 2000)).toBe(first);
    // A new version of the pod, a new update revision, other nodes: each is computed again.
    expect(views.view(pod('web-1', 'web-b', T0), owner(), zoneA, T0)).toMatchObject({ revision: 'web-b', isUpdated: false });
    expect(views.view(p, owner('web-b'), zoneA, T0)).toMatchObject({ isUpdated: false });
    expect(views.view(p, owner('web-a'), nodes('zone-b'), T0)).toMatchObject({ zone: 'zone-b', isUpdated: true });
  });

  it('turns available once minReadySeconds have passed, for the same pod object', () => {
    const views = new PodViews();
    const p = pod('web-1', 'web-a', T0);
    const zone = nodes('zone-a');
    expect(views.view(p, owner('web-a', 10), zone, T0 + 5_000).available).toBe(false);
    expect(views.view(p, owner('web-a', 10), zone, T0 + 10_001).available).toBe(true);
    expect(views.view(p, owner('web-a', 10), zone, T0 + 20_000).available).toBe(true);
    // A spec change (minReadySeconds 60, generation 2) is a new owner key: computed again.
    expect(views.view(p, owner('web-a', 60, 2), zone, T0 + 20_000).available).toBe(false);
  });

  it.each([
    ['held by minReadySeconds alone: the moment after which it is available', pod('web-1', 'web-a', T0), 10, T0 + 5_000, { available: false, availableAt: new Date(T0 + 10_000) }],
    ['available: nothing to wait for', pod('web-1', 'web-a', T0), 10, T0 + 10_001, { available: true, availableAt: null }],
    ['minReadySeconds 0', pod('web-1', 'web-a', T0), 0, T0 + 1, { available: true, availableAt: null }],
    ['not ready: time alone will not make it available', pod('web-1', 'web-a', null), 10, T0 + 5_000, { available: false, availableAt: null }],
  ])('availableAt, %s', (_what, p, minReadySeconds, now, expected) => {
    expect(new PodViews().view(p, owner('web-a', minReadySeconds), nodes('zone-a'), now)).toMatchObject(expected);
    expect(podView(p, owner('web-a', minReadySeconds), nodes('zone-a'), now)).toMatchObject(expected);
  });

  it('gives availableAt in wall-clock time: a scaled cluster clock is converted', () => {
    const toWall = (at: number) => T0 + (at - T0) / 20;
    const p = pod('web-1', 'web-a', T0);
    expect(new PodViews(4096, toWall).view(p, owner('web-a', 10), nodes('zone-a'), T0 + 5_000).availableAt).toEqual(new Date(T0 + 500));
    expect(podView(p, owner('web-a', 10), nodes('zone-a'), T0 + 5_000, toWall).availableAt).toEqual(new Date(T0 + 500));
  });

  it('a remembered view that turns available drops its availableAt', () => {
    const views = new PodViews();
    const p = pod('web-1', 'web-a', T0);
    expect(views.view(p, owner('web-a', 10), nodes('zone-a'), T0 + 5_000).availableAt).toEqual(new Date(T0 + 10_000));
    expect(views.view(p, owner('web-a', 10), nodes('zone-a'), T0 + 10_001)).toMatchObject({ available: true, availableAt: null });
  });

  it('keeps at most two generations of pods', () => {
    const views = new PodViews(2);
    const zone = nodes('zone-a');
    const pods = ['a', 'b', 'c', 'd', 'e'].map((n) => pod(n, 'web-a', T0));
    const first = views.view(pods[0]!, owner(), zone, T0);
    for (const p of pods.slice(1)) views.view(p, owner(), zone, T0);
    expect(views.view(pods[0]!, owner(), zone, T0)).not.toBe(first);
    expect(views.view(pods[0]!, owner(), zone, T0)).toEqual(first);
  });

  it('answers as podView does now, over any sequence of reads, one at a time or through a page\'s viewer (property)', () => {
    const versions = [0, 1, 2].map((v) => pod('web-1', v === 2 ? 'web-b' : 'web-a', v === 0 ? null : T0 + v * 1000, v === 2 ? 'node-2' : 'node-1'));
    const owners = [owner('web-a', 0), owner('web-b', 0), owner('web-a', 5, 2), owner('web-b', 30, 3)];
    const nodeMaps = [nodes('zone-a'), nodes('zone-b')];
    const read = fc.record({ version: fc.nat(2), owner: fc.nat(3), nodes: fc.nat(1), advance: fc.nat(20_000), viaViewer: fc.boolean() });
    fc.assert(
      fc.property(fc.array(read, { maxLength: 40 }), fc.integer({ min: 1, max: 3 }), (reads, generationSize) => {
        const views = new PodViews(generationSize);
        let now = T0;
        for (const r of reads) {
          now += r.advance;
          const args = [versions[r.version]!, owners[r.owner]!, nodeMaps[r.nodes]!, now] as const;
          const got = r.viaViewer ? views.viewer(args[1], args[2], now)(args[0]) : views.view(...args);
          expect(got).toEqual(podView(...args));
        }
      }),
    );
  });
});
