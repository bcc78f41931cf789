// The directives of a strategic merge patch, checked before anything is merged, with the errors of
// apimachinery's strategicpatch (answered 400 as the apiserver answers them): an unknown `$patch`
// ("unknown patch type: bogus in map: map[$patch:bogus name:main]"), `$patch: merge` in a list, and
// `$setElementOrder/`, `$deleteFromPrimitiveList/` or `$retainKeys` without a list.
//
// Any other `$` key is no directive, and no field of a built-in kind has such a name: the apiserver
// merges it as a field and its strict decoding finds it unknown (refused only under fieldValidation=Strict,
// dropped otherwise). Coxswain's merge never takes a `$` key for a field, so it refuses the key outright.
import { MAX_OBJECT_DEPTH } from '@coxswain/kruise-api';
import { KubeStatusError } from '../kube-status.js';

type JsonMap = Record<string, unknown>;

const PATCH = '$patch';
const RETAIN_KEYS = '$retainKeys';
const SET_ELEMENT_ORDER = '$setElementOrder/';
const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList/';

function isMap(v: unknown): v is JsonMap {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Throws the 400 the apiserver answers for the first bad directive in `patch`. */
export function checkDirectives(patch: unknown, path = '', depth = 0): void {
  // No object Coxswain stores is deeper; a deeper patch would only exhaust the stack.
  if (depth > MAX_OBJECT_DEPTH) throw KubeStatusError.badRequest(`the patch is nested more than ${MAX_OBJECT_DEPTH} levels deep`);
  if (Array.isArray(patch)) {
    patch.forEach((element, i) => {
      if (isMap(element) && PATCH in element) checkListElementPatch(element);
      checkDirectives(isMap(element) ? withoutKey(element, PATCH) : element, `${path}[${i}]`, depth + 1);
    });
    return;
  }
  if (!isMap(patch)) return;
  for (const [key, value] of Object.entries(patch)) {
    const at = path ? `${path}.${key}` : key;
    if (key === PATCH) {
      if (value !== 'replace' && value !== 'delete') throw badPatchType(value, patch);
    } else if (key === RETAIN_KEYS) {
      if (!Array.isArray(value) || value.some((k) => typeof k !== 'string')) throw KubeStatusError.badRequest('invalid patch format of retainKeys');
    } else if (key.startsWith(SET_ELEMENT_ORDER)) {
      if (!Array.isArray(value)) throw KubeStatusError.badRequest('invalid patch format of setElementOrder list');
    } else if (key.startsWith(DELETE_FROM_PRIMITIVE_LIST)) {
      if (!Array.isArray(value)) throw KubeStatusError.badRequest('invalid patch format of primitive list');
    } else if (key.startsWith('$')) {
      throw KubeStatusError.badRequest(`unknown field ${JSON.stringify(at)}: not a strategic merge patch directive ($patch, $retainKeys, $setElementOrder/<list>, $deleteFromPrimitiveList/<list>)`);
    } else {
      checkDirectives(value, at, depth + 1);
    }
  }
}

/** In a list, `$patch` may delete or replace; a merge of lists is not something the format can say. */
function checkListElementPatch(element: JsonMap): void {
  const type = element[PATCH];
  if (type === 'merge') throw KubeStatusError.badRequest('merging lists cannot yet be specified in the patch');
  if (type !== 'replace' && type !== 'delete') throw badPatchType(type, element);
}

/** The map is quoted as the apiserver quotes it, but a long one only in part: the body may be megabytes. */
const MAX_QUOTED = 1000;
const MAX_QUOTED_DEPTH = 10;

function badPatchType(type: unknown, map: JsonMap): KubeStatusError {
  const text = goText(map);
  const quoted = text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}...` : text;
  return KubeStatusError.badRequest(`unknown patch type: ${goText(type)} in map: ${quoted}`);
}

function withoutKey(map: JsonMap, key: string): JsonMap {
  const { [key]: _dropped, ...rest } = map;
  return rest;
}

/** A value as Go's %v prints the decoded JSON: `map[a:1 b:[x y]]`, keys sorted, strings unquoted; deep parts as `...`. */
function goText(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'object' && depth > MAX_QUOTED_DEPTH) return '...';
  if (Array.isArray(value)) return `[${value.map((v) => goText(v, depth + 1)).join(' ')}]`;
  if (isMap(value)) return `map[${Object.keys(value).sort().map((k) => `${k}:${goText(value[k], depth + 1)}`).join(' ')}]`;
  return String(value);
}
