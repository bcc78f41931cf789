// Durations the way kubectl prints them (AGE column): 45s, 12m, 5h, 3d.
export function age(since: string | Date | null | undefined, now: number): string {
  if (!since) return '-';
  const t = typeof since === 'string' ? Date.parse(since) : since.getTime();
  if (!Number.isFinite(t)) return '-';
  const s = Math.max(0, Math.floor((now - t) / 1000));
  if (s < 120) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 120) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h`;
  return `${Math.floor(h / 24)}d`;
}

export function clockTime(at: string | null | undefined): string {
  if (!at) return '';
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString([], { hourCycle: 'h23' });
}
