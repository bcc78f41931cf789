// How the library's folders may depend on each other (docs/architecture.md "Layers"): no workload kind's folder
// imports another kind's (what two kinds share lives in a neutral folder: pod/, sort/, revision/, …),
// and no source file reaches itself through its imports, type-only ones included. kinds/ is the
// registry of every kind and index.ts the package's face: both import every kind by design.
import { describe, expect, it } from '@jest/globals';
import { relativeImports, sourceFiles } from './source-imports.js';

/** The folders under src/ that each hold one workload kind. */
const KIND_FOLDERS = ['cloneset', 'statefulset', 'replicaset', 'deployment', 'uniteddeployment'];

const topFolder = (path: string) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : '');

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
    expect(relativeImports('statefulset/core/slots.ts')).toEqual(expect.arrayContaining(['statefulset/core/slot.ts', 'statefulset/utils/identity.ts']));
    expect(KIND_FOLDERS.every((kind) => sourceFiles().some((file) => file.startsWith(`${kind}/`)))).toBe(true);
  });
});
