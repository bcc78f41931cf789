// Int-or-percent resolution (docs/spec/cloneset.md §3). Kruise reads these fields with two different
// parsers, and the difference is observable, so both are reproduced exactly:
//  * Parser K, Kubernetes' deprecated GetValueFromIntOrPercent: maxSurge, maxUnavailable,
//    scaleStrategy.maxUnavailable in the controller. "5" means 5%, "12.5%" fails (and reads as 0).
//  * The Kruise parser (GetScaledValueFromIntOrPercent with a float prefix): partition (Parser P) and
//    the webhook's checks of maxSurge/maxUnavailable. "5" is an error, "12.5%" is 12.5%.
// Every percentage is evaluated as (p * total) / 100 in IEEE-754 doubles, multiply first, as Go does.
import type { CloneSet } from './cloneset.js';
import type { IntOrString } from './meta.js';

/** A resolved int-or-percent; `error` says why the input could not be read (value is then 0). */
export interface IntOrPercentResult {
  value: number;
  error?: string;
}

/** Default of updateStrategy.maxUnavailable, also used when rollingUpdate is nil (docs/spec/cloneset.md §3.2). */
export const DEFAULT_MAX_UNAVAILABLE = '20%';
/** Stands in for an unset scaleStrategy.maxUnavailable: "unlimited" (Go math.MaxInt32). */
export const UNLIMITED_SCALE_MAX_UNAVAILABLE = 2147483647;

const ATOI = /^[+-]?[0-9]+$/;
// The decimal forms Go's strconv.ParseFloat accepts ("12.5", ".5", "5.", "1e2"); the exotic ones it
// also accepts (hex floats, "inf", "NaN") are refused here, since a percentage of NaN means nothing.
const DECIMAL_FLOAT = /^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$/;
const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;

/** Go's strconv.Atoi: optional sign, decimal digits only, 64-bit range. */
function atoi(text: string): number | undefined {
  if (!ATOI.test(text)) return undefined;
  const big = BigInt(text);
  return big > INT64_MAX || big < INT64_MIN ? undefined : Number(big);
}

function scale(percent: number, total: number, roundUp: boolean): number {
  const exact = (percent * total) / 100;
  return roundUp ? Math.ceil(exact) : Math.floor(exact);
}

/**
 * Parser K (docs/spec/cloneset.md §3.1) with its error: an int is itself; a string loses every `%` and is read as an integer
 * percentage even without `%`.
 */
export function getValueFromIntOrPercentWithError(value: IntOrString, total: number, roundUp: boolean): IntOrPercentResult {
  if (typeof value === 'number') return { value: Math.trunc(value) };
  if (typeof value !== 'string') return { value: 0, error: `${JSON.stringify(value)} is neither a number nor a string` };
  const percent = atoi(value.replaceAll('%', ''));
  if (percent === undefined) return { value: 0, error: `${JSON.stringify(value)} is not an integer percentage` };
  return { value: scale(percent, total, roundUp) };
}

/** Parser K as the controller uses it: a value it cannot read counts as 0 (the error is ignored). */
export function getValueFromIntOrPercent(value: IntOrString, total: number, roundUp: boolean): number {
  return getValueFromIntOrPercentWithError(value, total, roundUp).value;
}

/**
 * The Kruise parser used by validation and by Parser P: an integer, or a string ending in `%` whose
 * prefix is a decimal float (`"12.5%"`).
 */
export function parseIntOrPercentForValidation(value: IntOrString, total: number, roundUp: boolean): IntOrPercentResult {
  if (typeof value === 'number') {
    if (Number.isInteger(value)) return { value };
    return { value: 0, error: `${value} is not an integer` };
  }
  if (typeof value !== 'string') {
    return { value: 0, error: `${JSON.stringify(value)} is neither a number nor a string` };
  }
  if (!value.endsWith('%')) {
    return { value: 0, error: `the string ${JSON.stringify(value)} does not end with "%"` };
  }
  const prefix = value.slice(0, -1);
  if (!DECIMAL_FLOAT.test(prefix)) {
    return { value: 0, error: `${JSON.stringify(prefix)} is not a number` };
  }
  return { value: scale(Number(prefix), total, roundUp) };
}

/**
 * Parser P (Kruise CalculatePartitionReplicas, docs/spec/cloneset.md §3.1): the number of pods kept at the current revision.
 * On an error the value is 0, which is what the controller then uses.
 */
export function calculatePartitionReplicas(partition: IntOrString | undefined | null, replicas: number | undefined): IntOrPercentResult {
  if (partition === undefined || partition === null) return { value: 0 };
  const total = replicas ?? 1;
  const parsed = parseIntOrPercentForValidation(partition, total, true);
  if (parsed.error !== undefined) return { value: 0, error: parsed.error };
  let value = parsed.value;
  // At-least-one-updated rule: a percentage below 100% that rounds up to every pod still updates one.
  if (total > 1 && value === total && typeof partition === 'string' && partition !== '100%') value = total - 1;
  return { value: Math.max(Math.min(value, total), 0) };
}

/** The numbers the CloneSet controller works with (docs/spec/cloneset.md §3.2). */
export interface EffectiveStrategyNumbers {
  /** Pods kept at currentRevision. */
  partition: number;
  maxSurge: number;
  maxUnavailable: number;
  /** Limit on not-ready pods created by scale-up. */
  scaleMaxUnavailable: number;
  /** Why the partition could not be read (it then counts as 0); the controller only logs this. */
  partitionError?: string;
}

/** docs/spec/cloneset.md §3.2 for a stored (v1beta1) CloneSet; R = spec.replicas (1 when unset). */
export function effectiveStrategyNumbers(cs: CloneSet): EffectiveStrategyNumbers {
  const replicas = cs.spec.replicas ?? 1;
  const rollingUpdate = cs.spec.updateStrategy?.rollingUpdate;
  const scaleMaxUnavailable = getValueFromIntOrPercent(
    cs.spec.scaleStrategy?.maxUnavailable ?? UNLIMITED_SCALE_MAX_UNAVAILABLE,
    replicas,
    true,
  );
  if (rollingUpdate === undefined || rollingUpdate === null) {
    // Only OnDelete has no rollingUpdate in practice.
    return {
      partition: 0,
      maxSurge: 0,
      maxUnavailable: getValueFromIntOrPercent(DEFAULT_MAX_UNAVAILABLE, replicas, false),
      scaleMaxUnavailable,
    };
  }
  const partition = calculatePartitionReplicas(rollingUpdate.partition, cs.spec.replicas);
  let maxSurge = rollingUpdate.maxSurge === undefined || rollingUpdate.maxSurge === null
    ? 0
    : getValueFromIntOrPercent(rollingUpdate.maxSurge, replicas, true);
  if (rollingUpdate.paused === true) maxSurge = 0;
  // Round up without surge so a small percentage still allows one unavailable pod; with surge the
  // new pods provide the progress, so round down.
  const maxUnavailable = getValueFromIntOrPercent(rollingUpdate.maxUnavailable ?? DEFAULT_MAX_UNAVAILABLE, replicas, maxSurge === 0);
  const result: EffectiveStrategyNumbers = { partition: partition.value, maxSurge, maxUnavailable, scaleMaxUnavailable };
  if (partition.error !== undefined) result.partitionError = partition.error;
  return result;
}
