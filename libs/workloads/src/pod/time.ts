// Timestamps as the Kubernetes API writes and reads them (metav1.Time: RFC 3339, second precision).
// Pure; shared by every workload kind, the in-place engine and the lifecycle engine.
import { rfc3339 } from '@coxswain/cluster';

/** Go's zero time.Time as the API serializes it; Kubernetes treats it like an absent timestamp. */
const GO_ZERO_TIME_MS = Date.parse('0001-01-01T00:00:00Z');

/**
 * Whole seconds from `now` until `at`, rounded up (0 once it has passed): the one countdown behind every
 * remaining duration (requeue delays). Plans carry the moment itself (Blocker.until), not this count,
 * so a plan's words do not depend on when it was computed.
 */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** RFC 3339 with second precision. Kruise writes the controller's local offset; Coxswain runs in UTC. */
export function lifecycleTimestamp(now: number): string {
  return rfc3339(now);
}

/**
 * RFC 3339 to ms since the epoch, `undefined` for Go's zero time or an unreadable value. The API
 * writes metav1.Time as `YYYY-MM-DDTHH:MM:SSZ`; that form is decoded by hand, about 2.5x faster than
 * Date.parse (a 10,000-pod diff with minReadySeconds: 1.6 ms instead of 2.3 ms on Node 20), and every
 * plan pass reads these times. Any other form (fractions, offsets) goes through Date.parse.
 */
export function timestampMillis(value: string | null | undefined): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const ms = value.length === 20 ? canonicalUtcMillis(value) : Date.parse(value);
  return Number.isNaN(ms) || ms === GO_ZERO_TIME_MS ? undefined : ms;
}

function canonicalUtcMillis(s: string): number {
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 2);
  const day = digits(s, 8, 2);
  const hour = digits(s, 11, 2);
  const minute = digits(s, 14, 2);
  const second = digits(s, 17, 2);
  const shaped = s[4] === '-' && s[7] === '-' && s[10] === 'T' && s[13] === ':' && s[16] === ':' && s[19] === 'Z';
  // Anything unusual (NaN digits fail every comparison) is left to Date.parse, which then decides.
  if (!shaped || !(month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) && hour <= 23 && minute <= 59 && second <= 59)) {
    return Date.parse(s);
  }
  return (((daysFromCivil(year, month, day) * 24 + hour) * 60 + minute) * 60 + second) * 1000;
}

/** The decimal value of `length` digits at `at`, NaN if one of them is not a digit. */
function digits(s: string, at: number, length: number): number {
  let value = 0;
  for (let i = at; i < at + length; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    value = value * 10 + d;
  }
  return value;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}
