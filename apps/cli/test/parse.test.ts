// The command line as kubectl users type it: command paths, every flag form, globals before the
// command, and the usage errors (exit code 2) for what cannot be read.
import { describe, expect, it } from '@jest/globals';
import { UsageError } from '../src/api/errors.js';
import { conflictingFlags, nodeAt, parse, type Parsed } from '../src/cli/parse.js';
import { ROOT } from '../src/cli/tree.js';

function run(argv: string[]): Extract<Parsed, { type: 'run' }> {
  const parsed = parse(ROOT, argv);
  if (parsed.type !== 'run') throw new Error(`expected a command, got help for ${parsed.path.join(' ')}`);
  return parsed;
}

function usageError(argv: string[]): UsageError {
  try {
    parse(ROOT, argv);
  } catch (err) {
    if (err instanceof UsageError) return err;
    throw err;
  }
  throw new Error(`parsed without error: ${argv.join(' ')}`);
}

describe('parse', () => {
  it.each<[string, string[], string, string[], Record<string, unknown>]>([
    ['a leaf command', ['get', 'clonesets'], 'get', ['clonesets'], {}],
    ['a nested command', ['rollout', 'status', 'cloneset/web'], 'rollout status', ['cloneset/web'], {}],
    ['a global flag before the command', ['-n', 'shop', 'get', 'clonesets'], 'get', ['clonesets'], { namespace: 'shop' }],
    ['a global flag between group and command', ['rollout', '--context', 'ci', 'status', 'clone/web'], 'rollout status', ['clone/web'], { context: 'ci' }],
    ['--flag=value', ['get', 'clone', '--output=json'], 'get', ['clone'], { output: 'json' }],
    ['--flag value', ['get', 'clone', '--output', 'yaml'], 'get', ['clone'], { output: 'yaml' }],
    ['-x value', ['get', 'clone', '-o', 'wide'], 'get', ['clone'], { output: 'wide' }],
    ['-xvalue', ['get', 'clone', '-nshop'], 'get', ['clone'], { namespace: 'shop' }],
    ['-x=value', ['get', 'clone', '-n=shop'], 'get', ['clone'], { namespace: 'shop' }],
    ['a boolean', ['rollout', 'status', 'clone/web', '--watch'], 'rollout status', ['clone/web'], { watch: true }],
    ['--boolean=false', ['rollout', 'status', 'clone/web', '--watch=false'], 'rollout status', ['clone/web'], { watch: false }],
    ['booleans run together, then a value', ['hooks', 'list', '-Ao', 'json'], 'hooks list', [], { 'all-namespaces': true, output: 'json' }],
    ['an int flag', ['scale', 'clone/web', '--replicas', '3'], 'scale', ['clone/web'], { replicas: 3 }],
    ['a negative int flag value', ['scale', 'clone/web', '--replicas', '-1'], 'scale', ['clone/web'], { replicas: -1 }],
    ['"-" as a value (stdin)', ['apply', '-f', '-'], 'apply', [], { filename: '-' }],
    ['a negative number as a positional', ['partition', 'clone/web', 'set', '-1'], 'partition', ['clone/web', 'set', '-1'], {}],
    ['positionals after --', ['hooks', 'ack', '--reason', 'x', '--', '-pod-', 'preDelete'], 'hooks ack', ['-pod-', 'preDelete'], { reason: 'x' }],
    ['a flag given twice: the last wins', ['get', 'clone', '-n', 'a', '-n', 'b'], 'get', ['clone'], { namespace: 'b' }],
    ['a command flag that shadows a global one', ['config', 'set-context', 'ci', '--server', 'http://x:1', '-n', 'shop'], 'config set-context', ['ci'], { server: 'http://x:1', namespace: 'shop' }],
    ['partition step by N', ['partition', 'ud/u', 'step', 'by', '2', '--subset', 'subset-b'], 'partition', ['ud/u', 'step', 'by', '2'], { subset: 'subset-b' }],
  ])('%s', (_what, argv, path, positionals, flags) => {
    const parsed = run(argv);
    expect(parsed.path.join(' ')).toBe(path);
    expect(parsed.positionals).toEqual(positionals);
    expect(parsed.flags).toEqual(flags);
  });

  it.each<[string, string[], string, string]>([
    ['an unknown command', ['bogus'], 'unknown command "bogus" for "coxswain"', ''],
    ['an unknown subcommand', ['rollout', 'bogus'], 'unknown command "bogus" for "coxswain rollout"', 'rollout'],
    ['an unknown flag', ['get', 'clone', '--bogus'], 'unknown flag: --bogus', 'get'],
    ['an unknown shorthand', ['get', 'clone', '-Z'], "unknown shorthand flag: 'Z' in -Z", 'get'],
    ['a flag without its value', ['get', 'clone', '-o'], 'flag needs an argument: -o', 'get'],
    ['a long flag without its value', ['scale', 'clone/web', '--replicas'], 'flag needs an argument: --replicas', 'scale'],
    ['an int flag that is no number', ['scale', 'clone/web', '--replicas', 'three'], 'invalid argument "three" for "--replicas" flag: must be a whole number', 'scale'],
    ['a boolean that is neither true nor false', ['rollout', 'status', 'c/w', '--watch=yes'], 'invalid argument "yes" for "--watch" flag: must be true or false', 'rollout status'],
    ["a flag of another command", ['get', 'clone', '--replicas', '3'], 'unknown flag: --replicas', 'get'],
  ])('refuses %s', (_what, argv, message, path) => {
    const err = usageError(argv);
    expect(err.message).toBe(message);
    expect(err.command.join(' ')).toBe(path);
  });

  it('answers help for --help, -h, and a group without its command', () => {
    for (const argv of [['get', '--help'], ['get', '-h'], ['rollout', 'status', 'clone/web', '--help']]) {
      const parsed = parse(ROOT, argv);
      expect(parsed.type).toBe('help');
    }
    const group = parse(ROOT, ['rollout']);
    expect(group).toMatchObject({ type: 'help', path: ['rollout'], node: { kind: 'group', name: 'rollout' } });
  });

  it('finds the node of a help topic', () => {
    expect(nodeAt(ROOT, ['rollout', 'status'])?.name).toBe('status');
    expect(nodeAt(ROOT, ['rollout', 'bogus'])).toBeUndefined();
  });

  it('has no flag name that takes a value for one command and none for another', () => {
    // The command path is found before the command is known; an ambiguous flag would swallow a word.
    expect(conflictingFlags(ROOT)).toEqual([]);
  });
});
