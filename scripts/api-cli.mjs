#!/usr/bin/env node
// `npm run token` and `npm run kubeconfig`: runs the API's command from its build (apps/api/dist/cli),
// building the API only when there is no build. They are run beside a running server, which loads
// parts of apps/api/dist lazily: rebuilding it under the server would swap code it has not loaded yet.
// When a source is newer than the build, stderr says how to rebuild (`npm run build`) instead.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const SOURCE_DIRS = ['apps/api/src', 'libs'];

/** The newest modification time of a TypeScript source under `dir` (skipping builds and dependencies). */
function newestSource(dir) {
  let newest = 0;
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop();
    if (!existsSync(current)) continue;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const path = join(current, entry.name);
      if (entry.isDirectory()) stack.push(path);
      else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

/** Runs `command` (token, kubeconfig) with `args`; returns its exit code. `run`, `node` and `log` are replaceable in tests. */
export function runApiCli({ root, command, args, run = spawnSync, node = process.execPath, log = (line) => process.stderr.write(`${line}\n`) }) {
  const built = join(root, 'apps/api/dist/cli', `${command}.js`);
  if (!existsSync(built)) {
    // The build's output goes to stderr: stdout is the command's answer (a kubeconfig, a secret).
    const build = run('npx', ['nx', 'run', '@coxswain/api:build', '--output-style=static'], { cwd: root, stdio: ['ignore', 2, 'inherit'], env: { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', ...process.env } });
    if (build.status !== 0) return build.status ?? 1;
  } else {
    const sources = Math.max(...SOURCE_DIRS.map((dir) => newestSource(join(root, dir))));
    if (sources > statSync(built).mtimeMs) {
      log(`${command}: apps/api/dist is older than the sources; \`npm run build\` rebuilds it (not done here: a running server may be using it)`);
    }
  }
  return run(node, [built, ...args], { cwd: root, stdio: 'inherit' }).status ?? 1;
}

// Run as the main module, also through a symbolic link (Node loads the module by its real path).
if (process.argv[1] && existsSync(process.argv[1]) && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const [command, ...args] = process.argv.slice(2);
  if (command !== 'token' && command !== 'kubeconfig') {
    process.stderr.write('usage: node scripts/api-cli.mjs token|kubeconfig [ARGS...]\n');
    process.exit(2);
  }
  process.exit(runApiCli({ root: join(import.meta.dirname, '..'), command, args }));
}
