// A workload's lifecycle hooks (CloneSet and Advanced StatefulSet `spec.lifecycle`). Kruise's webhooks do
// not look at them, but every labelsHandler entry ends up as a label on the workload's pods, where the
// apiserver would refuse a bad key or value on the first hooked pod, long after the workload was
// accepted; refused here with ValidateLabels' words, at the hook's path.
import { FieldPath, validateLabels, type FieldError } from './field-errors.js';
import { isObject } from './value-shape.js';

const HOOKS = ['preDelete', 'inPlaceUpdate', 'preNormal'];

export function validateLifecycleHooks(lifecycle: unknown, path: FieldPath): FieldError[] {
  if (!isObject(lifecycle)) return [];
  const errors: FieldError[] = [];
  for (const hook of HOOKS) {
    const value = lifecycle[hook];
    if (isObject(value)) errors.push(...validateLabels(value['labelsHandler'], path.child(hook, 'labelsHandler')));
  }
  return errors;
}
