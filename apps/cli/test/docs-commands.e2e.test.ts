// Every command the docs show runs here (docs/README.md §5). scripts/doc-commands.mjs finds each fenced
// shell block of the README and of docs/ (the specs and the generated references aside); COVERAGE names
// each one by page, heading and place, and says how it is covered:
//   - run: the block runs in bash, as written, against a server this file starts from the builds (the
//     embedded cluster seeded from apps/api/demo/workloads.yaml, as `npm start` seeds it; PGlite in a
//     directory of its own, so the server writes `.data/pglite/admin-token` itself), in a scratch
//     directory that has the repository's package.json, node_modules, apps, libs and scripts linked in
//     and a `.data` of its own, so `npm run ...`, `npx coxswain` and the paths the blocks name work as in
//     a clone. What differs is declared: `http://127.0.0.1:3000` becomes the server's address; PGLITE_DIR
//     names the scratch `.data/pglite` (the token and kubeconfig commands run from the repository root,
//     where `.data/pglite` would be the developer's own); and each block's `edits` (a placeholder filled
//     in, a `sleep` shortened on the scaled clock, a watch stopped after a few seconds). A block fails
//     when a command exits non-zero or a GraphQL answer is an error list, or when its output lacks what
//     `prints` expects; `then` waits for the outcome the page describes.
//   - mirroredBy: a test file that repeats the block and names the page.
//   - notRun: why no test runs it.
// The ```graphql blocks are the same: each is checked against the schema the API serves (the CLI's
// committed copy, which its build keeps current), and GRAPHQL_COVERAGE says which are also sent to the
// server (with `# variables:` from the block) and which not, and why.
// A block a table does not know fails the first test, so a new block needs its entry.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildSchema, parse, validate } from 'graphql';
import { codeBlocks, shellBlocks, type ShellBlock } from '../../../scripts/doc-commands.mjs';
import { ROOT, startApi, type RunningApi } from './support/api-server.js';

interface Context {
  /** The server's GraphQL answer to `query`, with the admin token the server wrote. */
  graphql<T = any>(query: string, variables?: Record<string, unknown>): Promise<T>;
}
type Edit = [from: string | RegExp, to: string | ((ctx: Context) => Promise<string>)];
type Coverage =
  | { run: true; after?: string[]; env?: 'token-directory'; edits?: Edit[]; prints?: RegExp[]; then?: (ctx: Context) => Promise<void> }
  | { mirroredBy: string; why: string }
  | { notRun: string };

const GQL = 'docs/cloneset.md § Rolling out a CloneSet #1';
const CLI: Coverage = { run: true, edits: [[/^npm run build\n/m, '']], prints: [/^NAME\s+DESIRED\s+UPDATED/m, /^sample\s+5\s/m] };

