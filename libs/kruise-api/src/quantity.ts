// resource.Quantity as exact rationals, for validation: Kubernetes compares requests with limits and
// refuses negative quantities exactly, so "1000m" equals "1" and "1Gi" is more than "1G" here too.
// Floats are not exact enough for that ("0.1" + "0.2"), BigInt rationals are.
import type { Quantity } from './core.js';

/** A quantity as numerator / denominator (denominator > 0). */
export interface ExactQuantity {
  num: bigint;
  den: bigint;
}

// Kubernetes' grammar: a signed decimal number, then a binary-SI suffix, a decimal-SI suffix, or an
// exponent ("1e3", "1E-2").
const QUANTITY = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(?:([eE])([+-]?[0-9]+)|(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?)$/;
const BINARY: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
/** Exponents and digits beyond these are not read, rather than turned into numbers with millions of digits. */
const MAX_EXPONENT = 1000;
const MAX_DIGITS = 1000;

/** The exact value of a quantity, or undefined when it is not one Kubernetes' ParseQuantity reads. */
export function parseQuantity(quantity: Quantity | undefined | null): ExactQuantity | undefined {
  if (quantity === undefined || quantity === null) return undefined;
  const text = typeof quantity === 'number' ? (Number.isFinite(quantity) ? String(quantity) : '') : quantity;
  const m = QUANTITY.exec(text);
  if (!m) return undefined;
  const [, sign, whole = '', fraction = '', e, exponentText, suffix = ''] = m;
  if (whole === '' && fraction === '') return undefined;
  if (whole.length + fraction.length > MAX_DIGITS) return undefined;
  let num = BigInt(`${whole}${fraction}` || '0');
  let den = 10n ** BigInt(fraction.length);
  let exponent = e !== undefined ? Number(exponentText) : (DECIMAL[suffix] ?? 0);
  if (Math.abs(exponent) > MAX_EXPONENT) return undefined;
  if (exponent >= 0) num *= 10n ** BigInt(exponent);
  else den *= 10n ** BigInt(-exponent);
  exponent = BINARY[suffix] ?? 0;
  num *= 2n ** BigInt(exponent);
  return { num: sign === '-' ? -num : num, den };
}

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export function compareQuantities(a: ExactQuantity, b: ExactQuantity): number {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

export function isWholeQuantity(q: ExactQuantity): boolean {
  return q.num % q.den === 0n;
}

/** A quantity as a number, for sums and ratios where float precision is plenty (QoS, capacities). */
export function quantityToNumber(quantity: Quantity | undefined | null): number | undefined {
  const exact = parseQuantity(quantity);
  return exact === undefined ? undefined : Number(exact.num) / Number(exact.den);
}

/** Equal values, however written ("1" and "1000m"); two absent quantities are equal, one absent one is not. */
export function quantitiesEqual(a: Quantity | undefined, b: Quantity | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  const x = parseQuantity(a);
  const y = parseQuantity(b);
  if (x === undefined || y === undefined) return String(a) === String(b);
  return compareQuantities(x, y) === 0;
}
