// Issue 28 item 3: after a crash, a retried Idempotency-Key answered 404 for an ack that had been applied
// (its pod released, then deleted by its CloneSet) because the key's answer was never stored. Each point
// at which a process can die inside an ack is set up here deterministically, on the real server over
// HTTP, and the server is restarted on the same database before the key is retried:
//   claimed, pod not written             -> the retry runs the ack (200)
//   pod written, answer not stored       -> the retry answers the first attempt's 200, writes nothing
//   ... and the pod deleted since        -> the same, from the pod's tombstone (and another key: 410)
// "Answer not stored" is the key's row put back in flight, as old as an abandoned claim, after a
// successful ack: the database then holds exactly what a crash at that point leaves.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Pod } from '@coxswain/kruise-api';
import { POD_REF } from '@coxswain/workloads';
import { TokensRepository } from '../src/auth/tokens.repository.js';
import { hashRequest } from '../src/hooks/hook-ack.service.js';
import { HookAcksRepository } from '../src/hooks/hook-acks.repository.js';
import { TestApi } from './support/api-server.js';
import { databaseEnv, testDatabases } from './support/databases.js';
import { ackPreDelete, BLOCK, deleted, forgetAnswer, podsHeldForDeletion } from './support/hook-acks.js';

const NS = 'crash';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe.each(testDatabases())('an ack whose process died, retried after a restart, on $name', (db) => {
  it('answers what the first attempt did at every crash point, and writes each pod once', async () => {
    const target = await db.fresh();
    const env = databaseEnv(target);

    // Three pods held in PreparingDelete by their hook.
    api = await TestApi.start(env);
    const created = await api.graphql(`mutation { createToken(name: "discovery", role: "hook-acker") { secret } }`);
    const token = created.data!.createToken.secret as string;
    const [deletedPod, kept, untouched] = (await podsHeldForDeletion(api, NS, 4, 1)) as [string, string, string];

    // Pod written, then deleted by its CloneSet: the first attempt's answer.
    const deletedKey = randomUUID();
    const deletedFirst = await ackPreDelete(api, token, NS, deletedPod, deletedKey);
    expect(deletedFirst).toMatchObject({ status: 200, replayed: false });
    await deleted(api, NS, deletedPod);
    await api.close();

    // Without controllers, a pod written stays as the ack left it.
    api = await TestApi.start({ ...env, CONTROLLER_MODE: 'off' });
    const keptKey = randomUUID();
    const keptFirst = await ackPreDelete(api, token, NS, kept, keptKey);
    expect(keptFirst).toMatchObject({ status: 200, replayed: false });
    const keptWritten = await api.runtime.cluster.get<Pod>(POD_REF, NS, kept);
    expect(keptWritten.metadata.labels?.[BLOCK]).toBeUndefined();
    // Claimed, pod not written.
    const untouchedKey = randomUUID();
    const discovery = await api.app.get(TokensRepository).findByName('discovery');
    const claim = await api.app.get(HookAcksRepository).claim({
      idempotencyKey: untouchedKey, actorTokenId: discovery!.id, namespace: NS, pod: untouched, hook: 'preDelete', createdAt: new Date(),
      requestHash: hashRequest({ namespace: NS, pod: untouched, hook: 'preDelete', reason: 'crash test' }),
    });
    expect(claim.claimed).toBe(true);
    for (const key of [deletedKey, keptKey, untouchedKey]) await forgetAnswer(api, key);
    await api.close();

    api = await TestApi.start({ ...env, CONTROLLER_MODE: 'off' });
    const deletedRetry = await ackPreDelete(api, token, NS, deletedPod, deletedKey);
    expect(deletedRetry).toEqual({ ...deletedFirst, replayed: true });
    // Another key finds that pod gone (410), not unknown (404), though deleted before this process started.
    expect(await ackPreDelete(api, token, NS, deletedPod, randomUUID())).toMatchObject({ status: 410, body: { code: 'POD_GONE' } });
    const keptRetry = await ackPreDelete(api, token, NS, kept, keptKey);
    expect(keptRetry).toEqual({ ...keptFirst, replayed: true });
    expect((await api.runtime.cluster.get<Pod>(POD_REF, NS, kept)).metadata.resourceVersion).toBe(keptWritten.metadata.resourceVersion); // not written again
    const untouchedRetry = await ackPreDelete(api, token, NS, untouched, untouchedKey);
    expect(untouchedRetry).toMatchObject({ status: 200, replayed: false, body: { id: (claim as { row: { id: string } }).row.id, pod: untouched } });
    expect((await api.runtime.cluster.get<Pod>(POD_REF, NS, untouched)).metadata.labels?.[BLOCK]).toBeUndefined();

    // Each answer is now stored, and final.
    for (const [pod, key, first] of [[deletedPod, deletedKey, deletedFirst], [kept, keptKey, keptFirst], [untouched, untouchedKey, untouchedRetry]] as const) {
      expect(await ackPreDelete(api, token, NS, pod, key)).toEqual({ ...first, replayed: true });
    }
  }, 240_000);
});
