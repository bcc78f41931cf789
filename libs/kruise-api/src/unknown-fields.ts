// Unknown fields: the members of an object that its schema's struct does not declare, found and dropped
// as kube-apiserver's strict decoding finds them (sigs.k8s.io/json: `unknown field "spec.bogus"`). A
// Kruise struct (closedObject) declares its modelled fields; a Kubernetes struct (object tagged with its
// upstream type) declares every field of that type, modelled or not (upstream-schemas.ts). Maps (labels,
// nodeSelector, resource lists) have no unknown keys, and `json` places (RawExtension, a subset patch, the
// JSON of a CRD schema's defaults) keep whatever they hold, as x-kubernetes-preserve-unknown-fields does.
import { MAX_OBJECT_DEPTH, type Schema } from './object-schema.js';
import { upstreamFieldNames, upstreamFieldSchema } from './upstream-schemas.js';

/** One step of a field path: an object member's name or a list index. */
export type FieldSegment = string | number;

export interface Pruned {
  /** The value without its unknown fields (the same value when it had none). */
  value: unknown;
  /** Where each unknown field was, as the apiserver prints it (`spec.bogus`, `spec.template.spec.containers[0].x`). */
  unknownFields: string[];
  /** The same places as steps, in the same order. */
  unknownPaths: FieldSegment[][];
}

type ObjectSchema = Extract<Schema, { type: 'object' }>;

/**
 * `value` without the members its schema's structs do not declare, and where they were, in the order of
 * the value's members. Only declared places are walked, at most MAX_OBJECT_DEPTH deep (deeper values are
 * refused by the schema check anyway), and only what changes is copied.
 */
export function pruneUnknownFields(value: unknown, schema: Schema): Pruned {
  const found: FieldSegment[][] = [];
  const pruned = prune(value, schema, [], found);
  return { value: pruned, unknownFields: found.map(fieldPathText), unknownPaths: found };
}

/** A field path as sigs.k8s.io/json prints one: members joined by `.` (map keys too), indexes as `[0]`. */
export function fieldPathText(segments: readonly FieldSegment[]): string {
  let text = '';
  for (const segment of segments) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text === '' ? segment : `.${segment}`;
  }
  return text;
}

/**
 * Every field an object of `schema` declares, with the schema of what it holds: a Kubernetes struct's
 * are all its upstream type's fields, a Kruise struct's its modelled ones. What `kubectl explain` lists.
 */
export function declaredFields(schema: ObjectSchema): Array<[string, Schema]> {
  if (schema.upstream === undefined) return Object.entries(schema.fields);
  return upstreamFieldNames(schema.upstream).map((name) => [name, memberSchema(schema, name)!]);
}

/** The schema of the member `name` of an object of `schema`: undefined when it is unknown, null when nothing says. */
function memberSchema(schema: ObjectSchema, name: string): Schema | undefined | null {
  const modelled = Object.hasOwn(schema.fields, name) ? schema.fields[name] : undefined;
  if (schema.upstream !== undefined) {
    const declared = upstreamFieldSchema(schema.upstream, name);
    // A modelled `json` only means Coxswain does not check it; what upstream declares still prunes.
    if (declared === undefined || modelled === undefined || modelled.type === 'json') return declared;
    return modelled;
  }
  if (modelled !== undefined) return modelled;
  return schema.closed ? undefined : null;
}

function prune(value: unknown, schema: Schema, at: FieldSegment[], found: FieldSegment[][]): unknown {
  if (at.length > MAX_OBJECT_DEPTH) return value;
  switch (schema.type) {
    case 'object': {
      if (!isObject(value)) return value;
      // Copied only from the first change on, member by member (deleting from a copy of a wide object is slow).
      let copy: Record<string, unknown> | undefined;
      const names = Object.keys(value);
      for (let k = 0; k < names.length; k++) {
        const name = names[k]!;
        const member = value[name];
        const declared = memberSchema(schema, name);
        let next = member;
        if (declared === undefined) {
          found.push([...at, name]);
          next = undefined;
        } else if (declared !== null && member !== null && member !== undefined) {
          at.push(name);
          next = prune(member, declared, at, found);
          at.pop();
        }
        if (copy === undefined && next !== member) {
          copy = {};
          for (let j = 0; j < k; j++) setMember(copy, names[j]!, value[names[j]!]);
        }
        if (copy !== undefined && next !== undefined) setMember(copy, name, next);
      }
      return copy ?? value;
    }
    case 'list': {
      if (!Array.isArray(value)) return value;
      let copy: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (item === null) continue;
        at.push(i);
        const next = prune(item, schema.items, at, found);
        at.pop();
        if (next !== item) (copy ??= [...value])[i] = next;
      }
      return copy ?? value;
    }
    case 'map': {
      if (!isObject(value)) return value;
      let copy: Record<string, unknown> | undefined;
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        const item = value[key];
        if (item === null) continue;
        at.push(key);
        const next = prune(item, schema.values, at, found);
        at.pop();
        if (next !== item) setMember((copy ??= { ...value }), key, next);
      }
      return copy ?? value;
    }
    default:
      return value;
  }
}

/** `object[name] = value`, an own `__proto__` member included (an assignment would set the prototype). */
function setMember(object: Record<string, unknown>, name: string, value: unknown): void {
  if (name === '__proto__') Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
  else object[name] = value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
