// Kubernetes' strategic merge patch, applied to a pod template (what a UnitedDeployment subset `patch`
// does, docs/spec/uniteddeployment.md §3.2). Maps merge key by key and `null` deletes; lists of the pod
// template that Kubernetes merges (containers by name, ports by containerPort, ...) merge item by item
// on their key, every other list is replaced. Directives: `$patch: replace|delete` on a map, a list item
// `{"$patch": "delete", <key>: ...}`, a list item `{"$patch": "replace"}`, `$deleteFromPrimitiveList/<f>`
// and `$setElementOrder/<f>` (the order is taken from it). Pure: returns a new value.
import type { JsonObject, JsonValue } from '@coxswain/kruise-api';

/** patchMergeKey of the pod template's merging lists (k8s.io/api/core/v1 struct tags). */
const MERGE_KEYS: Readonly<Record<string, string>> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  volumes: 'name',
  imagePullSecrets: 'name',
  resourceClaims: 'name',
  schedulingGates: 'name',
  env: 'name',
  hostAliases: 'ip',
  ports: 'containerPort',
  volumeMounts: 'mountPath',
  volumeDevices: 'devicePath',
  topologySpreadConstraints: 'topologyKey',
  ownerReferences: 'uid',
};
/** Lists of scalars Kubernetes merges as sets. */
const MERGED_SCALAR_LISTS = new Set(['finalizers']);

export class StrategicMergeError extends Error {}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function strategicMerge(original: JsonValue | undefined, patch: JsonValue): JsonValue | undefined {
  if (!isObject(patch)) return structuredClone(patch);
  return mergeMap(isObject(original) ? original : {}, patch);
}

function mergeMap(original: JsonObject, patch: JsonObject): JsonObject | undefined {
  const directive = patch['$patch'];
  if (directive === 'delete') return undefined;
  if (directive === 'replace') {
    const { $patch: _drop, ...rest } = patch;
    return structuredClone(rest);
  }
  if (directive !== undefined) throw new StrategicMergeError(`unknown $patch directive ${JSON.stringify(directive)}`);
  const out: JsonObject = structuredClone(original);
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith('$setElementOrder/') || key.startsWith('$deleteFromPrimitiveList/') || key === '$retainKeys') continue;
    if (value === null) {
      delete out[key];
    } else if (isObject(value)) {
      const merged = mergeMap(isObject(out[key]) ? (out[key] as JsonObject) : {}, value);
      if (merged === undefined) delete out[key];
      else out[key] = merged;
    } else if (Array.isArray(value)) {
      out[key] = mergeList(key, Array.isArray(out[key]) ? (out[key] as JsonValue[]) : [], value, patch);
    } else {
      out[key] = value;
    }
  }
  for (const [key, value] of Object.entries(patch)) {
    if (!key.startsWith('$deleteFromPrimitiveList/') || !Array.isArray(value)) continue;
    const field = key.slice('$deleteFromPrimitiveList/'.length);
    if (Array.isArray(out[field])) out[field] = (out[field] as JsonValue[]).filter((v) => !value.includes(v));
  }
  return out;
}

function mergeList(field: string, original: JsonValue[], patch: JsonValue[], parent: JsonObject): JsonValue[] {
  if (patch.some((item) => isObject(item) && item['$patch'] === 'replace')) {
    return structuredClone(patch.filter((item) => !(isObject(item) && item['$patch'] === 'replace')));
  }
  const key = MERGE_KEYS[field];
  if (key === undefined) {
    if (!MERGED_SCALAR_LISTS.has(field)) return structuredClone(patch);
    return [...original, ...patch.filter((v) => !original.includes(v))];
  }
  const out: JsonValue[] = original.map((item) => structuredClone(item));
  for (const item of patch) {
    if (!isObject(item)) throw new StrategicMergeError(`${field}: every item must be an object with "${key}"`);
    if (item[key] === undefined) throw new StrategicMergeError(`${field}: an item has no "${key}" (the merge key)`);
    const at = out.findIndex((o) => isObject(o) && o[key] === item[key]);
    if (item['$patch'] === 'delete') {
      if (at >= 0) out.splice(at, 1);
    } else if (at >= 0) {
      out[at] = mergeMap(out[at] as JsonObject, item) ?? out[at]!;
    } else {
      out.push(mergeMap({}, item)!);
    }
  }
  const order = parent[`$setElementOrder/${field}`];
  if (Array.isArray(order)) {
    const rank = (item: JsonValue) => {
      const at = order.findIndex((o) => isObject(o) && isObject(item) && o[key] === item[key]);
      return at < 0 ? order.length : at;
    };
    out.sort((a, b) => rank(a) - rank(b));
  }
  return out;
}
