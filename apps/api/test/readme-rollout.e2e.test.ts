// README.md § A release with a Rollout, line for line against the built server, a real Prometheus and real
// kubectl: the example files of docs/examples/rollout/ as they are (only the addresses differ: the test's
// Prometheus and API listen on free ports), each `kubectl` line run as written, each `npx coxswain` line
// as the GraphQL operation the CLI sends (apply → applyManifest, set image → setImage, rollout approve →
// approveRolloutStep, rollout status --watch → the workload's health COMPLETE, get -o wide → its image).
// The release: 20% with an analysis that passes, an approval, 50%, an approval, 100%; then a revision
// whose pods fail 30% of their requests, rolled back by the Rollout with no one approving or aborting.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_TOKEN, eventually, TestApi } from './support/api-server.js';
import { findKubectl, Kubectl, tableRows } from './support/kubectl.js';
import { TestPrometheus } from './support/prometheus.js';

const EXAMPLES = join(import.meta.dirname, '..', '..', '..', 'docs', 'examples', 'rollout');
const README = readFileSync(join(import.meta.dirname, '..', '..', '..', 'README.md'), 'utf8');

let api: TestApi;
let prometheus: TestPrometheus;
let kubectl: Kubectl;

beforeAll(async () => {
  api = await TestApi.start({ KUBE_API_PORT: '0' });
  // docs/examples/rollout/prometheus.yml, with the test API's address for its one target.
  const config = readFileSync(join(EXAMPLES, 'prometheus.yml'), 'utf8');
  expect(config).toContain('metrics_path: /metrics/pods');
  expect(config).toContain('targets: ["127.0.0.1:3000"]');
  prometheus = await TestPrometheus.start([{ job: 'coxswain-pods', url: `${api.url}/metrics/pods` }]);
  kubectl = new Kubectl(findKubectl(), api.kubeUrl(), ADMIN_TOKEN);
}, 120_000);
afterAll(async () => {
  await prometheus?.stop();
  await api?.close();
});

async function graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await api.graphql<T>(query, variables);
  expect(res.errors).toBeUndefined();
  return res.data!;
}

/** `kubectl get rollout shop`: STATUS, CANARY_STEP, CANARY_STATE, MESSAGE (columns apart by two spaces or more). */
async function rolloutRow(): Promise<string[]> {
  const got = await kubectl.run(['get', 'rollout', 'shop']);
  expect(got.stderr).toBe('');
  return tableRows(got.stdout)[1]!.slice(1, 5);
}

const untilRow = (what: string, done: (row: string[]) => boolean) =>
  eventually(async () => {
    const row = await rolloutRow();
    return done(row) ? row : undefined;
  }, 120_000, what);

const complete = () => eventually(async () => {
  const { workload } = await graphql<{ workload: { health: { state: string } } }>('{ workload(kind: CLONE_SET, namespace: "default", name: "shop") { health { state } } }');
  return workload.health.state === 'COMPLETE' ? true : undefined;
}, 120_000, 'rollout status cloneset/shop: complete');

const images = async () => (await graphql<{ object: { object: { spec: { template: { spec: { containers: { image: string }[] } } } } } }>(
  '{ object(kind: "CloneSet", namespace: "default", name: "shop") { object } }',
)).object.object.spec.template.spec.containers.map((c) => c.image);

