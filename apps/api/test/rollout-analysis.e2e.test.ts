// A Rollout step's analysis against a real Prometheus (docs/analysis.md §5): a CloneSet's new revision
// whose pods fail 30% of their requests is stopped at its first batch by a Prometheus check on its error
// ratio, and rolled back to the stable revision, with no person involved — the Rollout's status says
// which check failed and why, an event records it, and every pod ends on the old image. A good revision
// passes the same check and goes on to its approval.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually, TestApi } from './support/api-server.js';
import { TestPrometheus } from './support/prometheus.js';

let api: TestApi;
let prometheus: TestPrometheus;

beforeAll(async () => {
  api = await TestApi.start();
  prometheus = await TestPrometheus.start([{ job: 'coxswain-pods', url: `${api.url}/metrics/pods` }]);
}, 120_000);
afterAll(async () => {
  await prometheus?.stop();
  await api?.close();
});

const cloneSet = (name: string, image: string, errorRate?: string) => `
apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: {name: ${name}, namespace: default}
spec:
  replicas: 5
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata:
      labels: {app: ${name}}
${errorRate === undefined ? '' : `      annotations: {coxswain.io/simulated-error-rate: "${errorRate}"}\n`}    spec:
      containers: [{name: app, image: "${image}"}]
`;

/** The new revision's error ratio, once it has served 100 requests (no series, so Pending, before). */
const ERROR_RATIO = [
  '(sum(coxswain_simulated_request_errors_total{namespace="{{namespace}}",workload="{{workload}}",revision="{{updateRevision}}"})',
  ' / sum(coxswain_simulated_requests_total{namespace="{{namespace}}",workload="{{workload}}",revision="{{updateRevision}}"}))',
  ' and on() (sum(coxswain_simulated_requests_total{namespace="{{namespace}}",workload="{{workload}}",revision="{{updateRevision}}"}) >= 100)',
].join('');

const rollout = (name: string) => `
apiVersion: rollouts.kruise.io/v1beta1
kind: Rollout
metadata: {name: ${name}, namespace: default}
spec:
  workloadRef: {apiVersion: apps.kruise.io/v1alpha1, kind: CloneSet, name: ${name}}
  strategy:
    canary:
      steps:
      - replicas: 20%
        pause: {}
        analysis:
          intervalSeconds: 2
          checks:
          - name: error-ratio
            prometheus:
              address: ${prometheus.url}
              query: '${ERROR_RATIO}'
              successCondition: {operator: LessThan, value: 0.05}
      - {replicas: 50%, pause: {}}
      - {replicas: 100%}
`;

interface RolloutView {
  status?: {
    phase?: string;
    message?: string;
    conditions?: { type: string; status: string; reason: string }[];
    canaryStatus?: {
      currentStepIndex: number;
      currentStepState: string;
      analysis?: { stepIndex: number; phase: string; message: string; onFailure: string; checks: { name: string; phase: string; measured?: number; condition: string; reason: string; history: unknown[] }[] };
    };
  };
}

async function apply(yaml: string): Promise<void> {
  const res = await api.graphql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: yaml });
  expect(res.errors).toBeUndefined();
}

async function read(name: string): Promise<RolloutView> {
  const res = await api.graphql<{ object: { object: RolloutView } | null }>(`{ object(kind: "Rollout", namespace: "default", name: "${name}") { object } }`);
  expect(res.errors).toBeUndefined();
  return res.data!.object!.object;
}

async function images(app: string): Promise<string[]> {
  const res = await api.graphql<{ objects: { edges: { node: { object: { metadata: { labels?: Record<string, string>; deletionTimestamp?: string }; spec: { containers: { image: string }[] } } } }[] } }>(
    `{ objects(kind: "pods", namespace: "default", first: 50) { edges { node { object } } } }`,
  );
  return res.data!.objects.edges.map((e) => e.node.object)
    .filter((p) => p.metadata.labels?.['app'] === app && !p.metadata.deletionTimestamp)
    .map((p) => p.spec.containers[0]!.image).sort();
}

