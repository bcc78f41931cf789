// Kubernetes mode cannot write the pod and the key's answer in one transaction, nor see the cluster's
// deletions from inside it: the ack stamps a deleted pod carried are kept when the pod watch shows the
// deletion (AckTombstoneRecorder). Coxswain A serves an embedded cluster whose CloneSet controller deletes
// the pods; B runs in Kubernetes mode against A and takes the acks. B is restarted on its database after
// a key's answer was lost (crash points as in hook-ack-crash-points.e2e.test.ts):
//   the pod deleted while B watched     -> the retry answers the first attempt's 200, from the tombstone
//   the pod deleted while B was down    -> no replica saw its last state: the retry cannot tell, and
//                                          answers as a new attempt would (404), as docs/hooks.md says
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Pod } from '@coxswain/kruise-api';
import { POD_REF } from '@coxswain/workloads';
import { PRISMA } from '../src/tokens.js';
import { ADMIN_TOKEN, eventually, TestApi } from './support/api-server.js';
import { databaseEnv, testDatabases } from './support/databases.js';
import { ackPreDelete, deleted, forgetAnswer, podsHeldForDeletion } from './support/hook-acks.js';

const NS = 'shop';
const HOLD = 'example.io/test-hold';

let a: TestApi | undefined;
let b: TestApi | undefined;
afterEach(async () => {
  await b?.close();
  await a?.close();
  a = b = undefined;
});

function kubeconfigFor(api: TestApi): string {
  const file = join(mkdtempSync(join(tmpdir(), 'coxswain-kubeconfig-')), 'config');
  writeFileSync(file, [
    'apiVersion: v1', 'kind: Config',
    `clusters: [{name: a, cluster: {server: "${api.kubeUrl()}", insecure-skip-tls-verify: true}}]`,
    `users: [{name: admin, user: {token: ${ADMIN_TOKEN}}}]`,
    'contexts: [{name: a, context: {cluster: a, user: admin}}]', 'current-context: a', '',
  ].join('\n'));
  return file;
}

describe.each(testDatabases())('Kubernetes mode: an ack whose process died, retried after a restart, on $name', (db) => {
  it('tells from the tombstone it kept that the ack was applied, as long as it saw the deletion', async () => {
    a = await TestApi.start({ KUBE_API_PORT: '0' });
    const target = await db.fresh();
    const env = {
      ...databaseEnv(target),
      CLUSTER: 'kubernetes', KUBECONFIG: kubeconfigFor(a), CONTROLLER_MODE: 'off',
    };
    b = await TestApi.start(env);
    const created = await b.graphql(`mutation { createToken(name: "discovery", role: "hook-acker") { secret } }`);
    const token = created.data!.createToken.secret as string;
    const [watched, unwatched] = (await podsHeldForDeletion(a, NS, 3, 1)) as [string, string];
    // B answers from its cache of A's objects (the pods' CloneSet among them): wait until it lists both.
    await eventually(async () => {
      const res = await b!.fetch(`/api/v1/hooks?namespace=${NS}&hook=preDelete`, { token });
      return ((await res.json()) as unknown[]).length === 2 ? true : undefined;
    }, 30_000, 'B to see the pods waiting');
    // A finalizer of the test's keeps the second pod, once deleted, until B is down.
    await a.runtime.cluster.patch<Pod>(POD_REF, NS, unwatched, { metadata: { finalizers: [HOLD] } });

    const watchedKey = randomUUID();
    const first = await ackPreDelete(b, token, NS, watched, watchedKey);
    expect(first).toMatchObject({ status: 200, replayed: false });
    await deleted(a, NS, watched);
    await eventually(async () => (await b!.app.get(PRISMA).hookAckTombstone.findUnique({ where: { ackId: first.body.id as string } })) ?? undefined, 30_000, 'B to keep the tombstone');

    const unwatchedKey = randomUUID();
    expect(await ackPreDelete(b, token, NS, unwatched, unwatchedKey)).toMatchObject({ status: 200 });
    await eventually(async () => ((await a!.runtime.cluster.get<Pod>(POD_REF, NS, unwatched)).metadata.deletionTimestamp ? true : undefined), 30_000, 'A to delete the second pod');
    for (const key of [watchedKey, unwatchedKey]) await forgetAnswer(b, key);
    await b.close();
    b = undefined;
    await a.runtime.cluster.patch<Pod>(POD_REF, NS, unwatched, { metadata: { finalizers: null } });
    await deleted(a, NS, unwatched); // while B is down

    b = await TestApi.start(env);
    expect(await ackPreDelete(b, token, NS, watched, watchedKey)).toEqual({ ...first, replayed: true });
    expect(await ackPreDelete(b, token, NS, unwatched, unwatchedKey)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  }, 240_000);
});
