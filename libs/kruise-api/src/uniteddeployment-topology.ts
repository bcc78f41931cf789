// What a UnitedDeployment's spec means, read the way Kruise's webhook and controller both read it
// (docs/spec/uniteddeployment.md §1, §2, §4): subset replicas (int or percent of spec.replicas), the
// template kind that wins, and the schedule strategy with its defaults. Pure.
import type { IntOrString } from './meta.js';
import type { SubsetTemplate, UnitedDeploymentScheduleStrategy } from './uniteddeployment.js';

/** The four template kinds, in the order that wins when several are set (validation forbids it). */
export const SUBSET_TEMPLATE_KINDS = ['statefulSetTemplate', 'advancedStatefulSetTemplate', 'cloneSetTemplate', 'deploymentTemplate'] as const;
export type SubsetTemplateKind = (typeof SUBSET_TEMPLATE_KINDS)[number];

/** Default of adaptive.rescheduleCriticalSeconds. */
export const DEFAULT_RESCHEDULE_CRITICAL_SECONDS = 30;
/** Default of adaptive.unschedulableDuration (seconds). */
export const DEFAULT_UNSCHEDULABLE_DURATION_SECONDS = 300;

export interface SubsetReplicasResult {
  value: number;
  /** Why the value could not be read (Kruise's message); value is then 0. */
  error?: string;
}

const PERCENT_INTEGER = /^[+-]?[0-9]+$/;
const INT32_MAX = 2147483647;

/**
 * Kruise's ParseSubsetReplicas: an int is itself (negative is an error); a string needs R >= 0 (R = -1
 * stands for an unset spec.replicas), a `%` suffix and an integer percentage in [0, 100], and is
 * `floor(R * pct / 100 + 0.5)` — rounded half up, in doubles.
 */
export function parseSubsetReplicas(udReplicas: number, value: IntOrString): SubsetReplicasResult {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return { value: 0, error: `subset replicas (${value}) should be an integer` };
    if (value < 0) return { value: 0, error: `subset replicas (${value}) should not be less than 0` };
    return { value };
  }
  if (typeof value !== 'string') return { value: 0, error: `subset replicas (${JSON.stringify(value)}) should be an integer or a percentage` };
  if (udReplicas < 0) return { value: 0, error: `subsetReplicas (${value}) should not be string when unitedDeployment replicas is empty` };
  if (!value.endsWith('%')) return { value: 0, error: `subset replicas (${value}) only support integer value or percentage value with a suffix '%'` };
  const digits = value.slice(0, -1);
  const percent = PERCENT_INTEGER.test(digits) ? Number(digits) : NaN;
  if (!Number.isInteger(percent) || Math.abs(percent) > INT32_MAX) {
    return { value: 0, error: `subset replicas (${value}) should be correct percentage integer: strconv.ParseInt: parsing ${JSON.stringify(digits)}: invalid syntax` };
  }
  if (percent > 100 || percent < 0) return { value: 0, error: `subset replicas (${value}) should be in range [0, 100]` };
  return { value: Math.floor((udReplicas * percent) / 100 + 0.5) };
}

/** The template kind the controller uses: the first set in SUBSET_TEMPLATE_KINDS order; undefined when none is. */
export function subsetTemplateKind(template: SubsetTemplate | undefined): SubsetTemplateKind | undefined {
  return SUBSET_TEMPLATE_KINDS.find((kind) => template?.[kind] !== undefined && template[kind] !== null);
}

export function isAdaptive(strategy: UnitedDeploymentScheduleStrategy | undefined): boolean {
  return strategy?.type === 'Adaptive';
}

/** Adaptive with reserveUnschedulablePods (docs/spec/uniteddeployment.md §4.2). */
export function shouldReserveUnschedulablePods(strategy: UnitedDeploymentScheduleStrategy | undefined): boolean {
  return isAdaptive(strategy) && strategy?.adaptive?.reserveUnschedulablePods === true;
}

/** How long a pod may stay unschedulable before its subset counts as unschedulable, in ms. */
export function rescheduleCriticalMs(strategy: UnitedDeploymentScheduleStrategy | undefined): number {
  return (strategy?.adaptive?.rescheduleCriticalSeconds ?? DEFAULT_RESCHEDULE_CRITICAL_SECONDS) * 1000;
}

/** How long an unschedulable subset stays capped, in ms. */
export function unschedulableDurationMs(strategy: UnitedDeploymentScheduleStrategy | undefined): number {
  return (strategy?.adaptive?.unschedulableDuration ?? DEFAULT_UNSCHEDULABLE_DURATION_SECONDS) * 1000;
}
