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
export const IGNORED = new Set(['metadata.resourceVersion', 'metadata.generation', 'metadata.managedFields', 'metadata.uid', 'metadata.creationTimestamp']);
/** A created or deleted object lists every field; big ones are cut here so one row stays small. */
export const MAX_FIELDS = 200;
export const TRUNCATED = '(truncated)';

export function fieldChanges(before: unknown, after: unknown): FieldChanges {
  const diff = new Diff();
  diff.compare(before ?? undefined, after ?? undefined, ROOT);
  const changed = [...diff.changed].sort();
  // A field the other side has and this side lacks reads null: a removed label is `"k": null` after.
  const pick = (values: Map<string, unknown>, exists: boolean): FieldValues | null => {
    if (!exists) return null;
    const out: FieldValues = {};
    for (const path of changed.slice(0, MAX_FIELDS)) out[path] = values.has(path) ? values.get(path) : null;
    if (changed.length > MAX_FIELDS) out[TRUNCATED] = `${changed.length - MAX_FIELDS} more fields`;
    return out;
  };
  return { before: pick(diff.before, before != null), after: pick(diff.after, after != null) };
}

/** A field path as its segments, joined into text only for a field that changed. */
interface Path {
  parent: Path | null;
  segment: string | number;
}
const ROOT: Path = { parent: null, segment: '' };

function pathText(path: Path): string {
  if (path.parent === null) return '';
  const prefix = pathText(path.parent);
  return typeof path.segment === 'number' ? `${prefix}[${path.segment}]` : join(prefix, path.segment);
}

/**
 * Walks both sides together, descending only where both are objects (or both lists of objects), so an
 * unchanged field costs one comparison and no path text: the same answer as comparing the two
 * flattened objects field by field, at a fraction of the cost for a pod where one label changed.
 */
class Diff {
  readonly changed = new Set<string>();
  readonly before = new Map<string, unknown>();
  readonly after = new Map<string, unknown>();

  compare(a: unknown, b: unknown, path: Path): void {
    if (a === b) return;
    const shapeA = shape(a);
    const shapeB = shape(b);
    if (shapeA === 'object' && shapeB === 'object') {
      const x = a as Record<string, unknown>;
      const y = b as Record<string, unknown>;
      for (const key of Object.keys(x)) this.compare(x[key], Object.hasOwn(y, key) ? y[key] : undefined, { parent: path, segment: key });
      for (const key of Object.keys(y)) if (!Object.hasOwn(x, key)) this.compare(undefined, y[key], { parent: path, segment: key });
    } else if (shapeA === 'list' && shapeB === 'list') {
      const x = a as unknown[];
      const y = b as unknown[];
      for (let i = 0; i < Math.max(x.length, y.length); i++) this.compare(x[i], y[i], { parent: path, segment: i });
    } else if (shapeA === 'field' && shapeB === 'field') {
      if (!sameValue(a, b)) this.note(pathText(path), a, b);
    } else {
      // Different shapes (or a side absent): every field of either side, as flattened.
      const prefix = pathText(path);
      const old = flatten(a, prefix);
      const now = flatten(b, prefix);
      for (const key of new Set([...old.keys(), ...now.keys()])) {
        if (!sameValue(old.get(key), now.get(key))) this.note(key, old.get(key), now.get(key), old.has(key), now.has(key));
      }
    }
  }

  private note(path: string, a: unknown, b: unknown, hasA = a !== undefined, hasB = b !== undefined): void {
    if (IGNORED.has(path)) return;
    this.changed.add(path);
    if (hasA) this.before.set(path, a);
    if (hasB) this.after.set(path, b);
  }
}

/** How flatten treats a value: absent, one field, an object of fields, or a list of objects. */
function shape(value: unknown): 'absent' | 'field' | 'object' | 'list' {
  if (value === undefined) return 'absent';
  if (Array.isArray(value)) return value.every(isScalar) ? 'field' : 'list';
  if (isPlainObject(value) && Object.keys(value).length > 0) return 'object';
  return 'field';
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
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
