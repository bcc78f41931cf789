// The Lease-based elector, scenario by scenario, against the embedded store on a manual clock:
// acquire, renew, takeover only after the lease expired by the candidate's own clock, stepping down
// before the lease can be taken when renewals fail (also when a request hangs), release on stop,
// and never two leaders at once.
import { afterEach, describe, expect, it } from '@jest/globals';
import { EmbeddedStore, ManualClock, type ClusterClient } from '@coxswain/cluster';
import type { Lease } from '@coxswain/kruise-api';
import { LeaderElector } from '../src/leaderelection/leader-elector.js';
import { LEASE_REF, microTime } from '../src/leaderelection/lease-lock.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

/** Passes calls through, or fails or hangs them on demand (a partitioned replica). */
class Partition {
  mode: 'ok' | 'fail' | 'hang' = 'ok';

  wrap(inner: ClusterClient): ClusterClient {
    const gate = <T>(call: () => Promise<T>): Promise<T> => {
      if (this.mode === 'fail') return Promise.reject(new Error('connection refused'));
      if (this.mode === 'hang') return new Promise<T>(() => {});
      return call();
    };
    return {
      get: (...a) => gate(() => inner.get(...a)),
      list: (...a) => gate(() => inner.list(...a)),
      create: (...a) => gate(() => inner.create(...a)),
      update: (...a) => gate(() => inner.update(...a)),
      patch: (...a) => gate(() => inner.patch(...a)),
      updateStatus: (...a) => gate(() => inner.updateStatus(...a)),
      delete: (...a) => gate(() => inner.delete(...a)),
      watch: (...a) => gate(() => inner.watch(...a)),
    };
  }
}

interface Candidate {
  elector: LeaderElector;
  partition: Partition;
  events: { at: number; what: 'started' | 'stopped' }[];
}

async function setup(): Promise<{ clock: ManualClock; store: EmbeddedStore; candidate(identity: string, random?: () => number): Candidate; leaders(): string[] }> {
  const clock = new ManualClock();
  const store = await EmbeddedStore.open({ clock });
  cleanup.push(() => store.close());
  const all: { identity: string; c: Candidate }[] = [];
  return {
    clock,
    store,
    candidate(identity, random = () => 0.5) {
      const partition = new Partition();
      const events: Candidate['events'] = [];
      const elector = new LeaderElector({
        client: partition.wrap(store),
        namespace: 'kube-system',
        name: 'coxswain',
        identity,
        clock,
        random,
        onStartedLeading: () => events.push({ at: clock.now(), what: 'started' }),
        onStoppedLeading: () => events.push({ at: clock.now(), what: 'stopped' }),
      });
      cleanup.push(() => {
        partition.mode = 'ok';
        return elector.stop();
      });
      const c = { elector, partition, events };
      all.push({ identity, c });
      return c;
    },
    leaders: () => all.filter((x) => x.c.elector.isLeader()).map((x) => x.identity),
  };
}

async function lease(store: EmbeddedStore): Promise<Lease> {
  return store.get<Lease>(LEASE_REF, 'kube-system', 'coxswain');
}

/** Writes the Lease as a holder that is not one of the candidates left it. */
async function leaseLeftBy(store: EmbeddedStore, spec: NonNullable<Lease['spec']>): Promise<void> {
  await store.create<Lease>({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'coxswain', namespace: 'kube-system' }, spec });
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** a starts and takes the missing Lease at once; b starts after it; both run for `ms`. */
async function aLeadsThenB({ clock, candidate, leaders }: Setup, ms: number): Promise<{ a: Candidate; b: Candidate }> {
  const a = candidate('a');
  a.elector.start();
  await clock.advance(0);
  const b = candidate('b');
  b.elector.start();
  await run(clock, ms, leaders);
  return { a, b };
}

/** Advances in small steps, checking at each that there is at most one leader. */
async function run(clock: ManualClock, ms: number, leaders: () => string[], step = 250): Promise<void> {
  for (let t = 0; t < ms; t += step) {
    await clock.advance(step);
    expect(leaders().length).toBeLessThanOrEqual(1);
  }
}

