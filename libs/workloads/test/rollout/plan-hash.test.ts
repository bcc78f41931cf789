// The plan hashes (docs/spec/kruise-rollout.md §2.10, §3.3): pause durations and failureThreshold are
// not part of a Rollout's plan; replicas, traffic and the step count are; key order is not.
import { describe, expect, it } from '@jest/globals';
import { releasePlanHash } from '../../src/release-target/release-plan-hash.js';
import { rolloutPlanHash, safeEncodeString } from '../../src/rollout/plan/plan-hash.js';

const canary = (over: Record<string, unknown> = {}) => ({ steps: [{ replicas: '20%', pause: {} }, { replicas: '100%' }], failureThreshold: '10%', ...over });

describe('rolloutPlanHash', () => {
  it('ignores pauses and failureThreshold', () => {
    const base = rolloutPlanHash(canary());
    expect(rolloutPlanHash(canary({ steps: [{ replicas: '20%', pause: { duration: 60 } }, { replicas: '100%', pause: {} }] }))).toBe(base);
    expect(rolloutPlanHash(canary({ failureThreshold: undefined }))).toBe(base);
  });

  it.each([
    ['a step\'s replicas', { steps: [{ replicas: '30%' }, { replicas: '100%' }] }],
    ['one more step', { steps: [{ replicas: '20%' }, { replicas: '50%' }, { replicas: '100%' }] }],
    ['the style', { enableExtraWorkloadForCanary: true }],
  ])('changes with %s', (_, over) => {
    expect(rolloutPlanHash(canary(over))).not.toBe(rolloutPlanHash(canary()));
  });

  it('is safe-encoded as apimachinery does (no vowels), and independent of key order', () => {
    expect(safeEncodeString('a0')).toBe('v4');
    expect(rolloutPlanHash(canary())).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]{64}$/);
    expect(releasePlanHash({ a: 1, b: [1, 2] })).toBe(releasePlanHash({ b: [1, 2], a: 1 }));
    expect(releasePlanHash({ a: 1, b: [1, 2] })).toMatch(/^[0-9a-f]{64}$/);
  });
});
