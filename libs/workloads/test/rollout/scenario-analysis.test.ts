// A Rollout step's analysis (docs/analysis.md §5) run by the real controllers in the embedded cluster: a
// CloneSet of 5 released 20% / 50% / 100% whose first step names a check. An endpoint answering a bad
// value fails the step: with onFailure Pause it waits for an approval (and an event says why), with Abort
// the workload's template goes back to the stable revision and the release is cancelled; a pods check
// passes once the batch's pod has been Ready long enough. The endpoint is a real local HTTP server.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Event, Pod, Rollout } from '@coxswain/kruise-api';
import { CLONESET_REF, POD_REF } from '../../src/refs.js';
import { CLONESET_V1ALPHA1, demoRollout, ECHOSERVER, templateWith, workloadYaml } from '../../src/testing/rollout-manifests.js';
import { environmentPerTest } from '../support/per-test.js';
import { startRolloutEnv, type RolloutEnv } from '../support/rollout-env.js';

let env: RolloutEnv;
environmentPerTest(() => startRolloutEnv(), (started) => (env = started));

let server: Server;
let base = '';
/** What the endpoint says per workload revision asked for (`/health/<updateRevision>`). */
const requested: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    requested.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: !(req.url ?? '').includes('bad') }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The Rollout of docs/spec/kruise-rollout.md §6.1's CloneSet whose step 1 has this analysis (at the analysis's own indentation). */
const rollout = (analysis: string) => demoRollout([`replicas: 20%\npause: {}\nanalysis:\n${analysis}`, '{replicas: 50%, pause: {}}', '{replicas: 100%}']);

const httpCheck = (path: string, onFailure: string) => `  onFailure: ${onFailure}
  intervalSeconds: 1
  checks:
  - name: health
    http: {url: "${base}${path}", jsonPath: ok, successCondition: {operator: Equal, value: true}}`;

const canary = (r: Rollout) => r.status?.canaryStatus;
const image = (p: Pod) => p.spec.containers[0]!.image;

const untilRollout = (done: (r: Rollout) => boolean) => env.untilRollout('the release', done);

async function releaseV2(analysis: string): Promise<void> {
  await env.apply(workloadYaml(CLONESET_V1ALPHA1, ECHOSERVER));
  await env.runUntil(async () => (await env.cloneSet('echoserver')).status?.updatedReadyReplicas === 5);
  await env.apply(rollout(analysis));
  await untilRollout((r) => r.status?.phase === 'Healthy');
  await env.patchSpec(CLONESET_REF, 'echoserver', { template: templateWith(ECHOSERVER, 'echo:v2') });
}

async function analysisEvents(): Promise<Event[]> {
  await env.recorder.flush();
  return (await env.cluster.store.list<Event>({ apiVersion: 'v1', kind: 'Event' }, { namespace: 'default' })).items
    .filter((e) => e.involvedObject.kind === 'Rollout' && e.reason === 'AnalysisFailed');
}

describe("a step's analysis (docs/analysis.md §5)", () => {
  it('onFailure Pause: the failed step waits in StepMetricsAnalysis, says why, and an approval moves it on', async () => {
    await releaseV2(httpCheck('/health/{{updateRevision}}/bad', 'Pause'));
    const failed = await untilRollout((r) => canary(r)?.analysis?.phase === 'Failed');
    const v2 = (await env.cloneSet('echoserver')).status!.updateRevision!;
    expect(requested).toContain(`/health/${v2}/bad`);
    expect(canary(failed)).toMatchObject({ currentStepIndex: 1, currentStepState: 'StepMetricsAnalysis', canaryReplicas: 1 });
    expect(canary(failed)!.analysis).toMatchObject({ stepIndex: 1, onFailure: 'Pause', message: 'check health failed: ok is false, which is not == true' });
    expect(canary(failed)!.analysis!.checks[0]).toMatchObject({ name: 'health', kind: 'http', phase: 'Failed', measured: false, consecutiveErrors: 0 });
    expect(failed.status!.message).toBe('Rollout is in step(1/3), and its analysis failed (check health failed: ok is false, which is not == true); approve to go on, or abort');
    expect((await analysisEvents()).map((e) => [e.type, e.message])).toEqual([
      ['Warning', 'step 1: check health failed: ok is false, which is not == true; approve to go on, or abort'],
    ]);
    // It stays: a later pass neither re-evaluates nor moves.
    const asked = requested.length;
    await env.run(10_000);
    expect(canary(await env.rollout())).toMatchObject({ currentStepIndex: 1, currentStepState: 'StepMetricsAnalysis' });
    expect(requested.length).toBe(asked);

    await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
    const step2 = await untilRollout((r) => canary(r)?.currentStepIndex === 2 && canary(r)?.currentStepState === 'StepPaused');
    expect(canary(step2)!.analysis?.stepIndex).toBe(1);
    expect((await env.pods(CLONESET_REF, 'echoserver')).filter((p) => image(p) === 'echo:v2')).toHaveLength(3);
  });

  it('onFailure Abort: the template goes back to the stable revision and the release is cancelled, every pod on v1', async () => {
    await releaseV2(httpCheck('/health/bad', 'Abort'));
    await untilRollout((r) => canary(r)?.analysis?.phase === 'Failed');
    const done = await untilRollout((r) => r.status?.phase === 'Healthy' && r.status.conditions?.some((c) => c.type === 'Succeeded' && c.status === 'False') === true);
    expect(done.status!.conditions!.find((c) => c.type === 'Progressing')).toMatchObject({ status: 'False', reason: 'Completed' });
    const cs = await env.cloneSet('echoserver');
    expect(cs.spec.template.spec.containers[0]!.image).toBe('echo:v1');
    await env.runUntil(async () => (await env.pods(CLONESET_REF, 'echoserver')).every((p) => image(p) === 'echo:v1') && (await env.cloneSet('echoserver')).status?.updatedReadyReplicas === 5);
    expect((await analysisEvents()).map((e) => e.message)).toEqual(['step 1: check health failed: ok is false, which is not == true; rolling back to the stable revision']);
  });

  it("a pods check passes once the batch's pod has been Ready for readyForSeconds, then the step pauses for its approval", async () => {
    await releaseV2(`  checks:
  - name: steady
    pods: {readyForSeconds: 30}`);
    const running = await untilRollout((r) => canary(r)?.analysis?.checks[0]?.phase === 'Pending' && canary(r)?.analysis?.phase === 'Running');
    expect(running.status!.message).toMatch(/^Rollout is in step\(1\/3\), and analysing the new version: steady: pending, all 1 pods Ready for \d+s of 30s$/);
    const paused = await untilRollout((r) => canary(r)?.currentStepState === 'StepPaused');
    expect(canary(paused)!.analysis).toMatchObject({ phase: 'Passed', message: 'its check passed' });
    const [pod] = (await env.pods(CLONESET_REF, 'echoserver')).filter((p) => image(p) === 'echo:v2');
    const ready = Date.parse(pod!.status!.conditions!.find((c) => c.type === 'Ready')!.lastTransitionTime!);
    expect(Date.parse(canary(paused)!.analysis!.checks[0]!.evaluatedAt) - ready).toBeGreaterThanOrEqual(30_000);
    expect((await env.cluster.store.list<Pod>(POD_REF, { namespace: 'default' })).items.length).toBe(5);
  });
});
