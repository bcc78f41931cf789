// How long until a moment the API served, in words: the one countdown of the dashboard, so the health
// banner, the plan, a pod's tooltip and a subset's recovery say the same time for the same moment
// (the API gives moments, never a number of seconds computed when it answered).

/** Whole seconds from `now` until `at`, rounded up; 0 once it has passed (as the API's secondsUntil). */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** "in 12 s", "in 5 min", "in 3 h", or "now" once the moment has come. */
export function countdownWords(at: number, now: number): string {
  const s = secondsUntil(at, now);
  if (s === 0) return 'now';
  if (s < 120) return `in ${s} s`;
  const m = Math.ceil(s / 60);
  if (m < 120) return `in ${m} min`;
  return `in ${Math.ceil(m / 60)} h`;
}

/** The same for a served instant (ISO 8601); '' when it cannot be read. */
export function countdownTo(at: string, now: number): string {
  const ms = Date.parse(at);
  return Number.isFinite(ms) ? countdownWords(ms, now) : '';
}
