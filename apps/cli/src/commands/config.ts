// coxswain config set-context | use-context | get-contexts | current-context: the contexts file.
import { resolve } from 'node:path';
import { CliError, UsageError } from '../api/errors.js';
import type { Invocation } from '../cli/spec.js';
import type { Session } from '../cli/session.js';
import { checkServer } from '../config/connection.js';
import { configPath, readConfig, setContext, writeConfig } from '../config/config-file.js';
import { renderTable } from '../output/table.js';

function contextName(inv: Invocation, usage: string): string {
  const [name, ...rest] = inv.positionals;
  if (name === undefined || name === '') throw new UsageError(`name the context; usage: ${usage}`);
  if (rest.length > 0) throw new UsageError(`unexpected arguments ${rest.map((a) => `"${a}"`).join(' ')}; usage: ${usage}`);
  return name;
}

export async function setContextCommand(inv: Invocation, session: Session): Promise<number> {
  const usage = 'coxswain config set-context NAME [--server URL] [--token-file FILE | --token-env VAR] [--namespace NS]';
  const current = inv.flags.current === true;
  const file = configPath(session.io.env);
  const config = readConfig(file);
  let name: string;
  if (current) {
    if (inv.positionals.length > 0) throw new UsageError('--current changes the current context: name no other');
    if (!config['current-context']) throw new CliError('there is no current context to change: name the context instead of --current');
    name = config['current-context'];
  } else {
    name = contextName(inv, usage);
  }
  const server = inv.flags.server as string | undefined;
  const tokenFile = inv.flags['token-file'] as string | undefined;
  const tokenEnv = inv.flags['token-env'] as string | undefined;
  const namespace = inv.flags.namespace as string | undefined;
  if (tokenFile !== undefined && tokenEnv !== undefined) throw new UsageError('give --token-file or --token-env, not both');
  if (tokenFile === '' || tokenEnv === '' || namespace === '') throw new UsageError('--token-file, --token-env and --namespace must not be empty');
  if (tokenEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(tokenEnv)) throw new UsageError(`--token-env "${tokenEnv}" is not an environment variable name`);
  const { config: next, created } = setContext(config, name, {
    ...(server !== undefined ? { server: checkServer(server, '--server') } : {}),
    // Stored absolute, as kubectl stores paths given on its command line.
    ...(tokenFile !== undefined ? { tokenFile: resolve(tokenFile) } : {}),
    ...(tokenEnv !== undefined ? { tokenEnv } : {}),
    ...(namespace !== undefined ? { namespace } : {}),
  });
  writeConfig(file, next);
  session.io.out(`Context "${name}" ${created ? 'created' : 'modified'}.`);
  return 0;
}

export async function useContext(inv: Invocation, session: Session): Promise<number> {
  const name = contextName(inv, 'coxswain config use-context NAME');
  const file = configPath(session.io.env);
  const config = readConfig(file);
  if (!config.contexts.some((c) => c.name === name)) {
    throw new CliError(`no context exists with the name "${name}"${config.contexts.length ? `; contexts: ${config.contexts.map((c) => c.name).join(', ')}` : ''}`);
  }
  writeConfig(file, { ...config, 'current-context': name });
  session.io.out(`Switched to context "${name}".`);
  return 0;
}

export async function getContexts(inv: Invocation, session: Session): Promise<number> {
  const config = readConfig(configPath(session.io.env));
  const wanted = inv.positionals;
  const missing = wanted.filter((n) => !config.contexts.some((c) => c.name === n));
  if (missing.length > 0) throw new CliError(`context ${missing.map((n) => `"${n}"`).join(', ')} not found`);
  const shown = wanted.length ? config.contexts.filter((c) => wanted.includes(c.name)) : config.contexts;
  if (inv.flags.output === 'name') {
    shown.forEach((c) => session.io.out(c.name));
    return 0;
  }
  if (inv.flags.output !== undefined) throw new UsageError(`unknown output format "${String(inv.flags.output)}": use name`);
  session.io.out(renderTable(['CURRENT', 'NAME', 'SERVER', 'NAMESPACE', 'TOKEN'], shown.map((c) => [
    c.name === config['current-context'] ? '*' : '', c.name, c.server ?? '', c.namespace ?? '',
    c['token-file'] ? `file:${c['token-file']}` : c['token-env'] ? `env:${c['token-env']}` : '<none>',
  ])).join('\n'));
  return 0;
}

export async function currentContext(inv: Invocation, session: Session): Promise<number> {
  if (inv.positionals.length > 0) throw new UsageError('current-context takes no arguments');
  const config = readConfig(configPath(session.io.env));
  if (!config['current-context']) throw new CliError('current-context is not set');
  session.io.out(config['current-context']);
  return 0;
}
