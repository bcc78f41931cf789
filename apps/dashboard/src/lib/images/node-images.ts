// What the nodes page says about a node's images (docs/image-pull.md): the images it holds, each under
// the name it was pulled by with the disk it takes, and its NodeImage's pulls grouped by tag state,
// those under way first. Pure: built from the nodeImages query's answer.
import type { HeldImage, NodeImages, NodePull } from '../api/types';

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/** Binary units as the kubelet's sizes are: 512 B, 10.0 MiB, 1.25 GiB (three significant digits). */
export function bytesWords(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return 'size unknown';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${value} B`;
  return `${value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2)} ${UNITS[unit]}`;
}

export interface HeldImageRow {
  /** The name it was pulled by (a tag); a digest reference only when the runtime lists no other. */
  name: string;
  /** Every name the runtime lists for it (the digest reference among them). */
  names: string[];
  sizeBytes: number | null;
}

/** The node's images by name: the runtime lists a digest reference first, the tag it was pulled by after. */
export function heldImages(images: readonly HeldImage[]): HeldImageRow[] {
  return images
    .map((i) => ({ name: i.names.find((n) => !n.includes('@')) ?? i.names[0] ?? '(unnamed)', names: [...i.names], sizeBytes: i.sizeBytes ?? null }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** NodeImage tag phases, in the order the page lists them: what is under way before what is settled. */
export const PULL_PHASES = ['Pulling', 'Waiting', 'Failed', 'Succeeded'] as const;
export type PullPhase = (typeof PULL_PHASES)[number];

export interface PullGroup {
  phase: PullPhase;
  pulls: NodePull[];
}

/** The pulls grouped by phase in PULL_PHASES order, empty groups left out; an unknown phase counts as Waiting. */
export function pullsByPhase(pulls: readonly NodePull[]): PullGroup[] {
  const known = (p: string): PullPhase => ((PULL_PHASES as readonly string[]).includes(p) ? (p as PullPhase) : 'Waiting');
  return PULL_PHASES.map((phase) => ({
    phase,
    pulls: pulls.filter((p) => known(p.phase) === phase).sort((a, b) => (a.image < b.image ? -1 : a.image > b.image ? 1 : 0)),
  })).filter((g) => g.pulls.length > 0);
}

const PHASE_WORDS: Record<PullPhase, string> = { Pulling: 'pulling', Waiting: 'waiting to pull', Failed: 'failed to pull', Succeeded: 'pulled' };

/** One pull in words: "pulling nginx:1.27 (40%) for default/warm", "failed to pull x:1: <message>". */
export function pullWords(pull: NodePull): string {
  const phase = PHASE_WORDS[(PULL_PHASES as readonly string[]).includes(pull.phase) ? (pull.phase as PullPhase) : 'Waiting'];
  const progress = pull.phase === 'Pulling' && pull.progress > 0 ? ` (${pull.progress}%)` : '';
  const jobs = pull.jobs.length > 0 ? ` for ${pull.jobs.join(', ')}` : '';
  const message = pull.phase === 'Failed' && pull.message ? `: ${pull.message}` : '';
  return `${phase} ${pull.image}${progress}${jobs}${message}`;
}

/** The node's line: "3 images, 412 MiB; 1 pulling, 2 waiting, 0 failed". */
export function nodeImagesSummary(n: NodeImages): string {
  const held = `${n.images.length} image${n.images.length === 1 ? '' : 's'}, ${bytesWords(n.diskUsedBytes)}`;
  const waiting = n.pulls.filter((p) => p.phase === 'Waiting').length;
  const pulling = n.pulls.filter((p) => p.phase === 'Pulling').length;
  const failed = n.pulls.filter((p) => p.phase === 'Failed').length;
  if (n.pulls.length === 0) return `${held}; nothing to pull`;
  return `${held}; ${pulling} pulling, ${waiting} waiting, ${failed} failed`;
}

export interface NodeFilter {
  /** Text anywhere in the node's name or its images' names. */
  text: string;
}

export function filterNodeImages(nodes: readonly NodeImages[], f: NodeFilter): NodeImages[] {
  const words = f.text.toLowerCase().split(/\s+/).filter(Boolean);
  return nodes.filter((n) => {
    const haystack = `${n.node} ${n.images.flatMap((i) => i.names).join(' ')} ${n.pulls.map((p) => p.image).join(' ')}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}

export function nodeFilterFromQuery(params: { get(name: string): string | null }): NodeFilter {
  return { text: params.get('q') ?? '' };
}

export function nodeFilterToQuery(f: NodeFilter): string {
  return f.text ? `?${new URLSearchParams({ q: f.text }).toString()}` : '';
}
