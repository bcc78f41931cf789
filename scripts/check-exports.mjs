#!/usr/bin/env node
// Checks that a library exports only what its users use (issue 32 item 3): every name an entry point of
// a workspace library (its package.json "exports": `.`, `./testing`, …) exports must be imported from that
// entry point somewhere else in the repository. Users of `.` are the other packages (apps/*, the other
// libs/*, their tests, scripts/); users of any other entry point (`./testing`, `./kubernetes`) are those
// and the library's own tests and benchmarks, which import it by its package name. A name nobody imports
// is reported: it belongs inside the library, or in its `./testing` entry when only tests need it. A type
// that what users import refers to (a return type, a member's type) counts as used: declaration files
// of the users' code name it.
//
//   node scripts/check-exports.mjs [@coxswain/<lib> ...]     (default: every library under libs/)
//
// Prints one `<package>[/<entry>]: <name> is exported and imported nowhere else` per problem (and
// `<package>: export * (name each export)` for an entry point that re-exports a whole module) and exits 1
// when there is any. The exported names are read with the TypeScript compiler (so `export *` chains
// count); the imports are read from the text of every source file (static, type-only, `export … from`
// and `await import(…)` destructuring).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-bench', '.next', 'generated', 'coverage', '.nx', '.data', '.test-results']);
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

/** The workspace libraries: package name, folder (relative to the root) and entry points (subpath -> source file). */
export function workspaceLibraries(root = ROOT) {
  return readdirSync(join(root, 'libs'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, 'libs', d.name, 'package.json')))
    .map((d) => {
      const dir = `libs/${d.name}`;
      const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
      const entries = Object.entries(pkg.exports ?? {}).map(([subpath, target]) => ({
        subpath, source: join(root, dir, typeof target === 'string' ? target : target['@coxswain/source']),
      }));
      return { name: pkg.name, dir, entries };
    });
}

function sourceFiles(root, dir) {
  const out = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sourceFiles(root, path));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const IMPORT = /\b(?:import|export)\s+(type\s+)?(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}|\*\s+as\s+[\w$]+|\*)?\s*from\s*['"](@coxswain\/[^'"]+)['"]/g;
const DYNAMIC = /(?:const|let|var)\s*\{([^}]*)\}\s*=\s*await\s+import\(\s*['"](@coxswain\/[^'"]+)['"]\s*\)/g;

/** The names each `@coxswain/…` specifier is imported under, with the files importing them. */
export function importedNames(root = ROOT) {
  const uses = new Map(); // specifier -> Map(name -> Set(file))
  const add = (specifier, name, file) => {
    if (!uses.has(specifier)) uses.set(specifier, new Map());
    const names = uses.get(specifier);
    if (!names.has(name)) names.set(name, new Set());
    names.get(name).add(file);
  };
  const files = ['apps', 'libs', 'scripts'].filter((d) => existsSync(join(root, d))).flatMap((d) => sourceFiles(root, d));
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const [whole, , , list, specifier] = m;
      if (/\*\s+as\b|\*\s*from/.test(whole) && !list) add(specifier, '*', file);
      for (const part of (list ?? '').split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]?.trim();
        if (name) add(specifier, name, file);
      }
    }
    for (const m of text.matchAll(DYNAMIC)) {
      for (const part of m[1].split(',')) {
        const name = part.trim().split(/\s*:\s*/)[0]?.trim();
        if (name) add(m[2], name, file);
      }
    }
  }
  return uses;
}

/** The names an entry point exports, as the compiler resolves them. */
export function exportedNames(entry, root = ROOT) {
  return [...exportedSurface(entry, root).keys()].sort();
}

/**
 * Each name an entry point exports, with the other names its declarations refer to as types (a
 * function's parameter and return types, an interface's members, a class's heritage): a user of the
 * one uses those too, even without naming them (the compiler names them in declaration files).
 */
export function exportedSurface(entry, root = ROOT) {
  const config = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile).config;
  const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, root);
  const program = ts.createProgram([entry], { ...options, noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  if (!source) throw new Error(`check-exports: cannot read ${entry}`);
  const symbol = checker.getSymbolAtLocation(source);
  const surface = new Map();
  for (const exported of symbol ? checker.getExportsOfModule(symbol) : []) {
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const refs = new Set();
    const visit = (node) => {
      if (ts.isTypeReferenceNode(node)) refs.add(ts.isIdentifier(node.typeName) ? node.typeName.text : node.typeName.right.text);
      else if (ts.isExpressionWithTypeArguments(node) && ts.isIdentifier(node.expression)) refs.add(node.expression.text);
      else if (ts.isTypeQueryNode(node) && ts.isIdentifier(node.exprName)) refs.add(node.exprName.text);
      ts.forEachChild(node, visit);
    };
    for (const declaration of target.declarations ?? []) visit(declaration);
    surface.set(exported.getName(), refs);
  }
  return surface;
}

/** Problems for the given packages (default: every workspace library). */
export function checkExports(packages, root = ROOT) {
  const libraries = workspaceLibraries(root).filter((lib) => !packages?.length || packages.includes(lib.name));
  const uses = importedNames(root);
  const problems = [];
  for (const lib of libraries) {
    for (const entry of lib.entries) {
      const specifier = entry.subpath === '.' ? lib.name : `${lib.name}/${entry.subpath.replace(/^\.\//, '')}`;
      // The main entry counts only other packages' imports; other entries also the library's own tests and benchmarks.
      const outside = (file) => (entry.subpath === '.' ? !file.startsWith(`${lib.dir}/`) : !file.startsWith(`${lib.dir}/src/`));
      if (/^export \*/m.test(readFileSync(entry.source, 'utf8'))) {
        problems.push({ package: specifier, name: '*', message: `${specifier}: export * (name each export)` });
      }
      const names = uses.get(specifier) ?? new Map();
      if ([...(names.get('*') ?? [])].some(outside)) continue;
      const surface = exportedSurface(entry.source, root);
      // Imported by a user, or referred to by the types of what is (transitively).
      const used = new Set([...surface.keys()].filter((name) => [...(names.get(name) ?? [])].some(outside)));
      for (const pending = [...used]; pending.length > 0;) {
        for (const ref of surface.get(pending.pop()) ?? []) {
          if (surface.has(ref) && !used.has(ref)) {
            used.add(ref);
            pending.push(ref);
          }
        }
      }
      for (const name of [...surface.keys()].sort()) {
        if (!used.has(name)) problems.push({ package: specifier, name, message: `${specifier}: ${name} is exported and imported nowhere else` });
      }
    }
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = checkExports(process.argv.slice(2));
  for (const p of problems) console.log(p.message);
  process.exit(problems.length > 0 ? 1 : 0);
}
