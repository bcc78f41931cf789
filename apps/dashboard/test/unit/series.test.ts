import { describe, expect, it } from '@jest/globals';
import { appendSample, sampleOf, seriesPaths } from '../../src/lib/live/series';
import { status } from '../support/fixtures';

describe('rollout chart series', () => {
  it('samples only when a number changes and keeps the newest samples', () => {
    let s = appendSample([], sampleOf(0, 5, status({ updatedReplicas: 0 })));
    s = appendSample(s, sampleOf(1000, 5, status({ updatedReplicas: 0 })));
    expect(s).toHaveLength(1);
    s = appendSample(s, sampleOf(2000, 5, status({ updatedReplicas: 2 })));
    expect(s.map((x) => x.updated)).toEqual([0, 2]);
    let many = s;
    for (let i = 0; i < 10; i++) many = appendSample(many, sampleOf(3000 + i, 5, status({ updatedReplicas: i + 3 })), 5);
    expect(many).toHaveLength(5);
    expect(many[4]!.updated).toBe(12);
  });

  it('draws step lines scaled to the box, extended to now', () => {
    const series = [sampleOf(0, 4, status({ updatedReplicas: 0, readyReplicas: 4, updatedReadyReplicas: 0 })), sampleOf(50, 4, status({ updatedReplicas: 2, readyReplicas: 3, updatedReadyReplicas: 1 }))];
    const paths = seriesPaths(series, 100, 40, 100);
    expect(paths.maxY).toBe(4);
    expect(paths.updated).toBe('M0.0,40.0H50.0V20.0H100.0');
    expect(paths.desired).toBe('M0.0,0.0H50.0V0.0H100.0');
    expect(seriesPaths([], 100, 40, 0).updated).toBe('');
  });
});
