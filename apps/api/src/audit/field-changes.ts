// The fields a write changed, as `{ "<field path>": value }` before and after: what the audit log
// stores instead of whole objects. Paths read like Kubernetes field paths:
// `spec.template.spec.containers[0].image`, `metadata.labels['example.io/block-deleting']`.
// Lists of scalars (finalizers, podsToDelete) are one field; lists of objects are indexed.

export type FieldValues = Record<string, unknown>;

export interface FieldChanges {
  before: FieldValues | null;
  after: FieldValues | null;
}

/** Bookkeeping the server changes on every write; not what the caller changed. */
const IGNORED = new Set(['metadata.resourceVersion', 'metadata.generation', 'metadata.managedFields', 'metadata.uid', 'metadata.creationTimestamp']);
/** A created or deleted object lists every field; big ones are cut here so one row stays small. */
export const MAX_FIELDS = 200;
export const TRUNCATED = '(truncated)';

export function fieldChanges(before: unknown, after: unknown): FieldChanges {
  const old = before == null ? new Map<string, unknown>() : flatten(before);
  const now = after == null ? new Map<string, unknown>() : flatten(after);
  const changed = [...new Set([...old.keys(), ...now.keys()])]
    .filter((path) => !IGNORED.has(path) && !sameValue(old.get(path), now.get(path)))
    .sort();
  // A field the other side has and this side lacks reads null: a removed label is `"k": null` after.
  const pick = (values: Map<string, unknown>, exists: boolean): FieldValues | null => {
    if (!exists) return null;
    const out: FieldValues = {};
    for (const path of changed.slice(0, MAX_FIELDS)) out[path] = values.has(path) ? values.get(path) : null;
    if (changed.length > MAX_FIELDS) out[TRUNCATED] = `${changed.length - MAX_FIELDS} more fields`;
    return out;
  };
  return { before: pick(old, before != null), after: pick(now, after != null) };
}

export function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value === undefined) return out; // not JSON: as if absent
  if (Array.isArray(value)) {
    if (value.every(isScalar)) out.set(prefix, value);
    else value.forEach((item, i) => flatten(item, `${prefix}[${i}]`, out));
  } else if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, item] of Object.entries(value)) flatten(item, join(prefix, key), out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function join(prefix: string, key: string): string {
  if (!/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(key)) return `${prefix}['${key}']`;
  return prefix === '' ? key : `${prefix}.${key}`;
}

function isScalar(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
