// The CLI's kubeconfig-like file: named contexts, each with a server, where its token comes from (a
// file or an environment variable, never the secret itself) and a default namespace, and the current
// context. ~/.config/coxswain/config.yaml, or the file COXSWAIN_CONFIG names.
//
//   current-context: local
//   contexts:
//   - name: local
//     server: http://127.0.0.1:3000
//     token-file: /home/me/coxswain/.data/pglite/admin-token
//     namespace: default
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parseDocument, stringify } from 'yaml';
import { CliError } from '../api/errors.js';

export interface Context {
  name: string;
  server?: string;
  'token-file'?: string;
  'token-env'?: string;
  namespace?: string;
}

export interface ConfigFile {
  'current-context'?: string;
  contexts: Context[];
}

const CONTEXT_KEYS = ['name', 'server', 'token-file', 'token-env', 'namespace'] as const;
const TOP_KEYS = ['current-context', 'contexts'];

/** Where the config file is: COXSWAIN_CONFIG, else ~/.config/coxswain/config.yaml. */
export function configPath(env: NodeJS.ProcessEnv, home: string = homedir()): string {
  const named = env.COXSWAIN_CONFIG;
  if (named !== undefined && named !== '') return resolve(named);
  return join(env.HOME || home, '.config', 'coxswain', 'config.yaml');
}

/** The file's contexts; a missing file is an empty configuration. Anything malformed is refused, naming the key. */
export function readConfig(path: string): ConfigFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { contexts: [] };
    throw new CliError(`cannot read the config file ${path}: ${(err as Error).message}`);
  }
  return parseConfig(text, path);
}

export function parseConfig(text: string, path: string): ConfigFile {
  const doc = parseDocument(text, { prettyErrors: false });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const line = e.linePos?.[0]?.line;
    throw new CliError(`the config file ${path} is not valid YAML${line ? ` (line ${line})` : ''}: ${e.message.split('\n')[0]}`);
  }
  const raw: unknown = doc.toJS();
  if (raw === null || raw === undefined) return { contexts: [] };
  const bad = (field: string, message: string) => new CliError(`the config file ${path} is invalid`, 'local', [{ field, message }]);
  if (typeof raw !== 'object' || Array.isArray(raw)) throw bad('(top level)', 'must be a mapping with current-context and contexts');
  const top = raw as Record<string, unknown>;
  for (const key of Object.keys(top)) if (!TOP_KEYS.includes(key)) throw bad(key, `unknown key (expected ${TOP_KEYS.join(', ')})`);
  const current = top['current-context'];
  if (current !== undefined && current !== null && typeof current !== 'string') throw bad('current-context', 'must be a string');
  const list = top.contexts ?? [];
  if (!Array.isArray(list)) throw bad('contexts', 'must be a list of contexts');
  const seen = new Set<string>();
  const contexts = list.map((item: unknown, i): Context => {
    const at = `contexts[${i}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw bad(at, 'must be a mapping');
    const c = item as Record<string, unknown>;
    for (const key of Object.keys(c)) if (!(CONTEXT_KEYS as readonly string[]).includes(key)) throw bad(`${at}.${key}`, `unknown key (expected ${CONTEXT_KEYS.join(', ')})`);
    for (const key of CONTEXT_KEYS) {
      if (c[key] !== undefined && c[key] !== null && typeof c[key] !== 'string') throw bad(`${at}.${key}`, 'must be a string');
    }
    if (typeof c.name !== 'string' || c.name === '') throw bad(`${at}.name`, 'required');
    if (seen.has(c.name)) throw bad(`${at}.name`, `duplicate context "${c.name}"`);
    seen.add(c.name);
    if (c['token-file'] && c['token-env']) throw bad(`${at}`, 'has both token-file and token-env; keep one');
    const context: Context = { name: c.name };
    for (const key of ['server', 'token-file', 'token-env', 'namespace'] as const) {
      if (typeof c[key] === 'string' && c[key] !== '') context[key] = c[key] as string;
    }
    return context;
  });
  return { ...(typeof current === 'string' && current !== '' ? { 'current-context': current } : {}), contexts };
}

export function printConfig(config: ConfigFile): string {
  const out: Record<string, unknown> = {};
  if (config['current-context']) out['current-context'] = config['current-context'];
  out.contexts = config.contexts.map((c) => Object.fromEntries(CONTEXT_KEYS.filter((k) => c[k] !== undefined).map((k) => [k, c[k]])));
  return `# coxswain contexts: coxswain config set-context / use-context / get-contexts\n${stringify(out)}`;
}

/** Writes the file whole (a temporary file renamed over it), readable by its owner only. */
export function writeConfig(path: string, config: ConfigFile): void {
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, printConfig(config), { mode: 0o600 });
    renameSync(tmp, path);
  } catch (err) {
    throw new CliError(`cannot write the config file ${path}: ${(err as Error).message}`);
  }
}

/** A token-file path as the config file holds it: relative paths are relative to the file's directory. */
export function tokenFilePath(configFile: string, tokenFile: string, home: string = homedir()): string {
  if (tokenFile === '~' || tokenFile.startsWith('~/')) return join(home, tokenFile.slice(1));
  return isAbsolute(tokenFile) ? tokenFile : resolve(dirname(configFile), tokenFile);
}

export interface ContextChange {
  server?: string;
  tokenFile?: string;
  tokenEnv?: string;
  namespace?: string;
}

/** The config with context `name` created or changed: only what `change` names changes; token-file and token-env replace each other. */
export function setContext(config: ConfigFile, name: string, change: ContextChange): { config: ConfigFile; created: boolean } {
  const existing = config.contexts.find((c) => c.name === name);
  const next: Context = { ...(existing ?? { name }) };
  if (change.server !== undefined) next.server = change.server;
  if (change.namespace !== undefined) next.namespace = change.namespace;
  if (change.tokenFile !== undefined) {
    next['token-file'] = change.tokenFile;
    delete next['token-env'];
  }
  if (change.tokenEnv !== undefined) {
    next['token-env'] = change.tokenEnv;
    delete next['token-file'];
  }
  const contexts = existing ? config.contexts.map((c) => (c.name === name ? next : c)) : [...config.contexts, next];
  return { config: { ...config, contexts }, created: !existing };
}
