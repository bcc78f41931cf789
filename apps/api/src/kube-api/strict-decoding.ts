// What kube-apiserver's strict decoding reports for a write, in its words and order: the fields the
// kind does not declare (`unknown field "spec.bogus"`) and the keys the body repeats (`duplicate field
// "spec.paused"`), as its decoders meet them (test/integration/apiserver/field_validation_test.go):
// - a create or update in JSON: both, in the order of the text; a key both unknown and repeated (or
//   inside an unknown field) only as unknown, since the decoder skips what it does not know;
// - in YAML: the repeated keys as go-yaml words them (`line 5: key "name" already set in map`), then the
//   unknown fields in the order of their sorted keys (YAML reaches the decoder as JSON with sorted keys);
// - a merge or strategic merge patch: the patch's repeated keys, then the patched object's unknown fields
//   (sorted); a JSON patch: its operations' unknown and repeated members (`json patch unknown field
//   "[0].foo"`), then the patched object's unknown fields. These are refused as the patch, not the
//   object (patch.go: a 422 whose cause is the field `patch`, patch-refusal.ts);
// - a server-side apply: the unknown fields, then the repeated keys as go-yaml words them, since apply
//   bodies are read as YAML (JSON included) (`error strict decoding YAML: ...`).
// At most 100 are reported, as sigs.k8s.io/json keeps at most 100 strict errors.
import {
  fieldPathText, MAX_REPORTED_DUPLICATES, pruneObjectUnknownFields, scanJsonKeys, type FieldSegment, type KubeObject,
} from '@coxswain/kruise-api';
import type { ParsedBody } from './request-body.js';

/** What a body is to the write: the object itself, or a patch of one kind or another. */
export type BodyRole = 'object' | 'merge-patch' | 'strategic-patch' | 'json-patch' | 'apply';

/** The patches whose strict-decoding refusal is a 422 naming the `patch` (patch-refusal.ts), not a 400. */
export function isPatchRole(role: BodyRole): role is 'merge-patch' | 'strategic-patch' | 'json-patch' {
  return role === 'merge-patch' || role === 'strategic-patch' || role === 'json-patch';
}

export interface StrictDecoding {
  /** The object without its unknown fields (repeated keys were already read as their last value). */
  object: KubeObject;
  /** Each finding as the apiserver's Warning header words it, in its order. */
  warnings: string[];
  /**
   * What fieldValidation=Strict refuses, or undefined when nothing was found: the 400's message for an
   * object or an apply, the `strict decoding error: ...` of the 422 for another patch.
   */
  refusal?: string;
}

interface Located {
  text: string;
  /** Where the decoder meets it in the body's text; Infinity when not there. */
  offset: number;
}

const JSON_PATCH_FIELDS = new Set(['op', 'path', 'from', 'value']);

/** `object` (written with `body`) checked as the apiserver's strict decoding checks a `kind` in `version`. */
export function strictDecoding(object: KubeObject, body: ParsedBody | undefined, role: BodyRole, resource: { kind: string; version: string }): StrictDecoding {
  const { object: pruned, unknownPaths } = pruneObjectUnknownFields(object);
  const source = body?.source;
  const handled = isPatchRole(role) ? 'strict decoding error: ' : `${resource.kind} in version ${goQuote(resource.version)} cannot be handled as a ${resource.kind}: strict decoding error: `;
  const result = (items: string[], refusal: string | undefined = items.length > 0 ? handled + items.join(', ') : undefined): StrictDecoding => ({
    object: pruned, warnings: items, ...(refusal !== undefined ? { refusal } : {}),
  });

  if (role === 'apply') {
    const unknown = sortedPaths(unknownPaths).map(unknownField);
    const lines = source === undefined ? [] : yamlRepetitions(source);
    if (unknown.length > 0) return { ...result([...unknown, ...lines]), refusal: handled + unknown.join(', ') };
    return result(lines, lines.length > 0 ? `error strict decoding YAML: error converting YAML to JSON: ${yamlErrors(lines)}` : undefined);
  }
  if (source?.yaml) {
    const lines = yamlRepetitions(source);
    const unknown = sortedPaths(unknownPaths).map(unknownField);
    const found = [...lines, ...unknown];
    const parts = [...(lines.length > 0 ? [yamlErrors(lines)] : []), ...unknown];
    return result(capped(found), found.length > 0 ? handled + capped(parts).join(', ') : undefined);
  }
  if (role === 'object') {
    if (source === undefined) return result(capped(unknownPaths.map(unknownField)));
    return result(capped(inTextOrder(source.text, unknownPaths, (path) => unknownField(path)).map((f) => f.text)));
  }
  const unknownAfter = sortedPaths(unknownPaths).map(unknownField);
  if (source === undefined) return result(capped(unknownAfter));
  if (role === 'json-patch') {
    const operations = Array.isArray(body?.value) ? (body.value as unknown[]) : [];
    const unknownMembers = operations.flatMap((op, i) =>
      isObject(op) ? Object.keys(op).filter((key) => !JSON_PATCH_FIELDS.has(key)).map((key): FieldSegment[] => [i, key]) : []);
    const ops = inTextOrder(source.text, unknownMembers, (path) => `json patch ${unknownField(path)}`, 'json patch ');
    return result(capped([...ops.map((f) => f.text), ...unknownAfter]));
  }
  const repeated = uniqueTexts(scanJsonKeys(source.text).duplicates.map((d) => duplicateField(d.segments)));
  return result(capped([...repeated, ...unknownAfter]));
}

