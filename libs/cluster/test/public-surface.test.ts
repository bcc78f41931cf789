// The library exports what its users use (issue 32 item 3): every name an entry point of
// @coxswain/cluster exports is imported by another package (apps/*, libs/*, their tests, scripts/), or is a
// type what they import refers to; the entry points name each export. scripts/check-exports.mjs does the
// reading; run it alone with `node scripts/check-exports.mjs @coxswain/cluster`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { checkExports, workspaceLibraries } from '../../../scripts/check-exports.mjs';

describe('public surface', () => {
  it('every exported name is used outside the library', () => {
    expect(checkExports(['@coxswain/cluster']).map((p) => p.message)).toEqual([]);
  });

  it('names each export (no export * in the entry points)', () => {
    const lib = workspaceLibraries(join(dirname(fileURLToPath(import.meta.url)), '../../..')).find((l) => l.name === '@coxswain/cluster')!;
    for (const entry of lib.entries) expect(readFileSync(entry.source, 'utf8')).not.toMatch(/export \*/);
  });
});
