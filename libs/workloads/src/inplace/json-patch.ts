// RFC 6902 JSON-patch diff as Kruise computes it between two revision payloads (gomodules.xyz/jsonpatch
// CreatePatch): objects are compared key by key, arrays strictly by index (no move/copy detection), and
// a value whose JSON type changes is replaced whole. The in-place decision (docs/spec/inplace-and-lifecycle.md
// §1.1) only reads the op kinds and paths, so reproducing this shape exactly is what matters.
import type { JsonValue } from '@coxswain/kruise-api';

export interface JsonPatchOperation {
  op: 'add' | 'remove' | 'replace';
  /** RFC 6901 pointer: '~' is written '~0' and '/' is written '~1' inside a key. */
  path: string;
  /** Absent for 'remove'. */
  value?: JsonValue;
}

/** The operations that turn `from` into `to`. Equal documents give an empty list. */
export function createJsonPatch(from: JsonValue | undefined, to: JsonValue | undefined): JsonPatchOperation[] {
  const ops: JsonPatchOperation[] = [];
  if (isObject(from) && isObject(to)) diffObjects(from, to, '', ops);
  else diffValues(from ?? null, to ?? null, '', ops);
  return ops;
}

/** A key or index as one pointer segment. */
export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The inverse of escapePointerSegment; '~1' is decoded before '~0' so "~01" stays "~1". */
export function unescapePointerSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

// Members set to undefined (optional TypeScript fields) count as absent, as they would on the wire.
function diffObjects(a: { [key: string]: JsonValue }, b: { [key: string]: JsonValue }, path: string, ops: JsonPatchOperation[]): void {
  for (const [key, bv] of Object.entries(b)) {
    if (bv === undefined) continue;
    const p = `${path}/${escapePointerSegment(key)}`;
    const av = own(a, key);
    if (av === undefined) {
      ops.push({ op: 'add', path: p, value: bv });
      continue;
    }
    diffValues(av, bv, p, ops);
  }
  for (const [key, av] of Object.entries(a)) {
    if (av !== undefined && own(b, key) === undefined) ops.push({ op: 'remove', path: `${path}/${escapePointerSegment(key)}` });
  }
}

function diffValues(a: JsonValue, b: JsonValue, path: string, ops: JsonPatchOperation[]): void {
  const ta = jsonType(a);
  const tb = jsonType(b);
  if (ta === 'null' && tb === 'null') return;
  if (ta !== tb) {
    ops.push({ op: 'replace', path, value: b });
    return;
  }
  if (ta === 'object') {
    diffObjects(a as { [key: string]: JsonValue }, b as { [key: string]: JsonValue }, path, ops);
  } else if (ta === 'array') {
    const aa = a as JsonValue[];
    const ba = b as JsonValue[];
    const n = Math.min(aa.length, ba.length);
    // Removals from the end first, so every index stays valid while the patch is applied in order.
    for (let i = aa.length - 1; i >= n; i--) ops.push({ op: 'remove', path: `${path}/${i}` });
    for (let i = n; i < ba.length; i++) ops.push({ op: 'add', path: `${path}/${i}`, value: ba[i]! });
    for (let i = 0; i < n; i++) diffValues(aa[i]!, ba[i]!, `${path}/${i}`, ops);
  } else if (a !== b) {
    ops.push({ op: 'replace', path, value: b });
  }
}

/** The member itself, never one inherited from Object.prototype (a label key may be "constructor"). */
function own(o: { [key: string]: JsonValue }, key: string): JsonValue | undefined {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

function jsonType(v: JsonValue): 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean' {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v as 'object' | 'string' | 'number' | 'boolean';
}

function isObject(v: JsonValue | undefined): v is { [key: string]: JsonValue } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
