// The `fieldValidation` query parameter of every write, as the apiserver reads it: fields the kind's
// schema does not declare are dropped and keys the body repeats are read as their last value
// (`Ignore`); the same with a `Warning` header naming each (`Warn`, the default); or the write is refused
// naming them all (`Strict`, what kubectl sends): a create, update or server-side apply with 400, a
// merge, strategic merge or JSON patch with 422 naming the patch (patch-refusal.ts), as the apiserver
// does. What is found, and in which words and order, is strict-decoding.ts'.
import type { ServerResponse } from 'node:http';
import { pruneObjectUnknownFields, type KubeObject } from '@coxswain/kruise-api';
import { KubeStatusError } from './kube-status.js';
import type { ParsedBody } from './request-body.js';
import type { ServedResource } from './served-resources.js';
import { patchStrictDecodingRefusal } from './patch-refusal.js';
import { isPatchRole, strictDecoding, type BodyRole } from './strict-decoding.js';

export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

const DIRECTIVES: readonly FieldValidation[] = ['Ignore', 'Warn', 'Strict'];

export function parseFieldValidation(query: URLSearchParams): FieldValidation {
  const value = query.get('fieldValidation');
  if (value === null || value === '') return 'Warn';
  if ((DIRECTIVES as readonly string[]).includes(value)) return value as FieldValidation;
  throw KubeStatusError.badRequest(`fieldValidation: Unsupported value: ${JSON.stringify(value)}: supported values: "Ignore", "Strict", "Warn"`);
}

/**
 * The object to write: `object` without its unknown fields, or a refusal when the caller asked for Strict
 * and the object has unknown fields or its `body` repeats keys. `role` says what the body was to the write
 * (the object, or a patch applied to the stored one).
 */
export function validateFields(
  object: KubeObject,
  resource: ServedResource,
  directive: FieldValidation,
  res: ServerResponse,
  body?: ParsedBody,
  role: BodyRole = 'object',
): KubeObject {
  if (directive === 'Ignore') return pruneObjectUnknownFields(object).object;
  const found = strictDecoding(object, body, role, resource);
  if (directive === 'Strict' && found.refusal !== undefined) {
    if (isPatchRole(role)) throw patchStrictDecodingRefusal(found.refusal, role, object, body?.value);
    throw KubeStatusError.badRequest(found.refusal);
  }
  addWarnings(res, found.warnings);
  return found.object;
}

/**
 * RFC 7234 warnings as the apiserver sends them (`299 - "text"`); kubectl prints each as `Warning: text`.
 * A text already sent is not sent again (a patch retried after a conflict finds the same). Header values
 * are bytes: the UTF-8 of the text is sent as such.
 */
function addWarnings(res: ServerResponse, texts: string[]): void {
  if (texts.length === 0 || res.headersSent) return;
  const existing = res.getHeader('warning');
  const before = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  const added = texts.map((text) => Buffer.from(`299 - ${quotedString(text)}`, 'utf8').toString('latin1')).filter((value) => !before.includes(value));
  if (added.length > 0) res.setHeader('Warning', [...before, ...added]);
}

/** An RFC 7230 quoted-string: `"` and `\` escaped; the texts hold no control characters (goQuote escapes them). */
function quotedString(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\u0000-\u001f\u007f]/g, ' ')}"`;
}
