// How deep a parsed JSON value nests, measured without recursion, so that a request body or argument
// nested thousands of levels deep can be refused where it enters, before any recursive code (schema
// checks, patches, structured clones, JSON.stringify) meets it and overflows the stack. The limit is the
// one every stored object keeps (MAX_OBJECT_DEPTH, also the YAML reader's).
import { MAX_OBJECT_DEPTH } from './object-schema.js';

/** How a refusal reads, after the name of what nests ("the body nests deeper than 100 levels"). */
export const TOO_DEEP = `nests deeper than ${MAX_OBJECT_DEPTH} levels`;

/** Whether `value` holds more than MAX_OBJECT_DEPTH arrays or objects one inside another (the value itself is the first). */
export function nestsDeeperThanLimit(value: unknown): boolean {
  const stack: { value: object; level: number }[] = [];
  if (typeof value === 'object' && value !== null) stack.push({ value, level: 1 });
  while (stack.length > 0) {
    const { value: container, level } = stack.pop()!;
    if (level > MAX_OBJECT_DEPTH) return true;
    for (const key in container) {
      const child: unknown = (container as Record<string, unknown>)[key];
      if (typeof child === 'object' && child !== null) stack.push({ value: child, level: level + 1 });
    }
  }
  return false;
}
