// What CloneSet reads off one pod (spec/cloneset.md conventions, §6 "available", §7.1 "ready",
// §8.5 readyReplicas; spec/inplace-and-lifecycle.md §3 lifecycle states). Pure: time comes in as `now`.
// These run for every pod of every plan (10,000 pods in under 10 ms), hence the single-pass helpers.
import {
  CONDITION_INPLACE_UPDATE_READY, CONDITION_READY, LABEL_LIFECYCLE_STATE, LABEL_SPECIFIED_DELETE, LIFECYCLE_STATES,
  type Pod, type PodCondition,
} from '@coxswain/kruise-api';

/** Go's zero time.Time as the API serializes it; Kubernetes treats it like an absent timestamp. */
const GO_ZERO_TIME_MS = Date.parse('0001-01-01T00:00:00Z');

/** "Active": neither Succeeded nor Failed, and not terminating. Every CloneSet count is over active pods. */
export function isActive(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && !pod.metadata.deletionTimestamp;
}

/**
 * The `lifecycle.apps.kruise.io/state` label, `''` when absent. Returned as a plain string because a
 * hand-edited label may hold any value, and any value other than ''/Normal makes the pod unavailable.
 */
export function lifecycleState(pod: Pod): string {
  return pod.metadata.labels?.[LABEL_LIFECYCLE_STATE] ?? '';
}

/** ''/Normal: the only states in which a pod may count as available (legacy pods carry no label). */
export function isNormalLifecycle(pod: Pod): boolean {
  const state = lifecycleState(pod);
  return state === '' || state === LIFECYCLE_STATES.Normal;
}

/**
 * specifiedDelete(pod): the `apps.kruise.io/specified-delete` label is present (any value, even empty)
 * or the pod's name is listed in `spec.scaleStrategy.podsToDelete`. Pass a Set for large lists.
 */
export function isSpecifiedDelete(pod: Pod, podsToDelete?: ReadonlySet<string> | readonly string[]): boolean {
  // `in` rather than hasOwnProperty: labels are plain JSON objects and `in` is markedly faster.
  const labels = pod.metadata.labels;
  if (labels !== undefined && LABEL_SPECIFIED_DELETE in labels) return true;
  const name = pod.metadata.name;
  if (name === undefined || podsToDelete === undefined) return false;
  return isReadonlySet(podsToDelete) ? podsToDelete.has(name) : podsToDelete.includes(name);
}

function isReadonlySet(value: ReadonlySet<string> | readonly string[]): value is ReadonlySet<string> {
  return typeof (value as ReadonlySet<string>).has === 'function';
}

/** The first condition of that type, as Kubernetes' lookups return. */
export function podCondition(pod: Pod, type: string): PodCondition | undefined {
  return pod.status?.conditions?.find((c) => c.type === type);
}

/**
 * The Ready condition, provided the pod is Running, Ready is True and InPlaceUpdateReady is absent or
 * True (an in-place update holds it False); otherwise `undefined`. One pass over the conditions; only
 * the first condition of each type counts.
 */
function readyConditionIfRunning(pod: Pod): PodCondition | undefined {
  const status = pod.status;
  if (status?.phase !== 'Running' || status.conditions === undefined) return undefined;
  let ready: PodCondition | undefined;
  let inPlaceSeen = false;
  for (const c of status.conditions) {
    if (c.type === CONDITION_READY) {
      if (ready === undefined) ready = c;
    } else if (c.type === CONDITION_INPLACE_UPDATE_READY && !inPlaceSeen) {
      if (c.status !== 'True') return undefined;
      inPlaceSeen = true;
    }
  }
  return ready?.status === 'True' ? ready : undefined;
}

/**
 * §8.5 readyReplicas (Kruise's IsPodUpdateReady with minReadySeconds 0): Running, Ready True and
 * InPlaceUpdateReady absent or True. The lifecycle state is deliberately ignored here.
 */
export function isRunningAndReady(pod: Pod): boolean {
  return readyConditionIfRunning(pod) !== undefined;
}

/**
 * §6 available(pod): lifecycle ''/Normal, Running, Ready True, InPlaceUpdateReady absent or True, and
 * with minReadySeconds > 0 the Ready transition plus minReadySeconds is strictly before `now`
 * (Kubernetes' `LastTransitionTime.Add(minReady).Before(now)`: at exact equality not yet available).
 */
export function isPodAvailable(pod: Pod, minReadySeconds: number, now: number): boolean {
  if (!isNormalLifecycle(pod)) return false;
  const ready = readyConditionIfRunning(pod);
  if (ready === undefined) return false;
  if (minReadySeconds === 0) return true;
  const since = timestampMillis(ready.lastTransitionTime);
  return since !== undefined && since + minReadySeconds * 1000 < now;
}

/** §7.1 ready(p) = available(p) with minReadySeconds 0; ready pods consume deleteReadyLimit. */
export function isPodReady(pod: Pod): boolean {
  return isNormalLifecycle(pod) && readyConditionIfRunning(pod) !== undefined;
}

/**
 * When the Ready condition last transitioned, ms since the epoch; `undefined` for Go's zero time
 * (absent, empty, unparseable or 0001-01-01T00:00:00Z).
 */
export function readyTransitionTime(pod: Pod): number | undefined {
  return timestampMillis(podCondition(pod, CONDITION_READY)?.lastTransitionTime);
}

/**
 * The instant after which minReadySeconds no longer holds the pod back (available for any `now`
 * strictly after it); `undefined` when the Ready transition time is unknown, which never passes.
 */
export function availableAt(pod: Pod, minReadySeconds: number): number | undefined {
  const since = readyTransitionTime(pod);
  return since === undefined ? undefined : since + minReadySeconds * 1000;
}

/**
 * Why §6 available(pod) is false, in plain words for plan blockers; `undefined` when the pod is
 * available. Checks run in the predicate's order, so the first obstacle is the one reported.
 */
export function explainUnavailable(pod: Pod, minReadySeconds: number, now: number): string | undefined {
  if (!isNormalLifecycle(pod)) return `lifecycle state ${lifecycleState(pod)}`;
  const phase = pod.status?.phase;
  if (phase !== 'Running') return phase ?? 'phase not reported';
  if (podCondition(pod, CONDITION_READY)?.status !== 'True') return 'not Ready';
  const inPlace = podCondition(pod, CONDITION_INPLACE_UPDATE_READY);
  if (inPlace !== undefined && inPlace.status !== 'True') return `in-place update in progress (InPlaceUpdateReady ${inPlace.status})`;
  if (isPodAvailable(pod, minReadySeconds, now)) return undefined;
  const at = availableAt(pod, minReadySeconds);
  if (at === undefined) return `Ready since an unknown time (minReadySeconds ${minReadySeconds})`;
  // Available only strictly after `at`, so even at the boundary at least one more second is reported.
  const seconds = Math.max(1, Math.ceil((at - now) / 1000));
  return `pod ${pod.metadata.name ?? ''} available in ${seconds} s (minReadySeconds)`;
}

// ---------------------------------------------------------------------------------------------
// Timestamps

/**
 * RFC 3339 to ms since the epoch, `undefined` for Go's zero time or an unreadable value. The API
 * writes metav1.Time as `YYYY-MM-DDTHH:MM:SSZ`; that form is decoded by hand, about 2.5x faster than
 * Date.parse (a 10,000-pod diff with minReadySeconds: 1.6 ms instead of 2.3 ms on Node 20), and every
 * plan pass reads these times. Any other form (fractions, offsets) goes through Date.parse.
 */
export function timestampMillis(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
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
