// Kill the process mid-stream: nothing it acknowledged is lost, and the store reopens cleanly.
import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedStore, ManualClock } from '@coxswain/cluster';
import { Database } from '../src/persistence/database.js';
import { SqlStorePersistence } from '../src/persistence/sql-store-persistence.js';
import { DEFAULT_MIGRATIONS_DIR } from '../src/runtime.js';

describe('crash safety on PGlite', () => {
  it('keeps every acknowledged write after SIGKILL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'coxswain-crash-'));
    const child = spawn(process.execPath, [join(import.meta.dirname, 'support', 'write-until-killed.mjs'), dataDir, DEFAULT_MIGRATIONS_DIR], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const acked: string[] = [];
    let buffer = '';
    await new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`writer exited early: ${code}`))));
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop()!;
        for (const line of lines) if (line.startsWith('acked ')) acked.push(...line.slice(6).split(' '));
        if (acked.length >= 120) child.kill('SIGKILL');
      });
    });
    expect(acked.length).toBeGreaterThanOrEqual(120);

    const database = await Database.open({ kind: 'pglite', dataDir }, DEFAULT_MIGRATIONS_DIR);
    const store = await EmbeddedStore.open({ clock: new ManualClock(), persistence: new SqlStorePersistence(database.sql) });
    const { items } = await store.list({ apiVersion: 'v1', kind: 'Pod' }, { namespace: 'crash' });
    const stored = new Set(items.map((p) => p.metadata.name));
    expect(acked.filter((name) => !stored.has(name))).toEqual([]);
    const maxRv = Math.max(...items.map((p) => Number(p.metadata.resourceVersion)));
    expect(Number(store.currentResourceVersion())).toBeGreaterThanOrEqual(maxRv);
    await store.close();
    await database.close();
  }, 180_000);
});
