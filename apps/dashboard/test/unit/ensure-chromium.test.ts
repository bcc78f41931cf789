// The test command's set-up step (scripts/ensure-chromium.mjs): on a machine without Chromium it
// installs Debian's package (as root directly, otherwise through sudo, retrying after apt-get update),
// and it refuses clearly when that is impossible. apt-get itself is the one thing replaced here.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
// @ts-expect-error: a plain .mjs script without types
import { ensureChromium } from '../../../../scripts/ensure-chromium.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function missingPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chromium-'));
  dirs.push(dir);
  return join(dir, 'chromium');
}

/**
 * An apt-get that records its commands and, like the real one, leaves the binary in place on install;
 * `failOnce` lists commands whose first run fails (stale package lists).
 */
function fakeApt(packagePath: string, failOnce: string[] = []) {
  const commands: string[] = [];
  const run = (cmd: string, args: string[]) => {
    const line = [cmd, ...args].join(' ');
    commands.push(line);
    if (failOnce.includes(line) && commands.filter((c) => c === line).length === 1) return { status: 100 };
    if (line.endsWith('apt-get install -y chromium')) writeFileSync(packagePath, '#!/bin/sh\n');
    return { status: 0 };
  };
  return { commands, run };
}

describe('ensureChromium (the test command set-up)', () => {
  it('installs Debian chromium when it is missing, as root', () => {
    const packagePath = missingPath();
    const apt = fakeApt(packagePath);
    const logs: string[] = [];
    const result = ensureChromium({ env: {}, run: apt.run, packagePath, isRoot: true, log: (l: string) => logs.push(l) });
    expect(result).toEqual({ path: packagePath, installed: true });
    expect(apt.commands).toEqual(['apt-get install -y chromium']);
    expect(logs.join('\n')).toContain('installing Debian');
  });

  it('goes through sudo when not root and updates the package lists when the first install fails', () => {
    const packagePath = missingPath();
    const apt = fakeApt(packagePath, ['sudo -n apt-get install -y chromium']);
    const result = ensureChromium({ env: {}, run: apt.run, packagePath, isRoot: false, log: () => {} });
    expect(result.installed).toBe(true);
    expect(apt.commands).toEqual(['sudo -n apt-get install -y chromium', 'sudo -n apt-get update', 'sudo -n apt-get install -y chromium']);
  });

  it('does nothing when Chromium is there', () => {
    const packagePath = missingPath();
    writeFileSync(packagePath, '');
    const apt = fakeApt(packagePath);
    expect(ensureChromium({ env: {}, run: apt.run, packagePath, isRoot: true, log: () => {} })).toEqual({ path: packagePath, installed: false });
    expect(apt.commands).toEqual([]);
  });

  it('names the failure when apt-get cannot install it', () => {
    const packagePath = missingPath();
    const run = () => ({ status: 100 });
    expect(() => ensureChromium({ env: {}, run, packagePath, isRoot: false, log: () => {} })).toThrow(/could not install Debian's chromium .*through sudo/);
  });

  it('refuses a CHROMIUM_PATH that does not exist rather than installing another browser', () => {
    const apt = fakeApt(missingPath());
    expect(() => ensureChromium({ env: { CHROMIUM_PATH: '/nowhere/chrome' }, run: apt.run, packagePath: missingPath(), isRoot: true, log: () => {} }))
      .toThrow('CHROMIUM_PATH=/nowhere/chrome does not exist');
    expect(apt.commands).toEqual([]);
  });
});
