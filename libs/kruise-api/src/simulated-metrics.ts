// The embedded cluster's simulated application metrics (docs/analysis.md §1): a pod template (or pod)
// annotation raises the share of a pod's simulated requests that fail. Validated at admission, so a
// bad value is refused naming the field instead of being read as 0.
import { invalidField, type FieldError, type FieldPath } from './field-errors.js';
import { isObject } from './value-shape.js';

/** The share (0 to 1) of a pod's simulated requests that fail; absent means 0. */
export const ANNOTATION_SIMULATED_ERROR_RATE = 'coxswain.io/simulated-error-rate';

/** A plain decimal: `0`, `0.3`, `1`, `.25`; no exponent, sign, or surrounding space. */
const DECIMAL = /^(?:\d{1,16}(?:\.\d{0,16})?|\.\d{1,16})$/;

/** The error rate a valid annotation value says, or an error message in words. */
export function parseSimulatedErrorRate(value: unknown): { rate: number } | { error: string } {
  if (typeof value !== 'string' || !DECIMAL.test(value)) return { error: 'must be a decimal number between 0 and 1, such as "0.3"' };
  const rate = Number(value);
  if (!(rate >= 0 && rate <= 1)) return { error: 'must be between 0 and 1, inclusive' };
  return { rate };
}

/** The annotation's field error, if the annotations carry a bad value. */
export function validateSimulatedErrorRate(annotations: unknown, path: FieldPath): FieldError[] {
  if (!isObject(annotations) || !(ANNOTATION_SIMULATED_ERROR_RATE in annotations)) return [];
  const value = annotations[ANNOTATION_SIMULATED_ERROR_RATE];
  const parsed = parseSimulatedErrorRate(value);
  return 'error' in parsed ? [invalidField(path.key(ANNOTATION_SIMULATED_ERROR_RATE), value, parsed.error)] : [];
}
