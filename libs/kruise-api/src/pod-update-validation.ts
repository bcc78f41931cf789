// What an update may change in a Pod's spec, as the apiserver's ValidatePodUpdate decides it: container
// and init container images, activeDeadlineSeconds (set, or lowered), tolerations (only added), and
// terminationGracePeriodSeconds from a negative value to 1. Anything else, spec.nodeName included, is
// `spec: Forbidden: pod updates may not change fields other than ...`; a pod is bound to a node through
// the binding subresource, which does not come here. Call it with validatePod's errors for the new pod.
//
// Where it knowingly differs: cpu and memory of containers' resources may change, as on a cluster with
// InPlacePodVerticalScaling (Kruise's in-place vertical scaling writes them so), and the QoS class is not
// compared; the apiserver's message ends with a Go diff of the specs, this one names the changed fields.
import { FieldPath, forbiddenField, invalidField, type FieldError } from './field-errors.js';
import { isObject, isSet, list, type Obj } from './value-shape.js';
import { jsonPatchOperations, semanticEqual } from './workload-validation.js';

const UPDATABLE_FIELDS = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
].join(',');
const MAX_INT32 = 2147483647;
/** Changed fields named in the message at most; a replaced list can differ everywhere. */
const MAX_NAMED_CHANGES = 5;
const RESIZABLE = ['cpu', 'memory'];

export function validatePodUpdate(pod: unknown, old: unknown): FieldError[] {
  const specPath = FieldPath.of('spec');
  const spec: Obj = isObject(pod) && isObject(pod['spec']) ? pod['spec'] : {};
  const oldSpec: Obj = isObject(old) && isObject(old['spec']) ? old['spec'] : {};
  const errors: FieldError[] = [];
  for (const field of ['containers', 'initContainers']) {
    if (list(spec[field]).length !== list(oldSpec[field]).length) {
      // As the apiserver: nothing else is worth comparing once the containers do not line up.
      return [forbiddenField(specPath.child(field), 'pod updates may not add or remove containers')];
    }
  }
  const deadline = validateActiveDeadline(spec['activeDeadlineSeconds'], oldSpec['activeDeadlineSeconds'], specPath.child('activeDeadlineSeconds'));
  if (deadline.length > 0) return deadline;
  errors.push(...validateOnlyAddedTolerations(spec['tolerations'], oldSpec['tolerations'], specPath.child('tolerations')));
  if (semanticEqual(spec, oldSpec)) return errors;
  const munged = withUpdatableFieldsOf(oldSpec, spec);
  if (!semanticEqual(munged, oldSpec)) {
    errors.push(forbiddenField(specPath, `pod updates may not change fields other than ${UPDATABLE_FIELDS}\n${changedFields(oldSpec, munged)}`));
  }
  return errors;
}

/** Two kinds of change are allowed: from unset to a value, and from a value to a lower one. */
function validateActiveDeadline(value: unknown, old: unknown, path: FieldPath): FieldError[] {
  if (!isSet(value)) return isSet(old) ? [invalidField(path, null, 'must not update from a positive integer to nil value')] : [];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_INT32) {
    return [invalidField(path, value, `must be between 0 and ${MAX_INT32}, inclusive`)];
  }
  if (typeof old === 'number' && old < value) return [invalidField(path, value, 'must be less than or equal to previous value')];
  return [];
}

/** Every old toleration must still be there, unchanged but for its tolerationSeconds. */
function validateOnlyAddedTolerations(tolerations: unknown, old: unknown, path: FieldPath): FieldError[] {
  const now = list(tolerations);
  for (const before of list(old)) {
    const kept = now.some((t) => isObject(t) && isObject(before) && semanticEqual({ ...before, tolerationSeconds: t['tolerationSeconds'] }, t));
    if (!kept) return [forbiddenField(path, 'existing toleration can not be modified except its tolerationSeconds')];
  }
  return [];
}

/** `spec` with every field an update may change put back as it was in `old` (ValidatePodUpdate's munging). */
function withUpdatableFieldsOf(old: Obj, spec: Obj): Obj {
  const munged: Obj = structuredClone(spec);
  for (const field of ['containers', 'initContainers']) {
    if (!Array.isArray(munged[field])) continue;
    const before = list(old[field]);
    munged[field] = munged[field].map((container, i) => {
      const was = before[i];
      if (!isObject(container) || !isObject(was)) return container;
      const next: Obj = { ...container, image: was['image'] };
      if (field === 'containers') next['resources'] = withResizableOf(was['resources'], container['resources']);
      return dropUndefined(next);
    });
  }
  munged['activeDeadlineSeconds'] = old['activeDeadlineSeconds'];
  munged['tolerations'] = old['tolerations'];
  const grace = old['terminationGracePeriodSeconds'];
  if (typeof grace === 'number' && grace < 0 && munged['terminationGracePeriodSeconds'] === 1) munged['terminationGracePeriodSeconds'] = grace;
  return dropUndefined(munged);
}

/** Container resources with cpu and memory as they were: those two may be resized in place. */
function withResizableOf(old: unknown, resources: unknown): unknown {
  if (!isObject(resources)) return resources;
  const before = isObject(old) ? old : {};
  const result: Obj = { ...resources };
  for (const kind of ['limits', 'requests']) {
    const amounts = result[kind];
    if (!isObject(amounts)) continue;
    const previous = isObject(before[kind]) ? before[kind] : {};
    const next: Obj = { ...amounts };
    for (const name of RESIZABLE) {
      if (name in previous) next[name] = previous[name];
      else delete next[name];
    }
    result[kind] = next;
  }
  return result;
}

function dropUndefined(object: Obj): Obj {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined));
}

/** The changed fields as Kubernetes paths ("spec.nodeName", "spec.containers[0].env"), a few of them. */
function changedFields(before: Obj, after: Obj): string {
  const paths = [...new Set(jsonPatchOperations(before, after).map((op) => fieldPathOf(op.path)))];
  const shown = paths.slice(0, MAX_NAMED_CHANGES).join(', ');
  return `changed: ${shown}${paths.length > MAX_NAMED_CHANGES ? ', ...' : ''}`;
}

function fieldPathOf(pointer: string): string {
  let path = 'spec';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    path += /^[0-9]+$/.test(part) ? `[${part}]` : `.${part}`;
  }
  return path;
}
