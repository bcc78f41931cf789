// The words commands read from their arguments: workload targets, durations, partitions and steps,
// hook names, and what shell completion offers.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { UsageError } from '../src/api/errors.js';
import { appliedName, dryRun, fieldValidation } from '../src/commands/apply.js';
import { candidates } from '../src/commands/completion.js';
import { parseHook } from '../src/commands/hooks.js';
import { partitionValue, stepSize } from '../src/commands/mutate.js';
import { proposedChange } from '../src/commands/preview.js';
import { createSession } from '../src/cli/session.js';
import { ROOT } from '../src/cli/tree.js';
import { parseDuration } from '../src/duration.js';
import { parseTarget, refOf } from '../src/kinds.js';

function usage(f: () => unknown): string {
  try {
    f();
  } catch (err) {
    if (err instanceof UsageError) return err.message;
    throw err;
  }
  throw new Error('no usage error');
}

describe('workload targets', () => {
  it.each<[string[], string, string, string[]]>([
    [['cloneset/web'], 'CLONE_SET', 'web', []],
    [['clonesets/web', 'set', '3'], 'CLONE_SET', 'web', ['set', '3']],
    [['clone', 'web'], 'CLONE_SET', 'web', []],
    [['CloneSet/web'], 'CLONE_SET', 'web', []],
    [['clonesets.apps.kruise.io/web'], 'CLONE_SET', 'web', []],
    [['asts/db'], 'STATEFUL_SET', 'db', []],
    [['statefulset', 'db'], 'STATEFUL_SET', 'db', []],
    [['ud/sample-ud'], 'UNITED_DEPLOYMENT', 'sample-ud', []],
    [['uniteddeployments', 'sample-ud', 'step'], 'UNITED_DEPLOYMENT', 'sample-ud', ['step']],
  ])('%j', (args, kind, name, rest) => {
    const parsed = parseTarget(args);
    expect([parsed.target.kind.kind, parsed.target.name, parsed.rest]).toEqual([kind, name, rest]);
  });

  it('names objects as kubectl does', () => {
    expect(refOf(parseTarget(['ud/u']).target)).toBe('uniteddeployment.apps.kruise.io/u');
    expect(appliedName({ apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', name: 'web' })).toBe('cloneset.apps.kruise.io/web');
    expect(appliedName({ apiVersion: 'v1', kind: 'Namespace', name: 'demo' })).toBe('namespace/demo');
  });

  it('refuses what names no workload', () => {
    expect(usage(() => parseTarget([]))).toBe('name a workload as KIND/NAME, e.g. cloneset/web');
    expect(usage(() => parseTarget(['clone/']))).toContain('"clone/" names no workload');
    expect(usage(() => parseTarget(['clone']))).toBe('name the cloneset: cloneset/NAME or cloneset NAME');
    expect(usage(() => parseTarget(['sts/db']))).toContain('the API runs Advanced StatefulSets: statefulsets or asts');
    expect(usage(() => parseTarget(['deployment/x']))).toContain('unknown workload kind "deployment"');
  });
});

describe('durations', () => {
  it.each<[string, number]>([['0', 0], ['30s', 30_000], ['5m', 300_000], ['1h30m', 5_400_000], ['1.5s', 1500], ['250ms', 250], ['2m3s', 123_000]])('%s', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '5', 's', '5x', '-5s', '5s garbage'])('refuses %j', (text) => {
    expect(usage(() => parseDuration(text))).toContain('write a duration such as 30s, 5m or 1h30m');
  });
});

describe('partitions and steps', () => {
  it('sends whole numbers as numbers and everything else as the text, for the API to judge', () => {
    expect(partitionValue('3')).toBe(3);
    expect(partitionValue('40%')).toBe('40%');
    expect(partitionValue('x')).toBe('x');
  });

  it('steps by 1, or by N', () => {
    expect(stepSize([])).toBe(1);
    expect(stepSize(['by', '3'])).toBe(3);
    expect(usage(() => stepSize(['by', '0']))).toContain('at least 1');
    expect(usage(() => stepSize(['3']))).toContain('write "step" or "step by N"');
  });
});

describe('apply flags', () => {
  it('maps --validate and --dry-run', () => {
    expect([fieldValidation(undefined), fieldValidation('strict'), fieldValidation('true'), fieldValidation('ignore'), fieldValidation('false')]).toEqual(['STRICT', 'STRICT', 'STRICT', 'IGNORE', 'IGNORE']);
    expect([dryRun(undefined), dryRun('none'), dryRun('server')]).toEqual([false, false, true]);
    expect(usage(() => dryRun('client'))).toContain('--dry-run=client is not supported');
    expect(usage(() => fieldValidation('warn'))).toContain('use strict (refuse unknown fields) or ignore (drop them)');
  });
});

describe('hooks', () => {
  it.each<[string, string]>([['preDelete', 'PRE_DELETE'], ['PRE_UPDATE', 'PRE_UPDATE'], ['post-update', 'POST_UPDATE'], ['prenormal', 'PRE_NORMAL']])('%s', (word, point) => {
    expect(parseHook(word)).toBe(point);
  });
});

describe('completion', () => {
  const dir = mkdtempSync(join(tmpdir(), 'coxswain-cli-completion-'));
  writeFileSync(join(dir, 'config.yaml'), 'current-context: local\ncontexts: [{name: local, server: "http://127.0.0.1:9"}, {name: ci}]\n');
  const session = createSession({ out: () => {}, err: () => {}, readStdin: async () => '', env: { COXSWAIN_CONFIG: join(dir, 'config.yaml') } }, {});

  it.each<[string[], string[]]>([
    [[''], ['get', 'describe', 'rollout', 'set', 'partition', 'scale', 'preview', 'apply', 'hooks', 'audit', 'config', 'completion', 'version']],
    [['ro'], ['rollout']],
    [['rollout', ''], ['status', 'history', 'undo', 'pause', 'resume', 'approve', 'jump', 'abort']],
    [['get', ''], ['clonesets', 'statefulsets', 'uniteddeployments']],
    [['rollout', 'status', 'c'], ['clonesets/']],
    [['partition', 'clone/web', ''], ['set', 'step']],
    [['partition', 'clone/web', 'step', ''], ['by']],
    [['get', 'clonesets', '-o', ''], ['json', 'yaml', 'wide', 'name']],
    [['apply', '--validate', ''], ['strict', 'ignore']],
    [['hooks', 'list', '--hook', 'pre'], ['preDelete', 'preUpdate', 'preNormal']],
    [['hooks', 'ack', 'web-x', ''], ['preDelete', 'preUpdate', 'postUpdate', 'preNormal']],
    [['config', 'use-context', ''], ['local', 'ci']],
    [['--context', ''], ['local', 'ci']],
    [['completion', ''], ['bash', 'zsh']],
    [['scale', 'clone/web', '--rep'], ['--replicas']],
    [['get', 'clonesets', ''], []], // names come from the API, which does not answer here
  ])('%j', async (words, expected) => {
    expect(await candidates(ROOT, words, session)).toEqual(expected);
  });
});

describe('preview: exactly one change', () => {
  it.each([
    [{}, /exactly one change \(none given\)/],
    [{ pause: true, replicas: 3 }, /exactly one change \(got --replicas, --pause\)/],
    [{ image: 'nginx:1.27' }, /--image "nginx:1\.27" is not CONTAINER=IMAGE/],
    [{ image: '=nginx' }, /is not CONTAINER=IMAGE/],
    [{ image: 'main=' }, /is not CONTAINER=IMAGE/],
    [{ filename: 'web.yaml', replicas: 3 }, /exactly one change \(got --replicas, -f\)/],
    [{ filename: '' }, /-f needs a file/],
    [{ replicas: 3, subset: 'subset-a' }, /--subset goes with --partition/],
  ])('%j is refused', (flags, message) => {
    expect(() => proposedChange(flags)).toThrow(message);
  });

  it.each([
    [{ image: 'main=nginx:1.27' }, { container: 'main', image: 'nginx:1.27' }],
    [{ image: 'main=registry:5000/app:v=2' }, { container: 'main', image: 'registry:5000/app:v=2' }],
    [{ partition: '3' }, { partition: 3 }],
    [{ partition: '40%' }, { partition: '40%' }],
    [{ replicas: 0 }, { replicas: 0 }],
    [{ pause: true }, { paused: true }],
    [{ resume: true, pause: false }, { paused: false }],
    [{ partition: '1', subset: 'subset-a' }, { partition: 1, subset: 'subset-a' }],
    [{ filename: 'web.yaml' }, { filename: 'web.yaml' }],
    [{ filename: '-' }, { filename: '-' }],
  ])('%j proposes %j', (flags, change) => {
    expect(proposedChange(flags)).toEqual(change);
  });
});
