import { afterEach, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { EmbeddedStore, ManualClock, type KindRef } from '@coxswain/cluster';
import { Informer, type EventHandler } from '@coxswain/controller-runtime';
import type { KubeObject } from '@coxswain/kruise-api';
import { CHANGE_LOG_WINDOW_MS, ChangeLog, ChangesGoneError, InvalidResourceVersionError } from './change-log.js';

const POD: KindRef = { apiVersion: 'v1', kind: 'Pod' };
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

function pod(name: string, image = 'nginx:1'): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { namespace: 'default', name }, spec: { containers: [{ name: 'main', image }] } };
}

/** A store with pods, a synced informer over it and a change log with a hand-moved clock. */
async function fixture(initial: string[]) {
  const clock = new ManualClock();
  const store = await EmbeddedStore.open({ clock });
  cleanup.push(() => store.close());
  for (const name of initial) await store.create(pod(name));
  const informer = new Informer<KubeObject>(store, POD, { clock, onError: () => {} });
  cleanup.push(() => informer.stop());
  informer.start();
  await informer.waitForSync();
  let now = 0;
  const log = new ChangeLog(informer, () => now);
  const ops = {
    create: (name: string) => store.create(pod(name)),
    update: (name: string, image: string) => store.patch(POD, 'default', name, { spec: { containers: [{ name: 'main', image }] } }),
    delete: (name: string) => store.delete(POD, 'default', name, { gracePeriodSeconds: 0 }),
  };
  /** Waits until the informer applied the store's latest write. */
  const caughtUp = async (written: KubeObject) => informer.caughtUp(written.metadata.resourceVersion);
  return { store, informer, log, ops, caughtUp, advance: (ms: number) => (now += ms) };
}

/** A replay as short strings: "ADDED a nginx:2", "DELETED b". */
function described(changes: { type: string; object: KubeObject }[]): string[] {
  return changes.map(({ type, object }) => {
    const image = (object.spec as { containers: { image: string }[] }).containers[0]!.image;
    return type === 'DELETED' ? `DELETED ${object.metadata.name}` : `${type} ${object.metadata.name} ${image}`;
  });
}

