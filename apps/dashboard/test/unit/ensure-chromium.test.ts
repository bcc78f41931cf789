// The test command's set-up step (scripts/ensure-chromium.mjs): on a machine without Chromium it
// installs Debian's package (as root directly, otherwise through sudo, retrying after apt-get update),
// waits (within a bound) for another apt-get or dpkg holding the package locks, and it refuses clearly
// when that is impossible. apt-get itself (and the clock it waits by) is the one thing replaced here.
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

const APT = 'apt-get -o DPkg::Lock::Timeout=300';
const LISTS_LOCKED = 'E: Could not get lock /var/lib/apt/lists/lock. It is held by process 4242 (apt-get)\nE: Unable to lock directory /var/lib/apt/lists/';

/**
 * An apt-get that records its commands and, like the real one, leaves the binary in place on install;
 * `failOnce` lists commands whose first run fails (stale package lists); `updateLocked` is how many
 * times `apt-get update` finds the package lists locked by another process before it runs.
 */
function fakeApt(packagePath: string, failOnce: string[] = [], updateLocked = 0) {
  const commands: string[] = [];
  const run = (cmd: string, args: string[]) => {
    const line = [cmd, ...args].join(' ');
    commands.push(line);
    if (failOnce.includes(line) && commands.filter((c) => c === line).length === 1) return { status: 100, stderr: 'E: Unable to locate package chromium' };
    if (line.endsWith(' update') && commands.filter((c) => c.endsWith(' update')).length <= updateLocked) return { status: 100, stderr: LISTS_LOCKED };
    if (line.endsWith(' install -y chromium')) writeFileSync(packagePath, '#!/bin/sh\n');
    return { status: 0, stderr: '' };
  };
  return { commands, run };
}

/** A clock that moves only when the script waits. */
function fakeClock() {
  let ms = 0;
  return { now: () => ms, sleep: (wait: number) => void (ms += wait) };
}

describe('ensureChromium (the test command set-up)', () => {
  it('installs Debian chromium when it is missing, as root', () => {
    const packagePath = missingPath();
    const apt = fakeApt(packagePath);
    const logs: string[] = [];
    const result = ensureChromium({ env: {}, run: apt.run, packagePath, isRoot: true, log: (l: string) => logs.push(l) });
    expect(result).toEqual({ path: packagePath, installed: true });
    expect(apt.commands).toEqual([`${APT} install -y chromium`]);
    expect(logs.join('\n')).toContain('installing Debian');
  });

  it('goes through sudo when not root and updates the package lists when the first install fails', () => {
    const packagePath = missingPath();
    const apt = fakeApt(packagePath, [`sudo -n ${APT} install -y chromium`]);
    const result = ensureChromium({ env: {}, run: apt.run, packagePath, isRoot: false, log: () => {} });
    expect(result.installed).toBe(true);
    expect(apt.commands).toEqual([`sudo -n ${APT} install -y chromium`, `sudo -n ${APT} update`, `sudo -n ${APT} install -y chromium`]);
  });

  it('waits for another apt-get holding the dpkg lock (apt-get waits itself) and retries apt-get update while the package lists are locked', () => {
    const packagePath = missingPath();
    const apt = fakeApt(packagePath, [`${APT} install -y chromium`], 3);
    const clock = fakeClock();
    const logs: string[] = [];
    const result = ensureChromium({ env: {}, run: apt.run, packagePath, isRoot: true, log: (l: string) => logs.push(l), ...clock });
    expect(result.installed).toBe(true);
    // Each apt-get waits for the dpkg lock only as long as is left of the one bound.
    expect(apt.commands).toEqual([
      `${APT} install -y chromium`,
      ...[300, 298, 296, 294].map((s) => `apt-get -o DPkg::Lock::Timeout=${s} update`),
      'apt-get -o DPkg::Lock::Timeout=294 install -y chromium',
    ]);
    expect(logs.join('\n')).toContain('another apt-get or dpkg holds the package lists; waiting for it (at most 300 s in all)');
  });

  it('gives up with a clear message when the package lock stays held past the bound', () => {
    const held = missingPath();
    const dpkgLocked = () => ({ status: 100, stderr: 'E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt-get)' });
    expect(() => ensureChromium({ env: {}, run: dpkgLocked, packagePath: held, isRoot: true, log: () => {}, ...fakeClock() })).toThrow(
      /could not install Debian's chromium: another apt-get or dpkg held the package lock for more than 300 s/,
    );

    const packagePath = missingPath();
    const apt = fakeApt(packagePath, [`${APT} install -y chromium`], Infinity);
    const clock = fakeClock();
    expect(() => ensureChromium({ env: {}, run: apt.run, packagePath, isRoot: true, log: () => {}, ...clock })).toThrow(
      /could not install Debian's chromium: another apt-get or dpkg held the package lock for more than 300 s/,
    );
    expect(clock.now()).toBeGreaterThanOrEqual(300_000);
    expect(clock.now()).toBeLessThan(310_000);
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
    expect(() => ensureChromium({ env: { CHROMIUM_PATH: '/nowhere/chrome' }, run: apt.run, packagePath: missingPath(), isRoot: true, log: () => {} })).toThrow(
      'CHROMIUM_PATH=/nowhere/chrome does not exist',
    );
    expect(apt.commands).toEqual([]);
  });
});