describe('README.md § A release with a Rollout', () => {
  it('shows the commands this test runs', () => {
    for (const line of [
      'npx coxswain apply -f docs/examples/rollout/shop.yaml',
      'npx coxswain set image cloneset/shop app=nginx:1.27-alpine',
      'KUBECONFIG=$PWD/.data/coxswain.kubeconfig kubectl get rollout shop',
      'npx coxswain rollout approve rollout/shop --reason "canary error ratio is 0"',
      `KUBECONFIG=$PWD/.data/coxswain.kubeconfig kubectl patch cloneset shop --type=merge -p '${PATCH}'`,
      'KUBECONFIG=$PWD/.data/coxswain.kubeconfig kubectl get events | grep AnalysisFailed',
    ]) expect(README).toContain(line);
  });

  it('releases 20% after its analysis passed, waits for two approvals, then all', async () => {
    const manifest = readFileSync(join(EXAMPLES, 'shop.yaml'), 'utf8');
    expect(manifest).toContain('address: http://127.0.0.1:9090');
    await graphql('mutation($y: String!) { applyManifest(yaml: $y) { name } }', { y: manifest.replace('http://127.0.0.1:9090', prometheus.url) });
    await complete();
    await untilRow('the Rollout Healthy', ([status]) => status === 'Healthy');

    await graphql('mutation { setImage(kind: CLONE_SET, namespace: "default", name: "shop", container: "app", image: "nginx:1.27-alpine") { name } }');
    const step1 = await untilRow('step 1 paused after its analysis', ([, step, state]) => step === '1' && state === 'StepPaused');
    expect(step1[0]).toBe('Progressing');
    const { rollout } = await graphql<{ rollout: { canaryStatus: { canaryReplicas: number; analysis: { phase: string; checks: { name: string; phase: string; measured: number }[] } } } }>(
      '{ rollout(namespace: "default", name: "shop") { canaryStatus { canaryReplicas analysis { phase checks { name phase measured } } } } }',
    );
    expect(rollout.canaryStatus.canaryReplicas).toBe(1);
    expect(rollout.canaryStatus.analysis).toEqual({ phase: 'Passed', checks: [{ name: 'error-ratio', phase: 'Passed', measured: 0 }] });

    const approve = (reason: string) => graphql('mutation($r: String!) { approveRolloutStep(namespace: "default", name: "shop", reason: $r) { stepIndex } }', { r: reason });
    await approve('canary error ratio is 0');
    await untilRow('step 2 paused', ([, step, state]) => step === '2' && state === 'StepPaused');
    await approve('half the pods healthy');
    await untilRow('the release completed', ([status]) => status === 'Healthy');
    await complete();
    expect(await images()).toEqual(['nginx:1.27-alpine']);
  }, 300_000);

  it('rolls a revision whose pods fail 30% of their requests back by itself', async () => {
    const patched = await kubectl.run(['patch', 'cloneset', 'shop', '--type=merge', '-p', PATCH]);
    expect(patched.stderr).toBe('');
    // The Rollout's message says so for one status write before the rollback's own words replace it; the
    // analysis stays in the status, as GraphQL and the dashboard read it.
    type Analysis = { stepIndex: number; phase: string; onFailure: string; message: string; checks: { phase: string; measured: number; condition: string; reason: string }[] };
    const rollout = await eventually(async () => {
      const { rollout: r } = await graphql<{ rollout: { canaryStatus: { analysis: Analysis | null } | null } }>(
        '{ rollout(namespace: "default", name: "shop") { canaryStatus { analysis { stepIndex phase onFailure message checks { phase measured condition reason } } } } }',
      );
      return r.canaryStatus?.analysis?.phase === 'Failed' ? (r as { canaryStatus: { analysis: Analysis } }) : undefined;
    }, 120_000, 'the analysis failed');
    const analysis = rollout.canaryStatus.analysis;
    expect(analysis).toMatchObject({ stepIndex: 1, phase: 'Failed', onFailure: 'Abort' });
    expect(analysis.message).toMatch(/^check error-ratio failed: series \{\} is 0\.[23]\d*, which is not < 0\.05$/);
    expect(analysis.checks[0]).toMatchObject({ phase: 'Failed', condition: '< 0.05' });
    expect(analysis.checks[0]!.measured).toBeGreaterThan(0.25);
    await untilRow('the release cancelled', ([status]) => status === 'Healthy');
    const { rollout: cancelled } = await graphql<{ rollout: { conditions: { type: string; status: string; reason: string | null }[] } }>(
      '{ rollout(namespace: "default", name: "shop") { conditions { type status reason } } }',
    );
    expect(cancelled.conditions.find((c) => c.type === 'Progressing')).toMatchObject({ status: 'False', reason: 'Completed' });
    expect(cancelled.conditions.find((c) => c.type === 'Succeeded')).toMatchObject({ status: 'False' });
    await complete();
    expect(await images()).toEqual(['nginx:1.27-alpine']);
    const events = await kubectl.run(['get', 'events']);
    const failed = events.stdout.split('\n').filter((line) => line.includes('AnalysisFailed'));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatch(/rollout\/shop\s+step 1: check error-ratio failed: series \{\} is 0\.[23]\d*, which is not < 0\.05; rolling back to the stable revision/);
  }, 300_000);
});

const PATCH = '{"spec":{"template":{"metadata":{"annotations":{"coxswain.io/simulated-error-rate":"0.3"}},"spec":{"containers":[{"name":"app","image":"nginx:1.28-alpine"}]}}}}';
