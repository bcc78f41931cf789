// A new PGlite data directory is a copy of one that initdb made once per installation. initdb in
// WebAssembly takes about 7 s (every first start, every test server with a fresh directory); copying
// its 39 MB takes a fraction of a second. The template lives in node_modules/.cache, beside the PGlite
// it was made by, and is named after that PGlite's version, so an upgrade makes a new one. Where the
// cache cannot be written (a read-only image), the directory is made by initdb directly, as before.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';

/** Runs initdb into an empty or absent directory. */
export type Initdb = (dataDir: string) => Promise<void>;

export async function createDataDir(dataDir: string, initdb: Initdb, template: string | undefined = templateDir()): Promise<void> {
  if (template && (existsSync(join(template, 'PG_VERSION')) || (await makeTemplate(template, initdb)))) {
    cpSync(template, dataDir, { recursive: true });
    return;
  }
  await initdb(dataDir);
}

/** The template's directory, or undefined when PGlite is not installed under a node_modules. */
export function templateDir(): string | undefined {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const at = entry.lastIndexOf(`${sep}node_modules${sep}`);
  if (at < 0) return undefined;
  const nodeModules = entry.slice(0, at + sep.length + 'node_modules'.length);
  const { version } = JSON.parse(readFileSync(join(nodeModules, '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string };
  return join(nodeModules, '.cache', 'coxswain', `pglite-${version}-initdb`);
}

/**
 * Makes the template in a staging directory and renames it into place, so a reader never sees half of
 * one; when two processes race, the first rename wins and the other's copy is dropped. False when the
 * cache cannot be written.
 */
async function makeTemplate(template: string, initdb: Initdb): Promise<boolean> {
  let staging: string;
  try {
    mkdirSync(dirname(template), { recursive: true });
    staging = mkdtempSync(`${template}.staging-`);
  } catch {
    return false;
  }
  try {
    await initdb(staging);
    renameSync(staging, template);
  } catch {
    // Another process's template is in place (the rename found a directory there), or initdb failed.
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return existsSync(join(template, 'PG_VERSION'));
}
