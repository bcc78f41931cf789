// Differences between two revisions: images container by container, and the pod template line by line.
import { parse, stringify } from 'yaml';

export type DiffOp = 'same' | 'add' | 'del';
export interface DiffLine {
  op: DiffOp;
  text: string;
}
export interface ImageChange {
  index: number;
  from: string | null;
  to: string | null;
}

/**
 * The pod template a ControllerRevision stores (data.spec.template), as YAML with sorted keys, so two
 * revisions compare by content and not by key order. `$patch: replace` is storage detail: dropped.
 */
export function templateText(revisionManifest: string): string {
  let doc: unknown;
  try {
    doc = parse(revisionManifest);
  } catch {
    return revisionManifest;
  }
  const template = (doc as { data?: { spec?: { template?: Record<string, unknown> } } } | null)?.data?.spec?.template;
  if (!template) return '';
  const { $patch: _ignored, ...rest } = template;
  return stringify(rest, { sortMapEntries: true });
}

/** Line diff by longest common subsequence; templates are tens of lines, so O(n·m) is fine. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a[a.length - 1] === '') a.pop();
  if (b[b.length - 1] === '') b.pop();
  const n = a.length;
  const m = b.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: 'same', text: a[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) {
      out.push({ op: 'del', text: a[i++]! });
    } else {
      out.push({ op: 'add', text: b[j++]! });
    }
  }
  while (i < n) out.push({ op: 'del', text: a[i++]! });
  while (j < m) out.push({ op: 'add', text: b[j++]! });
  return out;
}

/** Only changed lines with `context` unchanged lines around them; runs of hidden lines become "…". */
export function withContext(diff: readonly DiffLine[], context = 2): (DiffLine | { op: 'gap'; hidden: number })[] {
  const keep = diff.map(() => false);
  diff.forEach((line, k) => {
    if (line.op === 'same') return;
    for (let d = Math.max(0, k - context); d <= Math.min(diff.length - 1, k + context); d++) keep[d] = true;
  });
  const out: (DiffLine | { op: 'gap'; hidden: number })[] = [];
  let hidden = 0;
  diff.forEach((line, k) => {
    if (keep[k]) {
      if (hidden) out.push({ op: 'gap', hidden });
      hidden = 0;
      out.push(line);
    } else hidden++;
  });
  if (hidden) out.push({ op: 'gap', hidden });
  return out;
}

export function imageChanges(before: readonly string[], after: readonly string[]): ImageChange[] {
  const changes: ImageChange[] = [];
  for (let k = 0; k < Math.max(before.length, after.length); k++) {
    const from = before[k] ?? null;
    const to = after[k] ?? null;
    if (from !== to) changes.push({ index: k, from, to });
  }
  return changes;
}
