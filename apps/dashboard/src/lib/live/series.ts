// Ready pods of each revision over time, for the "Pods over time" chart: a sample per change the page
// sees (deduplicated, capped), drawn as areas stacked oldest revision at the bottom. When a new
// revision appears its band grows on top while the old one shrinks underneath, so the total height
// (every ready pod) stays level through a healthy rollout: it dips only when pods really are not ready.
import type { Pod } from '../api/types';

export interface Sample {
  t: number;
  desired: number;
  /** Ready pods per revision name. */
  ready: Readonly<Record<string, number>>;
}

export const MAX_SAMPLES = 720;

/** Counts the ready pods of each revision; `revisionName` maps a pod's revision label to its revision's name. */
export function readyByRevision(pods: Iterable<Pod>, revisionName: (label: string) => string = (r) => r): Record<string, number> {
  const out: Record<string, number> = {};
  for (const pod of pods) {
    if (!pod.ready || pod.deleting) continue;
    const name = revisionName(pod.revision);
    out[name] = (out[name] ?? 0) + 1;
  }
  return out;
}

function sameCounts(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean {
  const ka = Object.keys(a).filter((k) => a[k]);
  const kb = Object.keys(b).filter((k) => b[k]);
  return ka.length === kb.length && ka.every((k) => a[k] === b[k]);
}

/** Appends unless nothing changed; keeps the last `max` samples. */
export function appendSample(series: readonly Sample[], s: Sample, max = MAX_SAMPLES): Sample[] {
  const last = series[series.length - 1];
  if (last && last.desired === s.desired && sameCounts(last.ready, s.ready)) return series as Sample[];
  const next = [...series, s];
  return next.length > max ? next.slice(next.length - max) : next;
}

export interface Band {
  revision: string;
  /** A closed SVG path: this revision's ready pods stacked on the bands below it. */
  area: string;
  /** The band's ready pods at the latest sample. */
  last: number;
}

export interface StackedChart {
  bands: Band[];
  /** Dashed step line of desired replicas. */
  desired: string;
  /** Ready pods of all revisions per sample (the top of the stack). */
  totals: number[];
  maxY: number;
  t0: number;
}

/**
 * Stacked step areas, `order` from the bottom up (oldest revision first); revisions in the samples but
 * not in `order` go at the bottom. Values hold until the next sample; the last extends to `now`.
 */
export function stackedChart(series: readonly Sample[], order: readonly string[], width: number, height: number, now: number): StackedChart {
  if (series.length === 0) return { bands: [], desired: '', totals: [], maxY: 0, t0: now };
  const seen = new Set<string>();
  for (const s of series) for (const [r, n] of Object.entries(s.ready)) if (n > 0) seen.add(r);
  const known = order.filter((r) => seen.has(r));
  const stack = [...[...seen].filter((r) => !order.includes(r)).sort(), ...known];
  const totals = series.map((s) => stack.reduce((n, r) => n + (s.ready[r] ?? 0), 0));
  const t0 = series[0]!.t;
  const t1 = Math.max(now, series[series.length - 1]!.t, t0 + 1);
  const maxY = Math.max(1, ...series.map((s) => s.desired), ...totals);
  const x = (t: number) => (((t - t0) / (t1 - t0)) * width).toFixed(1);
  const y = (v: number) => (height - (v / maxY) * height).toFixed(1);
  // Step outline along the tops of a band, left to right, then back along its base.
  const steps = (value: (k: number) => number) => {
    const pts: string[] = [];
    series.forEach((s, k) => {
      if (k > 0) pts.push(`${x(s.t)},${y(value(k - 1))}`);
      pts.push(`${x(s.t)},${y(value(k))}`);
    });
    pts.push(`${x(t1)},${y(value(series.length - 1))}`);
    return pts;
  };
  const bands: Band[] = [];
  let below = series.map(() => 0);
  for (const revision of stack) {
    const top = series.map((s, k) => below[k]! + (s.ready[revision] ?? 0));
    const base = below;
    const upper = steps((k) => top[k]!);
    const lower = steps((k) => base[k]!).reverse();
    bands.push({ revision, area: `M${upper.join('L')}L${lower.join('L')}Z`, last: series[series.length - 1]!.ready[revision] ?? 0 });
    below = top;
  }
  let desired = '';
  series.forEach((s, k) => {
    desired += k === 0 ? `M${x(s.t)},${y(s.desired)}` : `H${x(s.t)}V${y(s.desired)}`;
  });
  desired += `H${x(t1)}`;
  return { bands, desired, totals, maxY, t0 };
}
