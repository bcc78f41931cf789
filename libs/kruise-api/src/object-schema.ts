// The JSON shape of every field an object kind declares, checked the way kube-apiserver's decoding
// checks it before any webhook runs: a field declared as a string must hold a string, an int32 an
// integer in int32 range, a struct an object, and so on. Fields Coxswain does not model are not type
// checked here (which fields exist at all is unknown-fields.ts' concern), but every string anywhere in an
// object, keys included, must be storable text: no NUL and no lone UTF-16 surrogate, which the database
// refuses. Nesting is bounded, so no later recursive walk (copy, equality, YAML, audit) can exhaust the stack.
import { FieldPath, invalidField, notSupportedField, requiredField, type FieldError } from './field-errors.js';
import type { UpstreamType } from './upstream-schemas.js';

export type Schema =
  | { readonly type: 'string'; readonly enum?: readonly string[]; readonly format?: 'date-time' }
  | { readonly type: 'integer'; readonly bits: 32 | 64 }
  | { readonly type: 'number' }
  | { readonly type: 'boolean' }
  | { readonly type: 'intOrString' }
  | { readonly type: 'quantity' }
  | {
    readonly type: 'object';
    readonly fields: Readonly<Record<string, Schema>>;
    readonly required?: readonly string[];
    /** The fields are all its upstream type has: any other member is an unknown field (pruned). */
    readonly closed?: true;
    /**
     * The Kubernetes type this object is (`V1Container`): it declares exactly that type's fields, those
     * `fields` does not model included (upstream-schemas.ts); any other member is an unknown field.
     */
    readonly upstream?: UpstreamType;
  }
  | { readonly type: 'map'; readonly values: Schema }
  | { readonly type: 'list'; readonly items: Schema }
  | { readonly type: 'json' };

type ObjectSchema = Extract<Schema, { type: 'object' }>;

/** One schema per declared field of T: the compiler refuses a missing or an undeclared field. */
export type FieldSchemas<T> = { readonly [K in keyof T]-?: Schema };

/** Deeper than any Kubernetes object (a UnitedDeployment's subset template is about 25 levels). */
export const MAX_OBJECT_DEPTH = 100;
/** A refused object reports at most this many field errors, so one answer stays readable. */
export const MAX_FIELD_ERRORS = 20;

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

// --- builders -----------------------------------------------------------------------------------

export const string: Schema = { type: 'string' };
export const int32: Schema = { type: 'integer', bits: 32 };
export const int64: Schema = { type: 'integer', bits: 64 };
export const boolean: Schema = { type: 'boolean' };
export const intOrString: Schema = { type: 'intOrString' };
export const quantity: Schema = { type: 'quantity' };
/** A metav1.Time / MicroTime: an RFC 3339 date-time string. */
export const time: Schema = { type: 'string', format: 'date-time' };
/** Any JSON value (RawExtension payloads, patches); only its strings and depth are checked. */
export const json: Schema = { type: 'json' };

export function oneOf<const T extends string>(...values: T[]): Schema {
  return { type: 'string', enum: values };
}

/**
 * A Kubernetes struct (core/v1, apps/v1, meta/v1...) that Coxswain models in part: `fields` are checked
 * here, the other fields of the `upstream` type round-trip, and a member the upstream type does not
 * declare is an unknown field, pruned as the apiserver's strict decoding finds it.
 */
export function object<T>(upstream: UpstreamType, fields: FieldSchemas<T>, required: readonly (keyof T & string)[] = []): Schema {
  return { type: 'object', fields: fields as Record<string, Schema>, ...(required.length > 0 ? { required } : {}), upstream };
}

/**
 * A struct whose fields are every field its upstream Go type declares (Kruise's own types): a member it
 * does not declare is an unknown field, pruned as the apiserver prunes against a structural schema.
 */
