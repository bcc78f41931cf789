// A large batch of rows passed to one SQL statement as several JSON array texts instead of one, each
// small enough to die young (YOUNG_STRING_CHARS): the cluster worker commits megabytes a second while
// pods are created.
import { YOUNG_STRING_CHARS } from '@coxswain/cluster';

/**
 * JSON array texts that together hold `values` in order, each about `maxChars` long at most (a longer
 * value gets one of its own); always at least one (`[]` for none).
 */
export function jsonChunks(values: readonly unknown[], maxChars = YOUNG_STRING_CHARS): string[] {
  const chunks: string[] = [];
  let parts: string[] = [];
  let chars = 0;
  for (const value of values) {
    const json = JSON.stringify(value);
    if (parts.length > 0 && chars + json.length > maxChars) {
      chunks.push(`[${parts.join(',')}]`);
      parts = [];
      chars = 0;
    }
    parts.push(json);
    chars += json.length + 1;
  }
  if (parts.length > 0 || chunks.length === 0) chunks.push(`[${parts.join(',')}]`);
  return chunks;
}

/**
 * `ARRAY[$first::jsonb, ...]` for `count` parameters numbered from `first`: unnested, it yields the
 * chunks in order (`unnest(...) AS c(rows), jsonb_to_recordset(c.rows)` reads their rows).
 */
export function jsonbArrayOfParameters(first: number, count: number): string {
  return `ARRAY[${Array.from({ length: count }, (_, i) => `$${first + i}::jsonb`).join(', ')}]`;
}
