import { describe, it, expect } from '@jest/globals';
import { LABEL_CLONESET_INSTANCE_ID } from '@coxswain/kruise-api';
import { INSTANCE_ID_ALPHABET, availableIds, randomInstanceId, type LabelledObject } from '../../../src/cloneset/plan/sort/instance-ids.js';
import { seededRandom } from './fixtures.js';

const withId = (id: string | undefined): LabelledObject => ({ metadata: { labels: id === undefined ? {} : { [LABEL_CLONESET_INSTANCE_ID]: id } } });
const noRandom = () => {
  throw new Error('random must not be called');
};
/** A source that yields `alphabet[k]` for each k in turn. */
const drawing = (...ids: string[]) => {
  const draws = ids.flatMap((id) => [...id].map((c) => (INSTANCE_ID_ALPHABET.indexOf(c) + 0.5) / INSTANCE_ID_ALPHABET.length));
  let i = 0;
  return () => {
    if (i >= draws.length) throw new Error('ran out of draws');
    return draws[i++]!;
  };
};
const ID = new RegExp(`^[${INSTANCE_ID_ALPHABET}]{5}$`);

describe('availableIds (docs/spec/cloneset.md §7.2)', () => {
  it('reuses the ids of PVCs whose pod is gone, without drawing', () => {
    const pods = [withId('bbbbb'), withId(undefined)];
    const pvcs = [withId('zzzzz'), withId('bbbbb'), withId('ccccc'), withId('')];
    expect(availableIds(2, pods, pvcs, noRandom)).toEqual(['ccccc', 'zzzzz']);
  });

  it('takes the smallest free ids when more are free than needed', () => {
    const pvcs = [withId('xxxxx'), withId('ddddd'), withId('kkkkk')];
    expect(availableIds(2, [], pvcs, noRandom)).toEqual(['ddddd', 'kkkkk']);
  });

  it('draws fresh ids after the free ones run out, never colliding with pod or PVC ids', () => {
    const pods = [withId('fffff')];
    const pvcs = [withId('fffff'), withId('ggggg'), withId('hhhhh')];
    // ggggg and hhhhh are reusable but also exist, so draws equal to them (or to fffff) are rejected.
    const random = drawing('fffff', 'ggggg', 'hhhhh', '22222');
    expect(availableIds(3, pods, pvcs, random)).toEqual(['22222', 'ggggg', 'hhhhh']);
  });

  it('keeps fresh ids distinct from each other', () => {
    expect(availableIds(2, [], [], drawing('99999', '99999', 'bcdfg'))).toEqual(['99999', 'bcdfg'].sort());
  });

  it('returns the result sorted ascending', () => {
    expect(availableIds(3, [], [], drawing('zzzzz', 'bbbbb', 'mmmmm'))).toEqual(['bbbbb', 'mmmmm', 'zzzzz']);
  });

  it('returns n fresh, valid, distinct ids when nothing is free', () => {
    const ids = availableIds(50, [withId('bbbbb')], [withId('bbbbb')], seededRandom(7));
    expect(ids).toHaveLength(50);
    expect(new Set(ids).size).toBe(50);
    expect(ids.every((id) => ID.test(id) && id !== 'bbbbb')).toBe(true);
    expect(ids).toEqual([...ids].sort());
  });

  it('returns nothing for n <= 0', () => {
    expect(availableIds(0, [], [withId('ccccc')], noRandom)).toEqual([]);
    expect(availableIds(-1, [], [], noRandom)).toEqual([]);
  });

  it('fails loudly instead of looping forever on a constant source that keeps colliding', () => {
    expect(() => availableIds(1, [withId('bbbbb')], [], () => 0)).toThrow(/random source constant/);
  });
});

describe('randomInstanceId', () => {
  it('maps [0, 1) onto the alphabet, one draw per character, clamping out-of-range draws', () => {
    expect(randomInstanceId(drawing('b2z9k'))).toBe('b2z9k');
    expect(randomInstanceId(() => 0)).toBe('bbbbb');
    expect(randomInstanceId(() => 0.999999)).toBe('99999');
    expect(randomInstanceId(() => 1)).toBe('99999');
    expect(randomInstanceId(() => Number.NaN)).toBe('bbbbb');
  });
});
