// Rollouts over GraphQL and REST end to end (docs/rollouts-api.md; its REST requests are mirrored here): reads with pagination and the
// workload's Rollout, approvals (docs/spec/kruise-rollout.md §2.8), jumps (docs/spec/kruise-rollout.md §2.9) and aborts (docs/spec/kruise-rollout.md §2.11) with
// the rollout-approver role, Idempotency-Key replays, audit rows, refusals, hostile input, and the
// rolloutChanged subscription over graphql-ws.
//
// No controller runs here (CONTROLLER_MODE=off): the Rollouts' status is written directly, as
// kubectl-kruise and `kubectl patch --subresource=status` do, so what is asserted is what the mutations
// write, whatever a Rollout controller would do next. The workload's ControllerRevisions are written by
// hand for the same reason.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ControllerRevision, KubeObject, Rollout, RolloutStatus } from '@coxswain/kruise-api';
import { TokensRepository } from '../src/auth/tokens.repository.js';
import { CLONESET_V1ALPHA1, rolloutYaml as sharedRolloutYaml, workloadYaml } from '@coxswain/workloads/testing';
import { ABANDONED_CLAIM_MS } from '../src/idempotency/key-claim.js';
import { hashRequest } from '../src/rollouts/rollout-action.service.js';
import { RolloutActionsRepository } from '../src/rollouts/rollout-actions.repository.js';
import { PRISMA } from '../src/tokens.js';
import { ADMIN_TOKEN, eventually, TestApi } from './support/api-server.js';

const ROLLOUT_REF = { apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'Rollout' };
const CLONESET_REF = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet' };
const STATEFULSET_REF = { apiVersion: 'apps/v1', kind: 'StatefulSet' };
const DEPLOYMENT_REF = { apiVersion: 'apps/v1', kind: 'Deployment' };
const NS = 'shop';

let api: TestApi;
const tokens: Record<'approver' | 'approverTeamA' | 'viewer' | 'operator', string> = { approver: '', approverTeamA: '', viewer: '', operator: '' };

const cloneSet = (name: string, image: string) => workloadYaml(CLONESET_REF, { name, image, namespace: NS });

const rolloutYaml = (name: string, workload: string, namespace = NS, ref: { apiVersion: string; kind: string } = CLONESET_V1ALPHA1) => sharedRolloutYaml({
  name, namespace, workloadRef: { ...ref, name: workload },
  steps: ['{replicas: 20%, pause: {}}', '{replicas: 50%, pause: {duration: 60}}', '{replicas: 80%, pause: {}}', '{replicas: 100%}'],
});

async function apply(yaml: string): Promise<void> {
  const res = await api.graphql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: yaml });
  expect(res.errors).toBeUndefined();
}

/** The status a Rollout controller writes while releasing, at step `index` in `state` (docs/spec/kruise-rollout.md §1.6). */
function releasing(index: number, state: string, extra: Partial<RolloutStatus> = {}): RolloutStatus {
  return {
    observedGeneration: 1,
    phase: 'Progressing',
    message: `Rollout is in step(${index}/4)`,
    currentStepIndex: index,
    currentStepState: state as RolloutStatus['currentStepState'],
    canaryStatus: {
      observedWorkloadGeneration: 2,
      rolloutHash: 'hash',
      stableRevision: 'v1hash',
      canaryRevision: 'v2hash',
      podTemplateHash: 'v2hash',
      currentStepIndex: index,
      nextStepIndex: index < 4 ? index + 1 : -1,
      currentStepState: state as RolloutStatus['currentStepState'] & string,
      finalisingStep: '',
      canaryReplicas: index,
      canaryReadyReplicas: index,
      lastUpdateTime: '2026-11-29T07:00:00Z',
      message: `BatchRelease is at state Ready, rollout-id , step ${index}`,
    } as NonNullable<RolloutStatus['canaryStatus']>,
    conditions: [{ type: 'Progressing', status: 'True', reason: 'InRolling', message: 'Rollout is in Progressing', lastUpdateTime: '2026-11-29T07:00:00Z', lastTransitionTime: '2026-11-29T07:00:00Z' }],
    ...extra,
  };
}

/** Writes a Rollout's status subresource, as `kubectl patch --subresource=status` does. */
async function setStatus(namespace: string, name: string, status: RolloutStatus): Promise<Rollout> {
  const current = await api.runtime.cluster.get<Rollout>(ROLLOUT_REF, namespace, name);
  return api.runtime.cluster.updateStatus<Rollout>({ ...current, status });
}

async function imageOf(ref: { apiVersion: string; kind: string }, name: string): Promise<string> {
  const workload = await api.runtime.cluster.get<KubeObject & { spec: { template: { spec: { containers: { image: string }[] } } } }>(ref, NS, name);
  return workload.spec.template.spec.containers[0]!.image;
}

/** A workload's ControllerRevision of `template`, as its controller would write it (no controller runs here). */
function controllerRevision(name: string, owner: KubeObject, template: Record<string, unknown>): ControllerRevision {
  return {
    apiVersion: 'apps/v1', kind: 'ControllerRevision',
    metadata: {
      name, namespace: NS, labels: { 'controller.kubernetes.io/hash': name.slice(name.lastIndexOf('-') + 1) },
      ownerReferences: [{ apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true, blockOwnerDeletion: true }],
    },
    revision: 1,
    data: { spec: { template } },
  } as ControllerRevision;
}

