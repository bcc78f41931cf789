// Walks a manifest to put an empty or odd value at one field at a time: the inputs a schema check lets
// through (null is Go's "unset") and every later reader must still meet without a JavaScript error.
import type { KubeObject } from '@coxswain/kruise-api';

/** Go's zero values as JSON writes them, and scalars at the edges of what a field may hold. */
export const ODD_VALUES: unknown[] = [null, {}, [], '', 0, -1, 1.5, 1e20, 'x\u0000', true];

export type Path = (string | number)[];

/** Every member and element below the top level, parents before children. */
export function paths(value: unknown, at: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...at, key], ...paths(child, [...at, key])]);
}

export function replaced(object: KubeObject, path: Path, value: unknown): KubeObject {
  const copy = structuredClone(object) as unknown as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[path.at(-1)!] = structuredClone(value);
  return copy as unknown as KubeObject;
}
