// The fields Kubernetes' own types declare (upstream-fields.generated.ts, from client-node's models), as
// schemas: what closes the core types Coxswain models only in part. A schema tagged with an upstream type
// (object-schema.ts `object('V1Container', ...)`) declares exactly that type's fields: the ones Coxswain
// models keep their own schema, the others take the one derived here, so that a field upstream declares
// round-trips and any other is unknown, at any depth. Derived schemas are made on first use and shared,
// so a recursive type (a CRD's JSONSchemaProps) costs nothing until a value reaches that deep.
import type { Schema } from './object-schema.js';
import { KIND_UPSTREAM_TYPES, UPSTREAM_FIELDS } from './upstream-fields.generated.js';

export type UpstreamType = keyof typeof UPSTREAM_FIELDS;

const DECLARED: Readonly<Record<string, Readonly<Record<string, string>>>> = UPSTREAM_FIELDS;

const PRIMITIVES: Readonly<Record<string, Schema>> = {
  string: { type: 'string' },
  boolean: { type: 'boolean' },
  int32: { type: 'integer', bits: 32 },
  int64: { type: 'integer', bits: 64 },
  number: { type: 'number' },
  'date-time': { type: 'string', format: 'date-time' },
  intOrString: { type: 'intOrString' },
  json: { type: 'json' },
};

const byNotation = new Map<string, Schema>();

/** The schema a field of the table's notation holds: `V1Container`, `string[]`, `map<V1JSONSchemaProps>`. */
function schemaOfNotation(notation: string): Schema {
  let schema = byNotation.get(notation);
  if (schema) return schema;
  if (notation.endsWith('[]')) schema = { type: 'list', items: schemaOfNotation(notation.slice(0, -2)) };
  else if (notation.startsWith('map<')) schema = { type: 'map', values: schemaOfNotation(notation.slice(4, -1)) };
  else schema = PRIMITIVES[notation] ?? { type: 'object', fields: {}, upstream: notation as UpstreamType };
  byNotation.set(notation, schema);
  return schema;
}

/** Whether `type` is a type of the table (a name read from data, or from a schema). */
export function isUpstreamType(type: string): type is UpstreamType {
  return Object.hasOwn(DECLARED, type);
}

/** The schema of the field `name` of the upstream `type`, or undefined when the type does not declare it. */
export function upstreamFieldSchema(type: UpstreamType, name: string): Schema | undefined {
  const fields = DECLARED[type]!;
  return Object.hasOwn(fields, name) ? schemaOfNotation(fields[name]!) : undefined;
}

/** Every field name the upstream `type` declares, in the table's order. */
export function upstreamFieldNames(type: UpstreamType): readonly string[] {
  return Object.keys(DECLARED[type]!);
}

/** The notation of the field `name` of `type` (`V1Container[]`), for the tests that compare schemas. */
export function upstreamFieldNotation(type: UpstreamType, name: string): string | undefined {
  const fields = DECLARED[type]!;
  return Object.hasOwn(fields, name) ? fields[name] : undefined;
}

/** The upstream type of a served built-in kind (`v1/Pod` → V1Pod), or undefined for the Kruise kinds. */
export function kindUpstreamType(apiVersion: string, kind: string): UpstreamType | undefined {
  const key = `${apiVersion}/${kind}`;
  return Object.hasOwn(KIND_UPSTREAM_TYPES, key) ? KIND_UPSTREAM_TYPES[key as keyof typeof KIND_UPSTREAM_TYPES] : undefined;
}
