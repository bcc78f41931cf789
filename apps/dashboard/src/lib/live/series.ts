// Updated / ready pods over time for the rollout chart: samples taken from every status the page
// sees, deduplicated and capped, then turned into SVG paths.
import type { WorkloadStatus } from '../api/types';

export interface Sample { t: number; desired: number; updated: number; updatedReady: number; ready: number }

export const MAX_SAMPLES = 720;

export function sampleOf(t: number, desired: number, s: WorkloadStatus): Sample {
  return { t, desired, updated: s.updatedReplicas, updatedReady: s.updatedReadyReplicas, ready: s.readyReplicas };
}

/** Appends unless nothing changed; keeps the last `max` samples. */
export function appendSample(series: readonly Sample[], s: Sample, max = MAX_SAMPLES): Sample[] {
  const last = series[series.length - 1];
  if (last && last.desired === s.desired && last.updated === s.updated && last.updatedReady === s.updatedReady && last.ready === s.ready) {
    return series as Sample[];
  }
  const next = [...series, s];
  return next.length > max ? next.slice(next.length - max) : next;
}

export type SeriesKey = 'updated' | 'updatedReady' | 'ready' | 'desired';

/**
 * A step-line path per series (values hold until the next sample), scaled into width x height; the
 * last value extends to `now` so a quiet rollout still reads as a flat line up to the present.
 */
export function seriesPaths(series: readonly Sample[], width: number, height: number, now: number): Record<SeriesKey, string> & { maxY: number; t0: number } {
  const empty = { updated: '', updatedReady: '', ready: '', desired: '', maxY: 0, t0: now };
  if (series.length === 0) return empty;
  const t0 = series[0]!.t;
  const t1 = Math.max(now, series[series.length - 1]!.t, t0 + 1);
  const maxY = Math.max(1, ...series.map((s) => Math.max(s.desired, s.updated, s.ready)));
  const x = (t: number) => ((t - t0) / (t1 - t0)) * width;
  const y = (v: number) => height - (v / maxY) * height;
  const path = (key: SeriesKey) => {
    let d = '';
    series.forEach((s, k) => {
      const px = x(s.t).toFixed(1);
      const py = y(s[key]).toFixed(1);
      d += k === 0 ? `M${px},${py}` : `H${px}V${py}`;
    });
    return `${d}H${x(t1).toFixed(1)}`;
  };
  return { updated: path('updated'), updatedReady: path('updatedReady'), ready: path('ready'), desired: path('desired'), maxY, t0 };
}
