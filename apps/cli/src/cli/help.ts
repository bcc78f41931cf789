// Help in kubectl's (cobra's) layout: what the command does, Usage, Examples, Flags, Global Flags, and
// for a group its Available Commands.
import { GLOBAL_FLAGS, HELP_FLAG, type CommandSpec, type FlagSpec, type GroupSpec, type Node } from './spec.js';

function flagLines(flags: readonly FlagSpec[]): string[] {
  const left = flags.map((f) => {
    const names = f.short ? `-${f.short}, --${f.name}` : `    --${f.name}`;
    return f.type === 'boolean' ? names : `${names} ${f.value ?? (f.type === 'int' ? 'N' : 'VALUE')}`;
  });
  const width = Math.max(...left.map((l) => l.length)) + 3;
  return flags.map((f, i) => `  ${left[i]!.padEnd(width)}${f.description}${f.default !== undefined ? ` (default ${f.default})` : ''}`);
}

function commandHelp(path: readonly string[], c: CommandSpec): string[] {
  const lines: string[] = [];
  lines.push(...(c.description ?? c.summary).split('\n'), '');
  lines.push('Usage:', `  coxswain ${[...path, c.usage].join(' ')}`, '');
  if (c.examples.length > 0) {
    lines.push('Examples:');
    c.examples.forEach((e, i) => {
      if (i > 0) lines.push('');
      lines.push(`  # ${e.comment}`, `  ${e.command}`);
    });
    lines.push('');
  }
  const own = [...c.flags, HELP_FLAG];
  lines.push('Flags:', ...flagLines(own), '');
  const globals = GLOBAL_FLAGS.filter((g) => !c.flags.some((f) => f.name === g.name));
  if (globals.length > 0) lines.push('Global Flags:', ...flagLines(globals), '');
  return lines;
}

function groupHelp(path: readonly string[], g: GroupSpec): string[] {
  const visible = g.children.filter((c) => c.kind === 'group' || !c.hidden);
  const width = Math.max(...visible.map((c) => c.name.length)) + 3;
  const usage = path.length === 0 ? 'coxswain COMMAND [flags]' : `coxswain ${path.join(' ')} COMMAND [flags]`;
  return [
    ...(g.description ?? g.summary).split('\n'),
    '',
    'Usage:',
    `  ${usage}`,
    '',
    'Available Commands:',
    ...visible.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    'Global Flags:',
    ...flagLines([...GLOBAL_FLAGS, HELP_FLAG]),
    '',
    `Use "coxswain ${[...path, 'COMMAND'].join(' ')} --help" for more information about a command.`,
  ];
}

export function helpText(path: readonly string[], node: Node): string {
  return `${(node.kind === 'group' ? groupHelp(path, node) : commandHelp(path, node)).join('\n').trimEnd()}\n`;
}
