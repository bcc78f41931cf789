// A TCP port free on 127.0.0.1 right now, for a test or benchmark that starts a server as a child
// process and must tell it where to listen (the kernel picks it: listen on 0, read it, close). Shared by
// the API's, the CLI's and the dashboard's test supports and the API's benchmark.
import { createServer } from 'node:net';

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {{ port: number }} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}
