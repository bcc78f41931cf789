// How the library's folders may depend on each other (docs/architecture.md "Layers"; libs/workloads/README.md):
// every kind's folder has one layout (plan/ pure, sync/ writes, revision/ its revisions, controller.ts and
// reconciler.ts); no workload kind's folder imports another kind's (what two kinds share lives in a
// neutral folder: pod/, sort/, revision/, sync/, …), nor does a neutral folder import a kind's; nothing
// in a plan/ folder imports a sync/ folder or a kind's reconciler or controller (planning is pure); and no
// source file reaches itself through its imports, type-only ones included. kinds/ is the registry of
// every kind and index.ts (with testing.ts) the package's face: they import every kind by design.
import { describe, expect, it } from '@jest/globals';
import { relativeImports, sourceFiles } from './source-imports.js';

/** The folders under src/ that each hold one workload kind. */
const KIND_FOLDERS = ['cloneset', 'statefulset', 'replicaset', 'deployment', 'advanceddeployment', 'uniteddeployment', 'containerrecreate', 'imagepulljob', 'nodeimage', 'batchrelease', 'rollout'];

/** What a kind's folder may hold: its pure planning, its writes, its revisions, its reconcile loop and wiring. */
const KIND_LAYOUT = ['plan/', 'sync/', 'revision/', 'controller.ts', 'reconciler.ts', 'index.ts'];
/** Folders and files that import every kind by design. */
const FACES = ['kinds', 'index.ts', 'testing.ts'];

const topFolder = (path: string) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : '');
const segments = (path: string) => path.split('/').slice(0, -1);
const isKindRoot = (path: string) => /^[a-z]+\/(controller|reconciler)\.ts$/.test(path) && KIND_FOLDERS.includes(topFolder(path));

describe('source imports', () => {
  it('no kind folder imports from another kind folder', () => {
    const crossings: string[] = [];
    for (const file of sourceFiles()) {
      const kind = topFolder(file);
      if (!KIND_FOLDERS.includes(kind)) continue;
      for (const target of relativeImports(file)) {
        const other = topFolder(target);
        if (other !== kind && KIND_FOLDERS.includes(other)) crossings.push(`${file} -> ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('every kind folder has the one layout: plan/, sync/, revision/, controller.ts, reconciler.ts', () => {
    const misplaced = sourceFiles().filter((file) => {
      const kind = topFolder(file);
      if (!KIND_FOLDERS.includes(kind)) return false;
      const rest = file.slice(kind.length + 1);
      return !KIND_LAYOUT.some((entry) => (entry.endsWith('/') ? rest.startsWith(entry) : rest === entry));
    });
    expect(misplaced).toEqual([]);
  });

  it('no neutral folder imports a kind folder', () => {
    const crossings: string[] = [];
    for (const file of sourceFiles()) {
      const folder = topFolder(file);
      if (KIND_FOLDERS.includes(folder) || FACES.includes(folder) || FACES.includes(file)) continue;
      for (const target of relativeImports(file)) if (KIND_FOLDERS.includes(topFolder(target))) crossings.push(`${file} -> ${target}`);
    }
    expect(crossings).toEqual([]);
  });

  it('nothing in a plan/ folder imports a sync/ folder, a reconciler or a controller', () => {
    const crossings: string[] = [];
    for (const file of sourceFiles()) {
      if (!segments(file).includes('plan')) continue;
      for (const target of relativeImports(file)) {
        if (segments(target).includes('sync') || isKindRoot(target)) crossings.push(`${file} -> ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('no import loops', () => {
    const graph = new Map(sourceFiles().map((file) => [file, relativeImports(file)]));
    const loops: string[] = [];
    // Depth-first search; a file met again while still on the path closes a loop.
    const onPath: string[] = [];
    const done = new Set<string>();
    const visit = (file: string) => {
      onPath.push(file);
      for (const target of graph.get(file) ?? []) {
        const at = onPath.indexOf(target);
        if (at >= 0) loops.push([...onPath.slice(at), target].join(' -> '));
        else if (!done.has(target) && graph.has(target)) visit(target);
      }
      onPath.pop();
      done.add(file);
    };
    for (const file of graph.keys()) if (!done.has(file)) visit(file);
    expect(loops).toEqual([]);
  });

  it('reads the imports it checks (a file with known imports)', () => {
    expect(relativeImports('statefulset/plan/slots.ts')).toEqual(expect.arrayContaining(['statefulset/plan/slot.ts', 'statefulset/plan/identity.ts']));
    expect(relativeImports('cloneset/reconciler.ts')).toEqual(expect.arrayContaining(['cloneset/plan/planner.ts', 'cloneset/sync/plan-executor.ts']));
    expect(isKindRoot('cloneset/reconciler.ts') && !isKindRoot('kinds/reconciler.ts')).toBe(true);
    expect(KIND_FOLDERS.every((kind) => sourceFiles().some((file) => file.startsWith(`${kind}/`)))).toBe(true);
  });
});
