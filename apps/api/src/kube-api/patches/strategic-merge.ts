// Strategic merge patch for built-in kinds (k8s.io/apimachinery strategicpatch): maps merge, `null`
// deletes, and the lists Kubernetes declares mergeable merge element by element on their merge key
// (containers by name, ports by containerPort, ...) instead of being replaced. Directives: `$patch`
// (replace / delete), `$retainKeys`, `$setElementOrder/<list>`, `$deleteFromPrimitiveList/<list>`, each
// checked first (strategic-directives.ts).
import { KubeStatusError } from '../kube-status.js';
import { checkDirectives } from './strategic-directives.js';

type Json = unknown;
type JsonMap = Record<string, Json>;

/** Mergeable lists of the built-in kinds by field name: their merge key, or null for a set of primitives. */
const MERGE_KEYS: Record<string, string | null> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  volumes: 'name',
  env: 'name',
  imagePullSecrets: 'name',
  resourceClaims: 'name',
  schedulingGates: 'name',
  ports: 'containerPort',
  volumeMounts: 'mountPath',
  volumeDevices: 'devicePath',
  conditions: 'type',
  addresses: 'type',
  ownerReferences: 'uid',
  hostAliases: 'ip',
  podIPs: 'ip',
  hostIPs: 'ip',
  topologySpreadConstraints: 'topologyKey',
  finalizers: null,
};

function isMap(v: Json): v is JsonMap {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function stripDirectives(v: Json): Json {
  if (Array.isArray(v)) return v.filter((e) => !(isMap(e) && e.$patch !== undefined && Object.keys(e).length === 1)).map(stripDirectives);
  if (!isMap(v)) return v;
  const out: JsonMap = {};
  for (const [k, val] of Object.entries(v)) if (!k.startsWith('$')) out[k] = stripDirectives(val);
  return out;
}

function mergeList(field: string, original: Json, patch: Json[]): Json[] {
  const key = MERGE_KEYS[field];
  const base = Array.isArray(original) ? [...original] : [];
  if (patch.some((e) => isMap(e) && e.$patch === 'replace')) return patch.filter((e) => !(isMap(e) && e.$patch === 'replace')).map(stripDirectives);
  if (key === null) {
    for (const value of patch) if (!base.some((b) => b === value)) base.push(value);
    return base;
  }
  for (const element of patch) {
    if (!isMap(element)) throw KubeStatusError.badRequest(`the list ${field} merges by "${key}": each patch element must be an object`);
    const id = element[key];
    if (id === undefined) throw KubeStatusError.badRequest(`map: ${JSON.stringify(element)} does not contain declared merge key: ${key}`);
    const at = base.findIndex((b) => isMap(b) && b[key] === id);
    if (element.$patch === 'delete') {
      if (at >= 0) base.splice(at, 1);
      continue;
    }
    if (at >= 0) base[at] = mergeMap(base[at], element);
    else base.push(stripDirectives(element));
  }
  return base;
}

function reorder(field: string, list: Json[], order: Json[]): Json[] {
  const key = MERGE_KEYS[field];
  const idOf = (e: Json) => (key ? (isMap(e) ? e[key] : undefined) : e);
  const wanted = order.map((o) => (key && isMap(o) ? o[key] : o));
  const listed = wanted.flatMap((id) => list.filter((e) => idOf(e) === id));
  const rest = list.filter((e) => !wanted.includes(idOf(e)));
  return [...listed, ...rest];
}

function mergeMap(original: Json, patch: JsonMap): Json {
  if (patch.$patch === 'delete') return undefined;
  if (patch.$patch === 'replace') return stripDirectives(patch);
  const result: JsonMap = isMap(original) ? { ...original } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith('$')) continue;
    if (value === null) {
      delete result[key];
    } else if (isMap(value)) {
      const merged = mergeMap(result[key], value);
      if (merged === undefined) delete result[key];
      else result[key] = merged;
    } else if (Array.isArray(value) && key in MERGE_KEYS) {
      result[key] = mergeList(key, result[key], value);
    } else {
      result[key] = structuredClone(value);
    }
  }
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith('$deleteFromPrimitiveList/') && Array.isArray(value)) {
      const field = key.slice('$deleteFromPrimitiveList/'.length);
      if (Array.isArray(result[field])) result[field] = (result[field] as Json[]).filter((v) => !value.includes(v));
    }
    if (key.startsWith('$setElementOrder/') && Array.isArray(value)) {
      const field = key.slice('$setElementOrder/'.length);
      if (Array.isArray(result[field])) result[field] = reorder(field, result[field] as Json[], value);
    }
  }
  if (Array.isArray(patch.$retainKeys)) {
    const keep = new Set(patch.$retainKeys as string[]);
    for (const key of Object.keys(result)) if (!keep.has(key)) delete result[key];
  }
  return result;
}

export function applyStrategicMergePatch(original: Json, patch: Json): Json {
  if (!isMap(patch)) throw KubeStatusError.badRequest('a strategic merge patch must be a JSON object');
  checkDirectives(patch);
  return mergeMap(structuredClone(original), patch) ?? {};
}
