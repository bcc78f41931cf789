// Kubernetes-style field errors (apimachinery util/validation/field) and the name checks of
// util/validation that the workload validators need. Field paths and error text follow Kubernetes so
// that a message reads the same whether it came from a real API server or from Coxswain.

export type FieldErrorType = 'Invalid' | 'Required' | 'Forbidden' | 'Duplicate' | 'NotSupported' | 'NotFound' | 'TooLong';

export interface FieldError {
  /** Kubernetes field path: `spec.updateStrategy.maxSurge`, `spec.template.spec.containers[0].name`. */
  field: string;
  type: FieldErrorType;
  /** The offending value; absent when the error is about absence or the value says nothing. */
  value?: unknown;
  /** Kubernetes' "detail"; for NotSupported it lists the supported values. */
  message: string;
}

/**
 * A field at fault and why, as every answer carries it: FieldError without its type and value, which the
 * message already tells. The one shape of GraphQL's extensions.fieldErrors (and of the dashboard's and the
 * CLI's reading of them), of a Kubernetes Status's details.causes (whose `reason` the API derives from
 * the message: apps/api/src/kube-api/kube-status.ts) and of a refused workload mutation.
 */
export type FieldMessage = Pick<FieldError, 'field' | 'message'>;

/** A field path built the way Kubernetes' field.Path prints: `a.b[0].c`, `metadata.labels[app]`. */
export class FieldPath {
  private constructor(private readonly text: string) {}

  static of(...names: string[]): FieldPath {
    return new FieldPath(names.join('.'));
  }

  child(...names: string[]): FieldPath {
    return new FieldPath([this.text, ...names].filter((part) => part !== '').join('.'));
  }

  index(i: number): FieldPath {
    return new FieldPath(`${this.text}[${i}]`);
  }

  key(key: string): FieldPath {
    return new FieldPath(`${this.text}[${key}]`);
  }

  toString(): string {
    return this.text;
  }
}

type PathLike = FieldPath | string;

export function invalidField(path: PathLike, value: unknown, message: string): FieldError {
  return { field: String(path), type: 'Invalid', value, message };
}

export function requiredField(path: PathLike, message = ''): FieldError {
  return { field: String(path), type: 'Required', message };
}

export function forbiddenField(path: PathLike, message: string): FieldError {
  return { field: String(path), type: 'Forbidden', message };
}

export function duplicateField(path: PathLike, value: unknown): FieldError {
  return { field: String(path), type: 'Duplicate', value, message: '' };
}

export function notSupportedField(path: PathLike, value: unknown, supported: readonly string[]): FieldError {
  const message = supported.length === 0 ? '' : `supported values: ${supported.map((s) => JSON.stringify(s)).join(', ')}`;
  return { field: String(path), type: 'NotSupported', value, message };
}

export function notFoundField(path: PathLike, value: unknown, message = ''): FieldError {
  return { field: String(path), type: 'NotFound', value, message };
}

/** field.TooLong with a byte limit: `metadata.annotations: Too long: must have at most 262144 bytes`. */
export function tooLongField(path: PathLike, maxBytes: number): FieldError {
  return { field: String(path), type: 'TooLong', message: `must have at most ${maxBytes} ${maxBytes === 1 ? 'byte' : 'bytes'}` };
}

const TYPE_TEXT: Record<FieldErrorType, string> = {
  Invalid: 'Invalid value',
  Required: 'Required value',
  Forbidden: 'Forbidden',
  Duplicate: 'Duplicate value',
  NotSupported: 'Unsupported value',
  NotFound: 'Not found',
  TooLong: 'Too long',
};

