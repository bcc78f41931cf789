// Small phrasing helpers shared by the plan's blockers and actions, so every message counts and lists
// pods the same way. A blocker's `pods` always lists every pod; its message shows the first few.

const NAMES_SHOWN = 5;

/** "1 pod", "3 pods". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "a, b, c, d, e and 7 more". */
export function podNameList(names: readonly string[]): string {
  if (names.length <= NAMES_SHOWN) return names.join(', ');
  return `${names.slice(0, NAMES_SHOWN).join(', ')} and ${names.length - NAMES_SHOWN} more`;
}

/** "pod a", "pods a, b", "12 pods (a, b, c, d, e and 7 more)". */
export function podsSubject(names: readonly string[]): string {
  if (names.length === 1) return `pod ${names[0]}`;
  if (names.length <= NAMES_SHOWN) return `pods ${names.join(', ')}`;
  return `${names.length} pods (${podNameList(names)})`;
}
