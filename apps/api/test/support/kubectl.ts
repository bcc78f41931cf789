// Real kubectl for the tests that drive the Kubernetes API with a client nobody here wrote. Found as
// docs/kubernetes-api.md §1 says: $KUBECTL, else the cloud SDK's kubectl.1.32 (or its newest build),
// else `kubectl` on PATH. A test that finds none fails with this message rather than skipping.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SDK_BIN = '/usr/lib/google-cloud-sdk/bin';

export function findKubectl(): string {
  const candidates: string[] = [];
  if (process.env.KUBECTL) candidates.push(process.env.KUBECTL);
  candidates.push(join(SDK_BIN, 'kubectl.1.32'));
  if (existsSync(SDK_BIN)) {
    const builds = readdirSync(SDK_BIN).filter((f) => /^kubectl\.1\.\d+$/.test(f)).sort((a, b) => Number(b.split('.')[2]) - Number(a.split('.')[2]));
    candidates.push(...builds.map((f) => join(SDK_BIN, f)));
  }
  for (const c of candidates) if (existsSync(c)) return c;
  const onPath = spawnSync('sh', ['-c', 'command -v kubectl'], { encoding: 'utf8' });
  if (onPath.status === 0 && onPath.stdout.trim()) return onPath.stdout.trim();
  throw new Error(
    `no kubectl found: set KUBECTL, or install one (${join(SDK_BIN, 'kubectl.1.32')} from the cloud SDK, or Debian's kubernetes-client: ` +
      '`apt-get download kubernetes-client && dpkg -x kubernetes-client_*.deb DIR`, then KUBECTL=DIR/usr/bin/kubectl)',
  );
}

export interface KubectlResult {
  code: number;
  stdout: string;
  stderr: string;
}

export class Kubectl {
  readonly dir: string;
  readonly kubeconfig: string;

  constructor(readonly binary: string, server: string, token: string) {
    // Each run gets its own discovery cache: kubectl keeps one for 6 hours per host:port.
    this.dir = mkdtempSync(join(tmpdir(), 'coxswain-kubectl-'));
    this.kubeconfig = join(this.dir, 'config');
    this.writeConfig(server, { admin: token });
  }

  /** Adds users (name -> token) to the kubeconfig; select one with `--user NAME`. */
  writeConfig(server: string, users: Record<string, string>): void {
    const list = Object.entries(users).map(([name, token]) => `- name: ${name}\n  user: {token: ${token}}`).join('\n');
    const first = Object.keys(users)[0];
    writeFileSync(this.kubeconfig, [
      'apiVersion: v1', 'kind: Config',
      'clusters:', `- name: coxswain`, `  cluster: {server: "${server}", insecure-skip-tls-verify: true}`,
      'contexts:', `- name: coxswain`, `  context: {cluster: coxswain, user: ${first}, namespace: default}`,
      'current-context: coxswain', 'users:', list, '',
    ].join('\n'));
  }

  private args(args: string[]): string[] {
    return ['--kubeconfig', this.kubeconfig, '--cache-dir', join(this.dir, 'cache'), ...args];
  }

  run(args: string[], input?: string, timeoutMs = 30_000): Promise<KubectlResult> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.binary, this.args(args), { env: { ...process.env, HOME: this.dir, KUBECONFIG: this.kubeconfig } });
      let stdout = '';
      let stderr = '';
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`kubectl ${args.join(' ')} did not finish within ${timeoutMs} ms; stdout: ${stdout}; stderr: ${stderr}`));
      }, timeoutMs);
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code: code ?? -1, stdout, stderr });
      });
      child.stdin.end(input ?? '');
    });
  }

  /** A long-running command (`get -w`, `delete` waiting): its output so far, and a way to end it. */
  start(args: string[]): { output(): string; exited(): Promise<number>; stop(): void } {
    const child = spawn(this.binary, this.args(args), { env: { ...process.env, HOME: this.dir, KUBECONFIG: this.kubeconfig } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
    return { output: () => output, exited: () => exited, stop: () => child.kill('SIGTERM') };
  }
}

/** The rows of kubectl's table output, split into columns (two or more spaces apart). */
export function tableRows(text: string): string[][] {
  return text.trim().split('\n').filter(Boolean).map((line) => line.trim().split(/\s{2,}/));
}
