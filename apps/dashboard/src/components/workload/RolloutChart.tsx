'use client';
// Ready pods of each revision over time since this page opened, stacked (oldest revision at the
// bottom), against desired replicas: a new revision grows on top while the old one shrinks, so a
// healthy rollout keeps a level top and only real unreadiness dips it.
import { memo } from 'react';
import type { Revision } from '../../lib/api/types';
import { colorOf, type RevisionColor } from '../../lib/grid/colors';
import type { PodStore } from '../../lib/live/pod-store';
import { stackedChart } from '../../lib/live/series';
import { useNow } from '../common/useNow';
import { useReadySeries } from './useReadySeries';

const W = 520;
const H = 140;

// Samples here, not in the page: a pod flush then re-renders only the chart.
function RolloutChartView({
  store,
  desired,
  revisions,
  colors,
}: {
  store: PodStore;
  desired: number;
  revisions: Revision[];
  colors: Map<string, RevisionColor>;
}) {
  const series = useReadySeries(store, colors, desired);
  const now = useNow(2000);
  const order = [...revisions].sort((a, b) => a.revision - b.revision).map((r) => r.name);
  const chart = stackedChart(series, order, W, H, now);
  const minutes = series.length ? Math.max(0, (now - chart.t0) / 60000) : 0;
  const last = series[series.length - 1];
  return (
    <section className="card chart" aria-labelledby="chart-title">
      <h2 id="chart-title">
        Pods over time <span className="muted small">ready pods per revision, stacked</span>
      </h2>
      <svg
        viewBox={`-30 -8 ${W + 40} ${H + 26}`}
        width="100%"
        role="img"
        aria-label="ready pods of each revision over time, stacked, against desired"
        data-testid="rollout-chart"
        data-samples={series.length}
        data-ready={JSON.stringify(last?.ready ?? {})}
        data-totals={JSON.stringify(chart.totals)}
      >
        {chart.bands.map((b) => (
          <path key={b.revision} d={b.area} className="band" fill={colorOf(colors, b.revision)} data-revision={b.revision} />
        ))}
        <path d={chart.desired} className="line desired" />
        <line x1="0" y1={H} x2={W} y2={H} className="axis" />
        <line x1="0" y1="0" x2="0" y2={H} className="axis" />
        <text x="-6" y="4" textAnchor="end" className="tick">
          {chart.maxY}
        </text>
        <text x="-6" y={H} textAnchor="end" className="tick">
          0
        </text>
        <text x="0" y={H + 16} className="tick">
          {series.length ? 'page opened' : ''}
        </text>
        <text x={W} y={H + 16} textAnchor="end" className="tick">
          now ({minutes.toFixed(1)} min)
        </text>
      </svg>
      <p className="chart-legend small">
        {[...chart.bands].reverse().map((b) => (
          <span key={b.revision} className="key-item">
            <span className="swatch" style={{ background: colorOf(colors, b.revision) }} /> {b.revision} <b>{b.last}</b>
          </span>
        ))}
        <span className="key-item">
          <span className="key desired" /> desired {last?.desired ?? ''}
        </span>
      </p>
    </section>
  );
}

/** Memoised: the page re-renders on every workload status event; this re-renders only when its own inputs change. */
export const RolloutChart = memo(RolloutChartView);
