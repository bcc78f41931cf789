// The nodes page's words and grouping (src/lib/images/node-images.ts): sizes in binary units, the held
// images under the name they were pulled by, pulls grouped by tag state with what is under way first,
// and the text filter kept in the URL.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { NodeImages, NodePull } from '../../src/lib/api/types';
import {
  bytesWords,
  filterNodeImages,
  heldImages,
  nodeFilterFromQuery,
  nodeFilterToQuery,
  nodeImagesSummary,
  PULL_PHASES,
  pullsByPhase,
  pullWords,
} from '../../src/lib/images/node-images';

const pull = (image: string, phase: string, over: Partial<NodePull> = {}): NodePull => ({
  image,
  phase,
  progress: 0,
  startTime: null,
  completionTime: null,
  message: null,
  jobs: [],
  ...over,
});

const node = (name: string, over: Partial<NodeImages> = {}): NodeImages => ({
  node: name,
  desired: 0,
  pulling: 0,
  succeeded: 0,
  failed: 0,
  diskUsedBytes: 0,
  images: [],
  pulls: [],
  ...over,
});

describe('bytesWords', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1024, '1.00 KiB'],
    [10 * 1024 * 1024, '10.0 MiB'],
    [250 * 1024 * 1024, '250 MiB'],
    [1.25 * 1024 ** 3, '1.25 GiB'],
    [null, 'size unknown'],
    [-1, 'size unknown'],
    [Number.NaN, 'size unknown'],
  ])('%s → %s', (bytes, words) => {
    expect(bytesWords(bytes)).toBe(words);
  });

  it('stays within 1% of the size (three significant digits)', () => {
    const value = (w: string) => {
      const [n, unit] = w.split(' ');
      return Number(n) * 1024 ** ['B', 'KiB', 'MiB', 'GiB', 'TiB'].indexOf(unit!);
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 45 }), (bytes) => {
        expect(Math.abs(value(bytesWords(bytes)) - bytes)).toBeLessThanOrEqual(bytes * 0.01 + 0.5);
      }),
    );
  });
});

describe('heldImages', () => {
  it('names an image by its tag, not the digest reference the runtime lists first, and sorts by that name', () => {
    const rows = heldImages([
      { names: ['docker.io/library/nginx@sha256:aa', 'nginx:1.27'], sizeBytes: 100 },
      { names: ['busybox@sha256:bb', 'busybox:1'], sizeBytes: null },
      { names: ['registry.example/only@sha256:cc'], sizeBytes: 5 },
    ]);
    expect(rows.map((r) => [r.name, r.sizeBytes])).toEqual([
      ['busybox:1', null],
      ['nginx:1.27', 100],
      ['registry.example/only@sha256:cc', 5],
    ]);
    expect(rows[1]!.names).toEqual(['docker.io/library/nginx@sha256:aa', 'nginx:1.27']);
  });
});

describe('pullsByPhase', () => {
  it('groups pulling, waiting, failed, then pulled; leaves out empty groups; an unknown phase waits', () => {
    const groups = pullsByPhase([pull('b:1', 'Succeeded'), pull('a:1', 'Succeeded'), pull('c:1', 'Failed'), pull('d:1', 'Pulling'), pull('e:1', 'Odd')]);
    expect(groups.map((g) => [g.phase, g.pulls.map((p) => p.image)])).toEqual([
      ['Pulling', ['d:1']],
      ['Waiting', ['e:1']],
      ['Failed', ['c:1']],
      ['Succeeded', ['a:1', 'b:1']],
    ]);
  });

  it('keeps every pull exactly once, in phase order', () => {
    const phase = fc.constantFrom(...PULL_PHASES, 'Unknown');
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 6 }), phase), { maxLength: 30 }), (rows) => {
        const groups = pullsByPhase(rows.map(([image, p]) => pull(image, p)));
        expect(groups.reduce((n, g) => n + g.pulls.length, 0)).toBe(rows.length);
        const order = groups.map((g) => PULL_PHASES.indexOf(g.phase));
        expect(order).toEqual([...order].sort((a, b) => a - b));
        expect(groups.every((g) => g.pulls.length > 0)).toBe(true);
      }),
    );
  });
});

describe('pullWords', () => {
  it.each([
    [pull('nginx:1.27', 'Pulling', { progress: 40, jobs: ['default/warm'] }), 'pulling nginx:1.27 (40%) for default/warm'],
    [pull('nginx:1.27', 'Pulling'), 'pulling nginx:1.27'],
    [pull('nginx:1.27', 'Waiting', { jobs: ['a/x', 'b/y'] }), 'waiting to pull nginx:1.27 for a/x, b/y'],
    [pull('bad:1', 'Failed', { message: 'pulling image bad:1 error' }), 'failed to pull bad:1: pulling image bad:1 error'],
    [pull('nginx:1.27', 'Succeeded', { progress: 100 }), 'pulled nginx:1.27'],
  ])('%#: %s', (p, words) => {
    expect(pullWords(p)).toBe(words);
  });
});

describe('nodeImagesSummary', () => {
  it('counts the images, their disk and the pulls by state', () => {
    const n = node('sim-a-1', {
      images: [{ names: ['nginx:1'], sizeBytes: 1024 * 1024 }],
      diskUsedBytes: 1024 * 1024,
      pulls: [pull('a:1', 'Pulling'), pull('b:1', 'Waiting'), pull('c:1', 'Waiting'), pull('d:1', 'Succeeded')],
    });
    expect(nodeImagesSummary(n)).toBe('1 image, 1.00 MiB; 1 pulling, 2 waiting, 0 failed');
    expect(nodeImagesSummary(node('sim-b-1'))).toBe('0 images, 0 B; nothing to pull');
  });
});

describe('node filter', () => {
  const nodes = [node('sim-a-1', { images: [{ names: ['nginx:1.27'], sizeBytes: 1 }] }), node('sim-b-1', { pulls: [pull('redis:7', 'Pulling')] })];
  it.each([
    ['', ['sim-a-1', 'sim-b-1']],
    ['sim-a', ['sim-a-1']],
    ['NGINX', ['sim-a-1']],
    ['redis sim-b', ['sim-b-1']],
    ['redis sim-a', []],
  ])('%j shows %j', (text, names) => {
    expect(filterNodeImages(nodes, { text }).map((n) => n.node)).toEqual(names);
  });

  it('round-trips through the query string', () => {
    expect(nodeFilterToQuery({ text: '' })).toBe('');
    expect(nodeFilterToQuery({ text: 'sim a&b' })).toBe('?q=sim+a%26b');
    expect(nodeFilterFromQuery(new URLSearchParams('q=sim+a%26b'))).toEqual({ text: 'sim a&b' });
    expect(nodeFilterFromQuery(new URLSearchParams(''))).toEqual({ text: '' });
  });
});
