// Short-hash-aware revision comparison (docs/spec/cloneset.md §2.1, §4.2).
import { describe, expect, it } from '@jest/globals';
import { isRevisionMatch, podAtRevision, podRevisionLabelValue, shortHash } from '../../src/revision/revision-match.js';
import { pod } from './fixtures.js';

describe('shortHash', () => {
  it('is the substring after the last "-"', () => {
    expect(shortHash('web-6c9f8d7b5')).toBe('6c9f8d7b5');
    expect(shortHash('my-web-app-6c9f8d7b5')).toBe('6c9f8d7b5');
    expect(shortHash('6c9f8d7b5')).toBe('6c9f8d7b5');
    expect(shortHash('')).toBe('');
  });
});

describe('isRevisionMatch', () => {
  it('matches the full revision name', () => {
    expect(isRevisionMatch('web-6c9f8d7b5', 'web-6c9f8d7b5')).toBe(true);
  });

  it('matches a short-hash label against the full name', () => {
    expect(isRevisionMatch('6c9f8d7b5', 'web-6c9f8d7b5')).toBe(true);
  });

  it('matches a full-name label against a short-hash revision value', () => {
    expect(isRevisionMatch('web-6c9f8d7b5', '6c9f8d7b5')).toBe(true);
  });

  it('does not match another hash', () => {
    expect(isRevisionMatch('web-6c9f8d7b5', 'web-5b8d7c6f4')).toBe(false);
    expect(isRevisionMatch('5b8d7c6f4', 'web-6c9f8d7b5')).toBe(false);
  });

  it('compares only the hash part, so the prefix may differ', () => {
    expect(isRevisionMatch('old-name-6c9f8d7b5', 'web-6c9f8d7b5')).toBe(true);
  });
});

describe('podAtRevision', () => {
  it('reads the controller-revision-hash label, full or short', () => {
    expect(podAtRevision(pod('a', 'web-6c9f8d7b5'), 'web-6c9f8d7b5')).toBe(true);
    expect(podAtRevision(pod('b', '6c9f8d7b5'), 'web-6c9f8d7b5')).toBe(true);
    expect(podAtRevision(pod('c', 'web-5b8d7c6f4'), 'web-6c9f8d7b5')).toBe(false);
  });

  it('treats a pod without the label as at no revision', () => {
    expect(podAtRevision(pod('d', undefined), 'web-6c9f8d7b5')).toBe(false);
  });
});

describe('podRevisionLabelValue', () => {
  it('is the full name without the gate and the hash with it', () => {
    expect(podRevisionLabelValue('web-6c9f8d7b5', false)).toBe('web-6c9f8d7b5');
    expect(podRevisionLabelValue('web-6c9f8d7b5', true)).toBe('6c9f8d7b5');
  });
});
