// The shape of the command line: a tree of groups (rollout, set, config, hooks) and commands, each with
// its flags, help text and examples. The parser (parse.ts) and the help (help.ts) read the same tree.
import type { Session } from './session.js';
export type FlagType = 'boolean' | 'string' | 'int';

export interface FlagSpec {
  /** The long name, without dashes. */
  name: string;
  short?: string;
  type: FlagType;
  /** The value's placeholder in help (FILE, N, NAME). */
  value?: string;
  description: string;
  /** Shown in help as the default, when there is one worth saying. */
  default?: string;
  /** The values it takes, for shell completion. */
  values?: readonly string[];
}

export interface Example {
  comment: string;
  command: string;
}

export type FlagValues = Record<string, string | boolean | number | undefined>;

export interface Invocation {
  command: CommandSpec;
  positionals: string[];
  flags: FlagValues;
}

export interface CommandSpec {
  kind: 'command';
  name: string;
  /** One line, for the parent's command list. */
  summary: string;
  /** Paragraphs above Usage; the summary when absent. */
  description?: string;
  /** What follows the command path in Usage, e.g. "KIND [NAME] [flags]". */
  usage: string;
  examples: Example[];
  flags: FlagSpec[];
  hidden?: boolean;
  run: (invocation: Invocation, session: Session) => Promise<number>;
}

export interface GroupSpec {
  kind: 'group';
  name: string;
  summary: string;
  description?: string;
  children: (CommandSpec | GroupSpec)[];
}

export type Node = CommandSpec | GroupSpec;

export const HELP_FLAG: FlagSpec = { name: 'help', short: 'h', type: 'boolean', description: 'help for this command' };

/** Flags every command takes (kubectl's global options). */
export const GLOBAL_FLAGS: FlagSpec[] = [
  { name: 'context', type: 'string', value: 'NAME', description: 'the context of the config file to use (default: its current-context)' },
  { name: 'namespace', short: 'n', type: 'string', value: 'NAMESPACE', description: "the namespace to work in (default: the context's namespace, else \"default\")" },
  { name: 'server', type: 'string', value: 'URL', description: "the API's address, e.g. http://127.0.0.1:3000 (default: the context's server)" },
  { name: 'token', type: 'string', value: 'TOKEN', description: "the API token to send (default: the context's token-file or token-env)" },
];
