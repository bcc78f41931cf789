// The pods' simulated application metrics (src/embedded/sim/pod-metrics.ts, docs/analysis.md §1):
// counters that advance with the simulated clock from each container's start, an error share set by
// the pod annotation, the revision and workload labels, and a bad annotation reported, not ignored.
import { describe, expect, it } from '@jest/globals';
import { PodMetricsSimulator, formatPodMetrics, podSamples } from '../../src/embedded/sim/pod-metrics.js';
import { makePod, startSimCluster } from './sim-fixtures.js';

const line = (text: string, metric: string, pod: string) => text.split('\n').find((l) => l.startsWith(`${metric}{`) && l.includes(`pod="${pod}"`));

describe('PodMetricsSimulator', () => {
  it('counts requests and errors of running containers as the clock advances', async () => {
    const cluster = await startSimCluster();
    const reported: unknown[] = [];
    const metrics = new PodMetricsSimulator(cluster.client, cluster.clock, { onError: (err) => reported.push(err) });
    try {
      await cluster.store.create(makePod('good', { labels: { app: 'web', 'controller-revision-hash': 'web-111' }, ownerUid: 'u1' }));
      await cluster.store.create(makePod('bad', { labels: { app: 'web', 'controller-revision-hash': 'web-222' }, annotations: { 'coxswain.io/simulated-error-rate': '0.3' }, ownerUid: 'u1' }));
      expect((await metrics.exposition())).not.toContain('pod="good"'); // not running yet
      await cluster.advance(2500); // image pull + container start
      const startedAt = Date.parse((await cluster.pod('bad')).status!.containerStatuses![0]!.state!.running!.startedAt!);
      await cluster.advance(Math.max(0, startedAt + 100_000 - cluster.clock.now()));
      const text = await metrics.exposition();
      expect(line(text, 'coxswain_simulated_requests_total', 'bad')).toBe(
        'coxswain_simulated_requests_total{namespace="default",pod="bad",container="app",revision="web-222",workload="web"} 1000',
      );
      expect(line(text, 'coxswain_simulated_request_errors_total', 'bad')).toMatch(/ 300$/);
      expect(line(text, 'coxswain_simulated_request_errors_total', 'good')).toMatch(/revision="web-111".* 0$/);
      expect(line(text, 'coxswain_simulated_error_rate', 'bad')).toMatch(/ 0.3$/);
      expect(text).toContain('# TYPE coxswain_simulated_requests_total counter');
      await cluster.advance(10_000);
      expect(line((await metrics.exposition()), 'coxswain_simulated_requests_total', 'bad')).toMatch(/ 1100$/);
      // A deleted pod's series go away (its grace period runs first).
      await cluster.store.delete({ apiVersion: 'v1', kind: 'Pod' }, 'default', 'bad');
      await cluster.advance(35_000);
      expect((await metrics.exposition())).not.toContain('pod="bad"');
      expect(reported).toEqual([]);
    } finally {
      await cluster.stop();
    }
  });

  it('reports a bad annotation once (stored where no admission checked it) and counts no errors', async () => {
    const cluster = await startSimCluster();
    const reported: unknown[] = [];
    const metrics = new PodMetricsSimulator(cluster.client, cluster.clock, { onError: (err) => reported.push(err) });
    try {
      await cluster.store.create(makePod('odd', { annotations: { 'coxswain.io/simulated-error-rate': 'lots' } }));
      await cluster.advance(12_500);
      expect(line((await metrics.exposition()), 'coxswain_simulated_request_errors_total', 'odd')).toMatch(/ 0$/);
      await metrics.exposition();
      expect(reported.map(String)).toEqual([
        'Error: pod default/odd: annotation coxswain.io/simulated-error-rate must be a decimal number between 0 and 1, such as "0.3"; its simulated error rate is 0',
      ]);
    } finally {
      await cluster.stop();
    }
  });
});

describe('podSamples and formatPodMetrics', () => {
  const running = (labels: Record<string, string>) => ({
    ...makePod('p', { labels }),
    status: { phase: 'Running', containerStatuses: [{ name: 'c', image: 'i', imageID: '', ready: true, restartCount: 1, state: { running: { startedAt: '2026-01-01T00:00:00Z' } } }] },
  }) as never;
  const NOW = Date.parse('2026-01-01T00:00:10Z');
  it('takes the revision from controller-revision-hash, else pod-template-hash', () => {
    expect(podSamples(running({ 'controller-revision-hash': 'a', 'pod-template-hash': 'b' }), NOW, 10).samples[0]).toMatchObject({ revision: 'a', requests: 100 });
    expect(podSamples(running({ 'pod-template-hash': 'b' }), NOW, 10).samples[0]).toMatchObject({ revision: 'b' });
    expect(podSamples(running({}), NOW, 10).samples[0]).toMatchObject({ revision: '' });
  });
  it('reads a pod of any shape (stored before admission checked it) without throwing', () => {
    for (const status of [{ phase: 'Running', containerStatuses: 'x' }, { phase: 'Running', containerStatuses: [null, 5, { name: 7 }] }, { phase: 'Running', containerStatuses: [{ name: 'c', state: { running: { startedAt: 12 } } }] }]) {
      expect(podSamples({ ...makePod('p'), status } as never, NOW, 10).samples).toEqual([]);
    }
    expect(podSamples({ ...(running({}) as object), metadata: { name: 'p', ownerReferences: 'x', labels: { 'pod-template-hash': 5 } } } as never, NOW, 10).samples[0]).toMatchObject({ workload: '', revision: '5' });
  });
  it('escapes label values as the exposition format says', () => {
    const text = formatPodMetrics([{ namespace: 'n', pod: 'p"\\\n', container: 'c', revision: '', workload: '', requests: 1, errors: 0, errorRate: 0 }]);
    expect(text).toContain('pod="p\\"\\\\\\n"');
  });
});
