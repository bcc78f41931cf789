// Go's renderings of decoded JSON that apiserver messages embed: encoding/json's Marshal of a map (keys
// sorted, `<`, `>`, `&`, U+2028 and U+2029 escaped), and fmt's `%+v` of a map[string]interface{} as
// sigs.k8s.io/json decodes it (integers kept as int64, other numbers float64 printed as `%v` does,
// `map[k:v ...]` with sorted keys, `[a b]` lists, `<nil>` for null).

/** json.Marshal of the value as a Go map holds it: object keys sorted at every level. */
export function goJsonMarshal(value: unknown): string {
  return JSON.stringify(sortedKeys(value)).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort(byBytes)) out[key] = sortedKeys((value as Record<string, unknown>)[key]);
  return out;
}

/** Go sorts map keys by their bytes; UTF-16 order differs only above the surrogates. */
function byBytes(a: string, b: string): number {
  if (a === b) return 0;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** fmt.Sprintf("%+v", v) of a decoded JSON value. */
export function goPrintValue(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return goNumber(value);
  if (Array.isArray(value)) return `[${value.map(goPrintValue).join(' ')}]`;
  const record = value as Record<string, unknown>;
  return `map[${Object.keys(record).sort(byBytes).map((key) => `${key}:${goPrintValue(record[key])}`).join(' ')}]`;
}

/** An int64 as its digits; any other number as `%v` prints a float64 (`%g`, shortest: 1.5, 1.5e+06, 1e-05). */
function goNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 2 ** 63) return BigInt(n).toString();
  if (!Number.isFinite(n)) return n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN';
  const [mantissa, exponentText] = n.toExponential().split('e') as [string, string];
  const exponent = Number(exponentText);
  // strconv's %g with the shortest precision decides by precision 6: exponent form below 1e-4 or from 1e6.
  const precision = 6;
  if (exponent < -4 || exponent >= precision) {
    const sign = exponent < 0 ? '-' : '+';
    return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  return String(n);
}
