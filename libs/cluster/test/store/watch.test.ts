import { describe, it, expect } from '@jest/globals';
import { ApiError } from '../../src/errors.js';
import { CLONESET, NODE, POD, cloneSet, openStore, pod, record, settle } from './store-fixtures.js';

describe('EmbeddedStore watch', () => {
  it('delivers ADDED, MODIFIED and DELETED in resourceVersion order, only for the watched kind', async () => {
    const { store } = await openStore();
    const watch = await record(store, POD);
    const a = await store.create(pod('a'));
    await store.create(cloneSet('web'));
    await store.patch(POD, 'default', 'a', { metadata: { labels: { x: 'y' } } });
    await store.delete(POD, 'default', 'a');
    await settle();
    expect(watch.lines()).toEqual([`ADDED a@${a.metadata.resourceVersion}`, 'MODIFIED a@4', 'DELETED a@5']);
    expect(watch.events[2]!.object.metadata.labels).toEqual({ x: 'y' });
  });

  it('starts from now without a resourceVersion', async () => {
    const { store } = await openStore();
    await store.create(pod('before'));
    const watch = await record(store, POD);
    await store.create(pod('after'));
    await settle();
    expect(watch.lines()).toEqual(['ADDED after@3']);
  });

  it('resumes from a resourceVersion: replays history, then goes live, without loss or duplicates', async () => {
    const { store } = await openStore();
    await store.create(pod('a'));
    const listed = await store.list(POD);
    await store.create(pod('b'));
    await store.patch(POD, 'default', 'a', { metadata: { labels: { v: '2' } } });
    const watch = await record(store, POD, { resourceVersion: listed.resourceVersion });
    await store.create(pod('c'));
    await settle();
    expect(watch.lines()).toEqual(['ADDED b@3', 'MODIFIED a@4', 'ADDED c@5']);
  });

  it('filters by namespace', async () => {
    const { store } = await openStore();
    const watch = await record(store, POD, { namespace: 'team-a' });
    await store.create(pod('x', { namespace: 'team-b' }));
    await store.create(pod('y', { namespace: 'team-a' }));
    await settle();
    expect(watch.events.map((e) => `${e.object.metadata.namespace}/${e.object.metadata.name}`)).toEqual(['team-a/y']);
  });

  it('turns label changes into ADDED and DELETED for a selector watch', async () => {
    const { store } = await openStore();
    const watch = await record(store, POD, { labelSelector: 'app=web' });
    await store.create(pod('p', { labels: { app: 'db' } }));
    await store.patch(POD, 'default', 'p', { metadata: { labels: { app: 'web' } } });
    await store.patch(POD, 'default', 'p', { metadata: { labels: { app: 'web', extra: 'x' } } });
    const moved = await store.patch(POD, 'default', 'p', { metadata: { labels: { app: 'db', extra: 'x' } } });
    await store.delete(POD, 'default', 'p');
    await settle();
    expect(watch.events.map((e) => e.type)).toEqual(['ADDED', 'MODIFIED', 'DELETED']);
    // The DELETED for leaving the selector carries the state it last matched in, at the new version.
    expect(watch.events[2]!.object.metadata.labels).toEqual({ app: 'web', extra: 'x' });
    expect(watch.events[2]!.object.metadata.resourceVersion).toBe(moved.metadata.resourceVersion);
  });

  it('rejects a compacted resourceVersion with 410 Gone', async () => {
    const { store } = await openStore({ watchHistory: 3 });
    for (const name of ['a', 'b', 'c', 'd', 'e']) await store.create(pod(name));
    // rv 1 is the namespace; pods are 2..6; the last three changes (4, 5, 6) are retained.
    const err = await store.watch(POD, { resourceVersion: '2' }, () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ reason: 'Gone', code: 410, message: 'too old resource version: 2 (3)' });
    const watch = await record(store, POD, { resourceVersion: '3' });
    await settle();
    expect(watch.lines()).toEqual(['ADDED c@4', 'ADDED d@5', 'ADDED e@6']);
  });

  it('keeps changes for the time window: older ones answer 410 Gone even when few, younger ones resume', async () => {
    const { store, clock } = await openStore({ watchHistory: 1000, watchHistoryMs: 60_000 });
    await store.create(pod('a')); // rv 1 namespace, 2 pod
    await clock.advance(30_000);
    await store.create(pod('b')); // rv 3
    await clock.advance(31_000);
    // a (rv 2) is 61 s old: gone although the history holds only three changes; b (rv 3) is 31 s old.
    await expect(store.watch(POD, { resourceVersion: '1' }, () => {})).rejects.toMatchObject({ reason: 'Gone', code: 410 });
    const watch = await record(store, POD, { resourceVersion: '2' });
    await store.create(pod('c'));
    await settle();
    expect(watch.lines()).toEqual(['ADDED b@3', 'ADDED c@4']);
    // Nothing written for a whole window: the history is empty, yet a watch from now misses nothing.
    await clock.advance(61_000);
    const quiet = await record(store, POD, { resourceVersion: store.currentResourceVersion() });
    await expect(store.watch(POD, { resourceVersion: '3' }, () => {})).rejects.toMatchObject({ reason: 'Gone' });
    await store.create(pod('d'));
    await settle();
    expect(quiet.lines()).toEqual(['ADDED d@5']);
  });

  it('bounds the time window by the count of changes kept', async () => {
    const { store } = await openStore({ watchHistory: 2, watchHistoryMs: 60_000 });
    for (const name of ['a', 'b', 'c']) await store.create(pod(name)); // rv 1 namespace, pods 2..4
    await expect(store.watch(POD, { resourceVersion: '1' }, () => {})).rejects.toMatchObject({ reason: 'Gone' });
    const watch = await record(store, POD, { resourceVersion: '2' });
    await settle();
    expect(watch.lines()).toEqual(['ADDED b@3', 'ADDED c@4']);
  });

  it('rejects a resourceVersion from before a restart with 410 Gone, and accepts the loaded one', async () => {
    const first = await openStore();
    await first.store.create(pod('a'));
    await first.store.create(pod('b'));
    await first.store.close();
    const second = await openStore({ persistence: first.persistence });
    await expect(second.store.watch(POD, { resourceVersion: '2' }, () => {})).rejects.toMatchObject({ reason: 'Gone', message: 'too old resource version: 2 (3)' });
    const watch = await record(second.store, POD, { resourceVersion: '3' });
    await second.store.create(pod('c'));
    await settle();
    expect(watch.lines()).toEqual(['ADDED c@4']);
  });

  it('from a resourceVersion not reached yet, delivers only the changes after it', async () => {
    const { store } = await openStore();
    const watch = await record(store, POD, { resourceVersion: '3' });
    for (const name of ['a', 'b', 'c']) await store.create(pod(name));
    await settle();
    expect(watch.lines()).toEqual(['ADDED c@4']);
  });

  it('rejects a malformed resourceVersion', async () => {
    const { store } = await openStore();
    await expect(store.watch(POD, { resourceVersion: 'abc' }, () => {})).rejects.toMatchObject({ reason: 'BadRequest' });
  });

  it('delivers asynchronously and stops on request', async () => {
    const { store } = await openStore();
    const watch = await record(store, POD);
    const created = store.create(pod('a'));
    expect(watch.events).toEqual([]);
    await created;
    await settle();
    expect(watch.events).toHaveLength(1);
    watch.handle.stop();
    await store.create(pod('b'));
    await settle();
    expect(watch.events).toHaveLength(1);
    expect(watch.closed).toEqual([]);
  });

  it('a throwing handler ends only its own watch, with the error', async () => {
    const { store } = await openStore();
    const closed: Array<Error | undefined> = [];
    await store.watch(POD, {}, () => {
      throw new Error('handler bug');
    }, (err) => closed.push(err));
    const healthy = await record(store, POD);
    await store.create(pod('a'));
    await store.create(pod('b'));
    await settle();
    expect(closed.map((e) => e?.message)).toEqual(['handler bug']);
    expect(healthy.lines()).toEqual(['ADDED a@2', 'ADDED b@3']);
  });

  it('gives every watcher its own copy', async () => {
    const { store } = await openStore();
    const one = await record(store, POD);
    const two = await record(store, POD);
    await store.create(pod('a', { labels: { app: 'web' } }));
    await settle();
    one.events[0]!.object.metadata.labels!.app = 'mutated';
    expect(two.events[0]!.object.metadata.labels).toEqual({ app: 'web' });
    expect((await store.get(POD, 'default', 'a')).metadata.labels).toEqual({ app: 'web' });
  });

  it('watches cluster-scoped kinds and closes every watch on close', async () => {
    const { store } = await openStore();
    const watch = await record(store, NODE);
    await store.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-a' } });
    await settle();
    expect(watch.lines()).toEqual(['ADDED node-a@1']);
    await store.close();
    expect(watch.closed).toEqual([undefined]);
    await expect(store.get(NODE, undefined, 'node-a')).rejects.toMatchObject({ reason: 'InternalError' });
    await expect(store.watch(CLONESET, {}, () => {})).rejects.toMatchObject({ reason: 'InternalError' });
  });
});
