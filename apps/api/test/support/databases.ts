// The databases a database-backed test runs on: embedded PGlite always, PostgreSQL too when
// TEST_DATABASE_URL names a scratch database (CI sets it when a server answers at 127.0.0.1:5432).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    list.push({
      name: 'postgresql',
      fresh: async () => {
        await resetSchema(url);
        return { kind: 'postgres', url };
      },
    });
  }
  return list;
}

/** Drops everything in the scratch database's public schema so each test starts empty. */
async function resetSchema(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  } finally {
    await client.end();
  }
}
