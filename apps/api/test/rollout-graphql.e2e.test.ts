// The worked examples of docs/spec/kruise-rollout.md through GraphQL only (docs/rollouts-api.md), with
// the real controllers: the workload and its Rollout applied with applyManifest, the image changed
// (setImage for an Advanced StatefulSet, patchObject for an apps/v1 Deployment, which is no
// WorkloadKind), each step read from `rollout { canaryStatus }` and approved with approveRolloutStep, and
// the final state read back: docs/spec/kruise-rollout.md §6.2 for an Advanced StatefulSet,
// docs/spec/kruise-rollout.md §6.3 for a Deployment in partition style (gate AdvancedDeployment), and
// docs/spec/kruise-rollout.md §3.7 for one in canary style. The same walks through kubectl are
// rollout-kubectl.e2e and rollout-deployment-kubectl.e2e.
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { KindRef } from '@coxswain/cluster';
import { rolloutYaml, workloadYaml, type RolloutManifest } from '@coxswain/workloads/testing';
import { eventually, testApiPerFile, type TestApi } from './support/api-server.js';

const NS = 'graphql-release';
const STEPS = ['{replicas: 20%, pause: {}}', '{replicas: 60%, pause: {}}', '{replicas: 100%}'];
const ADVANCED_STATEFULSET: KindRef = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet' };
const DEPLOYMENT: KindRef = { apiVersion: 'apps/v1', kind: 'Deployment' };

let api: TestApi;
testApiPerFile({ FEATURE_GATES: 'AdvancedDeployment=true' }, (started) => (api = started));

interface CanaryStatus { currentStepIndex: number; currentStepState: string; awaitingApproval: boolean; stableRevision: string }
interface RolloutView { phase: string | null; canaryStatus: CanaryStatus | null; conditions: Array<{ type: string; status: string }> }

beforeAll(async () => {
  await api.apply(`{apiVersion: v1, kind: Namespace, metadata: {name: ${NS}}}`);
});

async function gql<T = Record<string, any>>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await api.graphql<T>(query, variables);
  expect(res.errors).toBeUndefined();
  return res.data!;
}

const readRollout = async (name: string) => (await gql<{ rollout: RolloutView | null }>(
  `query($ns: String!, $n: String!) { rollout(namespace: $ns, name: $n) {
     phase conditions { type status } canaryStatus { currentStepIndex currentStepState awaitingApproval stableRevision } } }`,
  { ns: NS, n: name },
)).rollout;

const untilRollout = (name: string, what: string, done: (r: RolloutView) => boolean, timeoutMs = 90_000) =>
  eventually(async () => { const r = await readRollout(name); return r && done(r) ? r : undefined; }, timeoutMs, `${name}: ${what}`);

const pausedAt = (name: string, step: number) =>
  untilRollout(name, `step ${step} waits for approval`, (r) => r.canaryStatus?.currentStepIndex === step && r.canaryStatus.currentStepState === 'StepPaused' && r.canaryStatus.awaitingApproval);

/** The images of the live pods labelled app=`app`, sorted (through the generic objects query). */
async function images(app: string): Promise<string[]> {
  const data = await gql<{ objects: { edges: Array<{ node: { deletionTimestamp: string | null; object: { spec: { containers: Array<{ image: string }> } } } }> } }>(
    `query($ns: String!, $sel: String!) { objects(kind: "Pod", namespace: $ns, labelSelector: $sel, first: 100) { edges { node { deletionTimestamp object } } } }`,
    { ns: NS, sel: `app=${app}` },
  );
  return data.objects.edges.filter((e) => !e.node.deletionTimestamp).map((e) => e.node.object.spec.containers[0]!.image).sort();
}

const imagesAre = (app: string, want: string[], what: string) =>
  eventually(async () => ((await images(app)).join() === [...want].sort().join() ? true : undefined), 90_000, `${app}: ${what}`);

async function approve(name: string, reason: string): Promise<void> {
  await gql(`mutation($ns: String!, $n: String!, $r: String) { approveRolloutStep(namespace: $ns, name: $n, reason: $r) { stepIndex } }`, { ns: NS, n: name, r: reason });
}

/** Applies the workload and its Rollout, waits for 5 pods of v1 and a Healthy Rollout. */
async function applyRelease(ref: KindRef, name: string, over: Partial<RolloutManifest> = {}, spec?: string): Promise<void> {
  const yaml = workloadYaml(ref, { name, image: `${name}:v1`, namespace: NS, ...(spec ? { spec } : {}) })
    + '---' + rolloutYaml({ name, namespace: NS, workloadRef: { ...ref, name }, steps: STEPS, ...over });
  await api.apply(yaml);
  await imagesAre(name, Array(5).fill(`${name}:v1`), '5 pods of v1');
  await untilRollout(name, 'Healthy', (r) => r.phase === 'Healthy');
}

/** Steps 1 and 2 approved over GraphQL, each checked for its share of v2 pods, then the release completes. */
async function walkSteps(name: string, v2AtStep: [number, number]): Promise<void> {
  await pausedAt(name, 1);
  await imagesAre(name, [...Array(5 - v2AtStep[0]).fill(`${name}:v1`), ...Array(v2AtStep[0]).fill(`${name}:v2`)], `${v2AtStep[0]} pods of v2 at step 1`);
  await approve(name, 'step 1 looks good');
  await pausedAt(name, 2);
  await imagesAre(name, [...Array(5 - v2AtStep[1]).fill(`${name}:v1`), ...Array(v2AtStep[1]).fill(`${name}:v2`)], `${v2AtStep[1]} pods of v2 at step 2`);
  await approve(name, 'step 2 looks good');
  await untilRollout(name, 'Succeeded', (r) => r.phase === 'Healthy' && r.conditions.some((c) => c.type === 'Succeeded' && c.status === 'True'), 120_000);
  await imagesAre(name, Array(5).fill(`${name}:v2`), '5 pods of v2');
}

