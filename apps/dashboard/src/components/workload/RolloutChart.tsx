'use client';
// Updated / updated-ready / ready pods over time since this page opened, as step lines against desired.
import type { Sample } from '../../lib/live/series';
import { seriesPaths } from '../../lib/live/series';
import { useNow } from '../common/useNow';

const W = 520;
const H = 140;

export function RolloutChart({ series }: { series: Sample[] }) {
  const now = useNow(2000);
  const paths = seriesPaths(series, W, H, now);
  const minutes = series.length ? Math.max(0, (now - paths.t0) / 60000) : 0;
  return (
    <section className="card chart" aria-labelledby="chart-title">
      <h2 id="chart-title">Pods over time</h2>
      <svg viewBox={`-30 -8 ${W + 40} ${H + 26}`} width="100%" role="img" aria-label="updated, updated ready and ready pods over time" data-testid="rollout-chart" data-samples={series.length}>
        <line x1="0" y1={H} x2={W} y2={H} className="axis" />
        <line x1="0" y1="0" x2="0" y2={H} className="axis" />
        <text x="-6" y="4" textAnchor="end" className="tick">{paths.maxY}</text>
        <text x="-6" y={H} textAnchor="end" className="tick">0</text>
        <text x="0" y={H + 16} className="tick">{series.length ? 'page opened' : ''}</text>
        <text x={W} y={H + 16} textAnchor="end" className="tick">now ({minutes.toFixed(1)} min)</text>
        <path d={paths.desired} className="line desired" />
        <path d={paths.ready} className="line ready" />
        <path d={paths.updated} className="line updated" />
        <path d={paths.updatedReady} className="line updated-ready" />
      </svg>
      <p className="chart-legend small">
        <span className="key updated" /> updated <span className="key updated-ready" /> updated ready <span className="key ready" /> ready <span className="key desired" /> desired
      </p>
    </section>
  );
}
