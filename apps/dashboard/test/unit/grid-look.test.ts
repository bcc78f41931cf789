import { describe, expect, it } from '@jest/globals';
import { colorOf, CURRENT_COLOR, revisionColors, UNKNOWN_COLOR, UPDATE_COLOR } from '../../src/lib/grid/colors';
import { markOf } from '../../src/lib/grid/marks';
import { age } from '../../src/lib/format';
import { kindFromSlug, workloadHref } from '../../src/lib/kinds';
import { pod } from '../support/fixtures';

const rev = (name: string, revision: number, isUpdate = false, isCurrent = false) => ({ name, hash: name.split('-')[1]!, revision, isUpdate, isCurrent });

describe('revision colours', () => {
  it('update is blue, current orange, older revisions distinct; found by name or hash', () => {
    const colors = revisionColors([rev('web-c', 3, true), rev('web-b', 2, false, true), rev('web-a', 1)]);
    expect(colorOf(colors, 'web-c')).toBe(UPDATE_COLOR);
    expect(colorOf(colors, 'c')).toBe(UPDATE_COLOR);
    expect(colorOf(colors, 'web-b')).toBe(CURRENT_COLOR);
    expect([UPDATE_COLOR, CURRENT_COLOR, UNKNOWN_COLOR]).not.toContain(colorOf(colors, 'web-a'));
    expect(colorOf(colors, 'web-zzz')).toBe(UNKNOWN_COLOR);
    expect(colors.get('web-c')!.label).toBe('update');
  });
  it('labels a finished rollout as update = current', () => {
    expect(revisionColors([rev('web-a', 1, true, true)]).get('web-a')!.label).toBe('update = current');
  });
});

describe('cell marks', () => {
  it('shows the most urgent state', () => {
    expect(markOf(pod('a'))).toBe('none');
    expect(markOf(pod('a', { available: false }))).toBe('ready-not-available');
    expect(markOf(pod('a', { ready: false, available: false }))).toBe('not-ready');
    expect(markOf(pod('a', { lifecycleState: 'UPDATING', ready: false }))).toBe('updating');
    expect(markOf(pod('a', { lifecycleState: 'PREPARING_DELETE' }))).toBe('preparing-delete');
    expect(markOf(pod('a', { lifecycleState: 'PREPARING_DELETE', pendingHook: 'PRE_DELETE' }))).toBe('hook');
    expect(markOf(pod('a', { pendingHook: 'PRE_DELETE', deleting: true }))).toBe('deleting');
  });
});

describe('small formats', () => {
  it('prints ages as kubectl does', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(age('2026-01-01T11:59:15Z', now)).toBe('45s');
    expect(age('2026-01-01T11:00:00Z', now)).toBe('60m');
    expect(age('2026-01-01T06:00:00Z', now)).toBe('6h');
    expect(age('2025-12-25T12:00:00Z', now)).toBe('7d');
    expect(age(null, now)).toBe('-');
  });
  it('maps kinds to URLs and back', () => {
    expect(workloadHref({ kind: 'CLONE_SET', namespace: 'default', name: 'sample' })).toBe('/workloads/cloneset/default/sample');
    expect(kindFromSlug('CloneSet')).toBe('CLONE_SET');
    expect(kindFromSlug('deployment')).toBeNull();
  });
});
