// A new PGlite directory is created (initdb) in a child process, so the server's own PGlite thread starts
// without initdb's leftovers; a directory that cannot be created is refused with its path and reason.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Database } from '../src/persistence/database.js';
import { DEFAULT_MIGRATIONS_DIR } from '../src/runtime.js';

const root = mkdtempSync(join(tmpdir(), 'coxswain-pglite-dir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a PGlite data directory', () => {
  it('is created on first start and opened as it is afterwards', async () => {
    const dataDir = join(root, 'new');
    let database = await Database.open({ kind: 'pglite', dataDir }, DEFAULT_MIGRATIONS_DIR);
    try {
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
      await database.prisma.$executeRawUnsafe(`INSERT INTO audit_entries (at, actor_name, actor_role, action, request_id, result) VALUES (now(), 'a', 'admin', 'test', 'r1', 'ok')`);
    } finally {
      await database.close();
    }
    database = await Database.open({ kind: 'pglite', dataDir }, DEFAULT_MIGRATIONS_DIR);
    try {
      const rows = await database.prisma.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM audit_entries WHERE action = 'test'`);
      expect(Number(rows[0]!.n)).toBe(1);
    } finally {
      await database.close();
    }
  });

  // pglite-worker.ts PGLITE_SHARED_BUFFERS: PGlite's default of 128 MB was a tenth of the process at 150,000 pods.
  it.each(['directory', 'memory'] as const)('runs with a buffer pool of 32 MB (%s)', async (kind) => {
    const database = await Database.open({ kind: 'pglite', dataDir: kind === 'memory' ? 'memory' : join(root, 'buffers') }, DEFAULT_MIGRATIONS_DIR);
    try {
      const rows = await database.prisma.$queryRawUnsafe<{ shared_buffers: string }[]>('SHOW shared_buffers');
      expect(rows[0]!.shared_buffers).toBe('32MB');
    } finally {
      await database.close();
    }
  });

  it('that cannot be created is refused with its path and the reason', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'not a directory');
    const dataDir = join(file, 'pglite');
    await expect(Database.open({ kind: 'pglite', dataDir }, DEFAULT_MIGRATIONS_DIR)).rejects.toThrow(dataDir);
  });
});
