// The databases a database-backed test runs on: embedded PGlite always, PostgreSQL too when
// TEST_DATABASE_URL names a scratch database (CI sets it when a server answers at 127.0.0.1:5432).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from '@jest/globals';
import pg from 'pg';
import type { DatabaseTarget } from '../../src/persistence/database.js';

export interface TestDatabase {
  name: string;
  /** A fresh, empty target for one test. */
  fresh(): Promise<DatabaseTarget>;
}

export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    { name: 'pglite', fresh: async () => ({ kind: 'pglite', dataDir: mkdtempSync(join(tmpdir(), 'coxswain-pglite-')) }) },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const own = workerDatabase(url);
    list.push({
      name: 'postgresql',
      fresh: async () => {
        await own.create();
        await resetSchema(own.url);
        return { kind: 'postgres', url: own.url };
      },
    });
    afterAll(() => own.drop());
  }
  return list;
}

/**
 * Jest runs test files two at a time, so two files could empty the same scratch database under each
 * other: each file gets a database of its own beside it (`<scratch>_w<worker>_<pid>`), made on first use
 * and dropped when the file is done.
 */
function workerDatabase(scratchUrl: string): { url: string; create(): Promise<void>; drop(): Promise<void> } {
  const own = new URL(scratchUrl);
  const name = `${decodeURIComponent(own.pathname.slice(1))}_w${process.env.JEST_WORKER_ID ?? '1'}_${process.pid}`;
  own.pathname = `/${encodeURIComponent(name)}`;
  let created = false;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: scratchUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    url: own.toString(),
    async create() {
      if (created) return;
      await admin(`CREATE DATABASE "${name}"`);
      created = true;
    },
    async drop() {
      if (created) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      created = false;
    },
  };
}

/** Drops everything in the database's public schema so each test starts empty. */
async function resetSchema(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  } finally {
    await client.end();
  }
}

/** The server's configuration for `target` (TestApi.start, a server process). */
export function databaseEnv(target: DatabaseTarget): Record<string, string> {
  return target.kind === 'pglite' ? { PGLITE_DIR: target.dataDir } : { DATABASE_URL: target.url };
}
