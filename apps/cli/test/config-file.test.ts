// The contexts file and which server, token and namespace a command ends up with.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { CliError } from '../src/api/errors.js';
import { configPath, parseConfig, printConfig, readConfig, setContext, tokenFilePath, writeConfig } from '../src/config/config-file.js';
import { DEFAULT_NAMESPACE, DEFAULT_SERVER, resolveConnection } from '../src/config/connection.js';

function dir(): string {
  return mkdtempSync(join(tmpdir(), 'coxswain-cli-config-'));
}

function refusal(f: () => unknown): CliError {
  try {
    f();
  } catch (err) {
    if (err instanceof CliError) return err;
    throw err;
  }
  throw new Error('no error');
}

describe('config file', () => {
  it('is COXSWAIN_CONFIG when set, else ~/.config/coxswain/config.yaml', () => {
    expect(configPath({ COXSWAIN_CONFIG: '/etc/x.yaml', HOME: '/home/a' })).toBe('/etc/x.yaml');
    expect(configPath({ HOME: '/home/a' })).toBe('/home/a/.config/coxswain/config.yaml');
    expect(configPath({ COXSWAIN_CONFIG: '', HOME: '/home/a' })).toBe('/home/a/.config/coxswain/config.yaml');
  });

  it('reads a missing file as no contexts', () => {
    expect(readConfig(join(dir(), 'none.yaml'))).toEqual({ contexts: [] });
  });

  it('writes what it reads back, owner-only', () => {
    const file = join(dir(), 'sub', 'config.yaml');
    const config = {
      'current-context': 'local',
      contexts: [
        { name: 'local', server: 'http://127.0.0.1:3000', 'token-file': '/srv/admin-token', namespace: 'default' },
        { name: 'ci', server: 'https://coxswain.example.com', 'token-env': 'COXSWAIN_TOKEN' },
      ],
    };
    writeConfig(file, config);
    expect(readConfig(file)).toEqual(config);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('current-context: local');
  });

  it.each<[string, string, string, string]>([
    ['not YAML', 'contexts: [\n', '', 'is not valid YAML'],
    ['an unknown top-level key', 'clusters: []\n', 'clusters', 'unknown key (expected current-context, contexts)'],
    ['a context that is no mapping', 'contexts: [x]\n', 'contexts[0]', 'must be a mapping'],
    ['a context without a name', 'contexts: [{server: http://a:1}]\n', 'contexts[0].name', 'required'],
    ['an unknown context key', 'contexts: [{name: a, tokn-file: x}]\n', 'contexts[0].tokn-file', 'unknown key (expected name, server, token-file, token-env, namespace)'],
    ['a server that is no string', 'contexts: [{name: a, server: 5}]\n', 'contexts[0].server', 'must be a string'],
    ['two contexts of one name', 'contexts: [{name: a}, {name: a}]\n', 'contexts[1].name', 'duplicate context "a"'],
    ['both token sources', 'contexts: [{name: a, token-file: f, token-env: V}]\n', 'contexts[0]', 'has both token-file and token-env; keep one'],
  ])('refuses %s, naming the key', (_what, text, field, message) => {
    const err = refusal(() => parseConfig(text, '/c.yaml'));
    expect(err.message).toContain('/c.yaml');
    if (field) expect(err.fieldErrors).toEqual([{ field, message }]);
    else expect(err.message).toContain(message);
  });

  it('changes only the fields given; token-file and token-env replace each other', () => {
    let { config, created } = setContext({ contexts: [] }, 'a', { server: 'http://a:1', tokenFile: '/t' });
    expect(created).toBe(true);
    ({ config, created } = setContext(config, 'a', { namespace: 'shop' }));
    expect(created).toBe(false);
    expect(config.contexts).toEqual([{ name: 'a', server: 'http://a:1', 'token-file': '/t', namespace: 'shop' }]);
    ({ config } = setContext(config, 'a', { tokenEnv: 'TOKEN' }));
    expect(config.contexts).toEqual([{ name: 'a', server: 'http://a:1', 'token-env': 'TOKEN', namespace: 'shop' }]);
  });

  it('reads relative token files from the config file\'s directory, and ~ from home', () => {
    expect(tokenFilePath('/etc/coxswain/config.yaml', 'tokens/admin')).toBe('/etc/coxswain/tokens/admin');
    expect(tokenFilePath('/etc/coxswain/config.yaml', '/abs/t')).toBe('/abs/t');
    expect(tokenFilePath('/etc/c.yaml', '~/t', '/home/me')).toBe('/home/me/t');
  });

  it('prints an empty configuration as a file that reads back', () => {
    expect(parseConfig(printConfig({ contexts: [] }), 'x')).toEqual({ contexts: [] });
  });
});

