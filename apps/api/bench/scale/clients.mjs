// The benchmark's clients, in a process of their own so that they never share an event loop with the
// server or with the code that measures it. Started by load.mjs; told what to do by one message, they
// answer with what they measured.
//   { kind: 'read', url, token, query, variables, concurrency }  closed-loop GraphQL reads until 'stop'
//   { kind: 'ack', url, token, requests, concurrency }           one POST per request, as fast as answered
import http from 'node:http';

const now = () => performance.timeOrigin + performance.now(); // comparable across processes
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function request(target, { method = 'POST', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const r = http.request(target, { method, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    r.on('error', reject);
    r.end(body);
  });
}

/** Retries what a keep-alive connection closed under us; anything else is a failure. */
async function withRetry(send) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      if (attempt >= 5 || !['ECONNRESET', 'EPIPE'].includes(err?.code)) throw err;
    }
  }
}

let stopping = false;

async function read({ url, token, query, variables = {}, concurrency }) {
  const latencies = [];
  let errors = 0;
  const body = JSON.stringify({ query, variables });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (!stopping) {
      const start = now();
      const res = await withRetry(() => request(`${url}/graphql`, { headers, body }));
      const took = now() - start;
      if (res.status !== 200 || res.text.includes('"errors"')) errors++;
      else latencies.push(took);
    }
  }));
  return { latencies, errors };
}

async function ack({ url, token, requests, concurrency }) {
  const answers = [];
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < requests.length) {
      const req = requests[next++];
      for (;;) {
        const sentAt = now();
        const res = await withRetry(() => request(`${url}/api/v1/namespaces/${req.namespace}/pods/${req.pod}/hooks/preDelete/ack`, {
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': req.key },
          body: JSON.stringify({ reason: req.reason }),
        }));
        const doneAt = now();
        const parsed = JSON.parse(res.text);
        if (res.status === 409 && parsed.code === 'ACK_IN_FLIGHT') {
          await new Promise((r) => setTimeout(r, 5));
          continue;
        }
        answers.push({ pod: req.pod, key: req.key, status: res.status, replayed: res.headers['idempotent-replayed'] === 'true', sentAt, doneAt });
        break;
      }
    }
  }));
  return { answers };
}

process.on('message', (message) => {
  if (message.kind === 'stop') {
    stopping = true;
    return;
  }
  const cpuBefore = process.cpuUsage();
  const work = message.kind === 'read' ? read(message) : ack(message);
  // The clients share the machine with the server: their own CPU time is reported beside the server's.
  const withCpu = (result) => {
    const { user, system } = process.cpuUsage(cpuBefore);
    return { ...result, clientCpuMs: Math.round((user + system) / 1000) };
  };
  work.then((result) => process.send(withCpu(result), () => process.exit(0)), (err) => {
    console.error(err);
    process.exit(1);
  });
});
