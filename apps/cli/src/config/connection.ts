// Which server, token and namespace a command uses: flags first (--server, --token, -n, --context),
// then the context (--context, else the file's current-context), then the defaults (the local server
// `npm start` runs, namespace "default"). The token is read only when a command talks to the API.
import { readFileSync } from 'node:fs';
import { CliError } from '../api/errors.js';
import { configPath, readConfig, tokenFilePath, type Context } from './config-file.js';

export const DEFAULT_SERVER = 'http://127.0.0.1:3000';
export const DEFAULT_NAMESPACE = 'default';

export interface GlobalOptions {
  server?: string;
  token?: string;
  namespace?: string;
  context?: string;
}

export interface Connection {
  server: string;
  namespace: string;
  /** The context the settings came from, if any. */
  context?: string;
  /** Where the token comes from, in words, for messages. */
  tokenSource: string;
  token(): string;
}

export function checkServer(server: string, from: string): string {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new CliError(`${from} "${server}" is not a URL: write it as http://host:port`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(`${from} "${server}" must be an http:// or https:// URL`);
  return server.replace(/\/+$/, '');
}

/** The context a command runs in: --context, else the current context; none when the file has neither. */
export function chosenContext(options: GlobalOptions, env: NodeJS.ProcessEnv): { file: string; context?: Context } {
  const file = configPath(env);
  const config = readConfig(file);
  const name = options.context ?? config['current-context'];
  if (name === undefined) return { file };
  const context = config.contexts.find((c) => c.name === name);
  if (!context) {
    const how = options.context !== undefined ? '--context' : `current-context in ${file}`;
    const known = config.contexts.map((c) => c.name);
    throw new CliError(`context "${name}" (${how}) does not exist${known.length ? `; contexts: ${known.join(', ')}` : `; create it with: coxswain config set-context ${name} --server URL --token-file FILE`}`);
  }
  return { file, context };
}

export function resolveConnection(options: GlobalOptions, env: NodeJS.ProcessEnv): Connection {
  const { file, context } = chosenContext(options, env);
  const server = options.server !== undefined
    ? checkServer(options.server, '--server')
    : context?.server !== undefined ? checkServer(context.server, `the server of context "${context.name}"`) : DEFAULT_SERVER;
  if (options.namespace === '') throw new CliError('--namespace must not be empty: name a namespace, or use -A for all of them');
  const namespace = options.namespace ?? context?.namespace ?? DEFAULT_NAMESPACE;
  let tokenSource: string;
  let token: () => string;
  if (options.token !== undefined) {
    tokenSource = '--token';
    token = () => {
      if (options.token!.trim() === '') throw new CliError('--token is empty');
      return options.token!.trim();
    };
  } else if (context?.['token-file']) {
    const path = tokenFilePath(file, context['token-file']);
    tokenSource = `token-file ${path} (context "${context.name}")`;
    token = () => {
      let secret: string;
      try {
        secret = readFileSync(path, 'utf8').trim();
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (err as Error).message;
        throw new CliError(`cannot read the token of context "${context.name}" from ${path}: ${why}`);
      }
      if (secret === '') throw new CliError(`the token file ${path} of context "${context.name}" is empty`);
      return secret;
    };
  } else if (context?.['token-env']) {
    const variable = context['token-env'];
    tokenSource = `environment variable ${variable} (context "${context.name}")`;
    token = () => {
      const secret = env[variable]?.trim();
      if (!secret) throw new CliError(`context "${context.name}" reads its token from the environment variable ${variable}, which is not set`);
      return secret;
    };
  } else {
    tokenSource = 'none';
    token = () => {
      throw new CliError(
        context
          ? `context "${context.name}" has no token: coxswain config set-context ${context.name} --token-file FILE (or --token-env VAR), or pass --token`
          : 'no token: pass --token, or create a context: coxswain config set-context NAME --server URL --token-file FILE',
      );
    };
  }
  return { server, namespace, ...(context ? { context: context.name } : {}), tokenSource, token };
}
