// The Prisma repositories of tokens, hook acknowledgements and the audit log, on PGlite and (when
// TEST_DATABASE_URL is set) PostgreSQL: the unique Idempotency-Key is the lock of an ack, so it must
// hold under concurrency on both.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { AuditRepository, type NewAuditRow } from '../src/audit/audit.repository.js';
import { TokensRepository } from '../src/auth/tokens.repository.js';
import { ManualClock } from '@coxswain/cluster';
import { AckKeyRetention } from '../src/hooks/ack-key-retention.js';
import { AckTombstonesRepository } from '../src/hooks/ack-tombstones.repository.js';
import { HookAcksRepository, type NewHookAck } from '../src/hooks/hook-acks.repository.js';
import { ABANDONED_CLAIM_MS } from '../src/idempotency/key-claim.js';
import { Database } from '../src/persistence/database.js';
import { DEFAULT_MIGRATIONS_DIR } from '../src/runtime.js';
import { testDatabases } from './support/databases.js';

describe.each(testDatabases())('repositories on $name', (db) => {
  let database: Database;
  beforeEach(async () => {
    database = await Database.open(await db.fresh(), DEFAULT_MIGRATIONS_DIR);
  });
  afterEach(async () => {
    await database?.close();
  });

  const ack = (key: string, requestHash = 'h1', createdAt = new Date(), actorTokenId = 't1'): NewHookAck => ({
    idempotencyKey: key, actorTokenId, requestHash, namespace: 'ns', pod: 'p', hook: 'preDelete', createdAt,
  });

  it('lets the same request take over a claim abandoned in flight, and nothing else', async () => {
    const acks = new HookAcksRepository(database.prisma);
    const t0 = Date.parse('2026-11-28T10:00:00Z');
    const at = (ms: number) => new Date(t0 + ms);
    const first = await acks.claim(ack('k', 'h1', at(0)));
    expect(first.claimed).toBe(true);
    // Still within the limit: in flight.
    expect(await acks.claim(ack('k', 'h1', at(ABANDONED_CLAIM_MS - 1000)))).toMatchObject({ claimed: false, existing: { state: 'in-flight' } });
    // Past it, a different body or another caller still only finds the row.
    expect((await acks.claim(ack('k', 'h2', at(ABANDONED_CLAIM_MS + 1000)))).claimed).toBe(false);
    expect((await acks.claim(ack('k', 'h1', at(ABANDONED_CLAIM_MS + 1000), 't2'))).claimed).toBe(false);
    // The same request takes it over, once, under the same id (the one its first attempt stamped the pod
    // with), and is told it took over; concurrent takeovers: exactly one wins.
    const takeovers = await Promise.all(Array.from({ length: 10 }, () => acks.claim(ack('k', 'h1', at(ABANDONED_CLAIM_MS + 1000)))));
    const won = takeovers.filter((c) => c.claimed);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ takenOver: true, row: { state: 'in-flight', id: (first as { row: { id: string } }).row.id } });
    expect(first).toMatchObject({ takenOver: false });
    const [row] = await database.prisma.hookAck.findMany({ where: { idempotencyKey: 'k' } });
    expect(row).toMatchObject({ id: (first as { row: { id: string } }).row.id, createdAt: at(ABANDONED_CLAIM_MS + 1000) });
    // The lone claim (a key released between the batch's two statements) takes over the same way.
    expect((await acks.claim(ack('lone', 'h1', at(0)))).claimed).toBe(true);
    await database.prisma.hookAck.update({ where: { idempotencyKey: 'lone' }, data: { createdAt: at(-ABANDONED_CLAIM_MS - 1000) } });
    const lone = await (acks as unknown as { claimAlone(a: NewHookAck): Promise<unknown> }).claimAlone(ack('lone', 'h1', at(1000)));
    expect(lone).toMatchObject({ claimed: true, takenOver: true, row: { idempotencyKey: 'lone', createdAt: at(1000) } });
    // A done key is final, however old.
    await acks.complete('k', { status: 200, response: { id: row!.id }, podUid: 'u', completedAt: at(ABANDONED_CLAIM_MS + 2000) });
    expect(await acks.claim(ack('k', 'h1', at(100 * ABANDONED_CLAIM_MS)))).toMatchObject({ claimed: false, existing: { state: 'done', status: 200 } });
  });

  it('forgets keys answered before the retention time, and claims never answered, in batches', async () => {
    const acks = new HookAcksRepository(database.prisma);
    const t0 = Date.parse('2026-11-28T10:00:00Z');
    const hour = 3_600_000;
    const answer = (key: string, at: number) => acks.complete(key, { status: 200, response: { key }, podUid: 'u', completedAt: new Date(at) });
    for (const [key, claimedAt, answeredAt] of [['old-1', 0, 1000], ['old-2', 0, 2000], ['old-3', 0, 3000], ['new', 0, 25 * hour], ['abandoned', 1000, undefined], ['busy', 25 * hour, undefined]] as const) {
      expect((await acks.claim(ack(key, 'h1', new Date(t0 + claimedAt)))).claimed).toBe(true);
      if (answeredAt !== undefined) await answer(key, t0 + answeredAt);
    }
    // Batches of 2 rows: three statements for the four rows answered or claimed before the second hour.
    expect(await acks.forgetBefore(new Date(t0 + 2 * hour), 2)).toBe(4);
    const left = await database.prisma.hookAck.findMany({ orderBy: { idempotencyKey: 'asc' } });
    expect(left.map((r) => [r.idempotencyKey, r.state])).toEqual([['busy', 'in-flight'], ['new', 'done']]);
    // A forgotten key is a new request.
    expect((await acks.claim(ack('old-1', 'h2', new Date(t0 + 26 * hour)))).claimed).toBe(true);

    // The sweep forgets what was answered (or claimed) more than the retention time before now, and the
    // ack stamps of pods deleted that long ago.
    const tombstones = new AckTombstonesRepository(database.prisma);
    const stamp = (id: string) => ({ id, at: new Date(t0).toISOString(), namespace: 'ns', pod: 'p', podUid: 'u', hook: 'preDelete' as const });
    await tombstones.record([stamp('gone-long-ago')], new Date(t0 + 25 * hour));
    await tombstones.record([stamp('gone-lately')], new Date(t0 + 27 * hour));
    const clock = new ManualClock(new Date(t0 + 50 * hour - 1).toISOString());
    const retention = new AckKeyRetention(acks, tombstones, clock, { config: { ackKeyRetentionMs: 24 * hour } as never });
    expect(await retention.sweep()).toBe(2);
    expect((await database.prisma.hookAck.findMany()).map((r) => r.idempotencyKey)).toEqual(['old-1']);
    expect((await database.prisma.hookAckTombstone.findMany()).map((r) => r.ackId)).toEqual(['gone-lately']);
  });

  it('keeps the ack stamps of deleted pods by ack id; a stamp seen again is kept as it was first', async () => {
    const tombstones = new AckTombstonesRepository(database.prisma);
    const t = { id: 'a1', at: '2026-11-28T10:00:00.123Z', namespace: 'ns', pod: 'p', podUid: 'u1', hook: 'preDelete' as const };
    expect(await tombstones.find('a1')).toBeUndefined();
    await tombstones.record([t, { ...t, id: 'a2', hook: 'preUpdate' }], new Date('2026-11-28T10:01:00Z'));
    await tombstones.record([{ ...t, podUid: 'u2' }], new Date('2026-11-28T10:02:00Z')); // another replica saw it too
    expect(await tombstones.find('a1')).toEqual(t);
    expect(await tombstones.find('a2')).toEqual({ ...t, id: 'a2', hook: 'preUpdate' });
    expect(await tombstones.forgetBefore(new Date('2026-11-28T10:01:00.001Z'), 1)).toBe(2);
    expect(await tombstones.find('a1')).toBeUndefined();
  });

  it('lets exactly one of many concurrent claims of a key win; the others find its row', async () => {
    const acks = new HookAcksRepository(database.prisma);
    const claims = await Promise.all(Array.from({ length: 25 }, () => acks.claim(ack('k1'))));
    expect(claims.filter((c) => c.claimed)).toHaveLength(1);
    for (const c of claims.filter((x) => !x.claimed)) expect(c).toMatchObject({ existing: { idempotencyKey: 'k1', state: 'in-flight', requestHash: 'h1' } });

    await acks.complete('k1', { status: 200, response: { id: 'a', reason: null }, podUid: 'u1', completedAt: new Date() });
    expect(await acks.claim(ack('k1'))).toMatchObject({ claimed: false, existing: { state: 'done', status: 200, response: { id: 'a', reason: null }, podUid: 'u1' } });
    await acks.release('k1'); // a done key is final: release only forgets in-flight ones
    expect((await acks.claim(ack('k1'))).claimed).toBe(false);

    expect((await acks.claim(ack('k2'))).claimed).toBe(true);
    await acks.release('k2');
    expect((await acks.claim(ack('k2'))).claimed).toBe(true);
  });

  // PGlite only: its one connection's statistics can be flushed on demand; PostgreSQL's pool cannot.
  (db.name === 'pglite' ? it : it.skip)('completes a batch of acks through the key index, not by scanning every ack', async () => {
    const acks = new HookAcksRepository(database.prisma);
    await Promise.all(Array.from({ length: 3000 }, (_, i) => acks.claim(ack(`old-${i}`))));
    await Promise.all(Array.from({ length: 10 }, (_, i) => acks.claim(ack(`new-${i}`))));
    await database.prisma.$executeRawUnsafe('ANALYZE hook_acks');
    const seqScans = async () => {
      await database.prisma.$executeRawUnsafe('SELECT pg_stat_force_next_flush()');
      await database.prisma.$executeRawUnsafe('SELECT 1'); // a statement later, the flushed counters are visible
      const [row] = await database.prisma.$queryRawUnsafe<{ n: bigint }[]>(`SELECT seq_scan AS n FROM pg_stat_user_tables WHERE relname = 'hook_acks'`);
      return Number(row!.n);
    };
    const before = await seqScans();
    await Promise.all(Array.from({ length: 10 }, (_, i) => acks.complete(`new-${i}`, { status: 200, response: { i }, podUid: `u${i}`, completedAt: new Date() })));
    expect(await seqScans()).toBe(before);
    const done = await database.prisma.hookAck.findMany({ where: { state: 'done' }, orderBy: { idempotencyKey: 'asc' } });
    expect(done.map((r) => [r.idempotencyKey, r.status, r.podUid])).toEqual(Array.from({ length: 10 }, (_, i) => [`new-${i}`, 200, `u${i}`]));
  });

  it('stores token hashes under unique names, finds active ones by hash, and revokes once', async () => {
    const tokens = new TokensRepository(database.prisma);
    const row = { name: 'ci', role: 'operator', namespaces: [], tokenHash: 'a'.repeat(64), createdAt: new Date() };
    expect(await tokens.insert(row)).toMatchObject({ name: 'ci', role: 'operator', namespaces: [], revokedAt: null });
    expect(await tokens.insert({ ...row, tokenHash: 'b'.repeat(64) })).toBeUndefined();
    await tokens.insert({ name: 'acker', role: 'hook-acker', namespaces: ['a', 'b'], tokenHash: 'c'.repeat(64), createdAt: new Date() });
    expect(await tokens.findActiveByHash('c'.repeat(64))).toMatchObject({ name: 'acker', namespaces: ['a', 'b'] });
    expect(await tokens.count()).toBe(2);
    expect(await tokens.revoke('ci', new Date())).toBe('revoked');
    expect(await tokens.revoke('ci', new Date())).toBe('not-active');
    expect(await tokens.findActiveByHash('a'.repeat(64))).toBeNull();
    expect((await tokens.list()).map((t) => [t.name, t.revokedAt !== null])).toEqual([['ci', true], ['acker', false]]);
  });

  it('never revokes the last active admin, also when two admins revoke each other at once', async () => {
    const tokens = new TokensRepository(database.prisma);
    const admin = (name: string, hash: string) => tokens.insert({ name, role: 'admin', namespaces: [], tokenHash: hash.repeat(64), createdAt: new Date() });
    await admin('root-a', 'd');
    await admin('root-b', 'e');
    const outcomes = await Promise.all([tokens.revoke('root-a', new Date()), tokens.revoke('root-b', new Date())]);
    expect(outcomes.sort()).toEqual(['last-admin', 'revoked']);
    expect((await tokens.list()).filter((t) => t.role === 'admin' && t.revokedAt === null)).toHaveLength(1);
  });

  it('appends audit rows and reads them newest first, by namespace, a page at a time', async () => {
    const audit = new AuditRepository(database.prisma);
    const row = (i: number, namespace: string | null): NewAuditRow => ({
      at: new Date(), actorName: 'ci', actorRole: 'operator', action: 'setImage', targetKind: 'CloneSet', targetNamespace: namespace, targetName: `w${i}`,
      before: i % 2 ? { 'spec.replicas': i } : null, after: { 'spec.replicas': i + 1 }, requestId: `r${i}`, idempotencyKey: null, result: 'ok', message: null,
    });
    for (let i = 0; i < 7; i++) await audit.append(row(i, i < 5 ? 'a' : 'b'));
    const page1 = await audit.newestFirst({ namespace: 'a', take: 3 });
    expect(page1.map((r) => r.targetName)).toEqual(['w4', 'w3', 'w2']);
    const page2 = await audit.newestFirst({ namespace: 'a', take: 3, beforeId: page1[2]!.id });
    expect(page2.map((r) => r.targetName)).toEqual(['w1', 'w0']);
    expect(page2[0]!.before).toEqual({ 'spec.replicas': 1 });
    expect(page2[1]!.before).toBeNull();
    expect(await audit.count('a')).toBe(5);
    expect(await audit.count()).toBe(7);
  });
});
