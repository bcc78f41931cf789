// The worked examples of docs/spec/kruise-rollout.md beyond the plain release, end to end on a CloneSet
// with the server's controllers, each through both surfaces a user has: kubectl (status patches as
// kubectl-kruise and upstream's e2e send them, template patches) and GraphQL (jumpToRolloutStep,
// approveRolloutStep, setImage, the Rollout's status). docs/spec/kruise-rollout.md §6.4 (jumps),
// docs/spec/kruise-rollout.md §6.5 (failureThreshold) and docs/spec/kruise-rollout.md §6.6 (continuous
// release and rollback). The scenario tests of libs/workloads walk the same examples on a manual clock.
import { describe, expect, it } from '@jest/globals';
import { LABEL_ROLLOUT_BATCH_ID, ROLLOUT_ID_KEY, SIM_ANNOTATIONS } from '@coxswain/kruise-api';
import { CLONESET_V1ALPHA1, rolloutYaml, workloadYaml } from '@coxswain/workloads/testing';
import { ADMIN_TOKEN, eventually, testApiPerFile, type TestApi } from './support/api-server.js';
import { findKubectl, Kubectl } from './support/kubectl.js';

const NS = 'examples';
let api: TestApi;
let kubectl: Kubectl;
testApiPerFile({ KUBE_API_PORT: '0' }, (started) => {
  api = started;
  kubectl = new Kubectl(findKubectl(), api.kubeUrl(), ADMIN_TOKEN);
});
const k = async (...args: string[]) => {
  const result = await kubectl.run(args);
  expect(result.stderr).toBe('');
  return result.stdout;
};

interface CanaryStatus { currentStepIndex: number; currentStepState: string; nextStepIndex: number; canaryReplicas: number }
interface RolloutJson { status?: { phase?: string; canaryStatus?: CanaryStatus; conditions?: Array<{ type: string; status: string; reason: string; message?: string }> } }
interface PodJson { metadata: { deletionTimestamp?: string; labels?: Record<string, string> }; spec: { containers: Array<{ image: string }> }; status?: { conditions?: Array<{ type: string; status: string }> } }

const rollout = async (name: string) => JSON.parse(await k('get', 'rollout', name, '-n', NS, '-o', 'json')) as RolloutJson;
const untilRollout = (name: string, what: string, done: (r: RolloutJson) => boolean, timeoutMs = 90_000) =>
  eventually(async () => { const r = await rollout(name); return done(r) ? r : undefined; }, timeoutMs, `${name}: ${what}`);
const pausedAt = (name: string, step: number) =>
  untilRollout(name, `paused at step ${step}`, (r) => r.status?.canaryStatus?.currentStepIndex === step && r.status.canaryStatus.currentStepState === 'StepPaused');
const succeeded = (name: string) =>
  untilRollout(name, 'Succeeded', (r) => r.status?.phase === 'Healthy' && r.status.conditions?.some((c) => c.type === 'Succeeded' && c.status === 'True') === true, 120_000);
const pods = async (app: string) => (JSON.parse(await k('get', 'pods', '-n', NS, '-l', `app=${app}`, '-o', 'json')).items as PodJson[]).filter((p) => !p.metadata.deletionTimestamp);
const imagesAre = (app: string, want: Record<string, number>, what: string) => eventually(async () => {
  const counts: Record<string, number> = {};
  for (const p of await pods(app)) counts[p.spec.containers[0]!.image] = (counts[p.spec.containers[0]!.image] ?? 0) + 1;
  return JSON.stringify(counts, Object.keys(counts).sort()) === JSON.stringify(want, Object.keys(want).sort()) ? true : undefined;
}, 90_000, `${app}: ${what}`);

async function gql<T = Record<string, any>>(query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await api.graphql<T>(query, variables);
  expect(res.errors).toBeUndefined();
  return res.data!;
}
const approve = (name: string) => gql(`mutation($ns: String!, $n: String!) { approveRolloutStep(namespace: $ns, name: $n, reason: "looks good") { stepIndex } }`, { ns: NS, n: name });
const setImage = (name: string, image: string) =>
  gql(`mutation($ns: String!, $n: String!, $i: String!) { setImage(kind: CLONE_SET, namespace: $ns, name: $n, container: "main", image: $i) { generation } }`, { ns: NS, n: name, i: image });
