// The fork's timings: configured ones win, else the median of the newest pod starts, else the defaults.
import { describe, expect, it } from '@jest/globals';
import type { Pod } from '@coxswain/kruise-api';
import { forkTimings, LEARNED_SAMPLES, startDurations } from './learned-timings.js';

function pod(scheduledAt: string | undefined, readyAt: string | undefined): Pod {
  const conditions = [
    ...(scheduledAt ? [{ type: 'PodScheduled', status: 'True', lastTransitionTime: scheduledAt }] : []),
    ...(readyAt ? [{ type: 'ContainersReady', status: 'True', lastTransitionTime: readyAt }] : []),
  ];
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, status: { conditions } } as Pod;
}
const at = (s: number) => new Date(Date.parse('2026-11-29T00:00:00Z') + s * 1000).toISOString();

describe('forkTimings', () => {
  it.each([
    ['configured timings, exact', [pod(at(0), at(9))], { imagePullMs: 60 }, { source: 'CONFIGURED', imagePullMs: 60, containerStartMs: 500 }],
    ['no pod shows a start: defaults', [pod(at(0), undefined), pod(undefined, at(3))], undefined, { source: 'DEFAULT', imagePullMs: 2000, containerStartMs: 500, samples: 0 }],
    ['the median start, container start kept', [pod(at(0), at(3)), pod(at(10), at(11)), pod(at(20), at(30))], undefined, { source: 'LEARNED', samples: 3, imagePullMs: 2500, containerStartMs: 500 }],
    ['a start faster than a container start is all container start', [pod(at(0), at(0))], undefined, { source: 'LEARNED', imagePullMs: 0, containerStartMs: 0 }],
    ['a clock that went backwards is no sample', [pod(at(5), at(1))], undefined, { source: 'DEFAULT' }],
  ] as const)('%s', (_what, pods, configured, expected) => {
    expect(forkTimings(pods as unknown as Pod[], configured)).toMatchObject(expected);
  });

  it(`takes the newest ${LEARNED_SAMPLES} starts only`, () => {
    const old = Array.from({ length: 100 }, (_, i) => pod(at(i), at(i + 60)));
    const recent = Array.from({ length: LEARNED_SAMPLES }, (_, i) => pod(at(1000 + i), at(1000 + i + 2)));
    expect(startDurations([...old, ...recent])).toEqual(Array(LEARNED_SAMPLES).fill(2000));
  });
});
