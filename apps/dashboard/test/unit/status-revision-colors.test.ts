import { describe, expect, it } from '@jest/globals';
import { colorOf, CURRENT_COLOR, revisionColors, UNKNOWN_COLOR, UPDATE_COLOR, withStatusRevisions } from '../../src/lib/grid/colors';

const listed = { name: 'web-abc', hash: 'abc', revision: 1, isUpdate: true, isCurrent: true };

describe('colouring by the revisions the status names', () => {
  it('adds the update and current revisions the list lacks: blue and orange, by name and by hash', () => {
    const colors = revisionColors(withStatusRevisions([], { currentRevision: 'ud-cb9c645bd', updateRevision: 'ud-65bb858c78' }));
    expect([colorOf(colors, 'ud-65bb858c78'), colorOf(colors, '65bb858c78')]).toEqual([UPDATE_COLOR, UPDATE_COLOR]);
    expect([colorOf(colors, 'ud-cb9c645bd'), colorOf(colors, 'cb9c645bd')]).toEqual([CURRENT_COLOR, CURRENT_COLOR]);
    expect(colors.get('ud-65bb858c78')!.label).toBe('update');
    expect(colorOf(colors, 'ud-other')).toBe(UNKNOWN_COLOR);
  });

  it('adds nothing when the list has them, and one entry when update equals current', () => {
    expect(withStatusRevisions([listed], { currentRevision: 'web-abc', updateRevision: 'web-abc' })).toEqual([listed]);
    expect(withStatusRevisions([listed], undefined)).toEqual([listed]);
    const one = withStatusRevisions([], { currentRevision: 'ud-1', updateRevision: 'ud-1' });
    expect(one).toHaveLength(1);
    expect(revisionColors(one).get('ud-1')!.label).toBe('update = current');
  });
});