/** What `kubectl set image` would do, which kubectl does only for built-in kinds: a merge patch of the template. */
const patchImage = (name: string, image: string) =>
  k('patch', 'cloneset', name, '-n', NS, '--type=merge', '-p', JSON.stringify({ spec: { template: { spec: { containers: [{ name: 'main', image }] } } } }));
const statusPatch = (name: string, canaryStatus: Record<string, unknown>) =>
  k('patch', 'rollout', name, '-n', NS, '--subresource=status', '--type=merge', '-p', JSON.stringify({ status: { canaryStatus } }));

/** A CloneSet `name` of `replicas` pods at v1 and its Rollout over `steps` (each waiting for approval), applied with kubectl and settled. */
async function applyRelease(name: string, replicas: number, percents: string[], extra: { spec?: string; canary?: string; labels?: string } = {}): Promise<void> {
  if ((await kubectl.run(['get', 'namespace', NS])).code !== 0) await k('create', 'namespace', NS);
  const set = workloadYaml(CLONESET_V1ALPHA1, { name, image: `${name}:v1`, namespace: NS, replicas, ...(extra.spec ? { spec: extra.spec } : {}) })
    .replace(`metadata: {name: ${name}, namespace: ${NS}}`, `metadata: {name: ${name}, namespace: ${NS}${extra.labels ? `, labels: {${extra.labels}}` : ''}}`);
  const steps = percents.map((p) => `{replicas: ${p}, pause: {}}`);
  await kubectl.run(['apply', '-f', '-'], `${set}---${rolloutYaml({ name, namespace: NS, workloadRef: { ...CLONESET_V1ALPHA1, name }, steps, ...(extra.canary ? { canary: extra.canary } : {}) })}`);
  await imagesAre(name, { [`${name}:v1`]: replicas }, `${replicas} pods of v1`);
  await untilRollout(name, 'Healthy', (r) => r.status?.phase === 'Healthy');
}

describe('docs/spec/kruise-rollout.md §6.4: jumps, by status patch (kubectl) and by jumpToRolloutStep (GraphQL)', () => {
  it('jumps back from step 4 without rolling a pod back, then forward to the last step, which completes the release', async () => {
    await applyRelease('jumper', 5, ['20%', '40%', '60%', '80%', '100%']);
    await patchImage('jumper', 'jumper:v2');
    for (const step of [1, 2, 3]) {
      await pausedAt('jumper', step);
      await approve('jumper');
    }
    await pausedAt('jumper', 4);
    await imagesAre('jumper', { 'jumper:v1': 1, 'jumper:v2': 4 }, '4 pods of v2 at step 4');
    // upstream's e2e: patch nextStepIndex; the partition never rises, so the 4 updated pods stay.
    await statusPatch('jumper', { nextStepIndex: 3 });
    const atThree = await pausedAt('jumper', 3);
    expect(atThree.status?.canaryStatus).toMatchObject({ currentStepIndex: 3, nextStepIndex: 4, canaryReplicas: 4 });
    await gql(`mutation($ns: String!) { jumpToRolloutStep(namespace: $ns, name: "jumper", stepIndex: 1, reason: "back to the first batch") { stepIndex fromStepIndex } }`, { ns: NS });
    const atOne = await pausedAt('jumper', 1);
    expect(atOne.status?.canaryStatus).toMatchObject({ currentStepIndex: 1, nextStepIndex: 2, canaryReplicas: 4 });
    await imagesAre('jumper', { 'jumper:v1': 1, 'jumper:v2': 4 }, 'still 4 pods of v2 at step 1');
    await statusPatch('jumper', { nextStepIndex: 5 });
    await succeeded('jumper');
    expect((await rollout('jumper')).status?.canaryStatus?.nextStepIndex).toBe(-1);
    await imagesAre('jumper', { 'jumper:v2': 5 }, '5 pods of v2');
  }, 300_000);
});

