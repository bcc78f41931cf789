// `npm run token` and `npm run kubeconfig` (scripts/api-cli.mjs) run the API's built command, and build
// the API only when there is no build: rebuilding apps/api/dist under a running server swapped the code
// it loads lazily. Sources newer than the build are pointed out, with the command that rebuilds.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
// @ts-expect-error: a plain .mjs script without types
import { runApiCli } from '../../../scripts/api-cli.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A checkout: API sources, and a build of the kubeconfig command when `built`. */
function checkout(built: boolean): string {
  const root = mkdtempSync(join(tmpdir(), 'api-cli-'));
  dirs.push(root);
  mkdirSync(join(root, 'apps/api/src/cli'), { recursive: true });
  mkdirSync(join(root, 'libs/cluster/src'), { recursive: true });
  writeFileSync(join(root, 'apps/api/src/cli/kubeconfig.ts'), '');
  writeFileSync(join(root, 'libs/cluster/src/index.ts'), '');
  const old = new Date('2026-01-01T00:00:00Z');
  for (const f of ['apps/api/src/cli/kubeconfig.ts', 'libs/cluster/src/index.ts']) utimesSync(join(root, f), old, old);
  if (built) {
    mkdirSync(join(root, 'apps/api/dist/cli'), { recursive: true });
    writeFileSync(join(root, 'apps/api/dist/cli/kubeconfig.js'), '');
  }
  return root;
}

function machine() {
  const commands: string[] = [];
  const run = (cmd: string, args: string[]) => {
    commands.push([cmd, ...args].join(' '));
    return { status: 0 };
  };
  return { commands, run };
}

describe('runApiCli', () => {
  it('runs the built command without building when there is a build', () => {
    const root = checkout(true);
    const m = machine();
    const notes: string[] = [];
    expect(runApiCli({ root, command: 'kubeconfig', args: ['--namespace', 'x'], run: m.run, node: 'node', log: (l: string) => notes.push(l) })).toBe(0);
    expect(m.commands).toEqual([`node ${join(root, 'apps/api/dist/cli/kubeconfig.js')} --namespace x`]);
    expect(notes).toEqual([]);
  });

  it('builds first when there is no build', () => {
    const root = checkout(false);
    const m = machine();
    runApiCli({ root, command: 'kubeconfig', args: [], run: m.run, node: 'node', log: () => {} });
    expect(m.commands).toEqual(['npx nx run @coxswain/api:build --output-style=static', `node ${join(root, 'apps/api/dist/cli/kubeconfig.js')}`]);
  });

  it('says how to rebuild, and does not, when a source is newer than the build', () => {
    const root = checkout(true);
    const built = new Date('2026-01-02T00:00:00Z');
    const edited = new Date('2026-01-03T00:00:00Z');
    utimesSync(join(root, 'apps/api/dist/cli/kubeconfig.js'), built, built);
    utimesSync(join(root, 'libs/cluster/src/index.ts'), edited, edited);
    const m = machine();
    const notes: string[] = [];
    runApiCli({ root, command: 'kubeconfig', args: [], run: m.run, node: 'node', log: (l: string) => notes.push(l) });
    expect(m.commands).toHaveLength(1);
    expect(notes.join('\n')).toMatch(/apps\/api\/dist is older than the sources; `npm run build` rebuilds it/);
  });
});
