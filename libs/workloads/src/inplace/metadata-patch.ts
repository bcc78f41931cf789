// The in-place metadata patch (docs/spec/inplace-and-lifecycle.md §1.1, §2.3): a two-way strategic-merge patch
// from `{metadata: old template metadata}` to `{metadata: new template metadata}`, later merged into the
// live pod. Only the parts of Kubernetes' strategic merge that ObjectMeta needs are implemented: maps
// (labels, annotations) merge key by key with null deleting, `finalizers` is a merge list of strings
// (additions, `$deleteFromPrimitiveList/` and `$setElementOrder/` directives), anything else replaces.
// One deliberate difference: a labels/annotations map dropped from the template deletes its keys, not
// the pod's whole map.
import type { JsonObject, JsonValue, ObjectMeta } from '@coxswain/kruise-api';
import { canonicalJson } from '../revision/canonical-json.js';

const MERGE_LISTS = new Set(['finalizers']);
const KEY_MAPS = new Set(['labels', 'annotations']);
const DELETE_PREFIX = '$deleteFromPrimitiveList/';
const ORDER_PREFIX = '$setElementOrder/';

/**
 * The patch bytes as Go's json.Marshal writes them (map keys sorted), e.g.
 * `{"metadata":{"labels":{"a":"2","b":null}}}`; `{}` when nothing differs.
 */
export function createMetadataPatch(from: ObjectMeta | undefined, to: ObjectMeta | undefined): string {
  const diff = diffMaps(toJson(from), toJson(to));
  return canonicalJson(Object.keys(diff).length === 0 ? {} : { metadata: diff });
}

/** The pod metadata after the patch; `meta` is not modified. Throws on bytes that are not a JSON object. */
export function applyMetadataPatch(meta: ObjectMeta, patch: string): ObjectMeta {
  const parsed = JSON.parse(patch) as JsonValue;
  if (!isObject(parsed)) throw new Error('in-place metadata patch is not a JSON object');
  const metadataPatch = parsed['metadata'];
  if (metadataPatch === undefined) return structuredClone(meta);
  if (!isObject(metadataPatch)) throw new Error('in-place metadata patch: "metadata" is not an object');
  return mergeMaps(toJson(meta), metadataPatch) as unknown as ObjectMeta;
}

function diffMaps(a: JsonObject, b: JsonObject): JsonObject {
  const patch: JsonObject = {};
  for (const [key, bv] of Object.entries(b)) {
    const av = own(a, key);
    if (av === undefined) {
      patch[key] = bv;
    } else if (MERGE_LISTS.has(key) && Array.isArray(av) && Array.isArray(bv)) {
      diffPrimitiveList(key, av, bv, patch);
    } else if (isObject(av) && isObject(bv)) {
      const sub = diffMaps(av, bv);
      if (Object.keys(sub).length > 0) patch[key] = sub;
    } else if (canonicalJson(av) !== canonicalJson(bv)) {
      patch[key] = bv;
    }
  }
  for (const [key, av] of Object.entries(a)) {
    if (own(b, key) !== undefined) continue;
    // Go would send `"annotations": null` here and wipe every annotation on the pod, including ones
    // controllers and people wrote; deleting the template's own keys is what the template change means.
    if (KEY_MAPS.has(key) && isObject(av)) {
      const sub = diffMaps(av, {});
      if (Object.keys(sub).length > 0) patch[key] = sub;
    } else {
      patch[key] = null;
    }
  }
  return patch;
}

function diffPrimitiveList(key: string, a: JsonValue[], b: JsonValue[], patch: JsonObject): void {
  const added = b.filter((v) => !a.includes(v));
  const removed = a.filter((v) => !b.includes(v));
  if (added.length > 0) patch[key] = added;
  if (removed.length > 0) patch[`${DELETE_PREFIX}${key}`] = removed;
  if (removed.length > 0 || canonicalJson(a) !== canonicalJson(b)) patch[`${ORDER_PREFIX}${key}`] = b;
}

function mergeMaps(target: JsonObject, patch: JsonObject): JsonObject {
  const result: JsonObject = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith(DELETE_PREFIX) || key.startsWith(ORDER_PREFIX)) continue;
    if (value === null) {
      delete result[key];
    } else if (MERGE_LISTS.has(key) && Array.isArray(value)) {
      // Handled with its directives below.
    } else if (isObject(value) && isObject(own(result, key))) {
      result[key] = mergeMaps(result[key] as JsonObject, value);
    } else if (isObject(value)) {
      result[key] = mergeMaps({}, value);
    } else {
      result[key] = value;
    }
  }
  for (const key of MERGE_LISTS) mergePrimitiveList(key, result, patch);
  return result;
}

function mergePrimitiveList(key: string, result: JsonObject, patch: JsonObject): void {
  const additions = own(patch, key);
  const deletions = own(patch, `${DELETE_PREFIX}${key}`);
  const order = own(patch, `${ORDER_PREFIX}${key}`);
  if (additions === null || (additions === undefined && deletions === undefined && order === undefined)) return;
  const current = own(result, key);
  const existing = Array.isArray(current) ? current : [];
  const removed = Array.isArray(deletions) ? deletions : [];
  let merged = existing.filter((v) => !removed.includes(v));
  for (const v of Array.isArray(additions) ? additions : []) if (!merged.includes(v)) merged.push(v);
  if (Array.isArray(order)) {
    // Items the patch orders come first in its order; items only the server has keep theirs after them.
    const ordered = order.filter((v) => merged.includes(v));
    merged = [...ordered, ...merged.filter((v) => !ordered.includes(v))];
  }
  if (merged.length > 0) result[key] = merged;
  else delete result[key];
}

/** A JSON copy: optional members that are present but undefined become absent, as on the wire. */
function toJson(meta: ObjectMeta | undefined): JsonObject {
  return meta === undefined ? {} : (JSON.parse(JSON.stringify(meta)) as JsonObject);
}

/** The member itself, never one inherited from Object.prototype (a label key may be "constructor"). */
function own(o: JsonObject, key: string): JsonValue | undefined {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

function isObject(v: JsonValue | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
