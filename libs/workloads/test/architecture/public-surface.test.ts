// The library exports what its users use (issue 32 item 3): every name @coxswain/workloads exports is
// imported by another package (apps/*, libs/*, their tests, scripts/) or is a type what they import
// refers to, and every name of @coxswain/workloads/testing is imported by a test or benchmark;
// src/index.ts names each export, no `export *`.
// scripts/check-exports.mjs does the reading; run it alone with `node scripts/check-exports.mjs`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { checkExports, exportedNames } from '../../../../scripts/check-exports.mjs';
import { SRC } from './source-imports.js';

describe('public surface', () => {
  it('every name @coxswain/workloads and @coxswain/workloads/testing export is imported outside the library source', () => {
    expect(checkExports(['@coxswain/workloads']).map((p) => p.message)).toEqual([]);
  });

  it('names each export (no export * in the entry points)', () => {
    for (const entry of ['index.ts', 'testing.ts']) expect(readFileSync(join(SRC, entry), 'utf8')).not.toMatch(/export \*/);
  });

  it('reads the exports it checks (the controllers are public, the planners only for tests)', () => {
    const main = exportedNames(join(SRC, 'index.ts'));
    expect(main).toEqual(expect.arrayContaining(['CloneSetController', 'StatefulSetController', 'WORKLOAD_KINDS']));
    expect(main).not.toContain('planCloneSet');
    expect(exportedNames(join(SRC, 'testing.ts'))).toContain('planCloneSet');
  });
});
