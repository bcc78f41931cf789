// kubectl's tables: columns padded as its tabwriter does (minimum width 6, padding 3, the last column
// not padded), headers in capitals, no trailing spaces; ages in kubectl's words (the API's, one module).
import { humanAge } from '@coxswain/kruise-api/human-age';

export function renderTable(headers: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const all = [headers, ...rows];
  const columns = Math.max(...all.map((r) => r.length));
  const widths: number[] = [];
  for (let c = 0; c < columns - 1; c++) widths[c] = Math.max(6, ...all.map((r) => (r[c] ?? '').length + 3));
  return all.map((r) => {
    let line = '';
    for (let c = 0; c < columns; c++) {
      const cell = r[c] ?? '';
      line += c < columns - 1 ? cell.padEnd(widths[c]!) : cell;
    }
    return line.trimEnd();
  });
}

/** The age of `at` against `now` (both as the server's clock reads them), or "<unknown>". */
export function ageOf(at: string | null | undefined, now: number): string {
  if (!at) return '<unknown>';
  const t = Date.parse(at);
  return Number.isNaN(t) ? '<unknown>' : humanAge(now - t);
}
