// Worker threads run JavaScript files. In production the caller is itself compiled, so the entry sits
// beside it; the tests run the TypeScript sources, whose workers run the build of the same file
// (Nx builds the app before its tests).
import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export function compiledEntry(relative: string, from: string): URL {
  const url = new URL(relative, from);
  const path = fileURLToPath(url);
  if (existsSync(path)) return url;
  const at = path.lastIndexOf(`${sep}src${sep}`);
  const built = at < 0 ? path : `${path.slice(0, at)}${sep}dist${sep}${path.slice(at + 5)}`;
  if (existsSync(built)) return pathToFileURL(built);
  throw new Error(`${path} is not built yet: run \`npm run build\` first`);
}
