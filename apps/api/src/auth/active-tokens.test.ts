// The in-memory set of active tokens: lookups without the database, a token created elsewhere found on
// its first use, a local revocation at once, and a reload that raced a revocation not bringing it back.
import { describe, expect, it } from '@jest/globals';
import { ActiveTokens } from './active-tokens.js';
import type { ActiveTokenRow } from './token-rows.js';

const row = (name: string, tokenHash = `hash-${name}`): ActiveTokenRow => ({
  id: `id-${name}`, name, role: 'viewer', namespaces: [], createdAt: new Date(0), lastUsedAt: null, revokedAt: null, tokenHash,
});

function database(rows: ActiveTokenRow[]) {
  const calls = { all: 0, one: 0 };
  let hold: Promise<void> | undefined;
  return {
    calls,
    rows,
    holdNextReload(gate: Promise<void>) {
      hold = gate;
    },
    readAll: async () => {
      calls.all++;
      const snapshot = rows.filter((r) => r.revokedAt === null).map((r) => ({ ...r }));
      if (hold) await hold;
      hold = undefined;
      return snapshot;
    },
    readOne: async (hash: string) => {
      calls.one++;
      const found = rows.find((r) => r.tokenHash === hash && r.revokedAt === null);
      return found ? { ...found } : null;
    },
  };
}

describe('ActiveTokens', () => {
  it('answers from memory after a reload, without asking the database per lookup', async () => {
    const db = database([row('a'), row('b')]);
    const tokens = new ActiveTokens(db.readAll, db.readOne);
    await tokens.reload();
    for (let i = 0; i < 100; i++) expect((await tokens.find('hash-a'))?.name).toBe('a');
    expect(db.calls).toEqual({ all: 1, one: 0 });
  });

  it('finds a token created by another process on its first use, then from memory', async () => {
    const db = database([row('a')]);
    const tokens = new ActiveTokens(db.readAll, db.readOne);
    await tokens.reload();
    db.rows.push(row('cli'));
    expect((await tokens.find('hash-cli'))?.name).toBe('cli');
    expect((await tokens.find('hash-cli'))?.name).toBe('cli');
    expect(db.calls.one).toBe(1);
    expect(await tokens.find('hash-nobody')).toBeUndefined();
  });

  it('forgets a token revoked here at once, and one revoked elsewhere at the next reload', async () => {
    const db = database([row('a'), row('b')]);
    const tokens = new ActiveTokens(db.readAll, db.readOne);
    await tokens.reload();
    db.rows[0]!.revokedAt = new Date();
    tokens.revoked('a');
    expect(await tokens.find('hash-a')).toBeUndefined();
    db.rows[1]!.revokedAt = new Date(); // by another process
    expect((await tokens.find('hash-b'))?.name).toBe('b');
    await tokens.reload();
    expect(await tokens.find('hash-b')).toBeUndefined();
  });

  it('drops a reload that read the set before a local revocation', async () => {
    const db = database([row('a')]);
    const tokens = new ActiveTokens(db.readAll, db.readOne);
    await tokens.reload();
    let release!: () => void;
    db.holdNextReload(new Promise<void>((r) => (release = r)));
    const reloading = tokens.reload(); // reads 'a' as active, then waits
    await new Promise((r) => setImmediate(r));
    db.rows[0]!.revokedAt = new Date();
    tokens.revoked('a');
    release();
    await reloading;
    expect(await tokens.find('hash-a')).toBeUndefined();
  });
});
