// The `fieldValidation` query parameter of every write, as the apiserver reads it: fields the kind's
// schema does not declare are dropped (`Ignore`), dropped with a `Warning` header naming each one
// (`Warn`, the default), or refuse the write with 400 (`Strict`, what kubectl sends).
import type { ServerResponse } from 'node:http';
import { pruneObjectUnknownFields, type KubeObject } from '@coxswain/kruise-api';
import { KubeStatusError } from './kube-status.js';
import type { ServedResource } from './served-resources.js';

export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

const DIRECTIVES: readonly FieldValidation[] = ['Ignore', 'Warn', 'Strict'];

export function parseFieldValidation(query: URLSearchParams): FieldValidation {
  const value = query.get('fieldValidation');
  if (value === null || value === '') return 'Warn';
  if ((DIRECTIVES as readonly string[]).includes(value)) return value as FieldValidation;
  throw KubeStatusError.badRequest(`fieldValidation: Unsupported value: ${JSON.stringify(value)}: supported values: "Ignore", "Strict", "Warn"`);
}

/** The object to write: `object` without its unknown fields, or a 400 when the caller asked for Strict. */
export function validateFields(object: KubeObject, resource: ServedResource, directive: FieldValidation, res: ServerResponse): KubeObject {
  const { object: pruned, unknownFields } = pruneObjectUnknownFields(object);
  if (unknownFields.length === 0) return object;
  const named = unknownFields.map((field) => `unknown field ${JSON.stringify(field)}`);
  if (directive === 'Strict') {
    throw KubeStatusError.badRequest(`${resource.kind} in version "${resource.version}" cannot be handled as a ${resource.kind}: strict decoding error: ${named.join(', ')}`);
  }
  if (directive === 'Warn') addWarnings(res, named);
  return pruned;
}

/** RFC 7234 warnings as the apiserver sends them (`299 - "text"`); kubectl prints each as `Warning: text`. */
function addWarnings(res: ServerResponse, texts: string[]): void {
  const existing = res.getHeader('warning');
  const before = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  res.setHeader('Warning', [...before, ...texts.map((text) => `299 - ${JSON.stringify(text)}`)]);
}
