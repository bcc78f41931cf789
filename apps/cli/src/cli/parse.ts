// kubectl's command line, parsed without a library: the command path first (`rollout status`), then
// flags anywhere (`--name value`, `--name=value`, `-n value`, `-nvalue`, `-Aw`, `--watch=false`),
// positionals, and `--` to end the flags. Global flags may come before the command.
import { UsageError } from '../api/errors.js';
import { GLOBAL_FLAGS, HELP_FLAG, type CommandSpec, type FlagSpec, type FlagValues, type GroupSpec, type Node } from './spec.js';

export type Parsed =
  | { type: 'run'; path: string[]; command: CommandSpec; positionals: string[]; flags: FlagValues }
  | { type: 'help'; path: string[]; node: Node };

/** Every flag the tree knows, by long and short name, for finding the command path before the command is known. */
function allFlags(node: Node, into = new Map<string, FlagSpec>()): Map<string, FlagSpec> {
  if (node.kind === 'command') for (const f of node.flags) into.set(f.name, f).set(f.short ?? `--${f.name}`, f);
  else node.children.forEach((c) => allFlags(c, into));
  return into;
}

function isFlagToken(token: string): boolean {
  // "-" alone is a value (stdin), "-3" a number.
  return token.startsWith('-') && token.length > 1 && !/^-\d/.test(token);
}

function findFlag(flags: readonly FlagSpec[], token: string): { spec: FlagSpec | undefined; inline?: string; name: string } {
  if (token.startsWith('--')) {
    const eq = token.indexOf('=');
    const name = eq < 0 ? token.slice(2) : token.slice(2, eq);
    return { spec: flags.find((f) => f.name === name), ...(eq < 0 ? {} : { inline: token.slice(eq + 1) }), name: `--${name}` };
  }
  const short = token[1]!;
  const rest = token.slice(2);
  return { spec: flags.find((f) => f.short === short), ...(rest === '' ? {} : { inline: rest.startsWith('=') ? rest.slice(1) : rest }), name: `-${short}` };
}

/** Walks the tokens to the command they name, skipping flags (and the values of flags that take one). */
function commandPath(root: GroupSpec, argv: readonly string[]): { node: Node; path: string[]; used: Set<number> } {
  const known = allFlags(root);
  for (const g of [...GLOBAL_FLAGS, HELP_FLAG]) known.set(g.name, g).set(g.short ?? `--${g.name}`, g);
  let node: Node = root;
  const path: string[] = [];
  const used = new Set<number>();
  for (let i = 0; i < argv.length && node.kind === 'group'; i++) {
    const token = argv[i]!;
    if (token === '--') break;
    if (isFlagToken(token)) {
      const long = token.startsWith('--');
      const name = long ? token.slice(2).split('=')[0]! : token[1]!;
      const spec = known.get(name);
      const hasInline = long ? token.includes('=') : token.length > 2;
      if (spec && spec.type !== 'boolean' && !hasInline) i++;
      continue;
    }
    const child: Node | undefined = node.children.find((c) => c.name === token);
    if (!child) {
      const where = path.length ? `"coxswain ${path.join(' ')}"` : '"coxswain"';
      throw new UsageError(`unknown command "${token}" for ${where}`, path);
    }
    node = child;
    path.push(token);
    used.add(i);
  }
  return { node, path, used };
}

function setValue(flags: FlagValues, spec: FlagSpec, raw: string, name: string): void {
  if (spec.type === 'int') {
    if (!/^-?\d+$/.test(raw.trim())) throw new UsageError(`invalid argument "${raw}" for "${name}" flag: must be a whole number`);
    flags[spec.name] = Number(raw.trim());
  } else if (spec.type === 'boolean') {
    if (!['true', 'false'].includes(raw)) throw new UsageError(`invalid argument "${raw}" for "${name}" flag: must be true or false`);
    flags[spec.name] = raw === 'true';
  } else {
    flags[spec.name] = raw;
  }
}

export function parse(root: GroupSpec, argv: readonly string[]): Parsed {
  const { node, path, used } = commandPath(root, argv);
  try {
    return parseFlags(node, path, used, argv);
  } catch (err) {
    // Name the command whose help explains the flag.
    if (err instanceof UsageError && err.command.length === 0) throw new UsageError(err.message, path);
    throw err;
  }
}

function parseFlags(node: Node, path: string[], used: Set<number>, argv: readonly string[]): Parsed {
  const flagSpecs: FlagSpec[] = node.kind === 'command'
    ? [...node.flags, ...GLOBAL_FLAGS.filter((g) => !node.flags.some((f) => f.name === g.name || (f.short && f.short === g.short))), HELP_FLAG]
    : [...GLOBAL_FLAGS, HELP_FLAG];
  const flags: FlagValues = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (used.has(i)) continue;
    const token = argv[i]!;
    if (token === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!isFlagToken(token)) {
      positionals.push(token);
      continue;
    }
    if (!token.startsWith('--') && token.length > 2 && !token.includes('=')) {
      // -Aw: booleans in a row; a flag that takes a value takes the rest of the token (-nprod).
      let j = 1;
      for (; j < token.length; j++) {
        const spec = flagSpecs.find((f) => f.short === token[j]);
        if (!spec) throw new UsageError(`unknown shorthand flag: '${token[j]}' in ${token}`, path);
        if (spec.type === 'boolean') {
          flags[spec.name] = true;
          continue;
        }
        const rest = token.slice(j + 1);
        if (rest !== '') setValue(flags, spec, rest, `-${spec.short}`);
        else {
          if (i + 1 >= argv.length) throw new UsageError(`flag needs an argument: -${spec.short}`, path);
          setValue(flags, spec, argv[++i]!, `-${spec.short}`);
        }
        break;
      }
      continue;
    }
    const { spec, inline, name } = findFlag(flagSpecs, token);
    if (!spec) throw new UsageError(token.startsWith('--') ? `unknown flag: ${name}` : `unknown shorthand flag: '${token[1]}' in ${token}`, path);
    if (spec.type === 'boolean') {
      if (inline === undefined) flags[spec.name] = true;
      else setValue(flags, spec, inline, name);
      continue;
    }
    if (inline !== undefined) setValue(flags, spec, inline, name);
    else {
      if (i + 1 >= argv.length) throw new UsageError(`flag needs an argument: ${name}`, path);
      setValue(flags, spec, argv[++i]!, name);
    }
  }
  if (flags.help === true || node.kind === 'group') return { type: 'help', path, node };
  return { type: 'run', path, command: node, positionals, flags };
}

/** The node at `path` (for `coxswain help rollout status`), or undefined. */
export function nodeAt(root: GroupSpec, path: readonly string[]): Node | undefined {
  let node: Node = root;
  for (const name of path) {
    if (node.kind !== 'group') return undefined;
    const child: Node | undefined = node.children.find((c) => c.name === name);
    if (!child) return undefined;
    node = child;
  }
  return node;
}

/** Flags whose names mean different things to different commands would make the command path ambiguous. */
export function conflictingFlags(root: GroupSpec): string[] {
  const seen = new Map<string, FlagSpec>();
  const conflicts: string[] = [];
  const visit = (node: Node) => {
    if (node.kind === 'group') return node.children.forEach(visit);
    for (const f of [...node.flags, ...GLOBAL_FLAGS]) {
      for (const key of [f.name, f.short].filter((k): k is string => k !== undefined)) {
        const other = seen.get(key);
        if (other && (other.type === 'boolean') !== (f.type === 'boolean')) conflicts.push(`${node.name}: ${key}`);
        seen.set(key, f);
      }
    }
  };
  visit(root);
  return conflicts;
}
