// kubectl's tables: columns padded as its tabwriter does (minimum width 6, padding 3, the last column
// not padded), headers in capitals, no trailing spaces.
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

/** kubectl's AGE (apimachinery duration.HumanDuration): "45s", "3m20s", "5h", "2d4h", "1y20d". */
export function humanAge(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.trunc(seconds / 60);
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.trunc(minutes / 60);
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) return hours % 24 === 0 ? `${Math.trunc(hours / 24)}d` : `${Math.trunc(hours / 24)}d${hours % 24}h`;
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const days = Math.trunc(hours / 24) % 365;
    return days === 0 ? `${Math.trunc(hours / 24 / 365)}y` : `${Math.trunc(hours / 24 / 365)}y${days}d`;
  }
  return `${Math.trunc(hours / 24 / 365)}y`;
}

/** The age of `at` against `now` (both as the server's clock reads them), or "<unknown>". */
export function ageOf(at: string | null | undefined, now: number): string {
  if (!at) return '<unknown>';
  const t = Date.parse(at);
  return Number.isNaN(t) ? '<unknown>' : humanAge(now - t);
}
