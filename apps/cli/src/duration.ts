// Go durations as kubectl's --timeout takes them: "30s", "5m", "1h30m", "1.5s", "250ms"; "0" is none.
import { UsageError } from './api/errors.js';

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Milliseconds; 0 means no limit. */
export function parseDuration(text: string, flag = '--timeout'): number {
  const t = text.trim();
  if (t === '0') return 0;
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/gy;
  let total = 0;
  let matched = 0;
  for (let m = re.exec(t); m; m = re.exec(t)) {
    total += Number(m[1]) * UNITS[m[2]!]!;
    matched = re.lastIndex;
  }
  if (t === '' || matched !== t.length) throw new UsageError(`invalid argument "${text}" for "${flag}" flag: write a duration such as 30s, 5m or 1h30m (0 for none)`);
  return Math.round(total);
}
