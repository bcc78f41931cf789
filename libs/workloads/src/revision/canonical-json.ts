// Deterministic ("canonical") JSON for revision payloads (docs/spec/cloneset.md §4.1).
//
// Kruise builds the payload by unmarshalling the CloneSet into a generic map and marshalling it again;
// Go's encoding/json writes map keys sorted, so the bytes depend only on the content, never on the
// order fields were written in. We reproduce that property: object keys are sorted at every level,
// array order is kept, and there is no whitespace.
//
// Chosen differences from Go's encoder (the spec only asks for determinism, not byte-exact interop):
// - strings are escaped as JSON.stringify does: `<`, `>`, `&`, U+2028 and U+2029 are written as-is,
//   where Go writes `\u003c`, `\u003e`, `\u0026`, `\u2028`, `\u2029`;
// - the object is taken as it is, so Go-only zero values (`"creationTimestamp":null`,
//   `"resources":{}`) appear only when the object itself carries them.
// Key order is Unicode code point order, which equals Go's byte order over UTF-8 (plain `<` on JS
// strings compares UTF-16 code units and differs for characters above U+FFFF).
// Because of these choices the *hash* of a revision differs from Go's, but equality of revision data
// (compared through this function) still holds for revisions written by Go: parsing their bytes and
// re-encoding them here gives the same text as encoding the same template here.

/** Deterministic JSON text of a JSON-compatible value; throws on values JSON cannot represent. */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  write(value, out, '$');
  return out.join('');
}

/** Compares two strings by Unicode code point (= Go's byte-wise order of their UTF-8 encodings). */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Only a surrogate (U+D800–U+DFFF, part of a code point above U+FFFF) against U+E000–U+FFFF
    // orders differently by code unit than by code point.
    const xSurrogate = x >= 0xd800 && x <= 0xdfff;
    const ySurrogate = y >= 0xd800 && y <= 0xdfff;
    if (xSurrogate !== ySurrogate && (x >= 0xe000 || y >= 0xe000)) return xSurrogate ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

function write(value: unknown, out: string[], path: string): void {
  if (value === null) {
    out.push('null');
    return;
  }
  switch (typeof value) {
    case 'string':
      out.push(JSON.stringify(value));
      return;
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'number':
      // NaN and ±Infinity have no JSON form; JSON.stringify would silently write null.
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${path} is ${value}, which JSON cannot represent`);
      out.push(JSON.stringify(value));
      return;
    case 'object':
      if (Array.isArray(value)) writeArray(value, out, path);
      else writeObject(value as Record<string, unknown>, out, path);
      return;
    default:
      throw new TypeError(`canonicalJson: ${path} is a ${typeof value}, which JSON cannot represent`);
  }
}

function writeArray(items: readonly unknown[], out: string[], path: string): void {
  out.push('[');
  items.forEach((item, i) => {
    if (i > 0) out.push(',');
    // As JSON.stringify does: an undefined element keeps its slot as null.
    if (item === undefined) out.push('null');
    else write(item, out, `${path}[${i}]`);
  });
  out.push(']');
}

function writeObject(object: Record<string, unknown>, out: string[], path: string): void {
  // Undefined members are absent members (optional fields of the TypeScript types), as in JSON.stringify.
  const keys = Object.keys(object).filter((k) => object[k] !== undefined).sort(compareCodePoints);
  out.push('{');
  keys.forEach((key, i) => {
    if (i > 0) out.push(',');
    out.push(JSON.stringify(key), ':');
    write(object[key], out, `${path}.${key}`);
  });
  out.push('}');
}
