// The built CLI against the built API, as an SRE or a CI job uses it: a context, apply, get, set image,
// rollout status --watch to complete (exit 0), a partition that holds the rollout (3), a pull that
// fails (4), --timeout passing while a pod waits on its preDelete hook (5), partition steps, undo,
// scale, hooks list and ack, and errors for a bad manifest and a bad token. The steps build on each
// other, in order, against one server.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_TOKEN, ROOT, startApi, type RunningApi } from './support/api-server.js';
import { cliFor, requireBuild, runCommand, type Result } from './support/cli.js';

const NS = 'e2e';
const STEP_TIMEOUT = 180_000;

const WEB = `apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: { name: web, namespace: ${NS} }
spec:
  replicas: 4
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec: { containers: [{ name: main, image: "nginx:1.25" }] }
`;

// docs/hooks.md: pods of this CloneSet wait in PreparingDelete until acknowledged.
const API = `apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: { name: api, namespace: ${NS} }
spec:
  replicas: 3
  selector: { matchLabels: { app: api } }
  template:
    metadata: { labels: { app: api, example.io/block-deleting: "true" } }
    spec: { containers: [{ name: main, image: "nginx:1.25" }] }
  lifecycle:
    preDelete:
      labelsHandler: { example.io/block-deleting: "true" }
`;

const BAD = `apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: { name: bad, namespace: ${NS} }
spec:
  replicas: 2
  bogus: true
  selector: { matchLabels: { app: bad } }
  template:
    metadata: { labels: { app: bad } }
    spec: { containers: [{ name: main, image: "nginx:1.25" }] }
`;

let api: RunningApi;
let home: string;
let coxswain: ReturnType<typeof cliFor>;

/** Fails with everything the command printed, so a red test says why. */
function expectExit(result: Result, code: number): void {
  if (result.code !== code) throw new Error(`exit ${result.code}, expected ${code}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`);
}

function noStackTrace(result: Result): void {
  expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at |\w*Error:|\.js:\d+|\.ts:\d+/);
}

async function ok(args: string[], input?: string): Promise<string> {
  const result = await coxswain(args, input === undefined ? {} : { input });
  expectExit(result, 0);
  return result.stdout;
}

async function workloadJson(name: string): Promise<{ spec: Record<string, any>; status: Record<string, any> }> {
  return JSON.parse(await ok(['get', 'cloneset', name, '-o', 'json'])) as { spec: Record<string, any>; status: Record<string, any> };
}

beforeAll(async () => {
  requireBuild();
  api = await startApi({ SIM_FAIL_IMAGE_PATTERN: ':broken$' });
  home = mkdtempSync(join(tmpdir(), 'coxswain-cli-e2e-'));
  coxswain = cliFor(home);
  writeFileSync(join(home, 'admin-token'), `${ADMIN_TOKEN}\n`, { mode: 0o600 });
  for (const [file, text] of Object.entries({ 'web.yaml': WEB, 'api.yaml': API, 'bad.yaml': BAD })) writeFileSync(join(home, file), text);
}, STEP_TIMEOUT);

afterAll(async () => {
  await api?.close();
});

