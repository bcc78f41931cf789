// A manifest may leave any optional field unset by writing null, or give an empty object or list where
// one is expected: the schema check lets those through (Go decodes them to zero values), so defaulting
// and validation must meet them at every field. For each workload kind, every node of a rich manifest
// is replaced in turn by null, {}, [] and odd scalars; whatever the schema accepts must be admitted or
// refused with an ApiError, on create and on update, and never fail with a JavaScript error. The API
// fuzz found `image: null` throwing in imagePullPolicy defaulting; this test then found a null
// matchExpressions key throwing in the selector check.
import { describe, expect, it } from '@jest/globals';
import { validateObjectSchema, type KubeObject } from '@coxswain/kruise-api';
import { isApiError, kruiseAdmission } from '@coxswain/cluster';
import { oddVariants, paths } from './odd-fields.js';
import { WORKLOAD_MANIFESTS } from './odd-manifests.js';

const admit = kruiseAdmission();

/** What admission did: "admitted", "refused", or the JavaScript error it should never throw. */
function outcome(object: KubeObject, old?: KubeObject): string {
  try {
    admit({ operation: old ? 'UPDATE' : 'CREATE', object, old, get: () => undefined });
    return 'admitted';
  } catch (err) {
    if (isApiError(err)) return 'refused';
    const where = (err as Error).stack?.split('\n').slice(1, 4).map((line) => line.trim()).join(' < ');
    return `${(err as Error).name}: ${(err as Error).message} (${where})`;
  }
}

describe.each(WORKLOAD_MANIFESTS.map((m) => [`${m.apiVersion} ${m.kind}`, m] as const))('%s admission with one field emptied or odd', (_name, manifest) => {
  it('admits the manifest as written', () => {
    expect(outcome(structuredClone(manifest))).toBe('admitted');
  });

  it('admits or refuses with an ApiError, on create and update, whatever one field holds', () => {
    const old = admit({ operation: 'CREATE', object: structuredClone(manifest), get: () => undefined });
    const failures: string[] = [];
    let checked = 0;
    // The store refuses these before any webhook runs (the cluster's incoming-object.ts).
    for (const { field, object } of oddVariants(manifest, ['apiVersion', 'kind', 'metadata'])) {
      if (validateObjectSchema(object).length > 0) continue;
      checked++;
      for (const [when, result] of [['create', outcome(structuredClone(object))], ['update', outcome(structuredClone(object), structuredClone(old))]]) {
        if (result !== 'admitted' && result !== 'refused') failures.push(`${when} ${field}: ${result}`);
      }
    }
    expect(failures).toEqual([]);
    // The schema lets null through for (nearly) every optional field, so most paths are checked.
    expect(checked).toBeGreaterThan(paths(manifest).length / 3);
  });
});
