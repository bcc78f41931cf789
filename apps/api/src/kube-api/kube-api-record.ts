// Where the running server's Kubernetes API is, recorded in its data directory (next to the PGlite
// directory: .data/kube-api.json) while it listens, so the kubeconfig command finds the port, host and
// certificate the server really uses (KUBE_API_PORT=0, HOST, KUBE_API_TLS_CERT) without being given the
// server's settings. Written after listening, removed at shutdown; a record whose process is gone (a
// killed server) is ignored.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface KubeApiRecord {
  /** `https://HOST:PORT` as a client on this machine reaches it. */
  server: string;
  /** The PEM certificate the server presents, when it is in a file. */
  certificateFile: string | undefined;
  pid: number;
}

export function recordFile(dataDir: string): string {
  return join(dataDir, 'kube-api.json');
}

export function writeRecord(dataDir: string, record: KubeApiRecord): void {
  writeFileSync(recordFile(dataDir), `${JSON.stringify(record)}\n`);
}

/** Removes the record if it is this process's (a newer server's is left alone). */
export function removeRecord(dataDir: string, pid = process.pid): void {
  const file = recordFile(dataDir);
  try {
    if (existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as KubeApiRecord).pid === pid) rmSync(file, { force: true });
  } catch {
    // An unreadable record is not ours to judge; the next start overwrites it.
  }
}

/** The record of a running server, or why there is none usable (undefined when there is no file). */
export function readRecord(dataDir: string): { record: KubeApiRecord } | { problem: string } | undefined {
  const file = recordFile(dataDir);
  if (!existsSync(file)) return undefined;
  let record: KubeApiRecord;
  try {
    record = JSON.parse(readFileSync(file, 'utf8')) as KubeApiRecord;
  } catch (err) {
    return { problem: `${file} is not readable JSON (${(err as Error).message})` };
  }
  if (typeof record.server !== 'string' || !Number.isInteger(record.pid)) return { problem: `${file} does not name a server and its process` };
  if (!isRunning(record.pid)) return { problem: `${file} was recorded by process ${record.pid}, which is not running` };
  return { record };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