const healthy = (name: string) => eventually(async () => ((await read(name)).status?.phase === 'Healthy' ? true : undefined), 60_000, `${name}'s Rollout Healthy`);

describe("a Rollout step's analysis against a real Prometheus", () => {
  it('aborts a revision whose pods report errors at its first batch, with no person involved, and rolls every pod back', async () => {
    await apply(cloneSet('shop', 'shop:v1'));
    await eventually(async () => ((await images('shop')).join() === Array(5).fill('shop:v1').join() ? true : undefined), 60_000, '5 pods of v1');
    await apply(rollout('shop'));
    await healthy('shop');

    await apply(cloneSet('shop', 'shop:v2', '0.3'));
    // Seen while it happens: the first batch (one pod) on v2, its check failed on the error ratio.
    const failed = await eventually(async () => {
      const view = await read('shop');
      return view.status?.canaryStatus?.analysis?.phase === 'Failed' ? view : undefined;
    }, 120_000, 'the analysis to fail');
    const analysis = failed.status!.canaryStatus!.analysis!;
    expect(analysis).toMatchObject({ stepIndex: 1, onFailure: 'Abort' });
    expect(analysis.checks[0]).toMatchObject({ name: 'error-ratio', phase: 'Failed', condition: '< 0.05' });
    expect(analysis.checks[0]!.measured).toBeGreaterThan(0.25);
    expect(analysis.checks[0]!.reason).toContain('which is not < 0.05');
    expect(analysis.message).toMatch(/^check error-ratio failed: /);

    // The rollback: the CloneSet's template back on v1, every pod on v1, the release cancelled.
    await eventually(async () => ((await images('shop')).join() === Array(5).fill('shop:v1').join() ? true : undefined), 120_000, 'every pod back on v1');
    const done = await eventually(async () => {
      const view = await read('shop');
      const progressing = view.status?.conditions?.find((c) => c.type === 'Progressing');
      return view.status?.phase === 'Healthy' && progressing?.reason === 'Completed' ? view : undefined;
    }, 120_000, 'the release cancelled');
    expect(done.status!.conditions!.find((c) => c.type === 'Succeeded')).toMatchObject({ status: 'False' });
    const template = await api.graphql<{ object: { object: { spec: { template: { spec: { containers: { image: string }[] } } } } } }>(
      `{ object(kind: "CloneSet", namespace: "default", name: "shop") { object } }`,
    );
    expect(template.data!.object.object.spec.template.spec.containers[0]!.image).toBe('shop:v1');

    // Recorded on the Rollout as an event, in words.
    const events = await api.graphql<{ objects: { edges: { node: { object: { reason: string; message: string; involvedObject: { kind: string; name: string } } } }[] } }>(
      `{ objects(kind: "events", namespace: "default", first: 200) { edges { node { object } } } }`,
    );
    const aborted = events.data!.objects.edges.map((e) => e.node.object).find((e) => e.involvedObject.kind === 'Rollout' && e.reason === 'AnalysisFailed');
    expect(aborted?.message).toMatch(/^step 1: check error-ratio failed: .*; rolling back to the stable revision$/);
  }, 360_000);

  it('lets a good revision pass the same check and wait for its approval', async () => {
    await apply(cloneSet('cart', 'cart:v1'));
    await eventually(async () => ((await images('cart')).join() === Array(5).fill('cart:v1').join() ? true : undefined), 60_000, '5 pods of v1');
    await apply(rollout('cart'));
    await healthy('cart');
    await apply(cloneSet('cart', 'cart:v2'));
    const paused = await eventually(async () => {
      const view = await read('cart');
      return view.status?.canaryStatus?.currentStepState === 'StepPaused' ? view : undefined;
    }, 120_000, 'step 1 paused after its analysis');
    expect(paused.status!.canaryStatus!.analysis).toMatchObject({ stepIndex: 1, phase: 'Passed' });
    expect(paused.status!.canaryStatus!.analysis!.checks[0]).toMatchObject({ phase: 'Passed', measured: 0 });
    expect((await images('cart')).filter((image) => image === 'cart:v2')).toHaveLength(1);
  }, 360_000);
});
