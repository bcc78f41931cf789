// Reads one value out of a JSON answer by a validated path (`status.items[0].ok`; see the jsonPath
// rule in libs/kruise-api/src/rollouts/analysis.ts). Own properties only: a path never reaches a
// prototype.

const SEGMENT = /([A-Za-z_][A-Za-z0-9_-]*)|\[(\d+)\]/g;

/** The value at `path`, or `{ missing }` naming the first segment not found. */
export function readJsonPath(root: unknown, path: string | undefined): { value: unknown } | { missing: string } {
  let current = root;
  let walked = '';
  for (const match of (path ?? '').matchAll(SEGMENT)) {
    const [, name, index] = match;
    walked += index !== undefined ? `[${index}]` : walked ? `.${name}` : name;
    if (index !== undefined) {
      if (!Array.isArray(current) || Number(index) >= current.length) return { missing: walked };
      current = current[Number(index)];
    } else {
      if (current === null || typeof current !== 'object' || Array.isArray(current) || !Object.hasOwn(current, name!)) return { missing: walked };
      current = (current as Record<string, unknown>)[name!];
    }
  }
  return { value: current };
}
