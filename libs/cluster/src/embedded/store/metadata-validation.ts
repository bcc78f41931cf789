// Validation of what every object carries regardless of kind (apimachinery's ValidateObjectMeta), so bad
// input is refused with a cause naming the field before anything is written. Kind-specific validation
// (spec) belongs to kruise-api.
import { formatFieldError, validateAnnotations, type FieldMessage, type KubeObject } from '@coxswain/kruise-api';
import { isPlainObject } from './json-value.js';

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const QUALIFIED_NAME = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

function dnsSubdomainProblem(name: string): string | undefined {
  if (name.length > 253) return 'must be no more than 253 characters';
  if (!DNS_SUBDOMAIN.test(name)) {
    return "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
  }
  return undefined;
}

function dnsLabelProblem(name: string): string | undefined {
  if (name.length > 63) return 'must be no more than 63 characters';
  if (!DNS_LABEL.test(name)) {
    return "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
  }
  return undefined;
}

function qualifiedNameProblem(key: string): string | undefined {
  const slash = key.indexOf('/');
  const name = slash < 0 ? key : key.slice(slash + 1);
  if (name.length > 63 || (slash >= 0 && slash > 253) || !QUALIFIED_NAME.test(key)) {
    return `key "${key}" must be a qualified name (optional DNS subdomain prefix and "/", then at most 63 alphanumeric characters, '-', '_' or '.')`;
  }
  return undefined;
}

function validateStringMap(value: unknown, field: string, checkValue: boolean, causes: FieldMessage[]): void {
  if (value === undefined) return;
  if (!isPlainObject(value)) {
    causes.push({ field, message: 'must be a map of string keys to string values' });
    return;
  }
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') {
      causes.push({ field, message: `value of "${key}" must be a string, got ${entry === null ? 'null' : typeof entry}` });
      continue;
    }
    const keyProblem = qualifiedNameProblem(key);
    if (keyProblem) causes.push({ field, message: keyProblem });
    if (checkValue && (entry.length > 63 || !LABEL_VALUE.test(entry))) {
      causes.push({
        field,
        message: `value "${entry}" of "${key}" must be at most 63 characters: alphanumerics, '-', '_' or '.', starting and ending with an alphanumeric`,
      });
    }
  }
}

function validateFinalizers(value: unknown, causes: FieldMessage[]): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || value.some((f) => typeof f !== 'string' || f === '')) {
    causes.push({ field: 'metadata.finalizers', message: 'must be a list of non-empty strings' });
  }
}

function validateOwnerReferences(value: unknown, causes: FieldMessage[]): void {
  if (value === undefined) return;
  const field = 'metadata.ownerReferences';
  if (!Array.isArray(value)) {
    causes.push({ field, message: 'must be a list' });
    return;
  }
  let controllers = 0;
  value.forEach((ref: unknown, i) => {
    if (!isPlainObject(ref)) {
      causes.push({ field: `${field}[${i}]`, message: 'must be an object' });
      return;
    }
    for (const member of ['apiVersion', 'kind', 'name', 'uid']) {
      if (typeof ref[member] !== 'string' || ref[member] === '') {
        causes.push({ field: `${field}[${i}].${member}`, message: 'is required' });
      }
    }
    if (ref.controller === true) controllers++;
  });
  if (controllers > 1) causes.push({ field, message: 'only one reference can have controller set to true' });
}

/** ValidateAnnotations' size limit (256 KiB of keys and values); the keys are checked above. */
function annotationsTooLong(annotations: unknown): FieldMessage[] {
  return validateAnnotations(annotations, 'metadata.annotations')
    .filter((e) => e.type === 'TooLong')
    .map((e) => ({ field: e.field, message: formatFieldError(e).slice(e.field.length + 2) }));
}

/**
 * Causes for everything wrong with `object.metadata` (name and namespace already decided by the caller).
 * `nameIsLabel` applies the stricter DNS-label rule Kubernetes uses for Namespace names.
 */
export function validateMetadata(object: KubeObject, nameIsLabel: boolean): FieldMessage[] {
  const causes: FieldMessage[] = [];
  const meta = object.metadata;
  const name = meta.name ?? '';
  if (name === '') {
    causes.push({ field: 'metadata.name', message: 'name or generateName is required' });
  } else {
    const problem = nameIsLabel ? dnsLabelProblem(name) : dnsSubdomainProblem(name);
    if (problem) causes.push({ field: 'metadata.name', message: `"${name}": ${problem}` });
  }
  if (meta.namespace) {
    const problem = dnsLabelProblem(meta.namespace);
    if (problem) causes.push({ field: 'metadata.namespace', message: `"${meta.namespace}": ${problem}` });
  }
  validateStringMap(meta.labels, 'metadata.labels', true, causes);
  validateStringMap(meta.annotations, 'metadata.annotations', false, causes);
  causes.push(...annotationsTooLong(meta.annotations));
  validateFinalizers(meta.finalizers, causes);
  validateOwnerReferences(meta.ownerReferences, causes);
  return causes;
}
