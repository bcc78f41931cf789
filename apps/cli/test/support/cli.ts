// The built CLI as a user runs it: `node apps/cli/bin/coxswain.js ...` in a child process, with its own
// config file and home directory, its exit code and both output streams.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const CLI_DIR = join(import.meta.dirname, '..', '..');
export const BIN = join(CLI_DIR, 'bin', 'coxswain.js');

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

export function requireBuild(): void {
  if (!existsSync(join(CLI_DIR, 'dist', 'main.js'))) throw new Error('apps/cli/dist is missing: build the CLI first (npx nx run @coxswain/cli:build)');
}

export function runCommand(command: string, args: readonly string[], env: NodeJS.ProcessEnv, input?: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : -1), stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

/** A `coxswain` bound to one home directory and config file. */
export function cliFor(home: string): (args: readonly string[], options?: { input?: string; env?: NodeJS.ProcessEnv }) => Promise<Result> {
  const env = { PATH: process.env.PATH, HOME: home, COXSWAIN_CONFIG: join(home, 'coxswain.yaml') };
  return (args, options = {}) => runCommand(process.execPath, [BIN, ...args], { ...env, ...options.env }, options.input);
}
