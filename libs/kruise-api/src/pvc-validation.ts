// A PersistentVolumeClaim as the apiserver's ValidatePersistentVolumeClaim and
// ValidatePersistentVolumeClaimUpdate check it: at least one access mode (ReadWriteOncePod alone), a
// storage request above zero, a storage class that is a DNS subdomain; and once created, a spec that
// changes only by binding its volume once and, for a bound claim, by growing its storage request.
import { FieldPath, forbiddenField, invalidField, isDNS1123Subdomain, requiredField, type FieldError } from './field-errors.js';
import { compareQuantities, parseQuantity } from './quantity.js';
import { isNonEmptyString, isObject, isSet, list, type Obj } from './value-shape.js';
import { semanticEqual } from './workload-validation.js';

const STORAGE = 'storage';

export function validatePersistentVolumeClaim(claim: unknown): FieldError[] {
  const specPath = FieldPath.of('spec');
  const spec: Obj = isObject(claim) && isObject(claim['spec']) ? claim['spec'] : {};
  const errors: FieldError[] = [];
  const modes = list(spec['accessModes']);
  if (modes.length === 0) errors.push(requiredField(specPath.child('accessModes'), 'at least 1 access mode is required'));
  if (modes.includes('ReadWriteOncePod') && modes.length > 1) {
    errors.push(forbiddenField(specPath.child('accessModes'), 'may not use ReadWriteOncePod with other access modes'));
  }
  const storagePath = specPath.child('resources').key(STORAGE);
  const raw = requestedStorage(spec);
  if (!isSet(raw)) errors.push(requiredField(storagePath, ''));
  else {
    const size = parseQuantity(raw as string | number);
    if (size !== undefined && size.num <= 0n) errors.push(invalidField(storagePath, String(raw), 'must be greater than zero'));
  }
  const className = spec['storageClassName'];
  if (isNonEmptyString(className)) for (const problem of isDNS1123Subdomain(className)) errors.push(invalidField(specPath.child('storageClassName'), className, problem));
  return errors;
}

export function validatePersistentVolumeClaimUpdate(claim: unknown, old: unknown): FieldError[] {
  const spec: Obj = isObject(claim) && isObject(claim['spec']) ? claim['spec'] : {};
  const oldSpec: Obj = isObject(old) && isObject(old['spec']) ? old['spec'] : {};
  const status = isObject(old) && isObject(old['status']) ? old['status'] : {};
  const errors: FieldError[] = [];
  const before = structuredClone(oldSpec);
  const after = structuredClone(spec);
  // The volume a claim is bound to is set once (by the PV controller); a bound claim may be resized.
  if (!isNonEmptyString(oldSpec['volumeName'])) before['volumeName'] = after['volumeName'];
  if (status['phase'] === 'Bound') setRequestedStorage(after, requestedStorage(oldSpec));
  if (!semanticEqual(after, before)) {
    errors.push(forbiddenField('spec', 'spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims'));
  }
  const newSize = parseQuantity(requestedStorage(spec) as string | number | undefined);
  const oldSize = parseQuantity(requestedStorage(oldSpec) as string | number | undefined);
  if (newSize !== undefined && oldSize !== undefined && compareQuantities(newSize, oldSize) < 0) {
    errors.push(forbiddenField(FieldPath.of('spec', 'resources', 'requests', STORAGE), 'field can not be less than previous value'));
  }
  return errors;
}

function requestedStorage(spec: Obj): unknown {
  const resources = spec['resources'];
  const requests = isObject(resources) ? resources['requests'] : undefined;
  return isObject(requests) ? requests[STORAGE] : undefined;
}

function setRequestedStorage(spec: Obj, value: unknown): void {
  const resources = isObject(spec['resources']) ? spec['resources'] : {};
  const requests = isObject(resources['requests']) ? resources['requests'] : {};
  spec['resources'] = { ...resources, requests: { ...requests, [STORAGE]: value } };
}
