// Request bodies of the Kubernetes API: JSON (any `+json` media type) or YAML, at most 3 MiB as the
// apiserver allows, nesting at most MAX_OBJECT_DEPTH levels (checked right after parsing: patches and
// schema checks recurse, and thousands of levels would overflow the stack), and UTF-8: a body declared
// in another charset is refused (415) rather than read as UTF-8 and stored garbled. A body keeps its text,
// for what only the text shows: keys written twice (field-validation.ts).
import type { IncomingMessage } from 'node:http';
import { nestsDeeperThanLimit, readManifests, TOO_DEEP, type ManifestDuplicate } from '@coxswain/kruise-api';
import { KubeStatusError } from './kube-status.js';
import { bodyMediaType, parseAccept } from './negotiation.js';
import { objectFromProtobuf } from './protobuf-body.js';
import { PROTOBUF_TYPE } from './protobuf-wire.js';

const MAX_BODY_BYTES = 3 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  return (await readBytes(req)).toString('utf8');
}

export async function readBytes(req: IncomingMessage): Promise<Buffer> {
  checkCharset(req.headers['content-type']);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new KubeStatusError('RequestEntityTooLarge', `the request body is larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A body read: its value, and the text it was parsed from (none for protobuf). */
export interface ParsedBody {
  value: unknown;
  /** JSON text, or YAML text with the keys repeated in it (JSON text is scanned for them when asked). */
  source?: { text: string; yaml: false } | { text: string; yaml: true; duplicates: ManifestDuplicate[] };
}

/** A create or update body: JSON or YAML, or one of the few built-in objects read in protobuf (protobuf-body.ts). */
export async function readObjectBody(req: IncomingMessage): Promise<ParsedBody> {
  const bytes = await readBytes(req);
  const type = bodyMediaType(req.headers['content-type']);
  if (type === PROTOBUF_TYPE) return { value: objectFromProtobuf(bytes) };
  if (type !== '' && type !== 'application/json' && !type.includes('yaml') && !type.endsWith('+json')) throw KubeStatusError.unsupportedBody();
  return parseBodyText(bytes.toString('utf8'), req.headers['content-type']);
}

/** The body as data: JSON first (what kubectl and client-go send, also as `apply-patch+yaml`), then YAML. */
export function parseBody(text: string, contentType: string | undefined): unknown {
  return parseBodyText(text, contentType).value;
}

/** parseBody, keeping the text (and, for YAML, the keys repeated in it: the last of each is read). */
export function parseBodyText(text: string, contentType: string | undefined): ParsedBody {
  if (text.trim() === '') throw KubeStatusError.badRequest('the request has no body');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    const type = bodyMediaType(contentType);
    if (!type.includes('yaml')) throw KubeStatusError.badRequest(`the body is not JSON: ${(err as Error).message}`);
  }
  if (json !== undefined) {
    if (nestsDeeperThanLimit(json)) throw KubeStatusError.badRequest(`the body ${TOO_DEEP}`);
    return { value: json, source: { text, yaml: false } };
  }
  // The YAML reader refuses the same depth itself.
  try {
    const { objects: [object, ...more], duplicates } = readManifests(text);
    if (!object || more.length > 0) throw new Error('expected exactly one YAML document');
    return { value: object, source: { text, yaml: true, duplicates } };
  } catch (err) {
    throw KubeStatusError.badRequest(`the body is not valid YAML: ${(err as Error).message}`);
  }
}

const UTF8_NAMES = new Set(['utf-8', 'utf8']);

/** A `charset` parameter other than UTF-8 is a 415, before the body is read. */
function checkCharset(contentType: string | undefined): void {
  const charset = parseAccept(contentType)[0]?.params['charset'];
  if (charset === undefined || UTF8_NAMES.has(charset.toLowerCase())) return;
  throw new KubeStatusError('UnsupportedMediaType', `the body of the request was in an unsupported charset ${JSON.stringify(charset)}: request bodies must be UTF-8`);
}