describe('docs/spec/kruise-rollout.md §6.5: failureThreshold', () => {
  const v2 = async () => (await pods('tolerant')).filter((p) => p.spec.containers[0]!.image === 'tolerant:v2');
  const ready = (p: PodJson) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') === true;
  /** Lets `count` more never-ready v2 pods become ready: the simulator's annotation lifted with kubectl. */
  async function makeReady(count: number): Promise<void> {
    const stuck = (JSON.parse(await k('get', 'pods', '-n', NS, '-l', 'app=tolerant', '-o', 'json')).items as Array<PodJson & { metadata: { name: string; annotations?: Record<string, string> } }>)
      .filter((p) => !p.metadata.deletionTimestamp && p.metadata.annotations?.[SIM_ANNOTATIONS.NeverReady] === 'true' && p.spec.containers[0]!.image === 'tolerant:v2');
    for (const pod of stuck.slice(0, count)) await k('annotate', 'pod', pod.metadata.name, '-n', NS, `${SIM_ANNOTATIONS.NeverReady}=false`, '--overwrite');
  }

  it('lets a batch pass with unready updated pods within the threshold, never with none ready, and labels each batch', async () => {
    await applyRelease('tolerant', 10, ['10%', '30%', '60%', '100%'], {
      spec: 'updateStrategy: {maxUnavailable: 100%}', canary: 'failureThreshold: 20%', labels: `${ROLLOUT_ID_KEY}: "1"`,
    });
    // v2 pods never turn Ready until told (the simulator's annotation), so only the threshold lets a batch pass.
    await k('patch', 'cloneset', 'tolerant', '-n', NS, '--type=merge', '-p', JSON.stringify({
      spec: { template: { metadata: { annotations: { [SIM_ANNOTATIONS.NeverReady]: 'true' } }, spec: { containers: [{ name: 'main', image: 'tolerant:v2' }] } } },
    }));
    // Step 1: 1 updated pod, unready: ceil(20% x 1) = 1 would tolerate it, the one-ready rule does not.
    await imagesAre('tolerant', { 'tolerant:v1': 9, 'tolerant:v2': 1 }, 'one pod of v2 at step 1');
    const held = await untilRollout('tolerant', 'step 1 upgrading', (r) => r.status?.canaryStatus?.currentStepIndex === 1);
    expect(held.status?.canaryStatus?.currentStepState).not.toBe('StepPaused');
    await makeReady(1);
    await pausedAt('tolerant', 1);
    await approve('tolerant');
    // Step 2: 3 updated; 2 ready suffice (ceil(20% x 3) = 1 unready tolerated).
    await eventually(async () => ((await v2()).length === 3 ? true : undefined), 90_000, '3 pods of v2');
    await makeReady(1);
    await pausedAt('tolerant', 2);
    expect((await v2()).filter(ready)).toHaveLength(2);
    const batches = (await v2()).map((p) => `${p.metadata.labels?.[ROLLOUT_ID_KEY]}/${p.metadata.labels?.[LABEL_ROLLOUT_BATCH_ID]}`).sort();
    expect(batches).toEqual(['1/1', '1/2', '1/2']);
  }, 300_000);
});

describe('docs/spec/kruise-rollout.md §6.6: continuous release and rollback', () => {
  it('a new revision mid-release starts over at step 1 (kubectl patch); a revert to the stable revision cancels it (GraphQL setImage)', async () => {
    await applyRelease('steady', 5, ['20%', '40%', '100%']);
    await patchImage('steady', 'steady:v2');
    await pausedAt('steady', 1);
    await approve('steady');
    await pausedAt('steady', 2);
    await imagesAre('steady', { 'steady:v1': 3, 'steady:v2': 2 }, '2 pods of v2 at step 2');
    // v3 pushed mid-release: the release restarts at step 1 for v3, and v2 pods are replaced as partitions drop.
    await patchImage('steady', 'steady:v3');
    await pausedAt('steady', 1);
    await eventually(async () => ((await pods('steady')).filter((p) => p.spec.containers[0]!.image === 'steady:v3').length === 1 ? true : undefined), 90_000, 'step 1 of v3: one pod of v3');
    // Back to v1 (the stable revision): the release is cancelled and every pod runs v1 again.
    await setImage('steady', 'steady:v1');
    await untilRollout('steady', 'cancelled, Healthy', (r) => r.status?.phase === 'Healthy'
      && r.status.conditions?.some((c) => c.type === 'Succeeded' && c.status === 'False') === true, 120_000);
    await imagesAre('steady', { 'steady:v1': 5 }, '5 pods of v1 again');
    expect((await kubectl.run(['get', 'batchrelease', 'steady', '-n', NS])).code).not.toBe(0);
  }, 300_000);
});