describe('coxswain against a running API', () => {
  it('connects through a context with a token file', async () => {
    expect(await ok(['config', 'set-context', 'e2e', '--server', api.url, '--token-file', join(home, 'admin-token'), '--namespace', NS])).toBe('Context "e2e" created.\n');
    expect(await ok(['config', 'use-context', 'e2e'])).toBe('Switched to context "e2e".\n');
    expect(await ok(['version'])).toBe(`Client Version: v0.1.0\nServer: ${api.url} (token local-admin, role admin)\n`);
  }, STEP_TIMEOUT);

  it('runs from the bin link npm made at the root (npx coxswain)', async () => {
    const result = await runCommand(join(ROOT, 'node_modules', '.bin', 'coxswain'), ['version', '--client'], { PATH: process.env.PATH });
    expectExit(result, 0);
    expect(result.stdout).toBe('Client Version: v0.1.0\n');
  });

  it('applies a CloneSet, waits for its rollout and lists it with kubectl\'s columns', async () => {
    expect(await ok(['apply', '-f', join(home, 'web.yaml')])).toBe('cloneset.apps.kruise.io/web created\n');
    const status = await coxswain(['rollout', 'status', 'cloneset/web', '--watch']);
    expectExit(status, 0);
    expect(status.stdout.trimEnd().split('\n').at(-1)).toBe('cloneset "web" successfully rolled out');
    const [header, row, ...more] = (await ok(['get', 'clonesets'])).trimEnd().split('\n');
    expect(header).toBe('NAME   DESIRED   UPDATED   UPDATED_READY   UPDATED_AVAILABLE   READY   TOTAL   AGE');
    expect(row!.split(/\s+/).slice(0, 7)).toEqual(['web', '4', '4', '4', '4', '4', '4']);
    expect(row!.split(/\s+/)[7]).toMatch(/^\d+[smh]/);
    expect(more).toEqual([]);
    const all = (await ok(['get', 'clonesets', '-A'])).split('\n');
    expect(all[0]).toMatch(/^NAMESPACE   NAME   DESIRED/);
    expect(all[1]).toMatch(/^e2e         web    4 /);
    const wide = (await ok(['get', 'clone', 'web', '-o', 'wide'])).trimEnd().split('\n');
    expect(wide[0]).toMatch(/AGE   CONTAINERS   IMAGES       SELECTOR$/);
    expect(wide[1]).toMatch(/ main         nginx:1\.25   app=web$/);
    expect(await ok(['get', 'clonesets', '-o', 'name'])).toBe('cloneset.apps.kruise.io/web\n');
    const described = await ok(['describe', 'cloneset', 'web']);
    expect(described).toMatch(/^Health:\s+COMPLETE$/m);
    expect(described).toMatch(/^Events:$/m);
  }, STEP_TIMEOUT);

  // Mirrors docs/preview.md § Use it (the coxswain preview lines).
  it('previews an image change without making it, and refuses a preview of no change or two', async () => {
    const text = await ok(['preview', 'cloneset/web', '--image', 'main=nginx:1.27']);
    expect(text.split('\n')[0]).toMatch(/^cloneset\.apps\.kruise\.io\/web: \d+ wave\(s\), completes in \d+\.\ds \(simulated; timings configured\)$/);
    expect(text).toMatch(/^WAVE\s+START\s+READY\s+POD\s+ACTION\s+NODE\s+ZONE$/m);
    const json = JSON.parse(await ok(['preview', 'cloneset/web', '--image', 'main=nginx:1.27', '-o', 'json'])) as { outcome: string; waves: { pods: { action: string }[] }[]; final: { images: string[] } };
    expect(json.outcome).toBe('COMPLETE');
    // web recreates its pods (ReCreate, the default): each of the 4 is deleted and replaced.
    const actions = json.waves.flatMap((w) => w.pods.map((p) => p.action));
    expect(actions.filter((a) => a === 'DELETE')).toHaveLength(4);
    expect(actions.filter((a) => a === 'CREATE')).toHaveLength(4);
    expect(json.final.images).toEqual(['nginx:1.27']);
    expect((await workloadJson('web')).spec.template.spec.containers[0].image).toBe('nginx:1.25');
    for (const args of [['preview', 'cloneset/web'], ['preview', 'cloneset/web', '--pause', '--replicas', '3'], ['preview', 'cloneset/web', '--image', 'nginx:1.27']]) {
      const refused = await coxswain(args);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(/--image|change/);
      noStackTrace(refused);
    }
    const unknown = await coxswain(['preview', 'cloneset/web', '--image', 'nope=nginx:1.27']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('change.image');
    noStackTrace(unknown);

    // -f: web's whole manifest, edited (docs/preview.md § Use it).
    const edited = join(home, 'web-edited.yaml');
    writeFileSync(edited, WEB.replace('nginx:1.25', 'nginx:1.27'));
    const fromFile = JSON.parse(await ok(['preview', 'cloneset/web', '-f', edited, '-o', 'json'])) as { outcome: string; final: { images: string[] } };
    expect(fromFile).toMatchObject({ outcome: 'COMPLETE', final: { images: ['nginx:1.27'] } });
    expect((await workloadJson('web')).spec.template.spec.containers[0].image).toBe('nginx:1.25');
    writeFileSync(edited, WEB.replace(/name: web\b/, 'name: other'));
    const renamed = await coxswain(['preview', 'cloneset/web', '-f', edited]);
    expect(renamed.code).not.toBe(0);
    expect(renamed.stderr).toContain('change.manifest.metadata.name');
    noStackTrace(renamed);
  }, STEP_TIMEOUT);

  it('holds a new image behind a partition: rollout status exits 3 (held)', async () => {
    expect(await ok(['partition', 'cloneset/web', 'set', '4'])).toBe('cloneset.apps.kruise.io/web partition set to 4\n');
    expect(await ok(['set', 'image', 'cloneset/web', 'main=nginx:1.27'])).toBe('cloneset.apps.kruise.io/web image updated\n');
    const held = await coxswain(['rollout', 'status', 'cloneset/web', '--watch']);
    expectExit(held, 3);
    expect(held.stdout).toContain('cloneset "web" rollout is held: partition keeps 4 pods on revision web-');
    expect((await workloadJson('web')).status.updatedReplicas).toBe(0);
  }, STEP_TIMEOUT);

  it('steps the partition: two pods update, then it holds again', async () => {
    expect(await ok(['partition', 'cloneset/web', 'step', 'by', '2'])).toBe('cloneset.apps.kruise.io/web partition set to 2 (was 4)\n');
    expectExit(await coxswain(['rollout', 'status', 'cloneset/web', '-w']), 3);
    // Held is the health's word, from the pods; the status counts follow with the controller's next write.
    let w = await workloadJson('web');
    while (w.status.updatedReadyReplicas < 2) w = await workloadJson('web');
    expect([w.status.updatedReplicas, w.status.updatedReadyReplicas]).toEqual([2, 2]);
    expect(await ok(['partition', 'cloneset/web', 'step'])).toBe('cloneset.apps.kruise.io/web partition set to 1 (was 2)\n');
    expect(await ok(['partition', 'cloneset/web', 'set', '0'])).toBe('cloneset.apps.kruise.io/web partition set to 0\n');
    const done = await coxswain(['rollout', 'status', 'cloneset/web', '-w']);
    expectExit(done, 0);
    expect((await workloadJson('web')).spec.template.spec.containers[0].image).toBe('nginx:1.27');
  }, STEP_TIMEOUT);

  it('reports an image that cannot be pulled as degraded (exit 4), and undoes it', async () => {
    expect(await ok(['set', 'image', 'clone/web', 'main=nginx:broken'])).toBe('cloneset.apps.kruise.io/web image updated\n');
    const degraded = await coxswain(['rollout', 'status', 'clone/web', '-w']);
    expectExit(degraded, 4);
    expect(degraded.stdout).toMatch(/cloneset "web" rollout is degraded: .*nginx:broken/);
    const history = (await ok(['rollout', 'history', 'clone/web'])).trimEnd().split('\n');
    expect(history[0]).toBe('cloneset.apps.kruise.io/web');
    expect(history[1]).toMatch(/^REVISION   NAME\s+IMAGES\s+PODS   STATUS\s+AGE$/);
    expect(history.slice(2).map((l) => l.split(/\s+/)[2])).toEqual(['nginx:1.25', 'nginx:1.27', 'nginx:broken']);
    const undo = await ok(['rollout', 'undo', 'clone/web']);
    expect(undo).toMatch(/^cloneset\.apps\.kruise\.io\/web rolled back to revision 2 \(web-\w+\)\n$/);
    expectExit(await coxswain(['rollout', 'status', 'clone/web', '-w']), 0);
    expect((await workloadJson('web')).spec.template.spec.containers[0].image).toBe('nginx:1.27');
  }, STEP_TIMEOUT);

  it('undoes to a chosen revision and scales', async () => {
    const revisions = (await ok(['rollout', 'history', 'clone/web'])).trimEnd().split('\n').slice(2).map((l) => l.split(/\s+/));
    const first = revisions.find((r) => r[2] === 'nginx:1.25')!;
    expect(await ok(['rollout', 'undo', 'clone/web', '--to-revision', first[0]!])).toMatch(/rolled back to revision/);
    expectExit(await coxswain(['rollout', 'status', 'clone/web', '-w']), 0);
    expect((await workloadJson('web')).spec.template.spec.containers[0].image).toBe('nginx:1.25');
    expect(await ok(['scale', 'clone/web', '--replicas', '2'])).toBe('cloneset.apps.kruise.io/web scaled\n');
    expectExit(await coxswain(['rollout', 'status', 'clone/web', '-w']), 0);
    expect((await ok(['get', 'clone', 'web'])).split('\n')[1]!.split(/\s+/).slice(0, 7)).toEqual(['web', '2', '2', '2', '2', '2', '2']);
  }, STEP_TIMEOUT);

  it('pauses and resumes', async () => {
    expect(await ok(['rollout', 'pause', 'clone/web'])).toBe('cloneset.apps.kruise.io/web paused\n');
    expect((await workloadJson('web')).spec.updateStrategy.rollingUpdate.paused).toBe(true);
    expect(await ok(['rollout', 'resume', 'clone/web'])).toBe('cloneset.apps.kruise.io/web resumed\n');
    expect((await workloadJson('web')).spec.updateStrategy.rollingUpdate.paused).toBeFalsy();
  }, STEP_TIMEOUT);

  it('lists and acknowledges a preDelete hook; --timeout passes while it waits (exit 5)', async () => {
    expect(await ok(['apply', '-f', '-'], API)).toBe('cloneset.apps.kruise.io/api created\n');
    expectExit(await coxswain(['rollout', 'status', 'clone/api', '-w']), 0);
    expect(await ok(['scale', 'clone/api', '--replicas', '2'])).toBe('cloneset.apps.kruise.io/api scaled\n');
    // Wait for the pod to reach its hook (a condition: the list shows it).
    let waiting: { pod: string; hook: string; state: string; workload: { name: string } }[] = [];
    while (waiting.length === 0) {
      waiting = JSON.parse(await ok(['hooks', 'list', '-o', 'json'])) as typeof waiting;
      if (waiting.length === 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ hook: 'preDelete', state: 'PreparingDelete', workload: { name: 'api' } });
    const pod = waiting[0]!.pod;
    const table = (await ok(['hooks', 'list'])).trimEnd().split('\n');
    expect(table[0]!.split(/\s+/)).toEqual(['POD', 'WORKLOAD', 'HOOK', 'STATE', 'WAITING', 'NODE', 'ZONE', 'IP']);
    expect(table[1]!.split(/\s+/).slice(0, 4)).toEqual([pod, 'cloneset/api', 'preDelete', 'PreparingDelete']);

    const timedOut = await coxswain(['rollout', 'status', 'clone/api', '--watch', '--timeout', '1s']);
    expectExit(timedOut, 5);
    expect(timedOut.stderr).toBe(`error: timed out after 1s waiting for cloneset "api" to finish its rollout; last: waiting on hook: pod ${pod} waits for its preDelete hook to be acknowledged\n`);
    const now = await coxswain(['rollout', 'status', 'clone/api']);
    expectExit(now, 6);
    expect(now.stdout).toContain('(waiting on hook: pod');

    const ack = await coxswain(['hooks', 'ack', pod, 'preDelete', '--reason', 'deregistered from registry']);
    expectExit(ack, 0);
    const key = /^idempotency key: ([0-9a-f-]{36}) /.exec(ack.stderr)?.[1];
    expect(key).toBeDefined();
    expect(ack.stdout).toMatch(new RegExp(`^pod/${pod} preDelete hook acknowledged by local-admin at \\S+ \\(ack [0-9a-f-]+\\)\\n$`));
    // The same key again: the first answer, and the pod is not written twice.
    const again = await coxswain(['hooks', 'ack', pod, 'preDelete', '--reason', 'deregistered from registry', '--idempotency-key', key!]);
    expectExit(again, 0);
    expect(again.stderr).toBe('');
    expect(again.stdout).toBe(`${ack.stdout.trimEnd()}; replayed: this key was used before, the pod was not written again\n`);
    expectExit(await coxswain(['rollout', 'status', 'clone/api', '-w']), 0);
    expect(JSON.parse(await ok(['hooks', 'list', '-o', 'json']))).toEqual([]);
  }, STEP_TIMEOUT);

  it('shows the audit log', async () => {
    const lines = (await ok(['audit', '--limit', '3'])).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^TIME\s+ACTOR\s+ROLE\s+ACTION\s+TARGET\s+RESULT\s+MESSAGE$/);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^\S+\s+local-admin\s+admin\s+ackHook\s+\S+ e2e\/api-\w+\s+ok/);
  }, STEP_TIMEOUT);

  // Mirrors docs/rollouts-api.md (the coxswain rollout approve / jump / abort lines).
  it('approves a Rollout\'s paused step with a rollout-approver token, refuses a viewer and a step it does not have, and aborts', async () => {
    const graphql = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
      const res = await fetch(`${api.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` }, body: JSON.stringify({ query, variables }) });
      const body = (await res.json()) as { data: T; errors?: unknown };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data;
    };
    const token = async (role: string) => (await graphql<{ createToken: { secret: string } }>(`mutation { createToken(name: "cli-${role}", role: "${role}") { secret } }`)).createToken.secret;
    const state = async () => (await graphql<{ rollout: { phase: string; canaryStatus: { currentStepIndex: number; currentStepState: string } | null } | null }>(
      `{ rollout(namespace: "${NS}", name: "shop") { phase canaryStatus { currentStepIndex currentStepState } } }`)).rollout;
    const until = async (what: string, done: (s: Awaited<ReturnType<typeof state>>) => boolean) => {
      for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) if (done(await state())) return;
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(await state())}`);
    };
    writeFileSync(join(home, 'shop.yaml'), WEB.replace(/\bweb\b/g, 'shop') + `---
