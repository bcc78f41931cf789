// JSON Patch (RFC 6902) with JSON Pointers (RFC 6901): add, remove, replace, move, copy, test, applied in
// order to a copy; any failing operation fails the whole patch and nothing changes.
import { KubeStatusError } from '../kube-status.js';

type Json = unknown;
type Container = Record<string, Json> | Json[];

export interface JsonPatchOperation {
  op: string;
  path: string;
  from?: string;
  value?: Json;
}

function invalid(message: string): KubeStatusError {
  // The apiserver answers a patch that cannot be applied with 422 and the patch library's words.
  return new KubeStatusError('Invalid', message);
}

function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw invalid(`JSON pointer "${pointer}" must start with "/"`);
  return pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function isObject(v: Json): v is Record<string, Json> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function arrayIndex(token: string, length: number, forInsert: boolean, path: string): number {
  if (forInsert && token === '-') return length;
  if (!/^(0|[1-9]\d*)$/.test(token)) throw invalid(`invalid array index "${token}" in ${path}`);
  const index = Number(token);
  if (index > length || (!forInsert && index === length)) throw invalid(`index ${index} out of bounds in ${path}`);
  return index;
}

/** The container holding the pointer's last token, and that token. */
function parent(doc: Json, tokens: string[], path: string): { container: Container; key: string } {
  let current = doc;
  for (const token of tokens.slice(0, -1)) {
    if (Array.isArray(current)) current = current[arrayIndex(token, current.length, false, path)];
    else if (isObject(current) && Object.prototype.hasOwnProperty.call(current, token)) current = current[token];
    else throw invalid(`doc is missing path: "${path}": missing value`);
  }
  if (!Array.isArray(current) && !isObject(current)) throw invalid(`doc is missing path: "${path}": missing value`);
  return { container: current, key: tokens[tokens.length - 1]! };
}

function read(doc: Json, path: string): Json {
  let current = doc;
  for (const token of parsePointer(path)) {
    if (Array.isArray(current)) current = current[arrayIndex(token, current.length, false, path)];
    else if (isObject(current) && Object.prototype.hasOwnProperty.call(current, token)) current = current[token];
    else throw invalid(`doc is missing path: "${path}": missing value`);
  }
  return current;
}

function add(doc: Json, path: string, value: Json): Json {
  const tokens = parsePointer(path);
  if (tokens.length === 0) return value;
  const { container, key } = parent(doc, tokens, path);
  if (Array.isArray(container)) container.splice(arrayIndex(key, container.length, true, path), 0, value);
  else container[key] = value;
  return doc;
}

function remove(doc: Json, path: string): Json {
  const tokens = parsePointer(path);
  if (tokens.length === 0) throw invalid('cannot remove the whole document');
  const { container, key } = parent(doc, tokens, path);
  if (Array.isArray(container)) container.splice(arrayIndex(key, container.length, false, path), 1);
  else if (Object.prototype.hasOwnProperty.call(container, key)) delete container[key];
  else throw invalid(`doc is missing path: "${path}": missing value`);
  return doc;
}

function replace(doc: Json, path: string, value: Json): Json {
  const tokens = parsePointer(path);
  if (tokens.length === 0) return value;
  read(doc, path);
  const { container, key } = parent(doc, tokens, path);
  if (Array.isArray(container)) container[arrayIndex(key, container.length, false, path)] = value;
  else container[key] = value;
  return doc;
}

function equal(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => equal(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equal(a[k], b[k]));
  }
  return false;
}

export function parseJsonPatch(body: Json): JsonPatchOperation[] {
  if (!Array.isArray(body)) throw KubeStatusError.badRequest('json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  return body.map((op, i) => {
    if (!isObject(op) || typeof op.op !== 'string' || typeof op.path !== 'string') {
      throw KubeStatusError.badRequest(`the JSON patch operation at index ${i} needs "op" and "path"`);
    }
    return op as unknown as JsonPatchOperation;
  });
}

export function applyJsonPatch(document: Json, operations: readonly JsonPatchOperation[]): Json {
  let doc = structuredClone(document);
  for (const op of operations) {
    switch (op.op) {
      case 'add':
        doc = add(doc, op.path, structuredClone(op.value));
        break;
      case 'remove':
        doc = remove(doc, op.path);
        break;
      case 'replace':
        doc = replace(doc, op.path, structuredClone(op.value));
        break;
      case 'move': {
        if (op.from === undefined) throw invalid('move operation needs "from"');
        const value = read(doc, op.from);
        doc = add(remove(doc, op.from), op.path, value);
        break;
      }
      case 'copy': {
        if (op.from === undefined) throw invalid('copy operation needs "from"');
        doc = add(doc, op.path, structuredClone(read(doc, op.from)));
        break;
      }
      case 'test':
        if (!equal(read(doc, op.path), op.value)) throw invalid(`testing value ${op.path} failed: test failed`);
        break;
      default:
        throw invalid(`Unexpected kind: ${op.op}`);
    }
  }
  return doc;
}
