// A Pod as the apiserver's ValidatePodCreate checks it (the metadata is the store's to check, as for
// every kind): a spec with at least one container, the pod spec rules shared with templates, and the
// rules that hold for Pods only. `Pod "p" is invalid: spec.containers: Required value`.
import { FieldPath, invalidField, notSupportedField, type FieldError } from './field-errors.js';
import { validateSimulatedErrorRate } from './simulated-metrics.js';
import { validatePodSpec } from './pod-spec-validation.js';
import { isObject, isSet, list } from './value-shape.js';

const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];
const MAX_INT32 = 2147483647;

export function validatePod(pod: unknown): FieldError[] {
  const specPath = FieldPath.of('spec');
  // No spec is an empty PodSpec to Kubernetes, whose first complaint is the missing containers.
  const spec = isObject(pod) && isObject(pod['spec']) ? pod['spec'] : {};
  const errors = validatePodSpec(spec, specPath);
  const metadata = isObject(pod) && isObject(pod['metadata']) ? pod['metadata'] : {};
  errors.push(...validateSimulatedErrorRate(metadata['annotations'], FieldPath.of('metadata', 'annotations')));
  const restartPolicy = spec['restartPolicy'];
  if (isSet(restartPolicy) && restartPolicy !== '' && !RESTART_POLICIES.includes(restartPolicy as string)) {
    errors.push(notSupportedField(specPath.child('restartPolicy'), restartPolicy, RESTART_POLICIES));
  }
  const deadline = spec['activeDeadlineSeconds'];
  if (isSet(deadline) && (typeof deadline !== 'number' || !Number.isInteger(deadline) || deadline < 1 || deadline > MAX_INT32)) {
    errors.push(invalidField(specPath.child('activeDeadlineSeconds'), deadline, `must be between 1 and ${MAX_INT32}, inclusive`));
  }
  for (const field of ['initContainers', 'containers']) {
    list(spec[field]).forEach((container, i) => {
      const image = isObject(container) ? container['image'] : undefined;
      if (typeof image === 'string' && image !== '' && image.trim() !== image) {
        errors.push(invalidField(specPath.child(field).index(i).child('image'), image, 'must not have leading or trailing whitespace'));
      }
    });
  }
  return errors;
}