apiVersion: rollouts.kruise.io/v1beta1
kind: Rollout
metadata: {name: shop, namespace: ${NS}}
spec:
  workloadRef: {apiVersion: apps.kruise.io/v1beta1, kind: CloneSet, name: shop}
  strategy: {canary: {steps: [{replicas: 25%, pause: {}}, {replicas: 50%, pause: {}}, {replicas: 100%}]}}
`);
    await ok(['apply', '-f', join(home, 'shop.yaml')]);
    await until('the Rollout Healthy', (s) => s?.phase === 'Healthy');
    await ok(['set', 'image', 'cloneset/shop', 'main=nginx:1.27']);
    await until('step 1 paused', (s) => s?.canaryStatus?.currentStepIndex === 1 && s.canaryStatus.currentStepState === 'StepPaused');

    const viewer = await coxswain(['rollout', 'approve', 'rollout/shop', '--reason', 'looks fine', '--token', await token('viewer')]);
    expectExit(viewer, 1);
    expect(viewer.stderr).toMatch(/^error: .*(not allowed|may not|forbidden)/im);
    noStackTrace(viewer);
    const missing = await coxswain(['rollout', 'approve', 'rollout/shop']);
    expectExit(missing, 2);
    expect(missing.stderr).toContain('--reason is required');

    const approver = await token('rollout-approver');
    const approved = await coxswain(['rollout', 'approve', 'rollout/shop', '--reason', 'canary green', '--idempotency-key', 'cli-approve-1', '--token', approver]);
    expectExit(approved, 0);
    expect(approved.stdout).toMatch(/^rollout\.rollouts\.kruise\.io\/shop approved: step 1 done by cli-rollout-approver at \S+\n$/);
    const again = await coxswain(['rollout', 'approve', 'shop', '--reason', 'canary green', '--idempotency-key', 'cli-approve-1', '--token', approver]);
    expectExit(again, 0);
    expect(again.stdout).toContain('replayed: this key was used before, nothing was written again');
    await until('step 2 paused', (s) => s?.canaryStatus?.currentStepIndex === 2 && s.canaryStatus.currentStepState === 'StepPaused');

    const nowhere = await coxswain(['rollout', 'jump', 'shop', '9', '--reason', 'skip', '--token', approver]);
    expectExit(nowhere, 1);
    expect(nowhere.stderr).toContain('stepIndex must be a step of rollout e2e/shop: from 1 to 3, got 9');
    noStackTrace(nowhere);

    const aborted = await coxswain(['rollout', 'abort', 'rollout/shop', '--reason', 'error rate up', '--token', approver]);
    expectExit(aborted, 0);
    expect(aborted.stdout).toMatch(/^rollout\.rollouts\.kruise\.io\/shop aborted at step 2: the workload goes back to revision \S+ by cli-rollout-approver at \S+\n$/);
    expect(aborted.stderr).toMatch(/^idempotency key: [0-9a-f-]{36} /);
    await until('the release cancelled', (s) => s?.phase === 'Healthy');
    expect((await workloadJson('shop')).spec.template.spec.containers[0].image).toBe('nginx:1.25');
  }, STEP_TIMEOUT);

  it('prints a bad manifest\'s errors with their fields, writing nothing (exit 1, no stack)', async () => {
    const bad = await coxswain(['apply', '-f', join(home, 'bad.yaml')]);
    expectExit(bad, 1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toBe('error: document 1 of the manifest: CloneSet apps.kruise.io/v1beta1 does not declare "spec.bogus" (pass fieldValidation: IGNORE to drop unknown fields)\n  spec.bogus: unknown field\n');
    noStackTrace(bad);
    const invalid = await coxswain(['apply', '-f', '-'], { input: BAD.replace('bogus: true', 'minReadySeconds: -1') });
    expectExit(invalid, 1);
    expect(invalid.stderr).toMatch(/^error: .*spec\.minReadySeconds: Invalid value: -1: must be greater than or equal to 0\n  spec\.minReadySeconds: /);
    noStackTrace(invalid);
    expect((await coxswain(['get', 'clone', 'bad'])).stderr).toBe(`error: cloneset "bad" not found in namespace "${NS}"\n`);
    const notYaml = await coxswain(['apply', '-f', '-'], { input: 'a: [\n' });
    expectExit(notYaml, 1);
    noStackTrace(notYaml);
  }, STEP_TIMEOUT);

  it('says a bad token is refused, in words (exit 1, no stack)', async () => {
    const refused = await coxswain(['get', 'clonesets', '--token', 'not-a-token']);
    expectExit(refused, 1);
    expect(refused.stderr).toBe(`error: the API at ${api.url} refused the token (a valid API token is required: send "Authorization: Bearer <token>"); check the context's token-file or token-env (coxswain config get-contexts), or pass --token\n`);
    noStackTrace(refused);
    const watching = await coxswain(['rollout', 'status', 'clone/web', '-w', '--token', 'not-a-token']);
    expectExit(watching, 1);
    expect(watching.stderr).toMatch(/^error: the API at .* refused the token/);
    noStackTrace(watching);
  }, STEP_TIMEOUT);
});