const COVERAGE: Record<string, Coverage> = {
  'README.md § Two commands #1': { notRun: '`npm test` is the command CI runs, so it runs whenever this test does; `npm start` (scripts/start.mjs) builds every project and serves until stopped, and no test runs it' },
  'docs/getting-started.md § Running and testing Coxswain #1': { notRun: 'the same two commands as the README (see README.md § Two commands #1)' },
  'README.md § A five-minute tour #1': { run: true, prints: [/^\S{16,}$/m] },
  // `npm run build` is what this test project's build dependency has done before it runs.
  'README.md § A five-minute tour #2': CLI,
  'docs/cli.md § coxswain, the command line #1': CLI,
  'README.md § A five-minute tour #3': { run: true, prints: [/^NAME\s+DESIRED\s+UPDATED\s+UPDATED_READY/m, /^sample\s/m] },
  [GQL]: { run: true, prints: [/^\{"workload":\{"generation":\d+,"status":\{"replicas":5,/m] },
  'docs/cloneset.md § Rolling out a CloneSet #2': {
    run: true,
    after: [GQL],
    then: async (ctx) => {
      await until(ctx, '{ workload(kind: CLONE_SET, namespace: "default", name: "sample") { status { updatedReplicas updatedReadyReplicas currentRevision updateRevision } } }', (d) => {
        const s = d.workload.status;
        return s.updatedReplicas === 5 && s.updatedReadyReplicas === 5 && s.currentRevision === s.updateRevision;
      }, 'sample: updatedReplicas 5, currentRevision == updateRevision');
    },
  },
  'docs/advanced-statefulset.md § The OpenKruise walkthrough #1': {
    run: true,
    after: [GQL],
    // The page's comment says web-1 is deleted, then recreated at ordinal 1, before the next line acts on
    // it; a reader sees it come back, here the next line is repeated until web-1 is a pod again (before
    // that it answers "web-1 is not an active pod of this workload").
    edits: [[/^gql ('mutation \{ deletePods[^\n]*scaleDown: true[^\n]*')$/m, `until gql $1 | grep -v '^\\[{"message"'; do sleep 0.2; done`]],
    then: async (ctx) => {
      await until(ctx, '{ workload(kind: STATEFUL_SET, namespace: "default", name: "web") { replicas ... on StatefulSet { ordinals { reserved { from to } } } } }', (d) => d.workload.replicas === 2 && JSON.stringify(d.workload.ordinals.reserved) === '[{"from":1,"to":1}]', 'web: replicas 2, ordinal 1 reserved');
    },
  },
  'docs/uniteddeployment.md § Over GraphQL #1': {
    run: true,
    after: [GQL],
    then: async (ctx) => {
      await until(ctx, '{ workload(kind: UNITED_DEPLOYMENT, namespace: "default", name: "sample-ud") { status { updatedReplicas } } }', (d) => d.workload.status.updatedReplicas === 6, 'sample-ud: updatedReplicas 6');
    },
  },
  'docs/uniteddeployment.md § Over GraphQL #2': {
    run: true,
    after: [GQL],
    // The server runs on the scaled clock (20 times faster): 1 s and 4 s are 20 s and 80 s of it.
    edits: [['sleep 15;', 'sleep 1;'], ['sleep 65;', 'sleep 4;']],
    then: async (ctx) => {
      await until(ctx, '{ workload(kind: UNITED_DEPLOYMENT, namespace: "default", name: "adaptive-ud") { replicas } }', (d) => d.workload.replicas === 6, 'adaptive-ud: replicas 6');
    },
  },
  'docs/hooks.md § Hook acknowledgements #1': {
    run: true,
    after: [GQL],
    then: async (ctx) => {
      await until(ctx, '{ pendingHooks(namespace: "payments", hook: PRE_DELETE) { pod } }', (d) => d.pendingHooks.length === 1, 'one pod of payments/api waiting on its preDelete hook');
    },
  },
  'docs/hooks.md § Hook acknowledgements #2': {
    run: true,
    after: [GQL],
    // The page's pod name is an example: the pod the first block left waiting.
    edits: [[/api-x7k2p/g, async (ctx) => (await ctx.graphql('{ pendingHooks(namespace: "payments", hook: PRE_DELETE) { pod } }')).pendingHooks[0].pod]],
    then: async (ctx) => {
      await until(ctx, '{ pendingHooks(namespace: "payments", hook: PRE_DELETE) { pod } workload(kind: CLONE_SET, namespace: "payments", name: "api") { status { replicas } } }', (d) => d.pendingHooks.length === 0 && d.workload.status.replicas === 2, 'payments/api: no hook pending, 2 pods');
    },
  },
  'docs/kubectl.md § kubectl #1': {
    run: true,
    prints: [/^NAME\s+DESIRED\s+UPDATED\s+UPDATED_READY/m, /^cloneset.apps.kruise.io\/cs-demo created/m, /^Name:\s+sample-/m, /^cloneset.apps.kruise.io "cs-demo" deleted/m],
    edits: [
      // A watch runs until stopped ("in a second shell"): here it runs for three seconds.
      ['kubectl get pods -w ', '{ timeout 3 kubectl get pods -w || true; } '],
      // The page's placeholder: a pod of the CloneSet sample (again while the one listed goes away in the
      // scale-down the block has just made).
      [/^kubectl describe pod <name>/m, `until kubectl describe pod $(kubectl get pods -l app=sample -o jsonpath='{.items[0].metadata.name}'); do sleep 0.5; done`],
    ],
  },
  // The token command opens the database itself, and PGlite allows one process: it gets a directory the
  // server does not hold, as the page says (stop the server first).
  'docs/tokens-and-roles.md § Tokens and roles #1': { run: true, env: 'token-directory', prints: [/^NAME\s+ROLE\s+NAMESPACES/m, /^discovery\s+hook-acker\s+payments,search/m] },
  'docs/rollouts-api.md § 2. Approve, jump, abort #1': {
    mirroredBy: 'apps/api/test/rollout-actions.e2e.test.ts',
    why: 'the seeded server has no Rollout paused at a step; the test pauses one (no controller running) and sends these requests: approve, jump with stepIndex, the answers and the audit rows',
  },
  'README.md § A release with a Rollout #1': {
    mirroredBy: 'apps/api/test/readme-rollout.e2e.test.ts',
    why: 'needs a Prometheus on :9090 and a server on :3000; the test runs the same files with its own Prometheus and server (addresses swapped), the kubectl lines as written and the coxswain lines as the GraphQL they send: apply, status, set image',
  },
  'README.md § A release with a Rollout #2': {
    mirroredBy: 'apps/api/test/readme-rollout.e2e.test.ts',
    why: 'the two approvals and the wait for completion, after the analysis of step 1 passed',
  },
  'README.md § A release with a Rollout #3': {
    mirroredBy: 'apps/api/test/readme-rollout.e2e.test.ts',
    why: 'the kubectl patch as written, then the analysis failure, the AnalysisFailed event and the CloneSet back on its stable image',
  },
  'docs/rollouts-api.md § 2. Approve, jump, abort #2': {
    mirroredBy: 'apps/cli/test/cli.e2e.test.ts',
    why: 'the seeded server has no Rollout paused at a step; the CLI e2e releases one under a Rollout and runs rollout approve, jump and abort with a rollout-approver token',
  },
  // The token command opens the database itself: a directory the server does not hold, as for the tokens page.
  'docs/rollouts-api.md § 3. Who may #1': { run: true, env: 'token-directory', prints: [/^\S{16,}$/m] },
  'docs/rollouts-api.md § 5. Outgoing webhooks #1': { run: true, prints: [/^sha256=4bb9c62d4b77409f1aa84d0104203a7231a13244e83438c3ae77375e91667f76$/m] },
  'docs/kubernetes-mode.md § Kubernetes mode #1': {
    notRun: 'it needs a real cluster; apps/api/test/docker-manifests.test.ts checks the three manifests, and apps/api/test/kubernetes-workloads.e2e.test.ts runs a server in Kubernetes mode behind their roles and kruise-crds.yaml',
  },
  'docs/preview.md § Use it #1': {
    mirroredBy: 'apps/cli/test/cli.e2e.test.ts',
    why: 'the block names example workloads (web) the seeded server does not have; cli.e2e runs coxswain preview against a running server (the waves, -o json, -f FILE, the refusals); arguments.test checks --partition with --subset, and apps/api/src/preview/preview-scenarios.test.ts previews a UnitedDeployment subset\'s partition',
  },
  'docs/operations.md § PostgreSQL #1': {
    notRun: 'it needs a PostgreSQL server; with TEST_DATABASE_URL set, the API tests start servers on PostgreSQL (migrations at startup included), but no test runs `npm start` on one',
  },
};

type GraphqlCoverage = { send: true; edits?: Edit[] } | { notSent: string };

const GRAPHQL_COVERAGE: Record<string, GraphqlCoverage> = {
  'docs/cloneset.md § Rolling out a CloneSet #1': { send: true },
  'docs/graphql.md § Raw cluster objects #1': { send: true },
  'docs/graphql.md § Raw cluster objects #2': { notSent: 'a subscription: checked against the schema only; apps/api/test/api.e2e.test.ts follows objectChanged' },
  'docs/graphql.md § Raw cluster objects #3': { send: true },
  // The page's pod name is an example: a pod of the CloneSet sample.
  'docs/graphql.md § Raw cluster objects #4': { send: true, edits: [['sample-x7k2p', async (ctx) => (await ctx.graphql('{ workload(kind: CLONE_SET, namespace: "default", name: "sample") { pods(first: 1) { edges { node { name } } } } }')).workload.pods.edges[0].node.name]] },
  'docs/kubernetes-mode.md § Kubernetes mode #1': { notSent: 'observe mode beside a live OpenKruise: checked against the schema only; apps/api/test/observe-beside-live.e2e.test.ts asks shadowComparison' },
  'docs/operations.md § Audit log #1': { send: true },
  'docs/container-restart.md § From the API #1': { notSent: 'the example pod shop/web-0 is not in the seeded server; apps/api/test/container-restart.e2e.test.ts sends restartContainers' },
  'docs/container-restart.md § From the API #2': { notSent: 'the example pod shop/web-0 is not in the seeded server; apps/api/test/container-restart.e2e.test.ts asks containerRestarts' },
  'docs/rollouts-api.md § 1. Reading Rollouts #1': { send: true },
  'docs/rollouts-api.md § 1. Reading Rollouts #2': { notSent: 'a subscription: checked against the schema only; apps/api/test/rollout-actions.e2e.test.ts follows rolloutChanged' },
  'docs/rollouts-api.md § 2. Approve, jump, abort #1': { notSent: 'the seeded server has no Rollout paused at a step; apps/api/test/rollout-actions.e2e.test.ts sends approveRolloutStep' },
  'docs/rollouts-api.md § 5. Outgoing webhooks #1': { send: true },
  'docs/rollouts-api.md § 5. Outgoing webhooks #2': { send: true },
  'docs/preview.md § Use it #1': { notSent: 'checked against the schema only; apps/api/test/preview.e2e.test.ts asks previewRollout on a seeded CloneSet' },
};
const graphqlBlocks = codeBlocks(ROOT, new Set(['graphql']));
const schema = buildSchema(readFileSync(join(ROOT, 'apps/api/schema.graphql'), 'utf8'));

const blocks = shellBlocks(ROOT);
const byId = new Map(blocks.map((b) => [b.id, b]));

describe('every shell block of the docs is covered (scripts/doc-commands.mjs)', () => {
  it('each block has an entry, and each entry a block', () => {
    expect(blocks.filter((b) => !(b.id in COVERAGE)).map((b) => `${b.page}:${b.line}: ${b.id}: no entry in COVERAGE (run it here, or name the test that mirrors it)`)).toEqual([]);
    expect(Object.keys(COVERAGE).filter((id) => !byId.has(id)).map((id) => `${id}: no such block any more`)).toEqual([]);
    expect(graphqlBlocks.filter((b) => !(b.id in GRAPHQL_COVERAGE)).map((b) => `${b.page}:${b.line}: ${b.id}: no entry in GRAPHQL_COVERAGE`)).toEqual([]);
    expect(Object.keys(GRAPHQL_COVERAGE).filter((id) => !graphqlBlocks.some((b) => b.id === id)).map((id) => `${id}: no such graphql block any more`)).toEqual([]);
  });

  it('every graphql block is valid against the schema the API serves', () => {
    const problems = graphqlBlocks.flatMap((b) => validate(schema, parse(b.text)).map((e) => `${b.page}:${b.line}: ${e.message}`));
    expect(problems).toEqual([]);
  });

  it('a mirroring test exists and names the page it mirrors', () => {
    for (const [id, c] of Object.entries(COVERAGE)) {
      if (!('mirroredBy' in c)) continue;
      const path = join(ROOT, c.mirroredBy);
      expect({ id, exists: existsSync(path) }).toEqual({ id, exists: true });
      expect({ id, namesPage: readFileSync(path, 'utf8').includes(byId.get(id)?.page ?? id) }).toEqual({ id, namesPage: true });
    }
  });
});

describe('the docs commands, run against a server', () => {
  let api: RunningApi;
  let work: string;
  let binDir: string;
  let ctx: Context;
  const pgliteDir = () => join(work, '.data', 'pglite');

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'docs-commands-'));
    for (const entry of ['package.json', 'node_modules', 'apps', 'libs', 'scripts', 'docker', 'prisma', 'nx.json']) {
      if (existsSync(join(ROOT, entry))) symlinkSync(join(ROOT, entry), join(work, entry));
    }
    mkdirSync(join(work, '.data'), { recursive: true });
    mkdirSync(join(work, 'home'), { recursive: true });
    binDir = join(work, 'bin');
    mkdirSync(binDir);
    // The kubectl `npm test` sets up (scripts/ensure-kubectl.mjs), found as the other kubectl tests find it.
    const { existingKubectl } = (await import('../../../scripts/ensure-kubectl.mjs' as string)) as { existingKubectl: () => string | undefined };
    const kubectl = existingKubectl();
    if (!kubectl) throw new Error('no kubectl found: `npm test` installs one (scripts/ensure-kubectl.mjs), or set KUBECTL');
    symlinkSync(kubectl, join(binDir, 'kubectl'));
    api = await startApi({
      PGLITE_DIR: pgliteDir(), BOOTSTRAP_ADMIN_TOKEN: '', SEED_FILE: join(ROOT, 'apps/api/demo/workloads.yaml'),
      KUBE_API_PORT: '0', CLOCK_MODE: 'scaled', LOG_LEVEL: 'warn',
    });
    const token = readFileSync(join(pgliteDir(), 'admin-token'), 'utf8').trim();
    ctx = {
      async graphql(query, variables = {}) {
        const res = await fetch(`${api.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query, variables }) });
        const body = (await res.json()) as { data?: any; errors?: unknown[] };
        if (body.errors) throw new Error(`${query}: ${JSON.stringify(body.errors)}`);
        return body.data;
      },
    };
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  async function script(block: ShellBlock, coverage: Extract<Coverage, { run: true }>): Promise<string> {
    let text = [...(coverage.after ?? []).map((id) => byId.get(id)!.text), block.text].join('\n');
    for (const [from, to] of coverage.edits ?? []) {
      const value = typeof to === 'string' ? to : await to(ctx);
      const before = text;
      text = text.replace(from, value);
      if (text === before) throw new Error(`${block.id}: the edit ${String(from)} finds nothing: the block changed, update its entry`);
    }
    return text.replaceAll('http://127.0.0.1:3000', api.url);
  }

  function bash(text: string, env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn('bash', ['-e', '-c', text], { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    });
  }

  const runnable = blocks.filter((b) => 'run' in (COVERAGE[b.id] ?? {}));
  it.each(runnable.map((b) => [b.id, b] as const))('%s', async (_id, block) => {
    const coverage = COVERAGE[block.id] as Extract<Coverage, { run: true }>;
    const text = await script(block, coverage);
    const env: NodeJS.ProcessEnv = {
      PATH: `${binDir}:${process.env.PATH}`, HOME: join(work, 'home'), LANG: 'C.UTF-8',
      PGLITE_DIR: coverage.env === 'token-directory' ? join(work, '.data', 'token-command', 'pglite') : pgliteDir(),
      NX_DAEMON: 'false', NX_NO_CLOUD: 'true', npm_config_update_notifier: 'false',
    };
    const result = await bash(text, env);
    const graphqlErrors = result.stdout.split('\n').filter((line) => /^\[\{"message"/.test(line));
    const missing = (coverage.prints ?? []).filter((re) => !re.test(result.stdout)).map(String);
    const failed = result.code !== 0 || missing.length > 0;
    expect({ block: block.id, code: result.code, graphqlErrors, missing, output: failed ? `${result.stdout.slice(-3000)}\n--- stderr ---\n${result.stderr.slice(-3000)}` : '' }).toEqual({ block: block.id, code: 0, graphqlErrors: [], missing: [], output: '' });
    await coverage.then?.(ctx);
  }, 180_000);

  const sendable = graphqlBlocks.filter((b) => 'send' in (GRAPHQL_COVERAGE[b.id] ?? {}));
  it.each(sendable.map((b) => [b.id, b] as const))('graphql: %s', async (_id, block) => {
    const coverage = GRAPHQL_COVERAGE[block.id] as Extract<GraphqlCoverage, { send: true }>;
    let text = block.text;
    for (const [from, to] of coverage.edits ?? []) text = text.replace(from, typeof to === 'string' ? to : await to(ctx));
    const variables = /^# variables: (.*)$/m.exec(text)?.[1];
    const data = await ctx.graphql(text, variables ? JSON.parse(variables) : {});
    expect(data).toEqual(expect.any(Object));
  });
});

/** Waits until `ok` holds for the answer to `query` (the page's described outcome). */
async function until(ctx: Context, query: string, ok: (data: any) => boolean, what: string): Promise<void> {
  let last: unknown;
  for (let i = 0; i < 1200; i++) {
    last = await ctx.graphql(query);
    if (ok(last)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`never reached: ${what}; last answer ${JSON.stringify(last)}`);
}
