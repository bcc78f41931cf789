// How the API's folders may depend on each other: the use cases (workloads/, cluster/, hooks/,
// topology/) and the error vocabulary (errors/) know nothing of the surfaces that serve them — no GraphQL
// package, no file of the adapters graphql/, rest/ or kube-api/ — so a use case throws a DomainError and
// each adapter words it (errors/domain-error.ts). auth/ and audit/ hold use cases too, beside the Nest
// guards and interceptors that read each surface's request, which alone may.
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = dirname(fileURLToPath(import.meta.url));

const USE_CASE_FOLDERS = ['workloads', 'cluster', 'hooks', 'topology', 'errors', 'auth', 'audit'];
/** Files of those folders that read a GraphQL or REST request by design (guards, interceptors). */
const REQUEST_READERS = new Set(['auth/authentication.guard.ts', 'auth/authorization.interceptor.ts', 'auth/operation.ts', 'audit/audit.interceptor.ts']);
const GRAPHQL_PACKAGES = /^(graphql|graphql-ws|graphql-jit|@nestjs\/graphql|@nestjs\/apollo|@apollo\/.*)(\/.*)?$/;
const ADAPTER_FOLDERS = ['graphql', 'rest', 'kube-api'];

/** `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`, type-only ones included. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

/** Every .ts file under src/, relative to it with '/' separators. */
function sourceFiles(): string[] {
  const paths = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).map((path) => path.split(sep).join('/'));
  return paths.filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts')).sort();
}

/** What `file` imports: package names as written, relative files as paths relative to src/. */
function imports(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  return [...text.matchAll(SPECIFIER)].map(([, specifier]) => {
    if (!specifier!.startsWith('.')) return specifier!;
    return relative(SRC, resolve(dirname(join(SRC, file)), specifier!.replace(/\.js$/, '.ts'))).split(sep).join('/');
  });
}

const topFolder = (path: string) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : '');

describe('API source imports', () => {
  it('no use case or the error vocabulary imports GraphQL or an adapter folder', () => {
    const crossings: string[] = [];
    for (const file of sourceFiles()) {
      if (!USE_CASE_FOLDERS.includes(topFolder(file)) || REQUEST_READERS.has(file)) continue;
      for (const target of imports(file)) {
        if (GRAPHQL_PACKAGES.test(target) || ADAPTER_FOLDERS.includes(topFolder(target))) crossings.push(`${file} -> ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('reads the imports it checks (files with known imports)', () => {
    expect(imports('graphql/workloads/workloads.resolver.ts')).toEqual(expect.arrayContaining(['@nestjs/graphql', 'workloads/workloads.service.ts']));
    expect(USE_CASE_FOLDERS.every((folder) => sourceFiles().some((file) => file.startsWith(`${folder}/`)))).toBe(true);
    expect([...REQUEST_READERS].every((file) => sourceFiles().includes(file))).toBe(true);
  });
});