describe('connection', () => {
  function withConfig(text: string, files: Record<string, string> = {}): NodeJS.ProcessEnv {
    const d = dir();
    writeFileSync(join(d, 'config.yaml'), text);
    for (const [name, content] of Object.entries(files)) writeFileSync(join(d, name), content);
    return { COXSWAIN_CONFIG: join(d, 'config.yaml') };
  }

  const CONFIG = `current-context: local
contexts:
- {name: local, server: "http://127.0.0.1:3000/", token-file: admin-token, namespace: shop}
- {name: ci, server: "https://ci.example.com", token-env: CI_TOKEN}
- {name: bare}
`;

  it("takes the current context's server, namespace and token file", () => {
    const c = resolveConnection({}, withConfig(CONFIG, { 'admin-token': 'secret-1\n' }));
    expect({ server: c.server, namespace: c.namespace, context: c.context, token: c.token() }).toEqual({
      server: 'http://127.0.0.1:3000', namespace: 'shop', context: 'local', token: 'secret-1',
    });
  });

  it('lets flags override the context, and --context choose another', () => {
    const env = { ...withConfig(CONFIG, { 'admin-token': 'secret-1' }), CI_TOKEN: 'ci-secret' };
    const c = resolveConnection({ context: 'ci', namespace: 'payments' }, env);
    expect({ server: c.server, namespace: c.namespace, token: c.token() }).toEqual({ server: 'https://ci.example.com', namespace: 'payments', token: 'ci-secret' });
    const d = resolveConnection({ server: 'http://other:4000', token: 'flag-token' }, env);
    expect({ server: d.server, namespace: d.namespace, token: d.token() }).toEqual({ server: 'http://other:4000', namespace: 'shop', token: 'flag-token' });
  });

  it('defaults to the local server and namespace "default" without any file', () => {
    const c = resolveConnection({ token: 't' }, { COXSWAIN_CONFIG: join(dir(), 'missing.yaml') });
    expect([c.server, c.namespace]).toEqual([DEFAULT_SERVER, DEFAULT_NAMESPACE]);
  });

  it.each<[string, Parameters<typeof resolveConnection>[0], NodeJS.ProcessEnv, string]>([
    ['an unknown --context', { context: 'nope' }, {}, 'context "nope" (--context) does not exist; contexts: local, ci, bare'],
    ['a context without a token', { context: 'bare' }, {}, 'context "bare" has no token: coxswain config set-context bare --token-file FILE (or --token-env VAR), or pass --token'],
    ['a token variable that is not set', { context: 'ci' }, {}, 'context "ci" reads its token from the environment variable CI_TOKEN, which is not set'],
    ['a token file that is not there', {}, {}, 'cannot read the token of context "local" from'],
    ['a server that is no URL', { server: 'localhost:3000', token: 't' }, {}, '--server "localhost:3000" must be an http:// or https:// URL'],
    ['an empty namespace', { namespace: '', token: 't' }, {}, '--namespace must not be empty'],
  ])('refuses %s in words', (_what, options, env, message) => {
    const err = refusal(() => resolveConnection(options, { ...withConfig(CONFIG), ...env }).token());
    expect(err.message).toContain(message);
  });
});
