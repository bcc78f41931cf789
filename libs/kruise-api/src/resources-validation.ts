// A container's resources as Kubernetes' ValidateContainerResourceRequirements checks them: names a
// container may ask for, quantities never negative (whole numbers for extended resources), and every
// request within its limit (equal to it for resources that cannot be overcommitted). Messages and paths
// are the apiserver's: `spec.containers[0].resources.requests: Invalid value: "2": must be less than or
// equal to cpu limit of 1`.
import { FieldPath, invalidField, isQualifiedName, requiredField, type FieldError } from './field-errors.js';
import { compareQuantities, isWholeQuantity, parseQuantity, type ExactQuantity } from './quantity.js';
import { isObject, isSet } from './value-shape.js';

const STANDARD_CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage']);
const HUGEPAGES_PREFIX = 'hugepages-';
const NATIVE_DOMAIN = 'kubernetes.io/';

export function validateResourceRequirements(resources: unknown, path: FieldPath): FieldError[] {
  if (!isObject(resources)) return [];
  const errors: FieldError[] = [];
  const limitsPath = path.child('limits');
  const requestsPath = path.child('requests');
  const limits = readList(resources['limits'], limitsPath, errors);
  const requests = readList(resources['requests'], requestsPath, errors);
  for (const [name, request] of requests) {
    const limit = limits.get(name);
    if (limit === undefined) {
      if (!overcommitAllowed(name)) errors.push(requiredField(limitsPath, 'Limit must be set for non overcommitable resources'));
      continue;
    }
    const order = compareQuantities(request.value, limit.value);
    if (order !== 0 && !overcommitAllowed(name)) {
      errors.push(invalidField(requestsPath, request.text, `must be equal to ${name} limit of ${limit.text}`));
    } else if (order > 0) {
      errors.push(invalidField(requestsPath, request.text, `must be less than or equal to ${name} limit of ${limit.text}`));
    }
  }
  return errors;
}

interface Amount {
  /** As written; Kubernetes prints its canonical form, which is the same for the usual spellings. */
  text: string;
  value: ExactQuantity;
}

/** The readable entries of a limits or requests map, with an error for each bad name or quantity. */
function readList(list: unknown, path: FieldPath, errors: FieldError[]): Map<string, Amount> {
  const amounts = new Map<string, Amount>();
  if (!isObject(list)) return amounts;
  for (const [name, raw] of Object.entries(list)) {
    const at = path.key(name);
    errors.push(...validateResourceName(name, at));
    // A malformed quantity is the schema check's to report.
    const value = isSet(raw) ? parseQuantity(raw as string | number) : undefined;
    if (value === undefined) continue;
    const text = String(raw);
    if (value.num < 0n) errors.push(invalidField(at, text, 'must be greater than or equal to 0'));
    else if (isExtendedResource(name) && !isWholeQuantity(value)) errors.push(invalidField(at, text, 'must be an integer'));
    amounts.set(name, { text, value });
  }
  return amounts;
}

/** validateContainerResourceName: a standard container resource, or a domain-prefixed (extended) one. */
function validateResourceName(name: string, path: FieldPath): FieldError[] {
  const problems = isQualifiedName(name);
  if (problems.length > 0) return problems.map((p) => invalidField(path, name, p));
  if (!name.includes('/')) {
    return STANDARD_CONTAINER_RESOURCES.has(name) || name.startsWith(HUGEPAGES_PREFIX) ? [] : [invalidField(path, name, 'must be a standard resource for containers')];
  }
  if (isNative(name)) return [];
  return isQualifiedName(`requests.${name}`).length === 0 ? [] : [invalidField(path, name, "doesn't follow extended resource name standard")];
}

function isNative(name: string): boolean {
  return !name.includes('/') || name.includes(NATIVE_DOMAIN);
}

function isExtendedResource(name: string): boolean {
  return !isNative(name) && !name.startsWith('requests.');
}

/** Native resources may be requested below their limit; hugepages and extended resources may not. */
function overcommitAllowed(name: string): boolean {
  return isNative(name) && !name.startsWith(HUGEPAGES_PREFIX);
}
