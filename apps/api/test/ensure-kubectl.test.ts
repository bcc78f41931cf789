// The test command's kubectl set-up (scripts/ensure-kubectl.mjs): a kubectl already on the machine is
// used as it is ($KUBECTL first, then the cloud SDK's newest build, then PATH); on a machine without
// one, Debian's kubernetes-client is installed (root directly, otherwise through sudo, after apt-get
// update when the lists are stale, waiting for the package locks: ensure-chromium.test.ts), and a
// failure is named. apt-get itself is the one thing replaced.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
// @ts-expect-error: a plain .mjs script without types
import { ensureKubectl } from '../../../scripts/ensure-kubectl.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kubectl-'));
  dirs.push(dir);
  return dir;
}

/** A machine: `sh -c command -v kubectl` answers `onPath`; apt-get installs the binary at `packagePath`. */
function machine(packagePath: string, { onPath, failOnce = [] }: { onPath?: string; failOnce?: string[] } = {}) {
  const commands: string[] = [];
  const run = (cmd: string, args: string[]) => {
    if (cmd === 'sh') return onPath ? { status: 0, stdout: `${onPath}\n` } : { status: 1, stdout: '' };
    const line = [cmd, ...args].join(' ');
    commands.push(line);
    if (failOnce.includes(line) && commands.filter((c) => c === line).length === 1) return { status: 100 };
    if (line.endsWith(' install -y kubernetes-client')) writeFileSync(packagePath, '#!/bin/sh\n');
    return { status: 0 };
  };
  return { commands, run };
}

describe('ensureKubectl (the test command set-up)', () => {
  it('installs Debian kubernetes-client when no kubectl is anywhere, as root', () => {
    const dir = scratch();
    const packagePath = join(dir, 'kubectl');
    const m = machine(packagePath);
    const logs: string[] = [];
    const result = ensureKubectl({ env: {}, run: m.run, sdkBin: join(dir, 'no-sdk'), packagePath, isRoot: true, log: (l: string) => logs.push(l) });
    expect(result).toEqual({ path: packagePath, installed: true });
    expect(m.commands).toEqual(['apt-get -o DPkg::Lock::Timeout=300 install -y kubernetes-client']);
    expect(logs.join('\n')).toContain("installing Debian's kubernetes-client");
  });

  it('goes through sudo when not root and updates the package lists when the first install fails', () => {
    const dir = scratch();
    const packagePath = join(dir, 'kubectl');
    const apt = 'sudo -n apt-get -o DPkg::Lock::Timeout=300';
    const m = machine(packagePath, { failOnce: [`${apt} install -y kubernetes-client`] });
    expect(ensureKubectl({ env: {}, run: m.run, sdkBin: join(dir, 'no-sdk'), packagePath, isRoot: false, log: () => {} }).installed).toBe(true);
    expect(m.commands).toEqual([`${apt} install -y kubernetes-client`, `${apt} update`, `${apt} install -y kubernetes-client`]);
  });

  it.each([
    ['$KUBECTL', (dir: string) => ({ env: { KUBECTL: join(dir, 'mine') }, want: join(dir, 'mine') })],
    ["the cloud SDK's newest build", (dir: string) => ({ env: {}, want: join(dir, 'sdk', 'kubectl.1.33') })],
    ['kubectl on PATH', (_dir: string) => ({ env: {}, onPath: '/opt/bin/kubectl', noSdk: true, want: '/opt/bin/kubectl' })],
  ])('uses %s and installs nothing', (_what, arrange) => {
    const dir = scratch();
    writeFileSync(join(dir, 'mine'), '');
    mkdirSync(join(dir, 'sdk'));
    for (const build of ['kubectl.1.27', 'kubectl.1.33', 'kubectl.1.9']) writeFileSync(join(dir, 'sdk', build), '');
    const { env, want, onPath, noSdk } = arrange(dir) as { env: Record<string, string>; want: string; onPath?: string; noSdk?: boolean };
    const m = machine(join(dir, 'kubectl'), { onPath });
    const result = ensureKubectl({ env, run: m.run, sdkBin: noSdk ? join(dir, 'no-sdk') : join(dir, 'sdk'), packagePath: join(dir, 'kubectl'), isRoot: true, log: () => {} });
    expect(result).toEqual({ path: want, installed: false });
    expect(m.commands).toEqual([]);
  });

  it('names the failure when apt-get cannot install it, and refuses a KUBECTL that does not exist', () => {
    const dir = scratch();
    const run = (cmd: string) => (cmd === 'sh' ? { status: 1, stdout: '' } : { status: 100 });
    expect(() => ensureKubectl({ env: {}, run, sdkBin: join(dir, 'no-sdk'), packagePath: join(dir, 'kubectl'), isRoot: false, log: () => {} }))
      .toThrow(/could not install Debian's kubernetes-client .*through sudo/);
    expect(() => ensureKubectl({ env: { KUBECTL: '/nowhere/kubectl' }, run, sdkBin: join(dir, 'no-sdk'), packagePath: join(dir, 'kubectl'), isRoot: true, log: () => {} }))
      .toThrow('KUBECTL=/nowhere/kubectl does not exist');
  });
});
