// Whether a computed workload status differs from the stored one in the fields a controller writes it
// for (Kruise's and Kubernetes' "inconsistent status" checks). Absent fields compare as Go's zero values.
// Pure; each kind adds what else it compares (conditions, volumeClaims).

type Counter<S> = { [K in keyof S]-?: S[K] extends number | undefined ? K : never }[keyof S];
type Field<S> = { [K in keyof S]-?: S[K] extends string | undefined ? K : never }[keyof S];

/** observedGeneration grew, or one of `counters` (absent: 0) or `fields` (absent: '') changed. */
export function statusFieldsChanged<S extends { observedGeneration?: number }>(
  old: Partial<S>, next: S, counters: readonly Counter<S>[], fields: readonly Field<S>[],
): boolean {
  const num = (v: unknown) => (v as number | undefined) ?? 0;
  const str = (v: unknown) => (v as string | undefined) ?? '';
  return num(next.observedGeneration) > num(old.observedGeneration)
    || counters.some((k) => num(next[k]) !== num(old[k]))
    || fields.some((k) => str(next[k]) !== str(old[k]));
}
