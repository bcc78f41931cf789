// A step's analysis (docs/analysis.md §4, §5) for the Rollout panel: values in words and the geometry of
// the small chart of a check's values over time (an SVG polyline; no chart library). Pure.
import type { CheckSample } from '../api/types';

/** A measured value in words: numbers to at most 4 significant digits, nothing measured as "–". */
export function measuredWords(measured: unknown): string {
  if (measured === null || measured === undefined) return '–';
  if (typeof measured === 'number') return Number.isInteger(measured) ? String(measured) : String(Number(measured.toPrecision(4)));
  if (typeof measured === 'string') return JSON.stringify(measured);
  return String(measured);
}

export interface ChartPoint {
  x: number;
  y: number;
  phase: string;
  /** The value in words, for the point's tooltip. */
  label: string;
}

export interface CheckChart {
  /** The numeric samples as points (oldest left); samples without a number are left out of the line. */
  points: ChartPoint[];
  /** "x1,y1 x2,y2 …" for <polyline points>. */
  line: string;
  min: number;
  max: number;
}

/**
 * Places the samples' numeric values in a width × height box with `pad` pixels of margin: time along x
 * (from the first sample to the last), the value along y (min at the bottom, max at the top; a flat series
 * in the middle). Booleans count as 1 and 0, so an HTTP check's true/false draws as a step line. Null when
 * no sample has a value to draw.
 */
export function checkChart(history: readonly CheckSample[], width: number, height: number, pad = 3): CheckChart | null {
  const samples = history
    .map((s) => ({ t: Date.parse(s.at), v: numeric(s.measured), s }))
    .filter((p): p is { t: number; v: number; s: CheckSample } => p.v !== null && Number.isFinite(p.t));
  if (samples.length === 0) return null;
  const values = samples.map((p) => p.v);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const t0 = samples[0]!.t;
  const t1 = samples[samples.length - 1]!.t;
  const innerW = width - 2 * pad;
  const innerH = height - 2 * pad;
  const x = (t: number) => (t1 === t0 ? pad + innerW / 2 : pad + ((t - t0) / (t1 - t0)) * innerW);
  const y = (v: number) => (max === min ? pad + innerH / 2 : pad + (1 - (v - min) / (max - min)) * innerH);
  const points = samples.map((p) => ({
    x: round(x(p.t)),
    y: round(y(p.v)),
    phase: p.s.phase,
    label: `${measuredWords(p.s.measured)} (${p.s.phase}) at ${p.s.at}`,
  }));
  return { points, line: points.map((p) => `${p.x},${p.y}`).join(' '), min, max };
}

function numeric(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return null;
}

const round = (n: number) => Math.round(n * 10) / 10;
