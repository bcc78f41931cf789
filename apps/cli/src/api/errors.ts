// Everything that can go wrong talking to the API, as one error type the CLI prints in words:
// `error: <message>` and, for the API's field errors, one `  <field>: <message>` line each. Never a stack.
import type { FieldMessage } from '@coxswain/kruise-api';

export type ErrorKind =
  /** The API answered with GraphQL errors: its message and code are kept as they are. */
  | 'api'
  /** No answer: connection refused, DNS, TLS, a dropped socket. */
  | 'network'
  /** The API refused the token (401 / graphql-ws 4403) or rate-limited its failures (429). */
  | 'auth'
  /** Something the CLI itself refuses: a missing workload, a missing token, a bad config file. */
  | 'local';

export class CliError extends Error {
  constructor(
    message: string,
    readonly kind: ErrorKind = 'local',
    readonly fieldErrors: readonly FieldMessage[] = [],
    /** The API's extensions.code, when it gave one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** A command line the CLI cannot run: printed with a pointer to the command's help, exit code 2. */
export class UsageError extends Error {
  constructor(message: string, readonly command: string[] = []) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface GraphQLErrorShape {
  message?: unknown;
  extensions?: { code?: unknown; fieldErrors?: unknown; documentIndex?: unknown; reason?: unknown } & Record<string, unknown>;
}

/** The lines an error prints: `error: ...` first, then the field errors indented. */
export function errorLines(err: unknown): string[] {
  if (err instanceof CliError) {
    const lines = [`error: ${err.message}`];
    for (const f of err.fieldErrors) lines.push(`  ${f.field}: ${f.message}`);
    return lines;
  }
  if (err instanceof UsageError) return [`error: ${err.message}`];
  // Nothing else should reach here; when it does, its message alone (a stack helps no user).
  const message = err instanceof Error ? err.message : String(err);
  return [`error: ${message || 'unexpected failure'}`];
}

function fieldErrorsOf(value: unknown): FieldMessage[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((f): f is { field: unknown; message: unknown } => typeof f === 'object' && f !== null)
    .map((f) => ({ field: String(f.field ?? ''), message: String(f.message ?? '') }))
    .filter((f) => f.field !== '' || f.message !== '');
}

/**
 * The API's GraphQL errors as one CliError: each error's message (the API's words name the field and
 * the cause), and the field errors of all of them. A manifest's errors name the document they are in.
 */
export function fromGraphQLErrors(errors: readonly GraphQLErrorShape[], server: string): CliError {
  const first = errors[0] ?? {};
  const code = typeof first.extensions?.code === 'string' ? first.extensions.code : undefined;
  const messages = errors.map((e) => {
    const text = typeof e.message === 'string' && e.message !== '' ? e.message : 'the API refused the request';
    const doc = e.extensions?.documentIndex;
    // The API's own message usually names the document already ("document 2 (CloneSet "web"): ...").
    return typeof doc === 'number' && !/\bdocument \d/.test(text) ? `document ${doc + 1} of the manifest: ${text}` : text;
  });
  const fieldErrors = errors.flatMap((e) => fieldErrorsOf(e.extensions?.fieldErrors));
  if (code === 'UNAUTHENTICATED') return authError(server, messages[0]!);
  if (code === 'RATE_LIMITED') {
    return new CliError(`the API at ${server} is refusing this address after too many failed logins: ${messages[0]} (wait, then check the token)`, 'auth', [], code);
  }
  if (code === 'FORBIDDEN') return new CliError(`the token's role may not do this: ${messages[0]}`, 'auth', [], code);
  return new CliError(messages.join('; '), 'api', fieldErrors, code);
}

export function authError(server: string, detail?: string): CliError {
  return new CliError(
    `the API at ${server} refused the token${detail ? ` (${detail})` : ''}; check the context's token-file or token-env (coxswain config get-contexts), or pass --token`,
    'auth',
    [],
    'UNAUTHENTICATED',
  );
}

/** A fetch or socket failure in words: what could not be reached and why. */
export function networkError(server: string, err: unknown): CliError {
  return new CliError(`cannot reach the API at ${server}: ${networkCause(err)}`, 'network');
}

function networkCause(err: unknown): string {
  const cause = (err as { cause?: unknown })?.cause ?? err;
  const code = (cause as { code?: unknown })?.code;
  const words: Record<string, string> = {
    ECONNREFUSED: 'connection refused (is the server running?)',
    ENOTFOUND: 'no such host',
    EAI_AGAIN: 'the host name could not be resolved',
    ECONNRESET: 'the connection was reset',
    ETIMEDOUT: 'the connection timed out',
    EHOSTUNREACH: 'the host is unreachable',
    ENETUNREACH: 'the network is unreachable',
    UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
    UND_ERR_SOCKET: 'the connection closed unexpectedly',
  };
  if (typeof code === 'string') return words[code] ?? `${(cause as Error).message ?? code} (${code})`;
  const message = cause instanceof Error ? cause.message : String(cause);
  return message || 'the request failed';
}
