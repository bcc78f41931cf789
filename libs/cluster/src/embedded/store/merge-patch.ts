// JSON merge patch, RFC 7386: objects merge member by member, null removes a member, anything else
// (arrays included) replaces the target value whole.
import { isPlainObject } from './json-value.js';

export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const result: Record<string, unknown> = isPlainObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value);
  }
  return result;
}
