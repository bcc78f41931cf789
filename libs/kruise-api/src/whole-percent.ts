// Int-or-percent fields Coxswain reads strictly: an integer, or a whole percentage from "0%" to "100%".
// Kruise's own parser also lets "5.5%", "1e2%" or "150%" through for CloneSet partitions and rolling
// fields and then reads them in ways that surprise (docs/spec/cloneset.md §1.4 and §10: the controller reads
// "12.5%" as 0); Kubernetes refuses such percentages in its own workloads (IsValidPercent, at most 100%).
import { FieldPath, invalidField, type FieldError } from './field-errors.js';
import { isSet } from './value-shape.js';
import { intOrStringText } from './workload-validation.js';

const WHOLE_PERCENT = /^[0-9]+%$/;

/** An integer from 0, or a whole percentage from "0%" to "100%". */
export function validateIntOrWholePercent(value: unknown, path: FieldPath): FieldError[] {
  if (!isSet(value)) return [];
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return [invalidField(path, value, 'must be an integer')];
    return value < 0 ? [invalidField(path, value, 'must be greater than or equal to 0')] : [];
  }
  if (typeof value !== 'string' || !WHOLE_PERCENT.test(value)) {
    return [invalidField(path, intOrStringText(value), 'must be an integer or a whole percentage from "0%" to "100%", such as "20%"')];
  }
  return Number(value.slice(0, -1)) > 100 ? [invalidField(path, value, 'must not be greater than 100%')] : [];
}
