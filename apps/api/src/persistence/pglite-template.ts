// A new PGlite database starts from what initdb made once per installation. initdb in WebAssembly takes
// 4 to 7 s (every first start, every test server); copying its 39 MB directory takes a fraction of a
// second, and an in-memory database loads its tarball in half the time of an initdb. Both live in
// node_modules/.cache, beside the PGlite that made them, named after its version, so an upgrade makes
// new ones. Where the cache cannot be written (a read-only image), initdb runs as before.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';

/** Runs initdb into an empty or absent directory; with `imageFile`, also writes the result as a tarball. */
export type Initdb = (dataDir: string, imageFile?: string) => Promise<void>;

const DATA_DIR = 'pgdata';
const IMAGE = 'pgdata.tar';

/** Makes `dataDir` a new data directory (it may hold other files already: they stay). */
export async function createDataDir(dataDir: string, initdb: Initdb, cache: string | undefined = templateCache()): Promise<void> {
  if (cache && (await ensureTemplate(cache, initdb))) {
    cpSync(join(cache, DATA_DIR), dataDir, { recursive: true });
    return;
  }
  await initdb(dataDir);
}

/** A new data directory as a tarball, for an in-memory database; undefined when the cache cannot be made. */
export async function memoryImage(initdb: Initdb, cache: string | undefined = templateCache()): Promise<Buffer | undefined> {
  return cache && (await ensureTemplate(cache, initdb)) ? readFileSync(join(cache, IMAGE)) : undefined;
}

/** The template's directory, or undefined when PGlite is not installed under a node_modules. */
export function templateCache(): string | undefined {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const at = entry.lastIndexOf(`${sep}node_modules${sep}`);
  if (at < 0) return undefined;
  const nodeModules = entry.slice(0, at + sep.length + 'node_modules'.length);
  const { version } = JSON.parse(readFileSync(join(nodeModules, '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string };
  return join(nodeModules, '.cache', 'coxswain', `pglite-${version}`);
}

/**
 * Makes the template in a staging directory and renames it into place, so a reader never sees half of
 * one; when two processes race, the first rename wins and the other's copy is dropped. False when the
 * cache cannot be written.
 */
async function ensureTemplate(cache: string, initdb: Initdb): Promise<boolean> {
  if (existsSync(join(cache, IMAGE))) return true;
  let staging: string;
  try {
    mkdirSync(dirname(cache), { recursive: true });
    staging = mkdtempSync(`${cache}.staging-`);
  } catch {
    return false;
  }
  try {
    // The image is written last: its presence says the directory is whole.
    await initdb(join(staging, DATA_DIR), join(staging, IMAGE));
    renameSync(staging, cache);
  } catch {
    // Another process's template is in place (the rename found a directory there), or initdb failed.
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return existsSync(join(cache, IMAGE));
}
