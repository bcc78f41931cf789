// The library exports what its users use (issue 32 item 3): every name an entry point of
// @coxswain/kruise-api exports is imported by another package (apps/*, libs/*, their tests, scripts/), or is a
// type what they import refers to, and the entry points name each export (no `export *`).
// scripts/check-exports.mjs does the reading; run it alone with `node scripts/check-exports.mjs @coxswain/kruise-api`.
import { expect, it } from '@jest/globals';
import { checkExports } from '../../../scripts/check-exports.mjs';

it('exports only what other packages use, each by name', () => {
  expect(checkExports(['@coxswain/kruise-api']).map((p) => p.message)).toEqual([]);
});
