// What the dashboard's Rollout panel reads, end to end over GraphQL: Pod.rolloutBatchId (the
// rollout-batch-id label the BatchRelease writes, docs/spec/kruise-rollout.md §3.9) and Rollout.history
// (approvals, jumps and aborts from the audit log, refusals included) while the real controllers walk
// docs/spec/kruise-rollout.md §6.1; and RolloutCanaryStatus.analysis as stored (docs/analysis.md §5),
// with the controllers off so that the status written is the status read.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Rollout, RolloutStatus, StepAnalysisStatus } from '@coxswain/kruise-api';
import { CLONESET_V1ALPHA1, demoRollout, ECHOSERVER, workloadYaml } from '@coxswain/workloads/testing';
import { eventually, TestApi } from './support/api-server.js';

const ROLLOUT_REF = { apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'Rollout' };
const NS = 'release';

// docs/spec/kruise-rollout.md §6.1's CloneSet and Rollout, step 2 pausing 600 s.
const MANIFESTS = (namespace: string) => `${workloadYaml(CLONESET_V1ALPHA1, { ...ECHOSERVER, container: 'main', namespace })}---${
  demoRollout(['{replicas: 20%, pause: {}}', '{replicas: 50%, pause: {duration: 600}}', '{replicas: 100%}'], { namespace })}`;

async function apply(api: TestApi, yaml: string): Promise<void> {
  const res = await api.graphql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: yaml });
  expect(res.errors).toBeUndefined();
}

async function createToken(api: TestApi, name: string, role: string): Promise<string> {
  const res = await api.graphql(`mutation($n: String!, $r: String!) { createToken(name: $n, role: $r) { secret } }`, { n: name, r: role });
  expect(res.errors).toBeUndefined();
  return res.data!.createToken.secret;
}

