// The first admin token (embedded default and BOOTSTRAP_ADMIN_TOKEN), the token CLI (create, list,
// revoke), and revocation taking effect: a revoked token gets 401.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, jest } from '@jest/globals';
import { TestApi } from './support/api-server.js';

// Each test starts servers on fresh on-disk databases, one after another: minutes on a loaded machine.
jest.setTimeout(180_000);

const CLI = join(import.meta.dirname, '..', 'dist', 'cli', 'token.js');

function token(pgliteDir: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [CLI, ...args], { env: { ...process.env, PGLITE_DIR: pgliteDir, DATABASE_URL: '' }, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

async function me(api: TestApi, secret: string) {
  const res = await api.graphqlResponse('{ me { name role namespaces } }', {}, { token: secret });
  return { status: res.status, body: (await res.json()) as { data?: { me: unknown } } };
}

describe('the first admin token', () => {
  it('is created at first start inside the embedded database\'s directory, 0600, and kept across restarts', async () => {
    const root = mkdtempSync(join(tmpdir(), 'coxswain-tokens-'));
    const pglite = join(root, 'pglite');
    let api = await TestApi.start({ PGLITE_DIR: pglite, BOOTSTRAP_ADMIN_TOKEN: '' });
    const file = join(pglite, 'admin-token');
    try {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const secret = readFileSync(file, 'utf8').trim();
      expect(secret).toMatch(/^cxs_[A-Za-z0-9_-]{43}$/);
      expect((await me(api, secret)).body.data).toEqual({ me: { name: 'local-admin', role: 'admin', namespaces: [] } });
      await api.close();

      api = await TestApi.start({ PGLITE_DIR: pglite, BOOTSTRAP_ADMIN_TOKEN: '' });
      expect(readFileSync(file, 'utf8').trim()).toBe(secret);
      const tokens = await api.graphql('{ tokens { name } }', {}, { token: secret });
      expect(tokens.data).toEqual({ tokens: [{ name: 'local-admin' }] });
    } finally {
      await api.close();
    }
  });

  it('is one per data directory: two servers with sibling directories never share or overwrite a secret (issue 13 item 10)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'coxswain-siblings-'));
    const secrets: string[] = [];
    for (const dir of ['a', 'b']) {
      const api = await TestApi.start({ PGLITE_DIR: join(root, dir), BOOTSTRAP_ADMIN_TOKEN: '' });
      try {
        secrets.push(readFileSync(join(root, dir, 'admin-token'), 'utf8').trim());
        expect((await me(api, secrets.at(-1)!)).status).toBe(200);
      } finally {
        await api.close();
      }
    }
    expect(secrets[0]).not.toBe(secrets[1]);
    expect(existsSync(join(root, 'admin-token'))).toBe(false);
  });

  it('never follows a symlink planted where the file goes, nor overwrites a file it did not write', async () => {
    const root = mkdtempSync(join(tmpdir(), 'coxswain-symlink-'));
    const target = join(root, 'precious');
    writeFileSync(target, 'do not touch\n', { mode: 0o644 });
    for (const plant of [(file: string) => symlinkSync(target, file), (file: string) => writeFileSync(file, 'someone else\'s\n', { mode: 0o600 })]) {
      const pglite = mkdtempSync(join(root, 'pglite-'));
      const file = join(pglite, 'admin-token');
      plant(file);
      const before = lstatSync(file);
      const api = await TestApi.start({ PGLITE_DIR: pglite, BOOTSTRAP_ADMIN_TOKEN: '' });
      try {
        // Nothing created: every request is refused, and the file (or the link and its target) is as it was.
        expect((await api.graphqlResponse('{ me { name } }', {}, { token: 'do not touch' })).status).toBe(401);
        expect(lstatSync(file).mtimeMs).toBe(before.mtimeMs);
        expect(lstatSync(file).isSymbolicLink()).toBe(before.isSymbolicLink());
        expect(readFileSync(target, 'utf8')).toBe('do not touch\n');
        expect(statSync(target).mode & 0o777).toBe(0o644);
      } finally {
        await api.close();
      }
    }
  });

  it('uses the secret a start left behind when it stopped before creating the token', async () => {
    const pglite = mkdtempSync(join(tmpdir(), 'coxswain-leftover-'));
    const secret = `cxs_${'A'.repeat(43)}`;
    writeFileSync(join(pglite, 'admin-token'), `${secret}\n`, { mode: 0o600 });
    const api = await TestApi.start({ PGLITE_DIR: pglite, BOOTSTRAP_ADMIN_TOKEN: '' });
    try {
      expect((await me(api, secret)).body.data).toEqual({ me: { name: 'local-admin', role: 'admin', namespaces: [] } });
    } finally {
      await api.close();
    }
  });

  it('takes its secret from BOOTSTRAP_ADMIN_TOKEN; in memory without it there is none, and everything is refused', async () => {
    const bootstrapped = await TestApi.start({ BOOTSTRAP_ADMIN_TOKEN: 'chosen-secret-for-tests-1234' });
    try {
      expect((await me(bootstrapped, 'chosen-secret-for-tests-1234')).body.data).toEqual({ me: { name: 'local-admin', role: 'admin', namespaces: [] } });
    } finally {
      await bootstrapped.close();
    }
    const bare = await TestApi.start({ BOOTSTRAP_ADMIN_TOKEN: '' });
    try {
      expect((await bare.graphql('{ tokens { name } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(await bare.runtime.database.prisma.apiToken.count()).toBe(0);
    } finally {
      await bare.close();
    }
  });
});

describe('the token command', () => {
  it('creates, lists and revokes tokens; a revoked token gets 401; each change is audited', async () => {
    const root = mkdtempSync(join(tmpdir(), 'coxswain-cli-'));
    const pglite = join(root, 'pglite');

    const admin = token(pglite, 'create', '--name', 'root', '--role', 'admin');
    expect(admin).toMatchObject({ code: 0, stderr: expect.stringContaining('created token root (role admin)') });
    const adminSecret = admin.stdout.trim();
    expect(adminSecret).toMatch(/^cxs_/);
    const acker = token(pglite, 'create', '--name', 'discovery', '--role', 'hook-acker', '--namespaces', 'team-a,team-b');
    expect(acker.code).toBe(0);
    expect(token(pglite, 'create', '--name', 'discovery', '--role', 'viewer')).toMatchObject({ code: 1, stderr: expect.stringContaining('already exists') });
    expect(token(pglite, 'create', '--name', 'x', '--role', 'root')).toMatchObject({ code: 1, stderr: expect.stringContaining('role must be one of') });
    expect(token(pglite, 'frobnicate')).toMatchObject({ code: 2, stderr: expect.stringContaining('usage:') });
    expect(token(pglite, 'create', '--name', 'x')).toMatchObject({ code: 2, stderr: expect.stringContaining('create needs --name and --role') });

    const list = token(pglite, 'list');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^NAME\s+ROLE\s+NAMESPACES/);
    expect(list.stdout).toMatch(/discovery\s+hook-acker\s+team-a,team-b\s+\S+\s+-\s+active/);

    // The server finds the tokens; no local-admin is made because tokens exist.
    let api = await TestApi.start({ PGLITE_DIR: pglite, BOOTSTRAP_ADMIN_TOKEN: '' });
    try {
      expect(existsSync(join(pglite, 'admin-token'))).toBe(false);
      expect((await me(api, acker.stdout.trim())).body.data).toEqual({ me: { name: 'discovery', role: 'hook-acker', namespaces: ['team-a', 'team-b'] } });
      // PGlite allows one process: the command refuses to open the directory while the server runs.
      expect(token(pglite, 'list')).toMatchObject({ code: 1, stderr: expect.stringContaining('in use by process') });
    } finally {
      await api.close();
    }

    expect(token(pglite, 'revoke', '--name', 'discovery')).toMatchObject({ code: 0, stderr: 'revoked token discovery\n' });
    expect(token(pglite, 'revoke', '--name', 'discovery')).toMatchObject({ code: 0, stderr: 'token discovery was already revoked\n' });
    expect(token(pglite, 'revoke', '--name', 'nobody')).toMatchObject({ code: 1 });
    expect(token(pglite, 'list').stdout).toMatch(/discovery\s+.*revoked \d{4}-/);

    api = await TestApi.start({ PGLITE_DIR: pglite, BOOTSTRAP_ADMIN_TOKEN: '' });
    try {
      expect((await me(api, acker.stdout.trim())).status).toBe(401);
      const hooks = await api.fetch('/api/v1/hooks', { token: acker.stdout.trim() });
      expect(hooks.status).toBe(401);
      const audit = await api.graphql('{ auditLog(first: 50) { edges { node { actorName actorRole action targetKind targetName result after } } } }', {}, { token: adminSecret });
      const rows = audit.data!.auditLog.edges.map((e: { node: Record<string, unknown> }) => e.node);
      expect(rows).toContainEqual(expect.objectContaining({ actorName: expect.stringMatching(/^cli:/), actorRole: 'admin', action: 'createToken', targetKind: 'ApiToken', targetName: 'discovery', result: 'ok', after: { role: 'hook-acker', namespaces: ['team-a', 'team-b'] } }));
      expect(rows).toContainEqual(expect.objectContaining({ action: 'revokeToken', targetName: 'discovery', result: 'ok' }));
      expect(rows).toContainEqual(expect.objectContaining({ action: 'createToken', targetName: 'discovery', result: 'CONFLICT' }));
      expect(JSON.stringify(rows)).not.toContain(adminSecret); // secrets never reach the audit log
    } finally {
      await api.close();
    }
  }, 180_000);

  it('creates and revokes through GraphQL for admins, showing the secret once', async () => {
    const api = await TestApi.start();
    try {
      const created = await api.graphql('mutation { createToken(name: "ci", role: "operator") { name role namespaces secret } }');
      expect(created.data!.createToken).toEqual({ name: 'ci', role: 'operator', namespaces: [], secret: expect.stringMatching(/^cxs_/) });
      const secret = created.data!.createToken.secret as string;
      expect((await me(api, secret)).body.data).toEqual({ me: { name: 'ci', role: 'operator', namespaces: [] } });
      const listed = await api.graphql('{ tokens { name role revokedAt } }');
      expect(listed.data!.tokens).toContainEqual({ name: 'ci', role: 'operator', revokedAt: null });
      expect(JSON.stringify(listed.data)).not.toContain(secret);
      expect((await api.graphql('mutation { revokeToken(name: "ci") }')).data).toEqual({ revokeToken: true });
      expect((await me(api, secret)).status).toBe(401);
      const bad = await api.graphql('mutation { createToken(name: "Bad Name", role: "viewer") { name } }');
      expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'name', message: expect.any(String) }] });
    } finally {
      await api.close();
    }
  });
});
