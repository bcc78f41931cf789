// One run of the CLI end to end in-process, against a stand-in HTTP server that answers as the API
// does when it refuses: errors print as `error: <message>` and `  <field>: <message>`, network and
// auth failures in words, exit 1 (usage errors 2), and never a stack trace.
import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { run } from '../src/cli/run.js';
import type { Io } from '../src/cli/session.js';

interface Captured {
  code: number;
  out: string;
  err: string;
}

const CONFIG = join(mkdtempSync(join(tmpdir(), 'coxswain-cli-run-')), 'config.yaml');

async function cli(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<Captured> {
  let out = '';
  let err = '';
  const io: Io = {
    out: (t) => void (out += `${t}\n`),
    err: (t) => void (err += `${t}\n`),
    readStdin: async () => '',
    env: { COXSWAIN_CONFIG: CONFIG, ...env },
  };
  const code = await run(argv, io);
  return { code, out, err };
}

/** The API's answer to the next request, by the query's operation name. */
let answers: Record<string, { status: number; body: string }> = {};
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const name = /(?:query|mutation) (\w+)/.exec((JSON.parse(body) as { query: string }).query)?.[1] ?? '';
      const answer = answers[name] ?? { status: 500, body: 'no answer prepared' };
      res.writeHead(answer.status, { 'content-type': answer.body.startsWith('{') ? 'application/json' : 'text/plain' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function noStack(c: Captured): void {
  expect(`${c.out}${c.err}`).not.toMatch(/\n\s+at |Error:|\.ts:\d+|\.js:\d+/);
}

describe('errors', () => {
  it('prints the API error and each field error, exit 1', async () => {
    answers = {
      ApplyManifest: {
        status: 400,
        body: JSON.stringify({ errors: [{ message: 'document 1 (CloneSet "web"): CloneSet "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0', extensions: { code: 'BAD_USER_INPUT', documentIndex: 0, fieldErrors: [{ field: 'spec.replicas', message: 'Invalid value: -1: must be greater than or equal to 0' }, { field: 'spec.bogus', message: 'unknown field' }] } }] }),
      },
    };
    const manifest = join(mkdtempSync(join(tmpdir(), 'coxswain-cli-m-')), 'web.yaml');
    await import('node:fs').then((fs) => fs.writeFileSync(manifest, 'kind: CloneSet\n'));
    const c = await cli(['apply', '-f', manifest, '--server', url, '--token', 't']);
    expect(c).toEqual({
      code: 1,
      out: '',
      err: 'error: document 1 (CloneSet "web"): CloneSet "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0\n'
        + '  spec.replicas: Invalid value: -1: must be greater than or equal to 0\n'
        + '  spec.bogus: unknown field\n',
    });
  });

  it('says a refused token in words', async () => {
    answers = { Workloads: { status: 401, body: JSON.stringify({ errors: [{ message: 'a valid API token is required: send "Authorization: Bearer <token>"', extensions: { code: 'UNAUTHENTICATED' } }] }) } };
    const c = await cli(['get', 'clonesets', '--server', url, '--token', 'wrong']);
    expect(c.code).toBe(1);
    expect(c.err).toBe(`error: the API at ${url} refused the token (a valid API token is required: send "Authorization: Bearer <token>"); check the context's token-file or token-env (coxswain config get-contexts), or pass --token\n`);
    noStack(c);
  });

  it("names a role's refusal and a rate limit", async () => {
    answers = { ScaleWorkload: { status: 200, body: JSON.stringify({ errors: [{ message: 'role viewer may not call scaleWorkload', extensions: { code: 'FORBIDDEN' } }] }) } };
    expect((await cli(['scale', 'clone/web', '--replicas', '2', '--server', url, '--token', 't'])).err).toBe("error: the token's role may not do this: role viewer may not call scaleWorkload\n");
    answers = { Me: { status: 429, body: JSON.stringify({ errors: [{ message: 'too many failed authentications', extensions: { code: 'RATE_LIMITED' } }] }) } };
    expect((await cli(['version', '--server', url, '--token', 't'])).err).toContain('is refusing this address after too many failed logins');
  });

  it('says when the server is no Coxswain API, or answers without GraphQL', async () => {
    answers = { Workloads: { status: 502, body: 'Bad Gateway' } };
    const c = await cli(['get', 'clonesets', '--server', url, '--token', 't']);
    expect(c).toMatchObject({ code: 1, err: `error: ${url}/graphql answered HTTP 502 without a GraphQL answer: Bad Gateway\n` });
  });

  it('says when nothing listens, in words', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    const c = await cli(['get', 'clonesets', '--server', `http://127.0.0.1:${closed}`, '--token', 't']);
    expect(c).toEqual({ code: 1, out: '', err: `error: cannot reach the API at http://127.0.0.1:${closed}: connection refused (is the server running?)\n` });
  });

  it('refuses a missing token before sending anything', async () => {
    const c = await cli(['get', 'clonesets', '--server', url]);
    expect(c).toEqual({ code: 1, out: '', err: 'error: no token: pass --token, or create a context: coxswain config set-context NAME --server URL --token-file FILE\n' });
  });

  it('gives usage errors exit code 2 and points at the help', async () => {
    expect(await cli(['get'])).toEqual({
      code: 2, out: '',
      err: "error: name the kind of workload to get: clonesets (clone), statefulsets (asts), uniteddeployments (ud)\nSee 'coxswain get --help' for usage.\n",
    });
    expect(await cli(['scale', 'clone/web', '--replicas', 'x'])).toMatchObject({ code: 2, err: expect.stringContaining("See 'coxswain scale --help' for usage.") });
    expect(await cli(['rollout', 'status', 'clone/web', '--timeout', '5'])).toMatchObject({ code: 2, err: expect.stringContaining('invalid argument "5" for "--timeout" flag') });
    expect(await cli(['rollout', 'status', 'pods/web'])).toMatchObject({ code: 2, err: expect.stringContaining('unknown workload kind "pods"') });
    expect(await cli(['set', 'image', 'clone/web', 'nginx'])).toMatchObject({ code: 2, err: expect.stringContaining('"nginx" is not CONTAINER=IMAGE') });
    expect(await cli(['partition', 'clone/web', 'step', '2'])).toMatchObject({ code: 2, err: expect.stringContaining('write "step" or "step by N"') });
    expect(await cli(['hooks', 'ack', 'web-x', 'preDelete'])).toMatchObject({ code: 2, err: expect.stringContaining('--reason is required') });
    expect(await cli(['hooks', 'ack', 'web-x', 'preStop', '--reason', 'r'])).toMatchObject({ code: 2, err: expect.stringContaining('unknown hook "preStop"') });
  });

  it('prints a malformed answer as a message, not a stack', async () => {
    answers = { Workloads: { status: 200, body: JSON.stringify({ data: { workloads: null } }) } };
    const c = await cli(['get', 'clonesets', '--server', url, '--token', 't']);
    expect(c.code).toBe(1);
    expect(c.err.split('\n')[0]).toMatch(/^error: /);
    noStack(c);
  });
});

describe('help', () => {
  it("prints kubectl's sections for a command", async () => {
    const c = await cli(['partition', '--help']);
    expect(c.code).toBe(0);
    const sections = c.out.split('\n').filter((l) => /^[A-Z][a-zA-Z ]+:$/.test(l));
    expect(sections).toEqual(['Usage:', 'Examples:', 'Flags:', 'Global Flags:']);
    expect(c.out).toContain('  coxswain partition KIND/NAME set N | step [by N] [flags]');
    expect(c.out).toContain('      --subset NAME');
  });

  it('lists the commands of a group, and takes help TOPIC', async () => {
    const group = await cli(['hooks']);
    expect(group.out).toContain('Available Commands:\n  list   ');
    expect((await cli(['help', 'hooks', 'ack'])).out).toBe((await cli(['hooks', 'ack', '-h'])).out);
    expect(await cli(['help', 'nope'])).toMatchObject({ code: 2 });
  });

  it('has help with Usage, Examples and Flags for every command', async () => {
    const { ROOT } = await import('../src/cli/tree.js');
    const paths: string[][] = [];
    const walk = (node: typeof ROOT | (typeof ROOT)['children'][number], path: string[]) => {
      if (node.kind === 'group') node.children.forEach((c) => walk(c, [...path, c.name]));
      else paths.push(path);
    };
    walk(ROOT, []);
    expect(paths.length).toBeGreaterThanOrEqual(18);
    for (const path of paths) {
      const c = await cli([...path, '--help']);
      expect(c.code).toBe(0);
      for (const section of ['Usage:', 'Examples:', 'Flags:']) expect(`${path.join(' ')}: ${c.out.includes(`\n${section}\n`)}`).toBe(`${path.join(' ')}: true`);
    }
  });
});

describe('config commands', () => {
  it('creates, switches, lists and shows contexts', async () => {
    const env = { COXSWAIN_CONFIG: join(mkdtempSync(join(tmpdir(), 'coxswain-cli-ctx-')), 'config.yaml') };
    expect(await cli(['config', 'current-context'], env)).toEqual({ code: 1, out: '', err: 'error: current-context is not set\n' });
    expect((await cli(['config', 'set-context', 'local', '--server', 'http://127.0.0.1:3000', '--token-file', '/srv/t', '-n', 'shop'], env)).out).toBe('Context "local" created.\n');
    expect((await cli(['config', 'set-context', 'ci', '--server', 'https://ci.example.com', '--token-env', 'CI_TOKEN'], env)).out).toBe('Context "ci" created.\n');
    expect((await cli(['config', 'use-context', 'local'], env)).out).toBe('Switched to context "local".\n');
    expect((await cli(['config', 'set-context', '--current', '--namespace', 'payments'], env)).out).toBe('Context "local" modified.\n');
    expect((await cli(['config', 'current-context'], env)).out).toBe('local\n');
    expect((await cli(['config', 'get-contexts'], env)).out).toBe([
      'CURRENT   NAME    SERVER                   NAMESPACE   TOKEN',
      '*         local   http://127.0.0.1:3000    payments    file:/srv/t',
      '          ci      https://ci.example.com               env:CI_TOKEN',
      '',
    ].join('\n'));
    expect(await cli(['config', 'use-context', 'prod'], env)).toEqual({ code: 1, out: '', err: 'error: no context exists with the name "prod"; contexts: local, ci\n' });
    expect(await cli(['config', 'set-context', 'x', '--server', 'ftp://x'], env)).toMatchObject({ code: 1, err: 'error: --server "ftp://x" must be an http:// or https:// URL\n' });
  });
});
