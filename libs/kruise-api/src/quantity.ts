// resource.Quantity values as numbers, enough to validate a resized cpu/memory value, to compare two
// quantities written differently ("1" and "1000m", "1Gi" and "1073741824") and to compute a pod's QoS
// class. Float precision is plenty for equality of the quantities people write; this is not a
// general-purpose Quantity implementation.
import type { Quantity } from './core.js';

const SUFFIXES: Record<string, number> = {
  '': 1,
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

const QUANTITY = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))(?:([eE][+-]?\d+)|([a-zA-Z]*))$/;

/** The value of a quantity, or undefined when it is not one Kubernetes' ParseQuantity accepts. */
export function parseQuantity(q: Quantity | undefined): number | undefined {
  if (q === undefined) return undefined;
  if (typeof q === 'number') return Number.isFinite(q) ? q : undefined;
  const m = QUANTITY.exec(q.trim() === q ? q : '');
  if (!m) return undefined;
  const base = Number(m[1]);
  if (m[2] !== undefined) return base * 10 ** Number(m[2].slice(1));
  const factor = SUFFIXES[m[3] ?? ''];
  return factor === undefined ? undefined : base * factor;
}

/** Equal values, however written; two absent quantities are equal, one absent one is not. */
export function quantitiesEqual(a: Quantity | undefined, b: Quantity | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  const x = parseQuantity(a);
  const y = parseQuantity(b);
  if (x === undefined || y === undefined) return String(a) === String(b);
  return Math.abs(x - y) <= Math.max(Math.abs(x), Math.abs(y)) * 1e-12;
}
