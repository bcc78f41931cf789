#!/usr/bin/env node
// The README's test command: sets up what the suites need (Debian's Chromium for the dashboard's
// browser tests, a kubectl for the Kubernetes API tests and Debian's kubectl 1.20 for the
// client-compatibility test), type-checks every project (tests included), lints the dashboard (ESLint
// and `prettier --check`, counted as one suite) and runs each project's Jest suite through Nx, then
// prints one totals line.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const resultsDir = join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });

// One fast-check seed for every project, so `FC_SEED=<seed> npm test` replays a whole red run; each
// project's Jest prints it too (scripts/fast-check-seed-choose.js).
const fastCheckSeed = process.env.FC_SEED || String(Math.floor(Math.random() * 2 ** 31));
console.log(`[test] fast-check seed ${fastCheckSeed}; FC_SEED=${fastCheckSeed} npm test replays this run's property tests`);

const env = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', ...process.env, FC_SEED: fastCheckSeed };
const phaseSeconds = [];
/** Runs a command with inherited output; resolves to its exit status and records how long it took. */
const run = (phase, command, args) => new Promise((resolve) => {
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  const done = (status) => {
    phaseSeconds.push(`${phase} ${Math.round((Date.now() - started) / 1000)} s`);
    resolve(status);
  };
  child.on('error', () => done(1));
  child.on('exit', (code) => done(code ?? 1));
});
const nx = (phase, target, parallel, ...rest) =>
  run(phase, 'npx', ['nx', 'run-many', '-t', target, `--parallel=${parallel}`, '--output-style=stream', ...rest, ...process.argv.slice(2)]);

// What overlaps, and why: installing the tools waits on the network and dpkg while type-checking and
// linting use the CPU, so they run together; then the API's suite, whose end-to-end files mostly wait
// on servers, sockets and the simulated cluster, runs beside the other projects' suites one at a time.
// Within a project Jest runs two files at a time, except the dashboard's browser tests, one by one.
//
// The tools: Debian's Chromium for the dashboard's browser tests, a kubectl for the Kubernetes API
// tests, Debian's Prometheus for the analysis test (docs/analysis.md) and Debian's kubectl 1.20 for the
// client-compatibility test, one after another (they share apt's locks).
const tools = (async () => {
  for (const script of ['ensure-chromium.mjs', 'ensure-prometheus.mjs', 'ensure-kubectl.mjs', 'ensure-legacy-kubectl.mjs']) {
    if ((await run(script.replace('.mjs', ''), process.execPath, [join(root, 'scripts', script)])) !== 0) return 1;
  }
  return 0;
})();
// The dashboard's lint (apps/dashboard/eslint.config.js, .prettierrc.json): one suite, failed when
// ESLint reports anything (warnings too) or a file is not formatted as Prettier would.
const [toolsStatus, typecheck, lint] = await Promise.all([
  tools,
  nx('typecheck', 'typecheck', 2),
  run('lint', 'npm', ['run', 'lint', '--workspace', '@coxswain/dashboard']),
]);
if (toolsStatus !== 0) {
  console.error('[test] the test tools could not be set up (see above)');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const suites = await Promise.all([
  nx('api suite', 'test', 1, '--projects=@coxswain/api'),
  nx('other suites', 'test', 1, '--exclude=@coxswain/api'),
]);
const tests = { status: suites.every((status) => status === 0) ? 0 : 1 };

let passed = 0, failed = 0, skipped = 0;
let files = [];
try { files = readdirSync(resultsDir).filter((f) => f.endsWith('.json')); } catch { /* no project ran */ }
for (const file of files) {
  const r = JSON.parse(readFileSync(join(resultsDir, file), 'utf8'));
  const replay = r.failed > 0 && r.fastCheckSeed ? ` (fast-check seed ${r.fastCheckSeed})` : '';
  console.log(`  ${r.project}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}${replay}`);
  // Where CI's minutes go, so the slowest files are the ones split or sped up first.
  if (r.seconds !== undefined) console.log(`    ${r.seconds} s; slowest: ${r.slowest.map((f) => `${f.file} ${f.seconds} s`).join(', ')}`);
  passed += r.passed; failed += r.failed; skipped += r.skipped;
}
if (typecheck !== 0) {
  console.log('  typecheck: failed');
  failed += 1;
}
if (lint === 0) {
  console.log('  lint: passed');
  passed += 1;
} else {
  console.log('  lint: failed (npm run lint --workspace @coxswain/dashboard)');
  failed += 1;
}
console.log(`  time: ${phaseSeconds.join(', ')}`);
if (tests.status !== 0 && failed === 0) failed = 1; // a project that crashed before reporting still counts
if (failed > 0) console.log(`  replay the property tests of this run: FC_SEED=${fastCheckSeed} npm test`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(typecheck === 0 && lint === 0 && tests.status === 0 && failed === 0 ? 0 : 1);
