// Tolerations as Kubernetes' ValidateTolerations checks them (pods, pod templates, UnitedDeployment
// subsets), with its paths and messages.
import { FieldPath, invalidField, isQualifiedName, isValidLabelValue, notSupportedField, type FieldError } from './field-errors.js';
import { isObject, isSet } from './value-shape.js';

const TOLERATION_OPERATORS = ['Equal', 'Exists', ''];
const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute', ''];

/** Kubernetes' ValidateTolerations. */
export function validateTolerations(tolerations: unknown, path: FieldPath): FieldError[] {
  if (!Array.isArray(tolerations)) return [invalidField(path, tolerations, 'must be a list of tolerations')];
  const errors: FieldError[] = [];
  tolerations.forEach((toleration, i) => {
    const at = path.index(i);
    if (!isObject(toleration)) return errors.push(invalidField(at, toleration, 'must be a toleration object'));
    const key = toleration['key'] ?? '';
    const operator = toleration['operator'] ?? '';
    const value = toleration['value'] ?? '';
    if (typeof key === 'string' && key !== '') for (const problem of isQualifiedName(key)) errors.push(invalidField(at.child('key'), key, problem));
    if (key === '' && operator !== 'Exists') {
      errors.push(invalidField(at.child('operator'), operator, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    }
    if (isSet(toleration['tolerationSeconds']) && toleration['effect'] !== 'NoExecute') {
      errors.push(invalidField(at.child('effect'), toleration['effect'] ?? '', "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    }
    if (!TOLERATION_OPERATORS.includes(operator as string)) errors.push(notSupportedField(at.child('operator'), operator, ['Equal', 'Exists']));
    else if (operator === 'Exists' && value !== '') errors.push(invalidField(at.child('operator'), toleration, 'value must be empty when `operator` is \'Exists\''));
    else if (typeof value === 'string') for (const problem of isValidLabelValue(value)) errors.push(invalidField(at.child('value'), value, problem));
    const effect = toleration['effect'] ?? '';
    if (!TAINT_EFFECTS.includes(effect as string)) errors.push(notSupportedField(at.child('effect'), effect, ['NoSchedule', 'PreferNoSchedule', 'NoExecute']));
    return undefined;
  });
  return errors;
}