/**
 * The unknown fields at `unknown` and the keys repeated in `text`, in the text's order; a repetition of
 * an unknown field, or inside one, is not reported (the decoder skips what it does not know).
 */
function inTextOrder(text: string, unknown: FieldSegment[][], word: (path: FieldSegment[]) => string, prefix = ''): Located[] {
  const scan = scanJsonKeys(text, unknown);
  const found: Located[] = unknown.map((path, i) => ({ text: word(path), offset: scan.located[i]! < 0 ? Infinity : scan.located[i]! }));
  const unknownPaths = scan.duplicates.length > 0 ? new Set(unknown.map((path) => JSON.stringify(path))) : new Set<string>();
  for (const repeated of scan.duplicates) {
    if (repeated.segments.some((_, i) => unknownPaths.has(JSON.stringify(repeated.segments.slice(0, i + 1))))) continue;
    found.push({ text: prefix + duplicateField(repeated.segments), offset: repeated.offset });
  }
  // Stable: unknown fields the text does not show keep the order they were found in, after the others.
  found.sort((a, b) => a.offset - b.offset);
  return uniqueBy(found);
}

/** go-yaml's line for each key repeated in a YAML body (or a JSON one, read as YAML). */
function yamlRepetitions(source: NonNullable<ParsedBody['source']>): string[] {
  const repeated = source.yaml
    ? source.duplicates.map((d) => ({ line: d.line, key: d.key }))
    : scanJsonKeys(source.text).duplicates.map((d) => ({ line: d.line, key: String(d.segments[d.segments.length - 1]) }));
  return repeated.slice(0, MAX_REPORTED_DUPLICATES).map(({ line, key }) => `line ${line}: key ${goQuote(key)} already set in map`);
}

function yamlErrors(lines: string[]): string {
  return `yaml: unmarshal errors:\n  ${lines.join('\n  ')}`;
}

// Paths as sigs.k8s.io/json prints them: `spec.containers[0].image`, `[1].path` for a list at the root.
function unknownField(path: FieldSegment[]): string {
  return `unknown field ${goQuote(fieldPathText(path))}`;
}

function duplicateField(path: FieldSegment[]): string {
  return `duplicate field ${goQuote(fieldPathText(path))}`;
}

/** The order of sorted keys at each level, as a Go map marshals them: what a patched object is decoded in. */
function sortedPaths(paths: FieldSegment[][]): FieldSegment[][] {
  return [...paths].sort((a, b) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const x = a[i]!;
      const y = b[i]!;
      if (x === y) continue;
      if (typeof x === 'number' && typeof y === 'number') return x - y;
      return String(x) < String(y) ? -1 : 1;
    }
    return a.length - b.length;
  });
}

/** The same error is reported once, and at most MAX_REPORTED_DUPLICATES errors in all. */
function uniqueBy(found: Located[]): Located[] {
  const seen = new Set<string>();
  return found.filter((f) => !seen.has(f.text) && (seen.add(f.text), true));
}

function uniqueTexts(texts: string[]): string[] {
  return [...new Set(texts)];
}

function capped<T>(items: T[]): T[] {
  return items.slice(0, MAX_REPORTED_DUPLICATES);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Go's strconv.Quote, for the names in these messages: `"` and `\` escaped, control characters as `\n`,
 * `\t`, `\x00`..., other characters as they are (a lone surrogate, which Go cannot hold, as U+FFFD).
 */
export function goQuote(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '"' || char === '\\') out += `\\${char}`;
    else if (code >= 0x20 && code < 0x7f) out += char;
    else if (char in GO_ESCAPES) out += GO_ESCAPES[char];
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if ((code >= 0x80 && code < 0xa0) || code === 0xad || code === 0x2028 || code === 0x2029 || code === 0xfeff) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else if (code >= 0xd800 && code <= 0xdfff) out += '\ufffd';
    else out += char;
  }
  return `${out}"`;
}

const GO_ESCAPES: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v' };
