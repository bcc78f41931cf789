// A colour per revision. The update revision is always blue and the current (old) one orange, so an
// SRE reads a rollout at a glance; older revisions take the rest of a colour-blind-safe palette.
import type { Revision } from '../api/types';

export const UPDATE_COLOR = '#1f6fd1';
export const CURRENT_COLOR = '#f08c00';
const OTHERS = ['#2f9e44', '#9c36b5', '#8c564b', '#e64980', '#0c8599', '#868e96', '#b5a000'];
export const UNKNOWN_COLOR = '#adb5bd';

export interface RevisionColor {
  name: string;
  hash: string;
  color: string;
  label: string;
}

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

type Colourable = Pick<Revision, 'name' | 'hash' | 'revision' | 'isUpdate' | 'isCurrent'>;

/**
 * The revisions to colour pods by: the listed ones, plus the status's update and current revisions
 * when the list lacks them (just created, or not listed: a CloneSet-template UnitedDeployment's
 * revisions carry no selector labels, as in Kruise, so the API lists none), so the update still reads
 * blue and the current one orange.
 */
export function withStatusRevisions(revisions: readonly Colourable[], status: { currentRevision: string; updateRevision: string } | undefined): Colourable[] {
  if (!status) return [...revisions];
  const listed = (name: string) => !name || revisions.some((r) => r.name === name || r.hash === name);
  const hashOf = (name: string) => name.slice(name.lastIndexOf('-') + 1);
  const extra: Colourable[] = [];
  const { updateRevision: update, currentRevision: current } = status;
  if (!listed(update)) extra.push({ name: update, hash: hashOf(update), revision: Number.MAX_SAFE_INTEGER, isUpdate: true, isCurrent: update === current });
  if (current !== update && !listed(current))
    extra.push({ name: current, hash: hashOf(current), revision: Number.MAX_SAFE_INTEGER - 1, isUpdate: false, isCurrent: true });
  return [...revisions, ...extra];
}

export function colorOf(colors: Map<string, RevisionColor>, podRevision: string): string {
  return colors.get(podRevision)?.color ?? UNKNOWN_COLOR;
}
