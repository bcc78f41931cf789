#!/usr/bin/env node
// The README's test command: sets up what the suites need (Debian's Chromium for the dashboard's
// browser tests, a kubectl for the Kubernetes API tests and Debian's kubectl 1.20 for the
// client-compatibility test), type-checks every project (tests included), lints the dashboard (ESLint
// and `prettier --check`, counted as one suite) and runs each project's Jest suite through Nx, then
// prints one totals line.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureKubectl } from './ensure-kubectl.mjs';
import { ensureLegacyKubectl } from './ensure-legacy-kubectl.mjs';

const root = join(import.meta.dirname, '..');

// The browser tests need Chromium and the Kubernetes API tests kubectl; the test command sets both up
// itself on a fresh machine.
try {
  ensureChromium();
  ensureKubectl();
  ensureLegacyKubectl();
} catch (err) {
  console.error(`[test] ${err.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const resultsDir = join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });

// One fast-check seed for every project, so `FC_SEED=<seed> npm test` replays a whole red run; each
// project's Jest prints it too (scripts/fast-check-seed-choose.js).
const fastCheckSeed = process.env.FC_SEED || String(Math.floor(Math.random() * 2 ** 31));
console.log(`[test] fast-check seed ${fastCheckSeed}; FC_SEED=${fastCheckSeed} npm test replays this run's property tests`);

// Type-checks run two at a time (the compiler is all CPU and has nothing to time); the projects' suites
// one at a time, so no project's timing depends on another's load (within a project, Jest runs two test
// files at a time, except the dashboard's, whose browser tests run one by one).
const runMany = (target, parallel) => spawnSync('npx', ['nx', 'run-many', '-t', target, `--parallel=${parallel}`, '--output-style=stream', ...process.argv.slice(2)], {
  cwd: root, stdio: 'inherit', env: { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', ...process.env, FC_SEED: fastCheckSeed },
});
const typecheck = runMany('typecheck', 2);
// The dashboard's lint (apps/dashboard/eslint.config.js, .prettierrc.json): one suite, failed when
// ESLint reports anything (warnings too) or a file is not formatted as Prettier would.
console.log('[test] lint: apps/dashboard (eslint, prettier --check)');
const lint = spawnSync('npm', ['run', 'lint', '--workspace', '@coxswain/dashboard'], { cwd: root, stdio: 'inherit' });
const tests = runMany('test', 1);

let passed = 0, failed = 0, skipped = 0;
let files = [];
try { files = readdirSync(resultsDir).filter((f) => f.endsWith('.json')); } catch { /* no project ran */ }
for (const file of files) {
  const r = JSON.parse(readFileSync(join(resultsDir, file), 'utf8'));
  const replay = r.failed > 0 && r.fastCheckSeed ? ` (fast-check seed ${r.fastCheckSeed})` : '';
  console.log(`  ${r.project}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}${replay}`);
  passed += r.passed; failed += r.failed; skipped += r.skipped;
}
if (typecheck.status !== 0) {
  console.log('  typecheck: failed');
  failed += 1;
}
if (lint.status === 0) {
  console.log('  lint: passed');
  passed += 1;
} else {
  console.log('  lint: failed (npm run lint --workspace @coxswain/dashboard)');
  failed += 1;
}
if (tests.status !== 0 && failed === 0) failed = 1; // a project that crashed before reporting still counts
if (failed > 0) console.log(`  replay the property tests of this run: FC_SEED=${fastCheckSeed} npm test`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(typecheck.status === 0 && lint.status === 0 && tests.status === 0 && failed === 0 ? 0 : 1);