const deployment = async (name: string) => (await gql<{ object: { object: { metadata: { labels?: Record<string, string> }; spec: { paused?: boolean; strategy?: { type?: string } } } } }>(
  `query($ns: String!, $n: String!) { object(kind: "Deployment", namespace: $ns, name: $n) { object } }`, { ns: NS, n: name },
)).object.object;

async function patchDeploymentImage(name: string, image: string): Promise<void> {
  await gql(`mutation($ns: String!, $n: String!, $p: JSON!) { patchObject(kind: "Deployment", namespace: $ns, name: $n, patch: $p) { name } }`, {
    ns: NS, n: name, p: { spec: { template: { spec: { containers: [{ name: 'main', image }] } } } },
  });
}

describe('Rollout worked examples over GraphQL (docs/spec/kruise-rollout.md §6)', () => {
  it('docs/spec/kruise-rollout.md §6.2: an Advanced StatefulSet released by ordinal partition, approved step by step', async () => {
    await applyRelease(ADVANCED_STATEFULSET, 'ledger');
    await gql(`mutation($ns: String!) { setImage(kind: STATEFUL_SET, namespace: $ns, name: "ledger", container: "main", image: "ledger:v2") { generation } }`, { ns: NS });
    // 20% and 60% of 5: 1 and 3 pods, the highest ordinals first.
    await walkSteps('ledger', [1, 3]);
    const set = await gql<{ workload: { status: { updatedReplicas: number; currentRevision: string; updateRevision: string } } }>(
      `query($ns: String!) { workload(kind: STATEFUL_SET, namespace: $ns, name: "ledger") { status { updatedReplicas currentRevision updateRevision } } }`, { ns: NS },
    );
    expect(set.workload.status.updatedReplicas).toBe(5);
    expect(set.workload.status.currentRevision).toBe(set.workload.status.updateRevision);
  }, 300_000);

  it('docs/spec/kruise-rollout.md §6.3: a Deployment in partition style, rolled by the advanced Deployment controller, then given back', async () => {
    await applyRelease(DEPLOYMENT, 'till', { deploymentStyle: 'partition' });
    await patchDeploymentImage('till', 'till:v2');
    await pausedAt('till', 1);
    const claimed = await deployment('till');
    expect(claimed.spec.paused).toBe(true);
    expect(claimed.spec.strategy?.type).toBe('Recreate');
    expect(claimed.metadata.labels?.['rollouts.kruise.io/controlled-by-advanced-deployment-controller']).toBe('true');
    await walkSteps('till', [1, 3]);
    const released = await deployment('till');
    expect(released.spec.paused).toBe(false);
    expect(released.spec.strategy?.type).toBe('RollingUpdate');
  }, 300_000);

  it('docs/spec/kruise-rollout.md §2.11: abortRollout of a partition-style Deployment sets its stable template back; the release is cancelled and the Deployment given back', async () => {
    await applyRelease(DEPLOYMENT, 'bolt', { deploymentStyle: 'partition' });
    await patchDeploymentImage('bolt', 'bolt:v2');
    await pausedAt('bolt', 1);
    await imagesAre('bolt', [...Array(4).fill('bolt:v1'), 'bolt:v2'], 'one pod of v2 at step 1');
    const aborted = await gql<{ abortRollout: { action: string; revision: string | null } }>(
      `mutation($ns: String!) { abortRollout(namespace: $ns, name: "bolt", reason: "errors in the canary") { action revision } }`, { ns: NS },
    );
    expect(aborted.abortRollout.action).toBe('ABORT');
    await untilRollout('bolt', 'cancelled, Healthy', (r) => r.phase === 'Healthy' && r.conditions.some((c) => c.type === 'Succeeded' && c.status === 'False'), 120_000);
    await imagesAre('bolt', Array(5).fill('bolt:v1'), '5 pods of v1 again');
    const released = await deployment('bolt');
    expect(released.spec.paused).toBe(false);
    expect(released.spec.strategy?.type).toBe('RollingUpdate');
  }, 300_000);

  it('docs/spec/kruise-rollout.md §3.7: a Deployment in canary style, its canary Deployment grown per step beside the paused one', async () => {
    await applyRelease(DEPLOYMENT, 'cart');
    await patchDeploymentImage('cart', 'cart:v2');
    await pausedAt('cart', 1);
    expect((await deployment('cart')).spec.paused).toBe(true);
    // Canary style adds pods beside the stable ones: 5 of v1 and the step's canary pods of v2.
    await imagesAre('cart', [...Array(5).fill('cart:v1'), 'cart:v2'], 'the canary pod beside the 5 stable ones');
    await approve('cart', 'canary looks good');
    await pausedAt('cart', 2);
    await imagesAre('cart', [...Array(5).fill('cart:v1'), ...Array(3).fill('cart:v2')], '3 canary pods beside the 5 stable ones');
    await approve('cart', 'go');
    await untilRollout('cart', 'Succeeded', (r) => r.phase === 'Healthy' && r.conditions.some((c) => c.type === 'Succeeded' && c.status === 'True'), 120_000);
    await imagesAre('cart', Array(5).fill('cart:v2'), '5 pods of v2');
    expect((await deployment('cart')).spec.paused).toBe(false);
  }, 300_000);
});
