// A colour per revision. The update revision is always blue and the current (old) one orange, so an
// SRE reads a rollout at a glance; older revisions take the rest of a colour-blind-safe palette.
import type { Revision } from '../api/types';

export const UPDATE_COLOR = '#1f6fd1';
export const CURRENT_COLOR = '#f08c00';
const OTHERS = ['#2f9e44', '#9c36b5', '#8c564b', '#e64980', '#0c8599', '#868e96', '#b5a000'];
export const UNKNOWN_COLOR = '#adb5bd';

export interface RevisionColor { name: string; hash: string; color: string; label: string }

/** Colours for every revision, keyed by both name ("sample-7d8bc9999f") and hash ("7d8bc9999f"). */
export function revisionColors(revisions: readonly Pick<Revision, 'name' | 'hash' | 'revision' | 'isUpdate' | 'isCurrent'>[]): Map<string, RevisionColor> {
  const map = new Map<string, RevisionColor>();
  let other = 0;
  const ordered = [...revisions].sort((a, b) => b.revision - a.revision);
  for (const r of ordered) {
    const color = r.isUpdate ? UPDATE_COLOR : r.isCurrent ? CURRENT_COLOR : OTHERS[other++ % OTHERS.length]!;
    const label = r.isUpdate && r.isCurrent ? 'update = current' : r.isUpdate ? 'update' : r.isCurrent ? 'current' : `#${r.revision}`;
    const entry = { name: r.name, hash: r.hash, color, label };
    map.set(r.name, entry);
    map.set(r.hash, entry);
  }
  return map;
}

export function colorOf(colors: Map<string, RevisionColor>, podRevision: string): string {
  return colors.get(podRevision)?.color ?? UNKNOWN_COLOR;
}
