// Issue 28 item 3, as reported: a CloneSet with a preDelete labelsHandler is scaled down, 20 clients
// acknowledge its pods (each ack sent twice with its Idempotency-Key), the server is killed with SIGKILL
// 100-450 ms in and restarted, and every key is retried. 19 of 240 keys answered 404 although their pods
// had been released by them: the ack's write had committed, the CloneSet had deleted the pod, and the
// key's answer had not. Every key's answer must now be what the contract says a first attempt answers,
// final, and each pod released by exactly one key. The built server runs as a child process; the kill
// time and the clients' picks come from the printed seed (FC_SEED replays them).
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from '@jest/globals';
import { databaseEnv, testDatabases } from './support/databases.js';
import { hookedCloneSet } from './support/hook-acks.js';
import { Replica } from './support/replica.js';

const TOKEN = 'crash-test-admin-token-0123456789';
const NS = 'crash';
const PODS = 40;
const CLIENTS = 20;
const KEYS_PER_CLIENT = 12;

let server: Replica | undefined;
afterEach(async () => {
  server?.kill('SIGKILL');
  await server?.exited;
  server = undefined;
});

/** Park–Miller: the test's picks and kill time, from its seed. */
function seededRandom(seed: number): () => number {
  let s = (Math.abs(seed) % 2_147_483_646) + 1;
  return () => (s = (s * 16_807) % 2_147_483_647) / 2_147_483_647;
}

async function start(env: Record<string, string>): Promise<Replica> {
  const replica = await Replica.start('crash', {
    ...env, BOOTSTRAP_ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'error', SIM_ZONES: '1', SIM_NODES_PER_ZONE: '1',
    // Scaled x20: a claim left in flight is taken over after 15 s (5 minutes of the cluster clock).
    CLOCK_MODE: 'scaled', CLOCK_SCALE: '20', SIM_IMAGE_PULL_MS: '200', SIM_CONTAINER_START_MS: '100', SIM_TERMINATION_MS: '100',
  });
  const deadline = Date.now() + 60_000;
  while (!(await replica.readyz())) {
    if (Date.now() > deadline || replica.child.exitCode !== null) throw new Error(`the server did not become ready: ${replica.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return replica;
}

async function gql(query: string, variables: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await server!.fetch('/graphql', TOKEN, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: Record<string, any>; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}

async function podNames(state?: string): Promise<string[]> {
  const data = await gql(`{ workload(kind: CLONE_SET, namespace: "${NS}", name: "web") { pods(first: 1000) { edges { node { name lifecycleState } } } } }`);
  return (data.workload?.pods.edges ?? []).filter((e: { node: { lifecycleState: string } }) => !state || e.node.lifecycleState === state).map((e: { node: { name: string } }) => e.node.name);
}

interface Answer { status: number; code?: string; id?: string }

/** The answers the contract makes final for a key (ACK_IN_FLIGHT and 503 POD_BUSY are to be retried). */
const isFinal = (a: Answer | undefined): a is Answer => a !== undefined && (a.status === 200 || a.status === 404 || a.status === 410 || a.code === 'HOOK_NOT_PENDING');

/** One ack; undefined when the server did not answer (it was killed). */
async function ack(token: string, pod: string, key: string): Promise<Answer | undefined> {
  try {
    const res = await server!.fetch(`/api/v1/namespaces/${NS}/pods/${pod}/hooks/preDelete/ack`, token, {
      method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify({ reason: 'drained' }),
    });
    const body = (await res.json()) as { code?: string; id?: string };
    return { status: res.status, code: body.code, id: body.id };
  } catch {
    return undefined;
  }
}

describe.each(testDatabases())('kill -9 while 20 clients acknowledge, on $name', (db) => {
  it('answers every key after the restart as a first attempt would, finally, and releases each pod once', async () => {
    const seed = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const random = seededRandom(seed);
    console.log(`hook-ack crash test: seed ${seed} (FC_SEED=${seed} replays the picks and the kill time)`);
    const env = databaseEnv(await db.fresh());

    server = await start(env);
    const acker = (await gql(`mutation { createToken(name: "discovery", role: "hook-acker") { secret } }`)).createToken.secret as string;
    await gql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: hookedCloneSet(NS, PODS) });
    await waitFor(async () => (await podNames('NORMAL')).length === PODS, `${PODS} pods`);
    await gql(`mutation { scaleWorkload(kind: CLONE_SET, namespace: "${NS}", name: "web", replicas: 0) { replicas } }`);
    await waitFor(async () => (await podNames('PREPARING_DELETE')).length === PODS, `${PODS} PreparingDelete pods`);
    const held = await podNames();

    // Each client acknowledges 12 pods, each with a key of its own sent twice; several keys per pod.
    const requests = Array.from({ length: CLIENTS }, () => Array.from({ length: KEYS_PER_CLIENT }, () => ({ pod: held[Math.floor(random() * held.length)]!, key: randomUUID() })));
    const before = new Map<string, Answer>();
    const killAfterMs = 100 + Math.floor(random() * 350);
    const clients = requests.map(async (mine) => {
      for (const { pod, key } of mine) {
        for (let send = 0; send < 2; send++) {
          const answer = await ack(acker, pod, key);
          if (!answer) return; // killed
          if (isFinal(answer)) before.set(key, answer);
        }
      }
    });
    await new Promise((r) => setTimeout(r, killAfterMs));
    server.kill('SIGKILL');
    await server.exited;
    await Promise.all(clients);
    server = await start(env);

    // Retry every key until none is in flight (an abandoned claim is taken over after 15 s), then again.
    const all = requests.flat();
    const after = new Map<string, Answer>();
    await waitFor(async () => {
      for (const { pod, key } of all.filter((r) => !after.has(r.key))) {
        const answer = await ack(acker, pod, key);
        if (isFinal(answer)) after.set(key, answer);
      }
      return after.size === all.length;
    }, 'every key answered', 90_000);
    const outcome = (answers: Map<string, Answer>) => all.map(({ key }) => `${answers.get(key)?.status} ${answers.get(key)?.code ?? ''}`.trim());
    const counts = outcome(after).reduce<Record<string, number>>((c, o) => ((c[o] = (c[o] ?? 0) + 1), c), {});
    console.log(`hook-ack crash test: killed after ${killAfterMs} ms, ${before.size} keys answered before; after the restart: ${JSON.stringify(counts)}`);

    // Every pod existed: never 404. A key's answer is 200, or the hook no longer pending, or the pod gone.
    for (const o of outcome(after)) expect(['200', '409 HOOK_NOT_PENDING', '410 POD_GONE']).toContain(o);
    // An answer given before the kill is the key's answer; every answer is final.
    for (const [key, answer] of before) expect(after.get(key)).toEqual(answer);
    for (const { pod, key } of all) expect(await ack(acker, pod, key)).toEqual(after.get(key));
    // Each pod acknowledged was released by exactly one key, under one id.
    for (const pod of new Set(all.map((r) => r.pod))) {
      const released = new Set(all.filter((r) => r.pod === pod && after.get(r.key)?.status === 200).map((r) => after.get(r.key)!.id));
      expect({ pod, released: released.size }).toEqual({ pod, released: 1 });
    }
  }, 300_000);
});

async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
