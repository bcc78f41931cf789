// Type guards for input that arrives from YAML and may have any shape: validators check a field's type
// with these before they read it.
export type Obj = Record<string, unknown>;

export function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
