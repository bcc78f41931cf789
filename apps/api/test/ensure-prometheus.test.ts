// The test command's Prometheus set-up (scripts/ensure-prometheus.mjs): a Prometheus already present is
// used as it is (PROMETHEUS_PATH first, then /usr/bin/prometheus); without one, Debian's prometheus
// package is installed (the shared installer's locking and sudo rules: ensure-chromium.test.ts), and a
// failure is named with what to do. apt-get itself is the one thing replaced.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
// @ts-expect-error: a plain .mjs script without types
import { ensurePrometheus } from '../../../scripts/ensure-prometheus.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function missingPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'prometheus-'));
  dirs.push(dir);
  return join(dir, 'prometheus');
}

describe('ensurePrometheus (the test command set-up)', () => {
  it('installs Debian prometheus when it is missing', () => {
    const packagePath = missingPath();
    const commands: string[] = [];
    const run = (cmd: string, args: string[]) => {
      commands.push([cmd, ...args].join(' '));
      if (args.includes('install')) writeFileSync(packagePath, '#!/bin/sh\n');
      return { status: 0, stderr: '' };
    };
    expect(ensurePrometheus({ env: {}, run, packagePath, isRoot: true, log: () => {} })).toEqual({ path: packagePath, installed: true });
    expect(commands).toEqual(['apt-get -o DPkg::Lock::Timeout=300 install -y prometheus']);
  });

  it('uses a present one without apt-get', () => {
    const packagePath = missingPath();
    writeFileSync(packagePath, '#!/bin/sh\n');
    const run = () => {
      throw new Error('apt-get must not run');
    };
    expect(ensurePrometheus({ env: {}, run, packagePath, isRoot: true })).toEqual({ path: packagePath, installed: false });
  });

  it('takes PROMETHEUS_PATH as it is, and refuses one that does not exist', () => {
    const chosen = missingPath();
    expect(() => ensurePrometheus({ env: { PROMETHEUS_PATH: chosen } })).toThrow(`PROMETHEUS_PATH=${chosen} does not exist`);
    writeFileSync(chosen, '#!/bin/sh\n');
    expect(ensurePrometheus({ env: { PROMETHEUS_PATH: chosen }, packagePath: missingPath() })).toEqual({ path: chosen, installed: false });
  });

  it('names the failure and what to do', () => {
    const packagePath = missingPath();
    const run = () => ({ status: 100, stderr: 'E: Unable to locate package prometheus' });
    expect(() => ensurePrometheus({ env: {}, run, packagePath, isRoot: true, log: () => {} })).toThrow(/could not install Debian's prometheus .*; install it or set PROMETHEUS_PATH/);
  });
});
