// The Kubernetes API's watch over HTTP, as a client reads it line by line: the current state first
// without a resourceVersion, bookmarks when asked for, the end after timeoutSeconds, and a 200 then an
// ERROR event with a 410 Expired Status for a resourceVersion older than the history.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { IncomingMessage } from 'node:http';
import { request } from 'node:https';
import { EmbeddedStore, RealClock } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';
import { eventually } from './support/api-server.js';
import { KubeFacade } from './support/kube-facade.js';

const clock = new RealClock();
let store: EmbeddedStore;
let facade: KubeFacade;

function pod(name: string): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'demo' }, spec: { containers: [{ name: 'main', image: 'nginx:1' }] } };
}

/** Appends each event of a watch response to `events` as its line arrives (one JSON object a line). */
function collectEvents(res: IncomingMessage, events: { type: string; object: any }[]): void {
  let buffer = '';
  res.on('data', (chunk) => {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      events.push(JSON.parse(buffer.slice(0, nl)));
      buffer = buffer.slice(nl + 1);
    }
  });
}

/** GETs a watch and collects its events until the server ends it (or `untilMs`). */
function watch(path: string, untilMs = 5000): Promise<{ status: number; events: { type: string; object: any }[]; endedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(`${facade.url}${path}`, { headers: { authorization: 'Bearer t' }, rejectUnauthorized: false }, (res) => {
      const events: { type: string; object: any }[] = [];
      const timer = setTimeout(() => {
        req.destroy();
        resolve({ status: res.statusCode!, events, endedByServer: false });
      }, untilMs);
      collectEvents(res, events);
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode!, events, endedByServer: true });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** An open watch: its events so far, and whether the server ended it. */
function openWatch(path: string): { events: { type: string; object: any }[]; ended: () => boolean; close: () => void } {
  const events: { type: string; object: any }[] = [];
  let ended = false;
  const req = request(`${facade.url}${path}`, { headers: { authorization: 'Bearer t' }, rejectUnauthorized: false }, (res) => {
    collectEvents(res, events);
    res.on('end', () => (ended = true));
  });
  req.on('error', () => (ended = true));
  req.end();
  return { events, ended: () => ended, close: () => req.destroy() };
}

beforeAll(async () => {
  store = await EmbeddedStore.open({ clock, watchHistory: 100 });
  facade = await KubeFacade.start(store, clock, { bookmarkIntervalMs: 300 });
});

afterAll(async () => {
  await facade.close();
  await store.close();
});

describe('watch over the Kubernetes API', () => {
  it('starts with the current objects as ADDED, then changes; bookmarks when asked; ends after timeoutSeconds', async () => {
    await store.create(pod('a'));
    const pending = watch('/api/v1/namespaces/demo/pods?watch=true&allowWatchBookmarks=true&timeoutSeconds=2');
    await new Promise((r) => setTimeout(r, 500));
    await store.create(pod('b'));
    const { status, events, endedByServer } = await pending;
    expect(status).toBe(200);
    expect(endedByServer).toBe(true);
    const changes = events.filter((e) => e.type !== 'BOOKMARK');
    expect(changes.map((e) => `${e.type} ${e.object.metadata.name}`)).toEqual(['ADDED a', 'ADDED b']);
    const bookmarks = events.filter((e) => e.type === 'BOOKMARK');
    expect(bookmarks.length).toBeGreaterThanOrEqual(3);
    expect(bookmarks.at(-1)!.object).toEqual({ kind: 'Pod', apiVersion: 'v1', metadata: { resourceVersion: changes[1]!.object.metadata.resourceVersion } });
  });

  it('sends no bookmarks unless asked, and filters by field selector', async () => {
    const list = await store.list(pod('x'), { namespace: 'demo' });
    const pending = watch(`/api/v1/namespaces/demo/pods?watch=1&resourceVersion=${list.resourceVersion}&fieldSelector=metadata.name%3Dc&timeoutSeconds=1`);
    await new Promise((r) => setTimeout(r, 200));
    await store.create(pod('c'));
    await store.create(pod('d'));
    const { events } = await pending;
    expect(events.map((e) => `${e.type} ${e.object.metadata.name}`)).toEqual(['ADDED c']);
  });

  it.each(['99999999999999', '0'])('stays open with timeoutSeconds=%s (beyond what a timer holds, or the apiserver\'s "no timeout given")', async (timeoutSeconds) => {
    const namespace = `timeout-${timeoutSeconds.length}`;
    const inNamespace = (name: string): KubeObject => ({ ...pod(name), metadata: { name, namespace } });
    const list = await store.list(pod('x'), { namespace });
    const open = openWatch(`/api/v1/namespaces/${namespace}/pods?watch=true&resourceVersion=${list.resourceVersion}&timeoutSeconds=${timeoutSeconds}`);
    const seen = (count: number) => eventually(async () => (open.ended() || open.events.length >= count ? true : undefined), 10_000, `${count} events or the end of the stream`);
    try {
      await store.create(inNamespace('first'));
      await seen(1);
      // A change made after the stream delivered one still arrives: it was not ended at once.
      await store.create(inNamespace('second'));
      await seen(2);
      expect(open.ended()).toBe(false);
      expect(open.events.map((e) => `${e.type} ${e.object.metadata.name}`)).toEqual(['ADDED first', 'ADDED second']);
    } finally {
      open.close();
    }
  });

  it('answers a resourceVersion older than the history with 200 and one ERROR event (410 Expired), then ends', async () => {
    const old = (await store.list(pod('x'))).resourceVersion;
    for (let i = 0; i < 120; i++) await store.create(pod(`p${i}`));
    const { status, events, endedByServer } = await watch(`/api/v1/namespaces/demo/pods?watch=true&resourceVersion=${old}`);
    expect(status).toBe(200);
    expect(endedByServer).toBe(true);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'ERROR', object: { kind: 'Status', status: 'Failure', reason: 'Expired', code: 410 } });
  });
});
