// Walks a manifest to put an empty or odd value at one field at a time: the inputs a schema check lets
// through (null is Go's "unset") and every later reader must still meet without a JavaScript error.
import { isApiError, type ClusterClient } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';

/** Go's zero values as JSON writes them, and scalars at the edges of what a field may hold. */
const ODD_VALUES: unknown[] = [null, {}, [], '', 0, -1, 1.5, 1e20, 'x\u0000', true];

type Path = (string | number)[];

/** Every member and element below the top level, parents before children. */
export function paths(value: unknown, at: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...at, key], ...paths(child, [...at, key])]);
}

function replaced(object: KubeObject, path: Path, value: unknown): KubeObject {
  const copy = structuredClone(object) as unknown as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[path.at(-1)!] = structuredClone(value);
  return copy as unknown as KubeObject;
}

export interface OddVariant {
  /** Unique among one object's variants and fit for a name: "<field number>-<value number>". */
  id: string;
  /** What was put where, e.g. `spec.replicas = null`. */
  field: string;
  object: KubeObject;
}

/** `object` with one field at a time replaced by each odd value, except the fields `keep` names (dotted paths). */
export function* oddVariants(object: KubeObject, keep: readonly string[]): Generator<OddVariant> {
  for (const [i, path] of paths(object).entries()) {
    const dotted = path.join('.');
    if (keep.includes(dotted)) continue;
    for (const [j, value] of ODD_VALUES.entries()) {
      yield { id: `${i}-${j}`, field: `${dotted} = ${JSON.stringify(value)}`, object: replaced(object, path, value) };
    }
  }
}

/** Creates each object; answers how many were admitted. A refusal must be an ApiError. */
export async function createAdmitted(client: ClusterClient, objects: Iterable<KubeObject>): Promise<number> {
  let admitted = 0;
  for (const object of objects) {
    try {
      await client.create(object);
      admitted++;
    } catch (err) {
      if (!isApiError(err)) throw err;
    }
  }
  return admitted;
}
