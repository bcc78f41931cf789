// `npm start` on a port that is taken (a second `npm start`, anything else) stops at once, before the
// build, naming the port and the variable that moves it, instead of failing later with EADDRINUSE.
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from '@jest/globals';

const START = fileURLToPath(new URL('../../../../scripts/start.mjs', import.meta.url));
let busy: Server | undefined;
afterEach(() => {
  busy?.close();
});

async function occupy(): Promise<number> {
  busy = createServer();
  await new Promise<void>((resolve) => busy!.listen(0, '127.0.0.1', resolve));
  return (busy.address() as { port: number }).port;
}

describe('npm start with a port taken', () => {
  it.each([
    ['API', 'PORT'],
    ['dashboard', 'DASHBOARD_PORT'],
    ['Kubernetes API', 'KUBE_API_PORT'],
  ])('names the %s port and %s, and exits', async (what, variable) => {
    const port = await occupy();
    const run = spawnSync(process.execPath, [START], { env: { ...process.env, [variable]: String(port) }, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`port ${port} (127.0.0.1) for the ${what} is already in use`);
    expect(run.stderr).toContain(`${variable}=`);
  });
});