function formatValue(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * field.Error.Error(): `<field>: Invalid value: "3": <detail>`, `<field>: Required value`,
 * `<field>: Forbidden: <detail>`, `<field>: Duplicate value: "x"`,
 * `<field>: Unsupported value: "Never": supported values: "Always"`.
 */
export function formatFieldError(error: FieldError): string {
  let body = TYPE_TEXT[error.type];
  const showsValue = error.type !== 'Required' && error.type !== 'Forbidden' && error.type !== 'TooLong' && 'value' in error;
  if (showsValue) body += `: ${formatValue(error.value)}`;
  if (error.message !== '') body += `: ${error.message}`;
  return `${error.field}: ${body}`;
}

/** Like Kubernetes' aggregate: one error alone, several as `[a, b]`. */
export function formatFieldErrors(errors: readonly FieldError[]): string {
  const texts = errors.map(formatFieldError);
  return texts.length === 1 ? texts[0]! : `[${texts.join(', ')}]`;
}

/** An object refused by validation, with the message of Kubernetes' StatusError for 422 Invalid. */
export class InvalidObjectError extends Error {
  constructor(
    readonly kind: string,
    readonly objectName: string,
    readonly errors: readonly FieldError[],
  ) {
    super(`${kind} ${JSON.stringify(objectName)} is invalid: ${formatFieldErrors(errors)}`);
    this.name = 'InvalidObjectError';
  }
}

/** ValidateNonnegativeField: `spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0`. */
export function nonNegativeInteger(value: unknown, path: PathLike): FieldError[] {
  if (typeof value !== 'number' || !Number.isInteger(value)) return [invalidField(path, value, 'must be an integer')];
  return value < 0 ? [invalidField(path, value, 'must be greater than or equal to 0')] : [];
}

// ---------------------------------------------------------------------------------------------
// Name checks (k8s.io/apimachinery/pkg/util/validation); each returns the problems, empty when valid.

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

export function isDNS1123Label(value: string): string[] {
  const problems: string[] = [];
  if (value.length > 63) problems.push('must be no more than 63 characters');
  if (!DNS1123_LABEL.test(value)) {
    problems.push(
      "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name', or '123-abc')",
    );
  }
  return problems;
}

export function isDNS1123Subdomain(value: string): string[] {
  const problems: string[] = [];
  if (value.length > 253) problems.push('must be no more than 253 characters');
  if (!DNS1123_SUBDOMAIN.test(value)) {
    problems.push(
      "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com')",
    );
  }
  return problems;
}

/** A label or annotation key: optional DNS-subdomain prefix and "/", then a name of at most 63 characters. */
export function isQualifiedName(value: string): string[] {
  const slash = value.indexOf('/');
  const prefix = slash < 0 ? undefined : value.slice(0, slash);
  const name = slash < 0 ? value : value.slice(slash + 1);
  const problems: string[] = [];
  if (prefix !== undefined) {
    if (prefix === '') problems.push('prefix part must be non-empty');
    else problems.push(...isDNS1123Subdomain(prefix).map((p) => `prefix part ${p}`));
  }
  if (name === '') problems.push('name part must be non-empty');
  else {
    if (name.length > 63) problems.push('name part must be no more than 63 characters');
    if (!QUALIFIED_NAME.test(name)) {
      problems.push(
        "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName', or 'my.name', or '123-abc')",
      );
    }
  }
  return problems;
}

export function isValidLabelValue(value: string): string[] {
  const problems: string[] = [];
  if (value.length > 63) problems.push('must be no more than 63 characters');
  if (!LABEL_VALUE.test(value)) {
    problems.push(
      "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue', or 'my_value', or '12345')",
    );
  }
  return problems;
}

/** ValidateLabels: every key a qualified name, every value a label value; errors at `path`. */
export function validateLabels(labels: unknown, path: PathLike): FieldError[] {
  if (labels === undefined || labels === null) return [];
  if (typeof labels !== 'object' || Array.isArray(labels)) return [invalidField(path, labels, 'must be a map of string keys to string values')];
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(labels)) {
    for (const problem of isQualifiedName(key)) errors.push(invalidField(path, key, problem));
    if (typeof value !== 'string') errors.push(invalidField(path, value, `value of label ${JSON.stringify(key)} must be a string`));
    else for (const problem of isValidLabelValue(value)) errors.push(invalidField(path, value, problem));
  }
  return errors;
}

/** apimachinery's TotalAnnotationSizeLimitB: keys and values of one object's annotations, in bytes. */
export const TOTAL_ANNOTATION_SIZE_LIMIT_BYTES = 256 * 1024;

/**
 * ValidateAnnotations: every key a qualified name (checked lower-cased, as Kubernetes does), and all
 * keys and values together at most 256 KiB, counted in UTF-8 bytes as the apiserver stores them.
 */
export function validateAnnotations(annotations: unknown, path: PathLike): FieldError[] {
  if (annotations === undefined || annotations === null) return [];
  if (typeof annotations !== 'object' || Array.isArray(annotations)) return [invalidField(path, annotations, 'must be a map of string keys to string values')];
  const errors: FieldError[] = [];
  const texts: string[] = [];
  for (const [key, value] of Object.entries(annotations)) {
    for (const problem of isQualifiedName(key.toLowerCase())) errors.push(invalidField(path, key, problem));
    texts.push(key);
    if (typeof value === 'string') texts.push(value);
  }
  if (utf8SizeExceeds(texts, TOTAL_ANNOTATION_SIZE_LIMIT_BYTES)) errors.push(tooLongField(path, TOTAL_ANNOTATION_SIZE_LIMIT_BYTES));
  return errors;
}

const UTF8 = new TextEncoder();

/** Whether the texts take more than `limit` bytes in UTF-8; every write checks annotations, so the usual small ones are not encoded. */
function utf8SizeExceeds(texts: readonly string[], limit: number): boolean {
  const units = texts.reduce((sum, t) => sum + t.length, 0);
  // A UTF-16 code unit takes at most 3 bytes in UTF-8 (a surrogate pair, two units, takes 4).
  if (units * 3 <= limit) return false;
  return texts.reduce((sum, t) => sum + UTF8.encode(t).length, 0) > limit;
}
