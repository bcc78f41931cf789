// The kinds' schemas as OpenAPI v3 schema components, for `kubectl explain` (1.27+ reads OpenAPI v3: it
// finds the component whose `x-kubernetes-group-version-kind` names the resource's kind and walks its
// properties). They are converted from the schemas admission checks objects against (kind-schemas.ts), so
// explain lists exactly the fields the server knows: a Kubernetes struct's every upstream field (those
// Coxswain does not model with the type upstream declares), a Kruise struct's own. Coxswain's schemas
// carry no descriptions.
import { declaredFields, schemaOf, type Schema } from '@coxswain/kruise-api';
import type { ServedResource } from './served-resources.js';

type OpenApiSchema = Record<string, unknown>;

const INT_OR_STRING = { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] };

/** The component name, as the apiserver names them: io.k8s.api.core.v1.Pod, io.kruise.apps.v1alpha1.CloneSet. */
export function componentName(r: ServedResource): string {
  if (r.group === '') return `io.k8s.api.core.${r.version}.${r.kind}`;
  if (!r.group.includes('.') || r.group.endsWith('.k8s.io')) return `io.k8s.api.${r.group.split('.')[0]}.${r.version}.${r.kind}`;
  return `${r.group.split('.').reverse().join('.')}.${r.version}.${r.kind}`;
}

/** The component of a served kind, or undefined for one without a schema (the self reviews). */
export function componentSchema(r: ServedResource): OpenApiSchema | undefined {
  const schema = schemaOf(r.groupVersion, r.kind);
  if (!schema) return undefined;
  return { ...convert(schema, new Set()), 'x-kubernetes-group-version-kind': [{ group: r.group, kind: r.kind, version: r.version }] };
}

function convert(schema: Schema, path: Set<Schema>): OpenApiSchema {
  // A schema that contains itself (none does today) is left open rather than walked forever.
  if (path.has(schema)) return { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
  switch (schema.type) {
    case 'string':
      return { type: 'string', ...(schema.format ? { format: schema.format } : {}), ...(schema.enum ? { enum: [...schema.enum] } : {}) };
    case 'integer':
      return { type: 'integer', format: schema.bits === 32 ? 'int32' : 'int64' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'intOrString':
    case 'quantity':
      return { ...INT_OR_STRING };
    case 'json':
      return { 'x-kubernetes-preserve-unknown-fields': true };
    case 'list':
      return { type: 'array', items: nested(schema.items, schema, path) };
    case 'map':
      return { type: 'object', additionalProperties: nested(schema.values, schema, path) };
    case 'object': {
      const properties: Record<string, OpenApiSchema> = {};
      for (const [name, field] of declaredFields(schema)) properties[name] = nested(field, schema, path);
      return { type: 'object', properties, ...(schema.required ? { required: [...schema.required] } : {}) };
    }
  }
}

function nested(child: Schema, parent: Schema, path: Set<Schema>): OpenApiSchema {
  path.add(parent);
  try {
    return convert(child, path);
  } finally {
    path.delete(parent);
  }
}