describe('ChangeLog: what a client that listed at a resourceVersion missed', () => {
  const cases: { name: string; run: (ops: Awaited<ReturnType<typeof fixture>>['ops']) => Promise<KubeObject>; replay: string[] }[] = [
    { name: 'a pod was created', run: async (ops) => ops.create('new'), replay: ['ADDED new nginx:1'] },
    { name: 'a listed pod changed twice: once, as it is now', run: async (ops) => (await ops.update('a', 'nginx:2'), ops.update('a', 'nginx:3')), replay: ['MODIFIED a nginx:3'] },
    { name: 'a pod created then changed: ADDED as it is now', run: async (ops) => (await ops.create('new'), ops.update('new', 'nginx:2')), replay: ['ADDED new nginx:2'] },
    { name: 'a listed pod was deleted: its last state', run: async (ops) => (await ops.update('a', 'nginx:2'), ops.delete('a')), replay: ['DELETED a'] },
    { name: 'a pod created and deleted since: nothing', run: async (ops) => (await ops.create('brief'), await ops.delete('brief'), ops.update('b', 'nginx:5')), replay: ['MODIFIED b nginx:5'] },
    { name: 'deleted and created again under the name: both', run: async (ops) => (await ops.delete('a'), ops.create('a')), replay: ['DELETED a', 'ADDED a nginx:1'] },
    { name: 'in the order of each pod\'s last change', run: async (ops) => (await ops.update('a', 'nginx:2'), await ops.update('b', 'nginx:2'), ops.update('a', 'nginx:3')), replay: ['MODIFIED b nginx:2', 'MODIFIED a nginx:3'] },
  ];
  it.each(cases)('$name', async ({ run, replay }) => {
    const { informer, log, ops, caughtUp } = await fixture(['a', 'b']);
    const listed = informer.lastSyncResourceVersion();
    await caughtUp(await run(ops));
    expect(described(log.since(listed))).toEqual(replay);
    expect(log.since(informer.lastSyncResourceVersion())).toEqual([]);
  });

  it('refuses a version older than its window with ChangesGoneError, and one that is no version', async () => {
    const { informer, log, ops, caughtUp, advance } = await fixture(['a']);
    const listed = informer.lastSyncResourceVersion();
    await caughtUp(await ops.update('a', 'nginx:2'));
    const between = informer.lastSyncResourceVersion();
    advance(CHANGE_LOG_WINDOW_MS + 1);
    await caughtUp(await ops.update('a', 'nginx:3'));
    expect(() => log.since(listed)).toThrow(ChangesGoneError);
    // The change at `between` aged out, but every change after it is kept.
    expect(described(log.since(between))).toEqual(['MODIFIED a nginx:3']);
    for (const bad of ['', 'abc', '-1', '1e5', '12345678901234567', '1\u00002']) expect(() => log.since(bad)).toThrow(InvalidResourceVersionError);
  });

  it('keeps every change, replayed onto the list a client had, equal to the cache (any operations, any list point)', async () => {
    const names = ['a', 'b', 'c'];
    const op = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), name: fc.constantFrom(...names) }),
      fc.record({ kind: fc.constant('update' as const), name: fc.constantFrom(...names), image: fc.constantFrom('x:1', 'x:2', 'x:3') }),
      fc.record({ kind: fc.constant('delete' as const), name: fc.constantFrom(...names) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 14 }), fc.nat(14), async (operations, listAt) => {
        const { informer, log, ops, caughtUp } = await fixture(['a']);
        let client: Map<string, string> | undefined;
        let listed = '';
        const snapshot = () => new Map(informer.list().map((p) => [p.metadata.name!, `${p.metadata.uid} ${(p.spec as { containers: { image: string }[] }).containers[0]!.image}`]));
        for (const [i, o] of operations.entries()) {
          if (i === listAt) (client = snapshot()), (listed = informer.lastSyncResourceVersion());
          const exists = informer.get('default', o.name) !== undefined;
          const written = o.kind === 'create' ? (exists ? undefined : await ops.create(o.name))
            : !exists ? undefined : o.kind === 'update' ? await ops.update(o.name, o.image) : await ops.delete(o.name);
          if (written) await caughtUp(written);
        }
        if (!client) (client = snapshot()), (listed = informer.lastSyncResourceVersion());
        for (const { type, object } of log.since(listed)) {
          if (type === 'DELETED') {
            expect(client.get(object.metadata.name!)?.split(' ')[0]).toBe(object.metadata.uid);
            client.delete(object.metadata.name!);
          } else {
            expect(client.has(object.metadata.name!)).toBe(type === 'MODIFIED');
            client.set(object.metadata.name!, `${object.metadata.uid} ${(object.spec as { containers: { image: string }[] }).containers[0]!.image}`);
          }
        }
        expect(client).toEqual(snapshot());
        await Promise.all(cleanup.splice(0).reverse().map((fn) => fn()));
      }),
      { numRuns: 40 },
    );
  });
});

describe('ChangeLog across a relist', () => {
  /** An informer surface driven by hand: a relist's synthetic changes come in list order, not version order. */
  function handInformer() {
    let handler: EventHandler<KubeObject> | undefined;
    let synced = '10';
    const objects = new Map<string, KubeObject>();
    const at = (name: string, rv: number): KubeObject => ({ ...pod(name), metadata: { namespace: 'default', name, uid: name, resourceVersion: String(rv) } });
    const informer = {
      addEventHandler: (h: EventHandler<KubeObject>) => ((handler = h), { remove: () => {} }),
      lastSyncResourceVersion: () => synced,
      get: (_ns: string | undefined, name: string) => objects.get(name),
    } as unknown as Informer<KubeObject>;
    return {
      log: new ChangeLog(informer, () => 0),
      change: (name: string, rv: number) => {
        const object = at(name, rv);
        const old = objects.get(name);
        objects.set(name, object);
        if (old) handler!.onUpdate!(old, object);
        else handler!.onAdd!(object, false);
      },
      synced: (rv: number) => (synced = String(rv)),
    };
  }

  it('answers ChangesGoneError while a relist applies, then replays from the relisted version', () => {
    const { log, change, synced } = handInformer();
    change('a', 11);
    synced(11);
    expect(log.since('10').map((c) => c.object.metadata.name)).toEqual(['a']);
    // The relist: b at 15 then c at 13 (list order), the cache's version still the old one.
    change('b', 15);
    change('c', 13);
    expect(() => log.since('11')).toThrow(ChangesGoneError);
    synced(20); // the list's version, once all of it is applied
    expect(() => log.since('11')).toThrow(ChangesGoneError);
    expect(log.since('20')).toEqual([]);
    change('a', 21);
    synced(21);
    expect(log.since('20').map((c) => `${c.type} ${c.object.metadata.name}`)).toEqual(['MODIFIED a']);
  });
});
