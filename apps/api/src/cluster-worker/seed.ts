// SEED_FILE: the objects of a multi-document YAML, created in an empty cluster at its first start (the
// file describes a starting point, not a desired state). Objects that exist already (a simulated Node
// of the same name) are left as they are.
import { readFileSync } from 'node:fs';
import { applyObjects, isApiError, type EmbeddedStore } from '@coxswain/cluster';
import { lookupKind, parseManifests, type KubeObject } from '@coxswain/kruise-api';

export async function seedFromFile(store: EmbeddedStore, file: string): Promise<number> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`SEED_FILE ${file}: cannot read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const objects = parseManifests(text);
  const missing: KubeObject[] = [];
  for (const object of objects) {
    if (!object.metadata.name || !(await exists(store, object))) missing.push(object);
  }
  if (missing.length === 0) return 0;
  const applied = await applyObjects(store, missing, { seeder: store });
  return applied.length;
}

async function exists(store: EmbeddedStore, object: KubeObject): Promise<boolean> {
  const namespaced = lookupKind(object.apiVersion, object.kind)?.namespaced ?? true;
  try {
    await store.get(object, namespaced ? (object.metadata.namespace ?? 'default') : undefined, object.metadata.name!);
    return true;
  } catch (err) {
    if (isApiError(err, 'NotFound')) return false;
    throw err;
  }
}
