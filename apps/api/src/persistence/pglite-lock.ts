// PGlite is a single-process database: two processes on one data directory corrupt it. The process
// that opens a directory writes its pid to `<dir>.lock`; another process (a second server, or the
// token CLI while the server runs) is refused. A lock left by a process that no longer runs is stale
// and taken over.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

const heldHere = new Set<string>();

export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string, readonly pid: number) {
    super(`the PGlite directory ${dataDir} is in use by process ${pid} (PGlite allows one process); stop it first`);
    this.name = 'DataDirInUseError';
  }
}

/** Takes the lock of `dataDir`; returns its release. */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  if (heldHere.has(file)) throw new DataDirInUseError(dataDir, process.pid);
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const holder = Number(readFileSync(file, 'utf8').trim());
    // Our own pid in a lock we do not hold is stale too: a restarted container reuses pid 1.
    if (holder !== process.pid && isRunning(holder)) throw new DataDirInUseError(dataDir, holder);
    writeFileSync(file, String(process.pid));
  }
  heldHere.add(file);
  return () => {
    heldHere.delete(file);
    rmSync(file, { force: true });
  };
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}
