// The ClusterClient port across a real MessageChannel (as between the API thread and the cluster
// worker): the same answers, the same ApiError reasons, watches in order with resumption and 410, and
// nobody left waiting when the other side goes away.
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from '@jest/globals';
import { ApiError, isApiError } from '../../src/errors.js';
import { ApplyError } from '../../src/apply/apply-objects.js';
import { RemoteClusterClient } from '../../src/remote/remote-cluster-client.js';
import { MAX_BATCH_CHARS, RpcServer } from '../../src/remote/rpc-server.js';
import { serveClusterClient } from '../../src/remote/serve-cluster.js';
import type { WatchEvent } from '../../src/port.js';
import { POD, openStore, pod, refusal, type Harness } from '../store/store-fixtures.js';

const ports: MessagePort[] = [];
afterEach(() => {
  for (const p of ports.splice(0)) p.close();
});

async function connected(extra = {}): Promise<{ h: Harness; client: RemoteClusterClient; server: RpcServer; port: MessagePort }> {
  const h = await openStore({ watchHistory: 10 });
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const server = serveClusterClient(port2, h.store, extra);
  return { h, client: new RemoteClusterClient(port1), server, port: port1 };
}


describe('RemoteClusterClient over a MessageChannel', () => {
  it('creates, reads, patches and deletes as the store does', async () => {
    const { h, client } = await connected();
    const created = await client.create(pod('web', { labels: { app: 'web' } }));
    expect(created.metadata.uid).toBeTruthy();
    expect(await client.get(POD, 'default', 'web')).toEqual(await h.store.get(POD, 'default', 'web'));
    const patched = await client.patch(POD, 'default', 'web', { metadata: { labels: { tier: 'front' } } });
    expect(patched.metadata.labels).toEqual({ app: 'web', tier: 'front' });
    expect((await client.list(POD, { labelSelector: 'tier=front' })).items.map((p) => p.metadata.name)).toEqual(['web']);
    await client.delete(POD, 'default', 'web', { gracePeriodSeconds: 0 });
    expect((await client.list(POD)).items).toEqual([]);
  });

  it('rejects with the ApiError reason, message and causes of the store', async () => {
    const { client } = await connected();
    const missing = await refusal(client.get(POD, 'default', 'nope'));
    expect(isApiError(missing, 'NotFound')).toBe(true);
    expect(missing.code).toBe(404);
    await client.create(pod('web'));
    const stale = await refusal(client.update({ ...(await client.get(POD, 'default', 'web')), metadata: { name: 'web', namespace: 'default', resourceVersion: '1' } }));
    expect(isApiError(stale, 'Conflict')).toBe(true);
    const invalid = await refusal(client.create(pod('Not_A_Name')));
    expect(invalid.reason).toBe('Invalid');
    expect(invalid.details.causes?.[0]?.field).toBe('metadata.name');
  });

  it('streams watch events in order, resumes from a resourceVersion and refuses a compacted one with Gone', async () => {
    const { client } = await connected();
    const { resourceVersion } = await client.list(POD);
    const seen: string[] = [];
    const handle = await client.watch(POD, { resourceVersion }, (e: WatchEvent) => seen.push(`${e.type} ${e.object.metadata.name} ${e.object.metadata.resourceVersion}`));
    const a = await client.create(pod('a'));
    const b = await client.create(pod('b'));
    await client.patch(POD, 'default', 'a', { metadata: { labels: { x: 'y' } } });
    await waitFor(() => seen.length === 3);
    expect(seen).toEqual([`ADDED a ${a.metadata.resourceVersion}`, `ADDED b ${b.metadata.resourceVersion}`, `MODIFIED a ${Number(b.metadata.resourceVersion) + 1}`]);
    handle.stop();

    const resumed: string[] = [];
    await client.watch(POD, { resourceVersion: a.metadata.resourceVersion }, (e: WatchEvent) => resumed.push(e.object.metadata.name!));
    await waitFor(() => resumed.length === 2);
    expect(resumed).toEqual(['b', 'a']);

    for (let i = 0; i < 12; i++) await client.create(pod(`p${i}`));
    const gone = await refusal(client.watch(POD, { resourceVersion }, () => {}));
    expect(isApiError(gone, 'Gone')).toBe(true);
  });

  it('stops delivering once the consumer stops, and the server forgets the watch', async () => {
    const { client } = await connected();
    const seen: string[] = [];
    const handle = await client.watch(POD, {}, (e: WatchEvent) => {
      seen.push(e.object.metadata.name!);
      handle.stop();
    });
    await client.create(pod('a'));
    await client.create(pod('b'));
    await client.create(pod('c'));
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual(['a']);
  });

  it('tells the watcher when the store closes its stream', async () => {
    const { h, client } = await connected();
    let closed: Error | undefined | 'open' = 'open';
    await client.watch(POD, {}, () => {}, (err) => (closed = err));
    await h.store.close();
    await waitFor(() => closed !== 'open');
    expect(closed).toBeUndefined();
  });

  it('sends a long list in parts of bounded size, in order, and passes limit and continue through', async () => {
    const { h, client, port } = await connected();
    await h.store.seed(Array.from({ length: 1200 }, (_, i) => pod(`p${String(i).padStart(4, '0')}`)));
    const parts: number[] = [];
    const messageChars: number[] = [];
    const count = (m: unknown) => {
      if ((m as { kind?: string }).kind !== 'items') return;
      const json = (m as { json: string }).json;
      messageChars.push(json.length);
      for (const part of JSON.parse(json) as { items?: unknown[] }[]) if (part.items) parts.push(part.items.length);
    };
    port.on('message', count);
    const all = await client.list(POD);
    port.off('message', count);
    expect(all.items.map((p) => p.metadata.name)).toEqual(Array.from({ length: 1200 }, (_, i) => `p${String(i).padStart(4, '0')}`));
    expect(all.resourceVersion).toBe(h.store.currentResourceVersion());
    expect(parts).toEqual(Array.from({ length: 120 }, () => 10));
    expect(Math.max(...messageChars)).toBeLessThanOrEqual(MAX_BATCH_CHARS + 2);
    expect(messageChars.length).toBeLessThan(40); // several parts per message
    const page = await client.list(POD, { limit: 2 });
    expect(page.items.map((p) => p.metadata.name)).toEqual(['p0000', 'p0001']);
    const next = await client.list(POD, { limit: 2, continue: page.continue });
    expect(next.items.map((p) => p.metadata.name)).toEqual(['p0002', 'p0003']);
  });

  it('carries a manifest document refusal as the ApplyError it was, with its document and field errors', async () => {
    const refused = new ApplyError(2, pod('bad'), ApiError.invalid('Pod', 'bad', [{ field: 'spec.containers[0].image', message: 'must be a string' }]));
    const { client } = await connected({ apply: async () => { throw refused; } });
    const err = (await client.rpc.call('apply').catch((e: unknown) => e)) as ApplyError;
    expect(err).toBeInstanceOf(ApplyError);
    expect(err.documentIndex).toBe(2);
    expect(err.object.metadata.name).toBe('bad');
    expect(isApiError(err.cause, 'Invalid')).toBe(true);
    expect(err.cause.details.causes).toEqual([{ field: 'spec.containers[0].image', message: 'must be a string' }]);
    expect(err.message).toBe(refused.message);
  });

  it('serves extra methods and reports unknown ones by name', async () => {
    const { client } = await connected({ size: async () => 42 });
    expect(await client.rpc.call('size')).toBe(42);
    await expect(client.rpc.call('nope')).rejects.toThrow('unknown method nope');
  });

  it('fails pending calls and open watches when the connection closes', async () => {
    const { client } = await connected({ never: () => new Promise(() => {}) });
    let closedWith: Error | undefined;
    await client.watch(POD, {}, () => {}, (err) => (closedWith = err));
    const pending = client.rpc.call('never');
    client.rpc.close('the cluster worker exited');
    await expect(pending).rejects.toThrow('the cluster worker exited');
    expect(closedWith?.message).toBe('the cluster worker exited');
    await expect(client.get(POD, 'default', 'x')).rejects.toThrow('the cluster worker exited');
  });
});

async function waitFor(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 2));
  }
}
