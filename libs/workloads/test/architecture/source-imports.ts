// The relative imports of the library's source files, read from their text: enough for tests about how
// the folders depend on each other (which kind imports which, import loops), with no compiler involved.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/** `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`, type-only ones included. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

/** Every .ts file under `dir`, as paths relative to src/ with '/' separators. */
export function sourceFiles(dir = SRC): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(relative(SRC, path).split(sep).join('/'));
  }
  return out.sort();
}

/** The source files `file` imports relatively, as paths relative to src/ (`.js` read as `.ts`). */
export function relativeImports(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const out: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[1]!;
    if (!specifier.startsWith('.')) continue;
    const target = resolve(dirname(join(SRC, file)), specifier.replace(/\.js$/, '.ts'));
    out.push(relative(SRC, target).split(sep).join('/'));
  }
  return out;
}
