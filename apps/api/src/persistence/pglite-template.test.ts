import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { createDataDir, memoryImage, templateCache } from './pglite-template.js';

/** An initdb stand-in: writes what a data directory's presence is judged by, and counts its runs. */
function countingInitdb(fail = false) {
  const runs: string[] = [];
  const initdb = async (dir: string, imageFile?: string) => {
    runs.push(dir);
    await new Promise((r) => setTimeout(r, 20));
    if (fail) throw new Error('initdb failed: out of disk');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'PG_VERSION'), '17\n');
    writeFileSync(join(dir, 'postgresql.conf'), `# made in ${dir}\n`);
    if (imageFile) writeFileSync(imageFile, `tarball of ${dir}`);
  };
  return { runs, initdb };
}

describe('a new PGlite directory from the initdb template', () => {
  it('runs initdb once, then copies its result into every new directory (beside what the directory held)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pglite-template-'));
    const template = join(root, 'cache', 'pglite-9.9.9');
    const { runs, initdb } = countingInitdb();
    const first = mkdtempSync(join(root, 'data-'));
    const second = mkdtempSync(join(root, 'data-'));
    writeFileSync(join(second, 'admin-token'), 'kept\n');
    await createDataDir(first, initdb, template);
    await createDataDir(second, initdb, template);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatch(/pglite-9\.9\.9\.staging-.*pgdata$/);
    for (const dir of [first, second]) expect(readFileSync(join(dir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(join(second, 'admin-token'), 'utf8')).toBe('kept\n');
    expect(readdirSync(join(root, 'cache'))).toEqual(['pglite-9.9.9']);
    // An in-memory database loads the same directory as a tarball, made by that one initdb run.
    expect((await memoryImage(initdb, template))?.toString()).toBe(`tarball of ${runs[0]}`);
    expect(runs).toHaveLength(1);
  });

  it('leaves one whole template and no staging directory when servers race to make it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pglite-template-'));
    const template = join(root, 'cache', 'pglite-9.9.9');
    const { runs, initdb } = countingInitdb();
    const dirs = [1, 2, 3].map(() => mkdtempSync(join(root, 'data-')));
    await Promise.all(dirs.map((dir) => createDataDir(dir, initdb, template)));
    expect(runs.length).toBeGreaterThanOrEqual(1);
    for (const dir of dirs) expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(join(root, 'cache'))).toEqual(['pglite-9.9.9']);
  });

  it('runs initdb in the directory itself when the cache cannot be written', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pglite-template-'));
    writeFileSync(join(root, 'a-file'), '');
    const { runs, initdb } = countingInitdb();
    const dir = mkdtempSync(join(root, 'data-'));
    await createDataDir(dir, initdb, join(root, 'a-file', 'pglite-9.9.9'));
    expect(runs).toEqual([dir]);
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
  });

  it("reports initdb's failure and keeps no half-made template", async () => {
    const root = mkdtempSync(join(tmpdir(), 'pglite-template-'));
    const { initdb } = countingInitdb(true);
    await expect(createDataDir(mkdtempSync(join(root, 'data-')), initdb, join(root, 'cache', 'pglite-9.9.9'))).rejects.toThrow('out of disk');
    expect(readdirSync(join(root, 'cache'))).toEqual([]);
  });

  it('has no image for an in-memory database when the cache cannot be written (the caller runs initdb)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pglite-template-'));
    writeFileSync(join(root, 'a-file'), '');
    expect(await memoryImage(countingInitdb().initdb, join(root, 'a-file', 'pglite-9.9.9'))).toBeUndefined();
  });

  it("names the template after the installed PGlite's version, inside node_modules/.cache", () => {
    const version = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string }).version;
    expect(templateCache()).toBe(join(import.meta.dirname, '..', '..', '..', '..', 'node_modules', '.cache', 'coxswain', `pglite-${version}`));
  });
});
