// A Coxswain server in a process of its own (apps/api/dist/main.js), for tests that kill one.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../../../scripts/free-port.mjs';
import { join } from 'node:path';

const MAIN = join(import.meta.dirname, '..', '..', 'dist', 'main.js');

export class Replica {
  private log = '';
  readonly exited: Promise<number | null>;

  private constructor(readonly name: string, readonly child: ChildProcess, readonly url: string) {
    child.stdout!.on('data', (d) => (this.log += d));
    child.stderr!.on('data', (d) => (this.log += d));
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }

  static async start(name: string, env: Record<string, string>): Promise<Replica> {
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH ?? '', PGLITE_DIR: 'memory', LOG_LEVEL: 'info', KUBE_API_PORT: 'off', WEBHOOK_PORT: 'off', ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new Replica(name, child, `http://127.0.0.1:${port}`);
  }

  output(): string {
    return this.log;
  }

  fetch(path: string, token: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${this.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string> | undefined) } });
  }

  async readyz(): Promise<{ status: string; leaderElection?: { identity: string; isLeader: boolean; holder: string; terms: number } } | undefined> {
    try {
      const res = await fetch(`${this.url}/readyz`);
      return res.status === 200 ? ((await res.json()) as never) : undefined;
    } catch {
      return undefined;
    }
  }

  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }
}
