// Kubernetes IntOrString arithmetic as Kruise uses it for partition and maxUnavailable.

/** Parses what a user typed: "3" -> 3, "40%" -> "40%"; anything else is null. */
export function parseIntOrPercent(text: string): number | string | null {
  const t = text.trim();
  if (/^\d+$/.test(t)) return Number(t);
  if (/^\d+%$/.test(t)) return t;
  return null;
}

/** Scales a value against a total; percentages round up or down as the caller's Kruise code does. */
export function scaled(value: number | string | undefined, total: number, roundUp: boolean): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number') return value;
  const m = /^(\d+)%$/.exec(value);
  if (!m) return Number.isFinite(Number(value)) ? Number(value) : 0;
  const exact = (Number(m[1]) * total) / 100;
  return roundUp ? Math.ceil(exact) : Math.floor(exact);
}