describe('with the controllers: batch ids and history (docs/spec/kruise-rollout.md §6.1)', () => {
  let api: TestApi;
  const tokens = { approver: '', viewer: '' };

  beforeAll(async () => {
    api = await TestApi.start();
    tokens.approver = await createToken(api, 'release-manager', 'rollout-approver');
    tokens.viewer = await createToken(api, 'watcher', 'viewer');
    await apply(api, MANIFESTS(NS));
  }, 180_000);

  afterAll(async () => {
    await api?.close();
  });

  const state = async () =>
    (await api.graphql(`{ rollout(namespace: "${NS}", name: "demo") { phase canaryStatus { currentStepIndex currentStepState } } }`)).data!.rollout as {
      phase: string | null;
      canaryStatus: { currentStepIndex: number; currentStepState: string } | null;
    } | null;
  const at = (index: number, stepState: string, what: string) =>
    eventually(async () => {
      const s = await state();
      return s?.phase === 'Progressing' && s.canaryStatus?.currentStepIndex === index && s.canaryStatus.currentStepState === stepState ? s : undefined;
    }, 30_000, what);
  const batches = async () => {
    const res = await api.graphql(`{ workload(kind: CLONE_SET, namespace: "${NS}", name: "echoserver") { pods(first: 10) { edges { node { name isUpdated rolloutBatchId } } } } }`);
    expect(res.errors).toBeUndefined();
    const nodes = res.data!.workload.pods.edges.map((e: { node: { isUpdated: boolean; rolloutBatchId: number | null } }) => e.node);
    return nodes.map((p: { isUpdated: boolean; rolloutBatchId: number | null }) => `${p.isUpdated ? 'new' : 'old'}:${p.rolloutBatchId}`).sort();
  };
  const FIELDS = 'history(first: 10) { action actorName actorRole result message stepIndex fromStepIndex reason }';
  /** Through the workload (the dashboard's query), or for a rollout-approver (who cannot read workloads) through rollout(). */
  const history = async (token?: string) => {
    const res =
      token === undefined
        ? await api.graphql(`{ workload(kind: CLONE_SET, namespace: "${NS}", name: "echoserver") { rollout { ${FIELDS} } } }`)
        : await api.graphql(`{ rollout(namespace: "${NS}", name: "demo") { ${FIELDS} } }`, {}, { token });
    expect(res.errors).toBeUndefined();
    return (token === undefined ? res.data!.workload.rollout.history : res.data!.rollout.history) as Record<string, unknown>[];
  };

  it('labels the pod of batch 1, then the two more of batch 2, and serves the label as rolloutBatchId', async () => {
    await eventually(async () => ((await state())?.phase === 'Healthy' ? true : undefined), 30_000, 'Healthy');
    expect(await history()).toEqual([]);
    const image = await api.graphql(`mutation { setImage(kind: CLONE_SET, namespace: "${NS}", name: "echoserver", container: "main", image: "echo:v2") { generation } }`);
    expect(image.errors).toBeUndefined();
    await at(1, 'StepPaused', 'step 1 paused');
    expect(await batches()).toEqual(['new:1', 'old:null', 'old:null', 'old:null', 'old:null']);

    // A viewer is refused (and the refusal recorded); the approver approves with a reason.
    const refused = await api.graphql(`mutation { approveRolloutStep(namespace: "${NS}", name: "demo", reason: "me too") { stepIndex } }`, {}, { token: tokens.viewer });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const approved = await api.graphql(`mutation { approveRolloutStep(namespace: "${NS}", name: "demo", reason: "canary looks good") { stepIndex } }`, {}, { token: tokens.approver });
    expect(approved.errors).toBeUndefined();
    await at(2, 'StepPaused', 'step 2 paused');
    await eventually(async () => ((await batches()).join() === ['new:1', 'new:2', 'new:2', 'old:null', 'old:null'].join() ? true : undefined), 30_000, 'batch 2 labelled');
  });

  it('answers who approved, jumped and aborted which step, newest first, refusals included, to readers and approvers', async () => {
    const jumped = await api.graphql(`mutation { jumpToRolloutStep(namespace: "${NS}", name: "demo", stepIndex: 1, reason: "once more") { stepIndex } }`, {}, { token: tokens.approver });
    expect(jumped.errors).toBeUndefined();
    await at(1, 'StepPaused', 'step 1 paused again');
    const aborted = await api.graphql(`mutation { abortRollout(namespace: "${NS}", name: "demo") { stepIndex } }`, {}, { token: tokens.approver });
    expect(aborted.errors).toBeUndefined();

    const expected = [
      // An applied abort is recorded against the workload it wrote back; the history finds it there.
      { action: 'ABORT', actorName: 'release-manager', actorRole: 'rollout-approver', result: 'ok', message: 'no reason given', stepIndex: 1, fromStepIndex: null, reason: null },
      { action: 'JUMP', actorName: 'release-manager', actorRole: 'rollout-approver', result: 'ok', message: 'reason: once more', stepIndex: 1, fromStepIndex: 2, reason: 'once more' },
      { action: 'APPROVE', actorName: 'release-manager', actorRole: 'rollout-approver', result: 'ok', message: 'reason: canary looks good', stepIndex: 1, fromStepIndex: null, reason: 'canary looks good' },
      { action: 'APPROVE', actorName: 'watcher', actorRole: 'viewer', result: 'FORBIDDEN', message: expect.any(String), stepIndex: null, fromStepIndex: null, reason: null },
    ];
    expect(await history()).toEqual(expected);
    expect(await history(tokens.approver)).toEqual(expected);
    const bounded = await api.graphql(`{ rollout(namespace: "${NS}", name: "demo") { history(first: 0) { action } } }`);
    expect(bounded.errors?.[0]).toMatchObject({ message: 'first must be from 1 to 100', extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe('with the controllers off: the analysis as stored (docs/analysis.md §5)', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await TestApi.start({ CONTROLLER_MODE: 'off' });
    await apply(api, MANIFESTS('checks'));
  }, 180_000);

  afterAll(async () => {
    await api?.close();
  });

  const ANALYSIS = `{ rollout(namespace: "checks", name: "demo") { canaryStatus { currentStepIndex analysis {
    stepIndex canaryRevision phase message startedAt onFailure
    checks { name kind phase measured condition reason evaluatedAt consecutiveErrors history { at phase measured } }
  } } } }`;

  it('is null until the status names one, then served with its checks and their history', async () => {
    expect((await api.graphql(ANALYSIS)).data!.rollout.canaryStatus).toBeNull();
    const analysis: StepAnalysisStatus = {
      stepIndex: 1,
      canaryRevision: 'echoserver-v2',
      phase: 'Failed',
      message: 'error-ratio: series {revision="echoserver-v2"} is 0.3, which is not < 0.05',
      startedAt: '2026-11-29T07:00:00Z',
      onFailure: 'Pause',
      checks: [
        {
          name: 'error-ratio', kind: 'prometheus', phase: 'Failed', measured: 0.3, condition: '< 0.05',
          reason: 'series {revision="echoserver-v2"} is 0.3, which is not < 0.05', evaluatedAt: '2026-11-29T07:00:20Z', consecutiveErrors: 0,
          history: [
            { at: '2026-11-29T07:00:00Z', phase: 'Pending', measured: null },
            { at: '2026-11-29T07:00:10Z', phase: 'Passed', measured: 0.01 },
            { at: '2026-11-29T07:00:20Z', phase: 'Failed', measured: 0.3 },
          ],
        },
        { name: 'health', kind: 'http', phase: 'Passed', measured: true, condition: '== true', reason: 'true is == true', evaluatedAt: '2026-11-29T07:00:20Z', consecutiveErrors: 0, history: [] },
      ],
    };
    const current = await api.runtime.cluster.get<Rollout>(ROLLOUT_REF, 'checks', 'demo');
    const status: RolloutStatus = {
      phase: 'Progressing',
      currentStepIndex: 1,
      currentStepState: 'StepMetricsAnalysis',
      canaryStatus: {
        currentStepIndex: 1, nextStepIndex: 2, currentStepState: 'StepMetricsAnalysis', canaryReplicas: 1, canaryReadyReplicas: 1,
        stableRevision: 'v1', canaryRevision: 'v2', podTemplateHash: 'v2', rolloutHash: 'h', observedWorkloadGeneration: 2, lastUpdateTime: '2026-11-29T07:00:00Z',
        analysis,
      } as NonNullable<RolloutStatus['canaryStatus']>,
    };
    await api.runtime.cluster.updateStatus<Rollout>({ ...current, status });
    const served = await eventually(async () => {
      const res = await api.graphql(ANALYSIS);
      expect(res.errors).toBeUndefined();
      return res.data!.rollout.canaryStatus?.analysis ?? undefined;
    }, 10_000, 'the analysis served');
    expect(served).toEqual({
      stepIndex: 1, canaryRevision: 'echoserver-v2', phase: 'Failed', message: analysis.message, startedAt: '2026-11-29T07:00:00.000Z', onFailure: 'Pause',
      checks: [
        {
          name: 'error-ratio', kind: 'prometheus', phase: 'Failed', measured: 0.3, condition: '< 0.05', reason: analysis.checks[0]!.reason,
          evaluatedAt: '2026-11-29T07:00:20.000Z', consecutiveErrors: 0,
          history: [
            { at: '2026-11-29T07:00:00.000Z', phase: 'Pending', measured: null },
            { at: '2026-11-29T07:00:10.000Z', phase: 'Passed', measured: 0.01 },
            { at: '2026-11-29T07:00:20.000Z', phase: 'Failed', measured: 0.3 },
          ],
        },
        { name: 'health', kind: 'http', phase: 'Passed', measured: true, condition: '== true', reason: 'true is == true', evaluatedAt: '2026-11-29T07:00:20.000Z', consecutiveErrors: 0, history: [] },
      ],
    });
  });
});