export function closedObject<T>(fields: FieldSchemas<T>, required: readonly (keyof T & string)[] = []): Schema {
  return { type: 'object', fields: fields as Record<string, Schema>, ...(required.length > 0 ? { required } : {}), closed: true };
}

export function listOf(items: Schema): Schema {
  return { type: 'list', items };
}

export function mapOf(values: Schema): Schema {
  return { type: 'map', values };
}

export const stringList = listOf(string);
export const stringMap = mapOf(string);

// --- checking -----------------------------------------------------------------------------------

const UNSTORABLE = /[\u0000\ud800-\udfff]/;

/**
 * Why `text` cannot be stored (it holds U+0000, or half of a surrogate pair), or undefined. PostgreSQL
 * refuses both in text and jsonb, and would fail the whole transaction carrying them.
 */
export function unstorableTextProblem(text: string): string | undefined {
  // Nearly every string has none of these characters: one regular expression says so quickly.
  if (!UNSTORABLE.test(text)) return undefined;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return 'must not contain NUL (\\u0000) characters';
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return 'must be valid Unicode (it contains a lone surrogate)';
    }
    if (code >= 0xdc00 && code <= 0xdfff) return 'must be valid Unicode (it contains a lone surrogate)';
  }
  return undefined;
}

/** `text` with every NUL and lone surrogate replaced by U+FFFD, for messages and logs that must be stored. */
export function storableText(text: string): string {
  return unstorableTextProblem(text) === undefined ? text : text.replace(/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/**
 * Field errors for `value` read as `schema`, at most MAX_FIELD_ERRORS of them (empty: well-formed).
 * Undeclared fields and `json` values are walked too, for their text and depth.
 */
export function validateSchema(value: unknown, schema: Schema, path: FieldPath = FieldPath.of('')): FieldError[] {
  const errors = new Collector(path);
  checkValue(value, schema, 0, errors);
  return errors.list;
}

/**
 * The errors found so far, and where the walk is: the step into each depth of the value being checked,
 * set as the walk descends (the steps below its depth are left over from earlier siblings and never
 * read). A path is built from them only when an error names it, so a well-formed object (the common
 * case) costs no path at all, and no allocation per field.
 */
class Collector {
  readonly list: FieldError[] = [];
  /** An object or list not frozen was walked (since the last memo point): its subtree may still change. */
  sawMutable = false;
  private readonly steps: Array<string | number> = [];
  private readonly keyed: boolean[] = [];

  constructor(private readonly root: FieldPath) {}

  get full(): boolean {
    return this.list.length >= MAX_FIELD_ERRORS;
  }
  add(error: FieldError): void {
    if (!this.full) this.list.push(error);
  }

  /** Records the step to the member about to be checked at `depth`: a field, a list index or a map key. */
  enter(depth: number, step: string | number, asKey = false): void {
    this.steps[depth] = step;
    this.keyed[depth] = asKey;
  }

  /** The path of the value being checked at `depth`. */
  pathAt(depth: number): FieldPath {
    let path = this.root;
    for (let d = 1; d <= depth; d++) {
      const step = this.steps[d]!;
      path = typeof step === 'number' ? path.index(step) : this.keyed[d] ? path.key(step) : path.child(step);
    }
    return path;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return typeof value;
}

function shown(value: unknown): unknown {
  // A nested value in a message would repeat the input; its kind says enough.
  return typeof value === 'object' && value !== null ? `(${describe(value)})` : value;
}

/**
 * Deeply frozen subtrees already found well-formed, per schema and per depth they were checked at: the
 * store's objects and the caches' copies are frozen, and a write that spreads one (a status update, a
 * merge patch) shares most of its subtrees, so their check is done once per version instead of once per
 * write and per reader. Only the root and its direct members are remembered (a pod: itself, metadata,
 * spec, status), and only the last one to two generations of them (RememberedValues). A value checked
 * at some depth is reused at that depth or shallower only, so the depth bound still holds.
 */
const MEMO_DEPTH = 1;
/**
 * Values remembered per schema and depth in one generation (the one before is kept too, older ones are
 * forgotten): unbounded, the memo held about 300 bytes per stored pod (6 MB of tables at 20,000 pods)
 * for as long as the pods lived. A forgotten value is checked again when a write next meets it.
 */
export const MEMO_GENERATION = 32_768;

class RememberedValues {
  private young = new WeakSet<object>();
  private old = new WeakSet<object>();
  private added = 0;

  has(value: object): boolean {
    return this.young.has(value) || this.old.has(value);
  }

  add(value: object): void {
    this.young.add(value);
    if (++this.added >= MEMO_GENERATION) {
      this.old = this.young;
      this.young = new WeakSet();
      this.added = 0;
    }
  }
}

const wellFormed = new WeakMap<Schema, RememberedValues[]>();

/** `schema` undefined: a value nothing declares, checked only for its text, numbers and depth. */
function checkValue(value: unknown, schema: Schema | undefined, depth: number, errors: Collector): void {
  if (errors.full) return;
  if (depth <= MEMO_DEPTH && schema?.type === 'object' && typeof value === 'object' && value !== null && Object.isFrozen(value)) {
    return checkRemembered(value, schema, depth, errors);
  }
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) errors.sawMutable = true;
  if (typeof value === 'string') {
    const problem = unstorableTextProblem(value);
    if (problem) return errors.add(invalidField(errors.pathAt(depth), value, problem));
  } else if (typeof value === 'number' && !Number.isFinite(value)) {
    return errors.add(invalidField(errors.pathAt(depth), String(value), 'must be a finite number'));
  } else if (typeof value === 'object' && value !== null && depth >= MAX_OBJECT_DEPTH) {
    return errors.add(invalidField(errors.pathAt(depth), `(${describe(value)})`, `must not nest deeper than ${MAX_OBJECT_DEPTH} levels`));
  }
  switch (schema?.type) {
    case undefined:
    case 'json':
      return checkChildren(value, depth, errors, undefined);
    case 'string':
      if (typeof value !== 'string') return errors.add(invalidField(errors.pathAt(depth), shown(value), 'must be a string'));
      if (schema.enum && !schema.enum.includes(value)) return errors.add(notSupportedField(errors.pathAt(depth), value, schema.enum));
      if (schema.format === 'date-time' && !isDateTime(value)) {
        return errors.add(invalidField(errors.pathAt(depth), value, 'must be an RFC 3339 date-time such as "2026-01-02T15:04:05Z"'));
      }
      return;
    case 'integer':
      return checkInteger(value, schema.bits, depth, errors);
    case 'number':
      if (typeof value !== 'number') errors.add(invalidField(errors.pathAt(depth), shown(value), 'must be a number'));
      return;
    case 'boolean':
      if (typeof value !== 'boolean') errors.add(invalidField(errors.pathAt(depth), shown(value), 'must be a boolean (true or false)'));
      return;
    case 'intOrString':
      if (typeof value === 'string') return;
      if (typeof value === 'number') return checkInteger(value, 32, depth, errors);
      return errors.add(invalidField(errors.pathAt(depth), shown(value), 'must be an integer or a string'));
    case 'quantity':
      if (typeof value === 'number') return;
      if (typeof value !== 'string') return errors.add(invalidField(errors.pathAt(depth), shown(value), 'must be a quantity such as "500m" or "1Gi"'));
      if (!QUANTITY.test(value)) {
        errors.add(invalidField(errors.pathAt(depth), value, "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"));
      }
      return;
    case 'list':
      if (!Array.isArray(value)) return errors.add(invalidField(errors.pathAt(depth), shown(value), 'must be a list'));
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        errors.enter(depth + 1, i);
        if (item === null) errors.add(invalidField(errors.pathAt(depth + 1), null, 'must not be null'));
        else checkValue(item, schema.items, depth + 1, errors);
      }
      return;
    case 'map':
      if (!isObject(value)) return errors.add(invalidField(errors.pathAt(depth), shown(value), 'must be an object (a map)'));
      for (const key in value) {
        if (!Object.hasOwn(value, key) || !checkKey(key, depth, errors)) continue;
        const item = value[key];
        errors.enter(depth + 1, key, true);
        if (item === null) errors.add(invalidField(errors.pathAt(depth + 1), null, 'must not be null'));
        else checkValue(item, schema.values, depth + 1, errors);
      }
      return;
    case 'object':
      return checkObject(value, schema, depth, errors);
  }
}

function checkObject(value: unknown, schema: ObjectSchema, depth: number, errors: Collector): void {
  if (!isObject(value)) return errors.add(invalidField(errors.pathAt(depth), shown(value), 'must be an object'));
  for (const name of schema.required ?? []) {
    const member = value[name];
    if (member === undefined || member === null || member === '') {
      errors.enter(depth + 1, name);
      errors.add(requiredField(errors.pathAt(depth + 1)));
    }
  }
  // null is Go's "unset" for an optional field; undeclared fields round-trip, checked only for text.
  checkChildren(value, depth, errors, schema.fields);
}

function checkRemembered(value: object, schema: ObjectSchema, depth: number, errors: Collector): void {
  let byDepth = wellFormed.get(schema);
  for (let d = depth; d <= MEMO_DEPTH; d++) if (byDepth?.[d]?.has(value)) return;
  const mutableBefore = errors.sawMutable;
  const errorsBefore = errors.list.length;
  errors.sawMutable = false;
  checkObject(value, schema, depth, errors);
  if (!errors.sawMutable && errors.list.length === errorsBefore) {
    if (!byDepth) wellFormed.set(schema, (byDepth = []));
    (byDepth[depth] ??= new RememberedValues()).add(value);
  }
  errors.sawMutable ||= mutableBefore;
}

/** Walks the members of an object or list; `fields` declares the schema of an object's members. */
function checkChildren(value: unknown, depth: number, errors: Collector, fields: Readonly<Record<string, Schema>> | undefined): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      errors.enter(depth + 1, i);
      checkValue(value[i], undefined, depth + 1, errors);
    }
    return;
  }
  if (!isObject(value)) return;
  for (const name in value) {
    if (!Object.hasOwn(value, name) || !checkKey(name, depth, errors)) continue;
    const member = value[name];
    if (member === undefined || member === null) continue;
    const schema = fields !== undefined && Object.hasOwn(fields, name) ? fields[name] : undefined;
    // Primitives in an undeclared place need only the text check.
    if (schema === undefined && typeof member !== 'object' && typeof member !== 'string' && typeof member !== 'number') continue;
    errors.enter(depth + 1, name, schema === undefined && !IDENTIFIER.test(name));
    checkValue(member, schema, depth + 1, errors);
  }
}

function checkKey(key: string, depth: number, errors: Collector): boolean {
  const problem = unstorableTextProblem(key);
  if (problem) errors.add(invalidField(errors.pathAt(depth), key, `field name ${problem}`));
  return problem === undefined;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

function checkInteger(value: unknown, bits: 32 | 64, depth: number, errors: Collector): void {
  if (typeof value !== 'number' || !Number.isInteger(value)) return errors.add(invalidField(errors.pathAt(depth), shown(value), 'must be an integer'));
  if (bits === 32 && (value < INT32_MIN || value > INT32_MAX)) {
    return errors.add(invalidField(errors.pathAt(depth), value, `must be a 32-bit integer (from ${INT32_MIN} to ${INT32_MAX})`));
  }
  if (bits === 64 && !Number.isSafeInteger(value)) {
    errors.add(invalidField(errors.pathAt(depth), value, `must be an integer from ${Number.MIN_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`));
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const QUANTITY = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function isDateTime(text: string): boolean {
  return DATE_TIME.test(text) && !Number.isNaN(Date.parse(text));
}