describe('LeaderElector', () => {
  it('acquires a missing Lease at once, renews it every retry period, and keeps the other candidate out', async () => {
    const { clock, store, candidate, leaders } = await setup();
    const a = candidate('a');
    a.elector.start();
    await clock.advance(0);
    await a.elector.settled();
    expect(a.elector.isLeader()).toBe(true);
    const first = await lease(store);
    expect(first.spec).toMatchObject({ holderIdentity: 'a', leaseDurationSeconds: 15, leaseTransitions: 0, renewTime: microTime(clock.now()) });

    const b = candidate('b');
    b.elector.start();
    await run(clock, 60_000, leaders);
    expect(leaders()).toEqual(['a']);
    expect(b.events).toEqual([]);
    const later = await lease(store);
    expect(later.spec?.acquireTime).toBe(first.spec?.acquireTime);
    // Renewed within the last retry period (2 s), not just at acquisition.
    expect(clock.now() - Date.parse(later.spec!.renewTime!)).toBeLessThanOrEqual(2_000);
    expect(b.elector.status()).toMatchObject({ isLeader: false, holder: 'a' });
  });

  it('a leader that cannot renew steps down within the renew deadline, before the lease can be taken; the other takes over after the lease duration', async () => {
    const s = await setup();
    const { clock, store, leaders } = s;
    const { a, b } = await aLeadsThenB(s, 5_000);
    const lastRenew = Date.parse((await lease(store)).spec!.renewTime!);

    a.partition.mode = 'fail';
    await run(clock, 30_000, leaders);
    const stoppedAt = a.events.find((e) => e.what === 'stopped')!.at;
    const startedAt = b.events.find((e) => e.what === 'started')!.at;
    expect(stoppedAt - lastRenew).toBeLessThanOrEqual(10_000);
    // b judged expiry by its own clock from when it saw the record change: at least 15 s after a's last renewal.
    expect(startedAt - lastRenew).toBeGreaterThanOrEqual(15_000);
    expect(startedAt - lastRenew).toBeLessThanOrEqual(15_000 + 2_000 * 2.2 + 250);
    expect(stoppedAt).toBeLessThan(startedAt);
    expect((await lease(store)).spec).toMatchObject({ holderIdentity: 'b', leaseTransitions: 1 });

    // a comes back: it sees b's lease and stays a candidate.
    a.partition.mode = 'ok';
    await run(clock, 20_000, leaders);
    expect(leaders()).toEqual(['b']);
  });

  it('steps down on its own timer when a renewal hangs', async () => {
    const { clock, store, candidate, leaders } = await setup();
    const a = candidate('a');
    a.elector.start();
    await run(clock, 3_000, leaders);
    const lastRenew = Date.parse((await lease(store)).spec!.renewTime!);
    a.partition.mode = 'hang';
    await run(clock, 12_000, leaders);
    expect(a.elector.isLeader()).toBe(false);
    expect(a.events.map((e) => e.what)).toEqual(['started', 'stopped']);
    expect(a.events[1]!.at - lastRenew).toBeLessThanOrEqual(10_000);
  });

  it('releases the lease on stop, so the next candidate takes over within a retry period instead of the lease duration', async () => {
    const s = await setup();
    const { clock, store, leaders } = s;
    const { a, b } = await aLeadsThenB(s, 4_000);
    await a.elector.stop();
    const releasedAt = clock.now();
    expect((await lease(store)).spec).toMatchObject({ holderIdentity: '', leaseDurationSeconds: 1 });
    expect(a.events.map((e) => e.what)).toEqual(['started', 'stopped']);
    await run(clock, 5_000, leaders);
    expect(leaders()).toEqual(['b']);
    expect(b.events[0]!.at - releasedAt).toBeLessThanOrEqual(2_000 * 2.2);
  });

  it('of candidates racing for an expired lease exactly one wins (the other update is a Conflict)', async () => {
    const { clock, store, candidate, leaders } = await setup();
    // A lease left by a holder that is gone.
    await leaseLeftBy(store, { holderIdentity: 'gone', leaseDurationSeconds: 15, renewTime: microTime(clock.now()), acquireTime: microTime(clock.now()), leaseTransitions: 4 });
    // Same jitter: they try at the same instants.
    const cs = ['x', 'y', 'z'].map((id) => candidate(id, () => 0));
    for (const c of cs) c.elector.start();
    await run(clock, 40_000, leaders, 100);
    expect(leaders()).toHaveLength(1);
    expect(cs.flatMap((c) => c.events).filter((e) => e.what === 'started')).toHaveLength(1);
    expect((await lease(store)).spec).toMatchObject({ holderIdentity: leaders()[0], leaseTransitions: 5 });
  });

  it('judges expiry by its own clock, not by the times written in the record', async () => {
    const { clock, store, candidate, leaders } = await setup();
    // A holder whose clock runs an hour ahead: its renewTime is in our future, and it keeps renewing.
    const ahead = (ms: number) => microTime(ms + 3_600_000);
    await leaseLeftBy(store, { holderIdentity: 'skewed', leaseDurationSeconds: 15, renewTime: ahead(clock.now()), acquireTime: ahead(clock.now()), leaseTransitions: 0 });
    const c = candidate('c');
    c.elector.start();
    for (let i = 0; i < 10; i++) {
      await run(clock, 2_000, leaders);
      const current = await lease(store);
      await store.update<Lease>({ ...current, spec: { ...current.spec, renewTime: ahead(clock.now()) } });
    }
    expect(leaders()).toEqual([]);
    // The skewed holder stops renewing: 15 s later by our clock the lease is ours, whatever its renewTime says.
    await run(clock, 14_000, leaders);
    expect(leaders()).toEqual([]);
    await run(clock, 6_000, leaders);
    expect(leaders()).toEqual(['c']);
  });
});
