import { describe, expect, it } from '@jest/globals';
import { appendSample, readyByRevision, stackedChart, type Sample } from '../../src/lib/live/series';
import { pod } from '../support/fixtures';

const at = (t: number, ready: Record<string, number>, desired = 10): Sample => ({ t, desired, ready });

describe('ready pods per revision', () => {
  it('counts ready pods by revision name, leaving out terminating ones', () => {
    const pods = [
      pod('a', { revision: 'web-1' }),
      pod('b', { revision: 'web-1', ready: false }),
      pod('c', { revision: '7d4b' }),
      pod('d', { revision: 'web-1', deleting: true }),
    ];
    expect(readyByRevision(pods, (label) => (label === '7d4b' ? 'web-2' : label))).toEqual({ 'web-1': 1, 'web-2': 1 });
  });

  it('samples only when a count changes and keeps the newest samples', () => {
    let s = appendSample([], at(0, { a: 10 }));
    s = appendSample(s, at(1000, { a: 10, b: 0 }));
    expect(s).toHaveLength(1);
    s = appendSample(s, at(2000, { a: 9, b: 1 }));
    expect(s.map((x) => x.ready)).toEqual([{ a: 10 }, { a: 9, b: 1 }]);
    let many = s;
    for (let i = 0; i < 10; i++) many = appendSample(many, at(3000 + i, { a: i }), 5);
    expect(many).toHaveLength(5);
    expect(many[4]!.ready).toEqual({ a: 9 });
  });
});

describe('stacked chart', () => {
  // A healthy rollout of 10 pods from web-1 to web-2, two at a time: the old band shrinks as the new
  // one grows, and one pod per wave is briefly not ready.
  const rollout = [
    at(0, { 'web-1': 10 }),
    at(10, { 'web-1': 8, 'web-2': 1 }),
    at(20, { 'web-1': 8, 'web-2': 2 }),
    at(30, { 'web-1': 5, 'web-2': 5 }),
    at(40, { 'web-2': 10 }),
  ];

  it('stacks the bands oldest revision at the bottom, so the total never drops to 0 when a new revision appears', () => {
    const chart = stackedChart(rollout, ['web-1', 'web-2'], 100, 50, 50);
    expect(chart.bands.map((b) => b.revision)).toEqual(['web-1', 'web-2']);
    expect(chart.totals).toEqual([10, 9, 10, 10, 10]);
    expect(Math.min(...chart.totals)).toBeGreaterThan(0);
    expect(chart.bands.map((b) => b.last)).toEqual([0, 10]);
    expect(chart.maxY).toBe(10);
  });

  it('draws each band as a closed step area between the bands below and its own top', () => {
    const chart = stackedChart([at(0, { a: 2 }), at(50, { a: 1, b: 1 })], ['a', 'b'], 100, 40, 100);
    // maxY = desired 10: a is 2 then 1 pod high (y 32, 36); b sits on it, from 1 to 2 pods (y 36 to 32).
    expect(chart.bands[0]!.area).toBe('M0.0,32.0L50.0,32.0L50.0,36.0L100.0,36.0L100.0,40.0L50.0,40.0L50.0,40.0L0.0,40.0Z');
    expect(chart.bands[1]!.area).toBe('M0.0,32.0L50.0,32.0L50.0,32.0L100.0,32.0L100.0,36.0L50.0,36.0L50.0,32.0L0.0,32.0Z');
    expect(chart.desired).toBe('M0.0,0.0H50.0V0.0H100.0');
  });

  it('puts revisions it was not told the order of at the bottom, and draws nothing without samples', () => {
    const chart = stackedChart([at(0, { known: 1, stray: 2 })], ['known'], 10, 10, 0);
    expect(chart.bands.map((b) => b.revision)).toEqual(['stray', 'known']);
    expect(stackedChart([], ['a'], 10, 10, 0)).toEqual({ bands: [], desired: '', totals: [], maxY: 0, t0: 0 });
  });
});