async function readRollout(namespace: string, name: string): Promise<Rollout> {
  return api.runtime.cluster.get<Rollout>(ROLLOUT_REF, namespace, name);
}

const APPROVE = `mutation($ns: String!, $n: String!, $r: String, $k: String) { approveRolloutStep(namespace: $ns, name: $n, reason: $r, idempotencyKey: $k) { id action namespace name stepIndex fromStepIndex revision actedBy at reason replayed } }`;
const JUMP = `mutation($ns: String!, $n: String!, $i: Int!, $r: String, $k: String) { jumpToRolloutStep(namespace: $ns, name: $n, stepIndex: $i, reason: $r, idempotencyKey: $k) { id action stepIndex fromStepIndex actedBy reason replayed } }`;
const ABORT = `mutation($ns: String!, $n: String!, $r: String, $k: String) { abortRollout(namespace: $ns, name: $n, reason: $r, idempotencyKey: $k) { id action stepIndex revision actedBy reason replayed } }`;

function rest(action: string, namespace: string, name: string, init: { key?: string | null; body?: unknown; rawBody?: string; token?: string; contentType?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': init.contentType ?? 'application/json' };
  const key = init.key === undefined ? randomUUID() : init.key;
  if (key !== null) headers['idempotency-key'] = key;
  return api.fetch(`/api/v1/namespaces/${namespace}/rollouts/${name}/${action}`, {
    method: 'POST',
    headers,
    body: init.rawBody ?? JSON.stringify(init.body ?? {}),
    token: init.token ?? tokens.approver,
  });
}

async function auditRows(namespace: string): Promise<Record<string, any>[]> {
  const res = await api.graphql(
    `query($ns: String) { auditLog(namespace: $ns, first: 1000) { edges { node { actorName actorRole action targetKind targetNamespace targetName before after idempotencyKey result message } } } }`,
    { ns: namespace },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.auditLog.edges.map((e: { node: unknown }) => e.node);
}

beforeAll(async () => {
  api = await TestApi.start({ CONTROLLER_MODE: 'off' });
  for (const [key, name, role, namespaces] of [
    ['approver', 'release-manager', 'rollout-approver', null],
    ['approverTeamA', 'team-a-approver', 'rollout-approver', ['team-a']],
    ['viewer', 'watcher', 'viewer', null],
    ['operator', 'pipeline', 'operator', null],
  ] as const) {
    const res = await api.graphql(`mutation($n: String!, $r: String!, $ns: [String!]) { createToken(name: $n, role: $r, namespaces: $ns) { secret } }`, { n: name, r: role, ns: namespaces });
    expect(res.errors).toBeUndefined();
    tokens[key] = res.data!.createToken.secret;
  }
  await apply(cloneSet('web', 'nginx:1.25'));
  await apply(rolloutYaml('web', 'web'));
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('reads', () => {
  it('serves a Rollout with its steps, canary status and conditions, and the workload\'s rollout through the workloadRef', async () => {
    await setStatus(NS, 'web', releasing(1, 'StepPaused'));
    const res = await eventually(async () => {
      const r = await api.graphql(`{ rollout(namespace: "${NS}", name: "web") {
        name namespace phase message workloadRef { apiVersion kind name } paused disabled
        steps { index replicas pauseSeconds waitsForApproval }
        canaryStatus { currentStepIndex currentStepState nextStepIndex canaryReplicas canaryReadyReplicas stableRevision canaryRevision lastUpdateTime message }
        conditions { type status reason lastTransitionTime } } }`);
      return r.data?.rollout?.phase === 'Progressing' ? r : undefined;
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.rollout).toEqual({
      name: 'web', namespace: NS, phase: 'Progressing', message: 'Rollout is in step(1/4)',
      workloadRef: { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'web' }, paused: false, disabled: false,
      steps: [
        { index: 1, replicas: '20%', pauseSeconds: null, waitsForApproval: true },
        { index: 2, replicas: '50%', pauseSeconds: 60, waitsForApproval: false },
        { index: 3, replicas: '80%', pauseSeconds: null, waitsForApproval: true },
        { index: 4, replicas: '100%', pauseSeconds: null, waitsForApproval: false },
      ],
      canaryStatus: {
        currentStepIndex: 1, currentStepState: 'StepPaused', nextStepIndex: 2, canaryReplicas: 1, canaryReadyReplicas: 1,
        stableRevision: 'v1hash', canaryRevision: 'v2hash', lastUpdateTime: '2026-11-29T07:00:00.000Z', message: 'BatchRelease is at state Ready, rollout-id , step 1',
      },
      conditions: [{ type: 'Progressing', status: 'True', reason: 'InRolling', lastTransitionTime: '2026-11-29T07:00:00.000Z' }],
    });
    const workload = await api.graphql(`{ workload(kind: CLONE_SET, namespace: "${NS}", name: "web") { name rollout { name canaryStatus { currentStepState } } } }`);
    expect(workload.data!.workload).toEqual({ name: 'web', rollout: { name: 'web', canaryStatus: { currentStepState: 'StepPaused' } } });
  });

  it('a workload without a Rollout has none; unknown Rollouts read null', async () => {
    await apply(cloneSet('plain', 'nginx:1.25'));
    const res = await api.graphql(`{ workload(kind: CLONE_SET, namespace: "${NS}", name: "plain") { rollout { name } } rollout(namespace: "${NS}", name: "nobody") { name } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ workload: { rollout: null }, rollout: null });
  });

  it('pages rollouts by namespace and name with cursors; a namespace-limited approver lists its namespaces only', async () => {
    for (const [ns, name] of [['pages', 'a'], ['pages', 'b'], ['pages', 'c'], ['team-a', 'x']] as const) await apply(rolloutYaml(name, `w-${name}`, ns));
    const page = (first: number, after: string | null, namespace: string | null, token?: string) =>
      api.graphql(`query($f: Int, $a: String, $ns: String) { rollouts(first: $f, after: $a, namespace: $ns) { totalCount edges { cursor node { namespace name } } pageInfo { hasNextPage endCursor } } }`, { f: first, a: after, ns: namespace }, { token });
    const first = await eventually(async () => {
      const r = await page(2, null, 'pages');
      return r.data?.rollouts.totalCount === 3 ? r : undefined;
    });
    expect(first.data!.rollouts.edges.map((e: any) => e.node.name)).toEqual(['a', 'b']);
    expect(first.data!.rollouts.pageInfo.hasNextPage).toBe(true);
    const second = await page(2, first.data!.rollouts.pageInfo.endCursor, 'pages');
    expect(second.data!.rollouts.edges.map((e: any) => e.node.name)).toEqual(['c']);
    expect(second.data!.rollouts.pageInfo.hasNextPage).toBe(false);
    const all = await page(100, null, null);
    expect(all.data!.rollouts.edges.map((e: any) => `${e.node.namespace}/${e.node.name}`)).toEqual(['pages/a', 'pages/b', 'pages/c', 'shop/web', 'team-a/x']);
    const limited = await page(100, null, null, tokens.approverTeamA);
    expect(limited.data!.rollouts.edges.map((e: any) => `${e.node.namespace}/${e.node.name}`)).toEqual(['team-a/x']);
    const elsewhere = await page(100, null, 'pages', tokens.approverTeamA);
    expect(elsewhere.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    for (const bad of [0, 1001]) expect((await page(bad, null, null)).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await page(1, 'not-a-cursor', null)).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('approveRolloutStep', () => {
  it('refuses unless the step is StepPaused, in kubectl-kruise\'s words, and writes nothing', async () => {
    await setStatus(NS, 'web', releasing(1, 'StepUpgrade'));
    const before = await readRollout(NS, 'web');
    const res = await api.graphql(APPROVE, { ns: NS, n: 'web', r: 'looks good' }, { token: tokens.approver });
    expect(res.errors?.[0]?.extensions?.code).toBe('STEP_NOT_PAUSED');
    expect(res.errors?.[0]?.message).toBe(`rollout ${NS}/web does not allow to approve, because current canary state is not 'StepPaused' (it is StepUpgrade at step 1 of 4)`);
    expect((await readRollout(NS, 'web')).metadata.resourceVersion).toBe(before.metadata.resourceVersion);
  });

  it('marks the paused step StepReady with one status write, audited with the token and the reason', async () => {
    await setStatus(NS, 'web', releasing(1, 'StepPaused'));
    const key = randomUUID();
    const res = await api.graphql(APPROVE, { ns: NS, n: 'web', r: 'canary metrics look good', k: key }, { token: tokens.approver });
    expect(res.errors).toBeUndefined();
    expect(res.data!.approveRolloutStep).toEqual({
      id: expect.any(String), action: 'APPROVE', namespace: NS, name: 'web', stepIndex: 1, fromStepIndex: null, revision: null,
      actedBy: 'release-manager', at: expect.any(String), reason: 'canary metrics look good', replayed: false,
    });
    // What the mutation wrote, read right after it answered: kubectl-kruise's patch, nothing else.
    const written = await readRollout(NS, 'web');
    expect(written.status!.canaryStatus!.currentStepState).toBe('StepReady');
    expect(written.status!.canaryStatus!.currentStepIndex).toBe(1);
    const row = (await auditRows(NS)).find((r) => r.action === 'approveRolloutStep' && r.idempotencyKey === key);
    expect(row).toMatchObject({
      actorName: 'release-manager', actorRole: 'rollout-approver', targetKind: 'Rollout', targetNamespace: NS, targetName: 'web', result: 'ok',
      message: 'reason: canary metrics look good',
      before: { 'status.canaryStatus.currentStepState': 'StepPaused' },
      after: { 'status.canaryStatus.currentStepState': 'StepReady' },
    });
  });

  it('replays the first answer to a retry with the same key (REST and GraphQL), refuses the key for another request, and does not write again', async () => {
    await setStatus(NS, 'web', releasing(3, 'StepPaused'));
    const key = randomUUID();
    const first = await rest('approve', NS, 'web', { key, body: { reason: 'soak passed' } });
    expect(first.status).toBe(200);
    const answer = await first.json();
    expect(answer).toEqual({
      id: expect.any(String), action: 'approve', namespace: NS, rollout: 'web', rolloutUid: expect.any(String), stepIndex: 3, fromStepIndex: null, revision: null,
      actedBy: 'release-manager', at: expect.any(String), reason: 'soak passed',
    });
    const afterFirst = await readRollout(NS, 'web');
    // The controller (were one running) may pause again; a replay still answers the first answer and writes nothing.
    await setStatus(NS, 'web', releasing(3, 'StepPaused'));
    const resourceVersion = (await readRollout(NS, 'web')).metadata.resourceVersion;
    const again = await rest('approve', NS, 'web', { key, body: { reason: 'soak passed' } });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(answer);
    expect((await readRollout(NS, 'web')).metadata.resourceVersion).toBe(resourceVersion);
    expect(afterFirst.status!.canaryStatus!.currentStepState).toBe('StepReady');

    const other = await rest('approve', NS, 'web', { key, body: { reason: 'something else' } });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });

    // A refusal is final for its key too: replayed, even once the step is paused again.
    await setStatus(NS, 'web', releasing(3, 'StepUpgrade'));
    const refusedKey = randomUUID();
    expect((await rest('approve', NS, 'web', { key: refusedKey })).status).toBe(409);
    await setStatus(NS, 'web', releasing(3, 'StepPaused'));
    const replayedRefusal = await rest('approve', NS, 'web', { key: refusedKey });
    expect(replayedRefusal.status).toBe(409);
    expect(await replayedRefusal.json()).toMatchObject({ code: 'STEP_NOT_PAUSED' });

    const rows = (await auditRows(NS)).filter((r) => r.idempotencyKey === key);
    expect(rows.map((r) => [r.result, r.message])).toEqual(expect.arrayContaining([
      ['ok', 'reason: soak passed'],
      ['ok', 'replayed; reason: soak passed'],
      ['IDEMPOTENCY_KEY_REUSED', expect.any(String)],
    ]));
  });

  it('applies concurrent approvals with the same key once', async () => {
    await setStatus(NS, 'web', releasing(1, 'StepPaused'));
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => rest('approve', NS, 'web', { key, body: { reason: 'go' } })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const bodies = await Promise.all(answers.filter((a) => a.status === 200).map((a) => a.json()));
    expect(new Set(bodies.map((b: any) => b.id)).size).toBe(1);
    const applied = (await auditRows(NS)).filter((r) => r.idempotencyKey === key && r.result === 'ok' && r.after !== null);
    expect(applied).toHaveLength(1);
  });
});

describe('a key in flight', () => {
  it('answers 409 while another request holds the key, and lets the same request take over a claim abandoned by a dead process', async () => {
    await setStatus(NS, 'web', releasing(3, 'StepPaused'));
    const key = randomUUID();
    const token = await api.app.get(TokensRepository).findByName('release-manager');
    const claim = await api.app.get(RolloutActionsRepository).claim({
      idempotencyKey: key, actorTokenId: token!.id, namespace: NS, rollout: 'web', action: 'approve', createdAt: new Date(),
      requestHash: hashRequest({ namespace: NS, rollout: 'web', action: 'approve', stepIndex: null, reason: 'busy' }),
    });
    expect(claim.claimed).toBe(true);
    const inFlight = await rest('approve', NS, 'web', { key, body: { reason: 'busy' } });
    expect(inFlight.status).toBe(409);
    expect(await inFlight.json()).toMatchObject({ code: 'ACTION_IN_FLIGHT' });
    expect((await readRollout(NS, 'web')).status!.canaryStatus!.currentStepState).toBe('StepPaused');

    // The process that claimed it died: after ABANDONED_CLAIM_MS the same request (only) takes it over.
    await api.app.get(PRISMA).rolloutAction.update({ where: { idempotencyKey: key }, data: { createdAt: new Date(Date.now() - ABANDONED_CLAIM_MS - 60_000) } });
    expect((await rest('approve', NS, 'web', { key, body: { reason: 'other' } })).status).toBe(422);
    const taken = await rest('approve', NS, 'web', { key, body: { reason: 'busy' } });
    expect(taken.status).toBe(200);
    expect(await taken.json()).toMatchObject({ id: claim.claimed ? claim.row.id : '', stepIndex: 3, reason: 'busy' });
    expect((await readRollout(NS, 'web')).status!.canaryStatus!.currentStepState).toBe('StepReady');
    const replayed = await rest('approve', NS, 'web', { key, body: { reason: 'busy' } });
    expect([replayed.status, replayed.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
  });
});

describe('jumpToRolloutStep', () => {
  it('sets nextStepIndex for a step the controller acts on (forward or back), audited', async () => {
    await setStatus(NS, 'web', releasing(1, 'StepPaused'));
    const res = await api.graphql(JUMP, { ns: NS, n: 'web', i: 4, r: 'hotfix, skip the soak' }, { token: tokens.approver });
    expect(res.errors).toBeUndefined();
    expect(res.data!.jumpToRolloutStep).toEqual({ id: expect.any(String), action: 'JUMP', stepIndex: 4, fromStepIndex: 1, actedBy: 'release-manager', reason: 'hotfix, skip the soak', replayed: false });
    expect((await readRollout(NS, 'web')).status!.canaryStatus!.nextStepIndex).toBe(4);

    await setStatus(NS, 'web', releasing(3, 'StepPaused'));
    const back = await rest('jump', NS, 'web', { body: { stepIndex: 1 } });
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ action: 'jump', stepIndex: 1, fromStepIndex: 3, reason: null });
    expect((await readRollout(NS, 'web')).status!.canaryStatus!.nextStepIndex).toBe(1);
  });

  it('refuses steps the controller ignores, in words, naming stepIndex, and writes nothing', async () => {
    await setStatus(NS, 'web', releasing(2, 'StepPaused'));
    const resourceVersion = (await readRollout(NS, 'web')).metadata.resourceVersion;
    const cases: [number, string][] = [
      [0, 'stepIndex must be a step number from 1, got 0'],
      [-1, 'stepIndex must be a step number from 1, got -1'],
      [5, `stepIndex must be a step of rollout ${NS}/web: from 1 to 4, got 5`],
      [2_147_483_647, `stepIndex must be a step of rollout ${NS}/web: from 1 to 4, got 2147483647`],
      [3, `step 3 is already the step rollout ${NS}/web goes to after step 2: the controller does not jump to it (docs/spec/kruise-rollout.md §2.9); approve step 2 to move on, or jump to another step`],
    ];
    for (const [index, message] of cases) {
      const res = await api.graphql(JUMP, { ns: NS, n: 'web', i: index }, { token: tokens.approver });
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    }
    // Beyond GraphQL's Int, and not a whole number over REST.
    expect((await api.graphql(JUMP, { ns: NS, n: 'web', i: 2 ** 40 }, { token: tokens.approver })).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    for (const body of [{ stepIndex: 1e300 }, { stepIndex: 1.5 }, { stepIndex: '2' }, {}, { stepIndex: 2 ** 53 }]) {
      const res = await rest('jump', NS, 'web', { body });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'BAD_USER_INPUT', field: 'stepIndex' });
    }
    expect((await readRollout(NS, 'web')).metadata.resourceVersion).toBe(resourceVersion);
  });

  it('refuses a Rollout that is not releasing', async () => {
    await setStatus(NS, 'web', { ...releasing(4, 'Completed'), phase: 'Progressing' });
    const completed = await api.graphql(JUMP, { ns: NS, n: 'web', i: 1 }, { token: tokens.approver });
    expect(completed.errors?.[0]?.extensions?.code).toBe('ROLLOUT_NOT_PROGRESSING');
    await setStatus(NS, 'web', { ...releasing(4, 'Completed'), phase: 'Healthy' });
    const healthy = await api.graphql(JUMP, { ns: NS, n: 'web', i: 1 }, { token: tokens.approver });
    expect(healthy.errors?.[0]).toMatchObject({ message: `rollout ${NS}/web is not releasing (phase Healthy): there is nothing to jump`, extensions: { code: 'ROLLOUT_NOT_PROGRESSING' } });
  });
});

describe('abortRollout', () => {
  it('sets the workload\'s template back to the stable revision\'s ControllerRevision, audited with the template change', async () => {
    await apply(cloneSet('shop-api', 'shop:v1'));
    const cs = await api.runtime.cluster.get<KubeObject & { spec: { template: Record<string, any> } }>(CLONESET_REF, NS, 'shop-api');
    const v1Template = cs.spec.template;
    await api.runtime.cluster.create(controllerRevision('shop-api-7d9f8b6c5', cs, { ...v1Template, $patch: 'replace' }));
    const setImage = await api.graphql(`mutation { setImage(kind: CLONE_SET, namespace: "${NS}", name: "shop-api", container: "main", image: "shop:v2") { images } }`);
    expect(setImage.data!.setImage.images).toEqual(['shop:v2']);
    await apply(rolloutYaml('shop-api', 'shop-api'));
    await setStatus(NS, 'shop-api', releasing(2, 'StepPaused', {}));
    const rollout = await readRollout(NS, 'shop-api');
    await setStatus(NS, 'shop-api', { ...rollout.status!, canaryStatus: { ...rollout.status!.canaryStatus!, stableRevision: '7d9f8b6c5' } });

    const key = randomUUID();
    const res = await api.graphql(ABORT, { ns: NS, n: 'shop-api', r: 'error rate up 30%', k: key }, { token: tokens.approver });
    expect(res.errors).toBeUndefined();
    expect(res.data!.abortRollout).toEqual({ id: expect.any(String), action: 'ABORT', stepIndex: 2, revision: '7d9f8b6c5', actedBy: 'release-manager', reason: 'error rate up 30%', replayed: false });
    const after = await api.runtime.cluster.get<KubeObject & { spec: { template: { spec: { containers: { image: string }[] } } } }>(CLONESET_REF, NS, 'shop-api');
    expect(after.spec.template.spec.containers[0]!.image).toBe('shop:v1');
    const row = (await auditRows(NS)).find((r) => r.idempotencyKey === key);
    expect(row).toMatchObject({
      actorName: 'release-manager', action: 'abortRollout', targetKind: 'CloneSet', targetName: 'shop-api', result: 'ok', message: 'reason: error rate up 30%',
      before: { 'spec.template.spec.containers[0].image': 'shop:v2' }, after: { 'spec.template.spec.containers[0].image': 'shop:v1' },
    });
    const replay = await api.graphql(ABORT, { ns: NS, n: 'shop-api', r: 'error rate up 30%', k: key }, { token: tokens.approver });
    expect(replay.data!.abortRollout).toMatchObject({ id: res.data!.abortRollout.id, replayed: true });
  });

  it('sets an apps/v1 StatefulSet\'s template back to its stable ControllerRevision', async () => {
    const sts = (image: string) => workloadYaml(STATEFULSET_REF, { name: 'ledger', image, replicas: 3, namespace: NS });
    await apply(sts('ledger:v1'));
    const v1 = await api.runtime.cluster.get<KubeObject & { spec: { template: Record<string, any> } }>(STATEFULSET_REF, NS, 'ledger');
    await api.runtime.cluster.create(controllerRevision('ledger-5f6c7d8e9', v1, { ...v1.spec.template, $patch: 'replace' }));
    await apply(rolloutYaml('ledger', 'ledger', NS, { apiVersion: 'apps/v1', kind: 'StatefulSet' }));
    await apply(sts('ledger:v2'));
    await setStatus(NS, 'ledger', { ...releasing(1, 'StepPaused'), canaryStatus: { ...releasing(1, 'StepPaused').canaryStatus!, stableRevision: 'ledger-5f6c7d8e9' } });

    const key = randomUUID();
    const res = await api.graphql(ABORT, { ns: NS, n: 'ledger', r: 'ledger lag', k: key }, { token: tokens.approver });
    expect(res.errors).toBeUndefined();
    expect(res.data!.abortRollout).toMatchObject({ action: 'ABORT', stepIndex: 1, revision: 'ledger-5f6c7d8e9', replayed: false });
    expect(await imageOf(STATEFULSET_REF, 'ledger')).toBe('ledger:v1');
    expect((await auditRows(NS)).find((r) => r.idempotencyKey === key)).toMatchObject({
      action: 'abortRollout', targetKind: 'StatefulSet', targetName: 'ledger', result: 'ok',
      before: { 'spec.template.spec.containers[0].image': 'ledger:v2' }, after: { 'spec.template.spec.containers[0].image': 'ledger:v1' },
    });
  });

  it('sets a canary-style Deployment\'s template back to its stable ReplicaSet\'s', async () => {
    const deployment = (image: string) => workloadYaml(DEPLOYMENT_REF, { name: 'cart', image, replicas: 4, namespace: NS });
    await apply(deployment('cart:v1'));
    const v1 = await api.runtime.cluster.get<KubeObject & { spec: { template: Record<string, any> } }>(DEPLOYMENT_REF, NS, 'cart');
    // The stable ReplicaSet the Deployment controller would have made (no controller runs here).
    await api.runtime.cluster.create({
      apiVersion: 'apps/v1', kind: 'ReplicaSet',
      metadata: {
        name: 'cart-6b8f9c7d4', namespace: NS, labels: { app: 'cart', 'pod-template-hash': '6b8f9c7d4' },
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'cart', uid: v1.metadata.uid!, controller: true, blockOwnerDeletion: true }],
      },
      spec: {
        replicas: 4, selector: { matchLabels: { app: 'cart', 'pod-template-hash': '6b8f9c7d4' } },
        template: { ...v1.spec.template, metadata: { labels: { app: 'cart', 'pod-template-hash': '6b8f9c7d4' } } },
      },
    } as KubeObject);
    await apply(rolloutYaml('cart', 'cart', NS, { apiVersion: 'apps/v1', kind: 'Deployment' }));
    await apply(deployment('cart:v2'));
    await setStatus(NS, 'cart', { ...releasing(2, 'StepPaused'), canaryStatus: { ...releasing(2, 'StepPaused').canaryStatus!, stableRevision: '6b8f9c7d4' } });

    const key = randomUUID();
    const res = await rest('abort', NS, 'cart', { key, body: { reason: 'cart errors' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ action: 'abort', stepIndex: 2, revision: '6b8f9c7d4' });
    expect(await imageOf(DEPLOYMENT_REF, 'cart')).toBe('cart:v1');
    expect((await auditRows(NS)).find((r) => r.idempotencyKey === key)).toMatchObject({ action: 'abortRollout', targetKind: 'Deployment', targetName: 'cart', result: 'ok' });
    // Once on the stable template, an abort (a new key) has nothing left to write and says where the release goes back to.
    const again = await rest('abort', NS, 'cart', { body: { reason: 'cart errors' } });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ revision: '6b8f9c7d4' });
  });

  it('refuses an abort with nothing to go back to, in words', async () => {
    await setStatus(NS, 'web', { ...releasing(1, 'StepPaused'), canaryStatus: { ...releasing(1, 'StepPaused').canaryStatus!, stableRevision: 'gone123' } });
    const res = await api.graphql(ABORT, { ns: NS, n: 'web' }, { token: tokens.approver });
    expect(res.errors?.[0]?.extensions?.code).toBe('ROLLOUT_NOT_PROGRESSING');
    expect(res.errors?.[0]?.message).toContain('the stable revision gone123 of rollout shop/web cannot be restored');
    await setStatus(NS, 'web', { ...releasing(1, 'StepPaused'), phase: 'Healthy' });
    expect((await api.graphql(ABORT, { ns: NS, n: 'web' }, { token: tokens.approver })).errors?.[0]?.extensions?.code).toBe('ROLLOUT_NOT_PROGRESSING');
  });
});

describe('abortRollout, hostile', () => {
  it('never restores another workload\'s ControllerRevision nor one without a template: refused in words, nothing written', async () => {
    await apply(cloneSet('victim', 'victim:v2'));
    await apply(cloneSet('intruder', 'evil:1'));
    const intruder = await api.runtime.cluster.get<KubeObject & { spec: { template: Record<string, any> } }>(CLONESET_REF, NS, 'intruder');
    const victim = await api.runtime.cluster.get<KubeObject>(CLONESET_REF, NS, 'victim');
    // A stableRevision written by hand (the status subresource) naming the other CloneSet's revision in full.
    await api.runtime.cluster.create(controllerRevision('intruder-5c4b3a291', intruder, { ...intruder.spec.template, $patch: 'replace' }));
    // The victim's own revision, but its data is not a template.
    await api.runtime.cluster.create({ ...controllerRevision('victim-8d7c6b5a4', victim, {}), data: { spec: 'x' } } as ControllerRevision);
    await apply(rolloutYaml('victim', 'victim'));
    const before = await api.runtime.cluster.get<KubeObject>(CLONESET_REF, NS, 'victim');
    for (const [stableRevision, words] of [
      ['intruder-5c4b3a291', 'the stable revision intruder-5c4b3a291 of rollout shop/victim cannot be restored: the CloneSet has no ControllerRevision intruder-5c4b3a291 or victim-intruder-5c4b3a291 of its own'],
      ['8d7c6b5a4', 'the stable revision 8d7c6b5a4 of rollout shop/victim cannot be restored: ControllerRevision "victim-8d7c6b5a4" has no spec.template in its data; it is not a CloneSet revision'],
    ]) {
      await setStatus(NS, 'victim', { ...releasing(1, 'StepPaused'), canaryStatus: { ...releasing(1, 'StepPaused').canaryStatus!, stableRevision } });
      const res = await api.graphql(ABORT, { ns: NS, n: 'victim', k: randomUUID() }, { token: tokens.approver });
      expect(res.errors?.[0]?.extensions?.code).toBe('ROLLOUT_NOT_PROGRESSING');
      expect(res.errors?.[0]?.message).toBe(words);
      const rest409 = await rest('abort', NS, 'victim');
      expect(rest409.status).toBe(409);
      expect(await rest409.text()).not.toMatch(/\bat .*\.js:\d+/);
    }
    expect((await api.runtime.cluster.get<KubeObject>(CLONESET_REF, NS, 'victim')).metadata.resourceVersion).toBe(before.metadata.resourceVersion);
    expect(await imageOf(CLONESET_REF, 'victim')).toBe('victim:v2');
  });

  it('refuses an abort whose workload is gone, or a Deployment without its stable ReplicaSet, in words; the same key replays the refusal, another key asks again', async () => {
    await apply(rolloutYaml('ghost', 'ghost'));
    await setStatus(NS, 'ghost', releasing(1, 'StepPaused'));
    const key = randomUUID();
    const first = await rest('abort', NS, 'ghost', { key });
    expect(first.status).toBe(409);
    expect(((await first.json()) as { detail: string }).detail).toBe('rollout shop/ghost names CloneSet ghost, which does not exist (or is of a kind no release drives): nothing to roll back');
    const replay = await rest('abort', NS, 'ghost', { key });
    expect(replay.status).toBe(409);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    // The same key for another Rollout is refused, whatever that Rollout's state.
    expect((await rest('abort', NS, 'web', { key })).status).toBe(422);

    await apply(workloadYaml(DEPLOYMENT_REF, { name: 'bare', image: 'bare:v2', replicas: 2, namespace: NS }));
    await apply(rolloutYaml('bare', 'bare', NS, { apiVersion: 'apps/v1', kind: 'Deployment' }));
    await setStatus(NS, 'bare', releasing(1, 'StepPaused'));
    const res = await api.graphql(ABORT, { ns: NS, n: 'bare' }, { token: tokens.approver });
    expect(res.errors?.[0]?.extensions?.code).toBe('ROLLOUT_NOT_PROGRESSING');
    expect(res.errors?.[0]?.message).toBe('the stable revision v1hash of rollout shop/bare cannot be restored: the Deployment has no stable ReplicaSet left');
    expect(await imageOf(DEPLOYMENT_REF, 'bare')).toBe('bare:v2');
  });
});

describe('who may act', () => {
  it('lets approvers and admins act, refuses viewers and operators (403 / FORBIDDEN), and audits the refusals', async () => {
    await setStatus(NS, 'web', releasing(1, 'StepUpgrade'));
    for (const [token, expected] of [[tokens.viewer, 'FORBIDDEN'], [tokens.operator, 'FORBIDDEN'], [ADMIN_TOKEN, 'STEP_NOT_PAUSED'], [tokens.approver, 'STEP_NOT_PAUSED']] as const) {
      for (const doc of [APPROVE, ABORT]) {
        const res = await api.graphql(doc, { ns: NS, n: 'web' }, { token });
        expect(res.errors?.[0]?.extensions?.code).toBe(expected === 'STEP_NOT_PAUSED' && doc === ABORT ? 'ROLLOUT_NOT_PROGRESSING' : expected);
      }
      const viaRest = await rest('approve', NS, 'web', { token });
      expect(viaRest.status).toBe(expected === 'FORBIDDEN' ? 403 : 409);
    }
    // A namespace-limited approver acts in its namespaces only.
    const elsewhere = await rest('approve', NS, 'web', { token: tokens.approverTeamA });
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.json()).toMatchObject({ code: 'FORBIDDEN', detail: 'token team-a-approver is limited to namespaces team-a' });
    // Viewers read, approvers read; hook-ackers and others do not matter here (role-matrix tests cover them).
    expect((await api.graphql(`{ rollout(namespace: "${NS}", name: "web") { name } }`, {}, { token: tokens.viewer })).data).toEqual({ rollout: { name: 'web' } });
    expect((await api.graphql(`{ rollout(namespace: "${NS}", name: "web") { name } }`, {}, { token: tokens.approver })).data).toEqual({ rollout: { name: 'web' } });
    const refusals = (await auditRows(NS)).filter((r) => r.result === 'FORBIDDEN' && r.action === 'approveRolloutStep');
    expect(refusals.map((r) => r.actorName)).toEqual(expect.arrayContaining(['watcher', 'pipeline', 'team-a-approver']));
    expect(refusals[0]).toMatchObject({ targetKind: 'Rollout', targetName: 'web' });
  });
});

describe('hostile input', () => {
  it('answers unknown Rollouts 404, bad names and NUL bytes 400 naming the field, and never a stack trace', async () => {
    const unknown = await rest('approve', NS, 'nobody');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'NOT_FOUND', detail: `rollout ${NS}/nobody not found` });
    expect((await api.graphql(APPROVE, { ns: 'nowhere', n: 'web' }, { token: tokens.approver })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    const nul = await api.graphql(APPROVE, { ns: NS, n: 'web', r: 'ok\u0000then' }, { token: tokens.approver });
    expect(nul.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    const nulRest = await rest('approve', NS, 'web', { body: { reason: 'ok\u0000then' } });
    expect(nulRest.status).toBe(400);
    expect(await nulRest.json()).toMatchObject({ code: 'BAD_USER_INPUT', field: 'reason' });

    const cases: [string, string, Parameters<typeof rest>[3], string][] = [
      ['Web', 'approve', {}, 'name'],
      ['web', 'approve', { body: { reason: 'x'.repeat(1025) } }, 'reason'],
      ['web', 'approve', { body: { reason: 42 } }, 'reason'],
      ['web', 'approve', { body: { reason: 'ok', extra: true } }, 'extra'],
      ['web', 'approve', { body: ['reason'] }, 'body'],
      ['web', 'approve', { key: null }, 'Idempotency-Key'],
      ['web', 'approve', { key: 'has space' }, 'Idempotency-Key'],
      ['web', 'approve', { rawBody: '{"reason": "x"}', contentType: 'text/plain' }, 'Content-Type'],
      ['web', 'abort', { body: { stepIndex: 2 } }, 'stepIndex'],
    ];
    for (const [name, action, init, field] of cases) {
      const res = await rest(action, NS, name, init);
      expect([res.status, field]).toEqual([400, field]);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ field });
      expect(JSON.stringify(body)).not.toContain('    at ');
    }
    const huge = await rest('approve', NS, 'web', { rawBody: `{"reason": "${'x'.repeat(2_000_000)}"}` });
    expect([400, 413]).toContain(huge.status);
  });
});

describe('rolloutChanged', () => {
  it('streams every change of the namespace\'s Rollouts (of one, when named) over graphql-ws', async () => {
    const client = api.ws({ token: tokens.approver });
    const seen: { type: string; name: string; state: string | null }[] = [];
    const unsubscribe = client.subscribe<{ rolloutChanged: { type: string; rollout: { name: string; canaryStatus: { currentStepState: string } | null } } }>(
      { query: `subscription { rolloutChanged(namespace: "${NS}", name: "web") { type rollout { name canaryStatus { currentStepState } } } }` },
      { next: ({ data }) => seen.push({ type: data!.rolloutChanged.type, name: data!.rolloutChanged.rollout.name, state: data!.rolloutChanged.rollout.canaryStatus?.currentStepState ?? null }), error: () => {}, complete: () => {} },
    );
    // Writes (each a change: a new message) until the subscription is live, then the approval's write is seen.
    let write = 0;
    await eventually(async () => {
      await setStatus(NS, 'web', releasing(1, 'StepPaused', { message: `write ${++write}` }));
      return seen.some((e) => e.state === 'StepPaused') ? true : undefined;
    }, 10_000, 'the subscription to see a status write');
    expect((await api.graphql(APPROVE, { ns: NS, n: 'web' }, { token: tokens.approver })).errors).toBeUndefined();
    await eventually(async () => (seen.some((e) => e.state === 'StepReady') ? true : undefined), 10_000, 'the approval streamed');
    await apply(rolloutYaml('neighbour', 'neighbour'));
    await setStatus(NS, 'neighbour', releasing(1, 'StepPaused')); // another Rollout: not streamed
    await setStatus(NS, 'web', releasing(2, 'StepUpgrade'));
    await eventually(async () => (seen.some((e) => e.state === 'StepUpgrade') ? true : undefined), 10_000, 'a later write streamed');
    expect(seen.every((e) => e.type === 'MODIFIED' && e.name === 'web')).toBe(true);
    unsubscribe();
    await client.dispose();

    // Another namespace than a limited approver's is refused.
    const limited = api.ws({ token: tokens.approverTeamA });
    const refused = await new Promise<unknown>((resolve) => {
      limited.subscribe({ query: `subscription { rolloutChanged(namespace: "${NS}") { type } }` }, { next: resolve, error: resolve, complete: () => resolve('complete') });
    });
    expect(JSON.stringify(refused)).toContain('FORBIDDEN');
    await limited.dispose();
  });
});
