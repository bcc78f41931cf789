// Analysis against a real Prometheus (docs/analysis.md): the embedded cluster's pods serve simulated
// request and error counters on /metrics/pods, a real Prometheus scrapes them, and a Prometheus check
// (evaluateCheck, as a Rollout step will call it) judges each revision's error ratio. A CloneSet's new
// revision carries coxswain.io/simulated-error-rate: "0.3": its check fails; the old revision's passes.
// Also: /metrics/pods is public like /metrics, and a bad annotation is refused at admission, naming it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RealClock } from '@coxswain/cluster';
import { evaluateCheck, type AnalysisResult } from '@coxswain/workloads';
import { TestApi, eventually } from './support/api-server.js';
import { TestPrometheus } from './support/prometheus.js';

const cloneSet = (template: { image: string; errorRate?: string }, partition: number) => `
apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata:
  name: shop
spec:
  replicas: 2
  selector:
    matchLabels: { app: shop }
  updateStrategy:
    rollingUpdate:
      partition: ${partition}
  template:
    metadata:
      labels: { app: shop }
${template.errorRate === undefined ? '' : `      annotations: { coxswain.io/simulated-error-rate: "${template.errorRate}" }\n`}    spec:
      containers:
      - name: app
        image: ${template.image}
`;

const STATUS = `{ workload(kind: CLONE_SET, namespace: "default", name: "shop") { status { replicas updatedReplicas availableReplicas currentRevision updateRevision } } }`;
type Status = { replicas: number; updatedReplicas: number; availableReplicas: number; currentRevision: string; updateRevision: string };

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

async function apply(yaml: string) {
  const res = await api.graphql(`mutation($y: String!) { applyManifest(yaml: $y) { kind name action } }`, { y: yaml });
  return res;
}

async function status(check: (s: Status) => boolean, what: string): Promise<Status> {
  return eventually(async () => {
    const res = await api.graphql<{ workload: { status: Status } }>(STATUS);
    const s = res.data?.workload?.status;
    return s && check(s) ? s : undefined;
  }, 60_000, what);
}

/**
 * The error ratio of one revision's pods, as a Rollout step would name it; no series (Pending) until the
 * revision has served 100 requests, so a pod's first few requests do not decide (3 requests at 30% make
 * no error yet).
 */
const errorRatio = (revision: string) => {
  const selector = `{namespace="default",workload="shop",revision="${revision}"}`;
  return `(sum(coxswain_simulated_request_errors_total${selector}) / sum(coxswain_simulated_requests_total${selector})) and on() (sum(coxswain_simulated_requests_total${selector}) >= 100)`;
};

/** Evaluates the check until it gives a verdict (Pending while Prometheus has no samples yet). */
function verdict(revision: string): Promise<AnalysisResult> {
  const clock = new RealClock();
  return eventually(async () => {
    const result = await evaluateCheck(
      { name: 'error-ratio', timeoutSeconds: 5, prometheus: { address: prometheus.url, query: errorRatio(revision), successCondition: { operator: 'LessThan', value: 0.05 } } },
      { clock },
    );
    if (result.phase === 'Error') throw new Error(`${result.reason}\n${prometheus.log()}`);
    return result.phase === 'Pending' ? undefined : result;
  }, 60_000, `a verdict on revision ${revision}`);
}

describe('analysis against a real Prometheus', () => {
  it('serves /metrics/pods without a token, in the exposition format', async () => {
    const res = await fetch(`${api.url}/metrics/pods`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toContain('# TYPE coxswain_simulated_requests_total counter');
  });

  it('refuses a bad error-rate annotation, naming the field', async () => {
    const res = await apply(cloneSet({ image: 'shop:v1', errorRate: 'lots' }, 0));
    expect(JSON.stringify(res.errors)).toContain('spec.template.metadata.annotations[coxswain.io/simulated-error-rate]');
    expect(JSON.stringify(res.errors)).toContain('must be a decimal number between 0 and 1');
  });

  it("fails the new revision's Prometheus check on its error ratio and passes the old one's", async () => {
    expect((await apply(cloneSet({ image: 'shop:v1' }, 0))).errors).toBeUndefined();
    const v1 = await status((s) => s.availableReplicas === 2 && s.updatedReplicas === 2, 'v1 available');
    // One pod of two moves to the new revision, whose pods fail 30% of their requests.
    expect((await apply(cloneSet({ image: 'shop:v2', errorRate: '0.3' }, 1))).errors).toBeUndefined();
    const v2 = await status((s) => s.updateRevision !== v1.updateRevision && s.updatedReplicas === 1 && s.availableReplicas === 2, 'one v2 pod available');

    const bad = await verdict(v2.updateRevision);
    expect(bad).toMatchObject({ check: 'error-ratio', kind: 'prometheus', phase: 'Failed', condition: '< 0.05' });
    expect(bad.measured).toBeGreaterThan(0.25);
    expect(bad.measured).toBeLessThanOrEqual(0.3);
    expect(bad.reason).toContain('which is not < 0.05');

    const good = await verdict(v1.updateRevision);
    expect(good).toMatchObject({ phase: 'Passed', measured: 0 });
  }, 180_000);

  it('a query Prometheus refuses is an Error in words', async () => {
    const result = await evaluateCheck(
      { name: 'broken', prometheus: { address: prometheus.url, query: 'sum(rate(', successCondition: { operator: 'LessThan', value: 1 } } },
      { clock: new RealClock() },
    );
    expect(result.phase).toBe('Error');
    expect(result.reason).toContain('Prometheus refused the query (bad_data)');
  });
});
