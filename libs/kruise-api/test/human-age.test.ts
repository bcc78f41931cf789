// kubectl's AGE words (apimachinery duration.HumanDuration), which the API's tables and the CLI print.
import { describe, expect, it } from '@jest/globals';
import { humanAge } from '@coxswain/kruise-api/human-age';

describe('humanAge (kubectl AGE)', () => {
  it.each<[number, string]>([
    [0, '0s'], [-1500, '0s'], [-5000, '<invalid>'], [45_000, '45s'], [59_000, '59s'], [119_000, '119s'], [120_000, '2m'],
    [200_000, '3m20s'], [330_000, '5m30s'], [600_000, '10m'], [179 * 60_000, '179m'], [3 * 3_600_000, '3h'],
    [3 * 3_600_000 + 7 * 60_000, '3h7m'], [5 * 3_600_000 + 30 * 60_000, '5h30m'], [30 * 3_600_000, '30h'], [47 * 3_600_000, '47h'],
    [48 * 3_600_000, '2d'], [50 * 3_600_000, '2d2h'], [52 * 3_600_000, '2d4h'], [8 * 86_400_000, '8d'], [10 * 86_400_000, '10d'],
    [400 * 86_400_000, '400d'], [800 * 86_400_000, '2y70d'], [(3 * 365 + 20) * 86_400_000, '3y20d'], [9 * 365 * 86_400_000, '9y'],
  ])('%d ms is %s', (ms, words) => {
    expect(humanAge(ms)).toBe(words);
  });
});
