// One run of coxswain: parse, run the command, and turn every failure into words on stderr and an exit
// code: 1 for errors (the API's, the network's, the token's, the config file's), 2 for usage errors.
// No stack trace reaches the user, whatever fails.
import { errorLines, UsageError } from '../api/errors.js';
import { complete } from '../commands/completion.js';
import type { GlobalOptions } from '../config/connection.js';
import { EXIT } from '../rollout/status-decision.js';
import { helpText } from './help.js';
import { nodeAt, parse } from './parse.js';
import { createSession, type Io, type Session } from './session.js';
import { GLOBAL_FLAGS, type CommandSpec } from './spec.js';
import { ROOT } from './tree.js';

/** The global options of a parsed command line; a command's own flag of the same name is not global. */
function globalsOf(command: CommandSpec, flags: Record<string, unknown>): GlobalOptions {
  const globals: GlobalOptions = {};
  for (const g of GLOBAL_FLAGS) {
    if (command.flags.some((f) => f.name === g.name)) continue;
    const value = flags[g.name];
    if (typeof value === 'string') globals[g.name as keyof GlobalOptions] = value;
  }
  return globals;
}

export async function run(argv: readonly string[], io: Io): Promise<number> {
  let path: string[] = [];
  let session: Session | undefined;
  try {
    if (argv[0] === '__complete') return await complete(ROOT, argv.slice(1), io);
    if (argv.length === 0) {
      io.out(helpText([], ROOT).trimEnd());
      return 0;
    }
    if (argv[0] === 'help') {
      const node = nodeAt(ROOT, argv.slice(1));
      if (!node) throw new UsageError(`unknown help topic "${argv.slice(1).join(' ')}"`);
      io.out(helpText(argv.slice(1), node).trimEnd());
      return 0;
    }
    const parsed = parse(ROOT, argv);
    path = parsed.path;
    if (parsed.type === 'help') {
      io.out(helpText(parsed.path, parsed.node).trimEnd());
      return 0;
    }
    session = createSession(io, globalsOf(parsed.command, parsed.flags));
    return await parsed.command.run({ command: parsed.command, positionals: parsed.positionals, flags: parsed.flags }, session);
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`error: ${err.message}`);
      const at = err.command.length ? err.command : path;
      io.err(`See 'coxswain ${[...at, '--help'].join(' ')}' for usage.`);
      return EXIT.USAGE;
    }
    for (const line of errorLines(err)) io.err(line);
    return EXIT.ERROR;
  } finally {
    await session?.close().catch(() => {});
  }
}
