'use client';
// The grid's legend: each revision's colour with its pod count, and what each mark means.
import { memo } from 'react';
import type { Revision } from '../../lib/api/types';
import { colorOf, type RevisionColor } from '../../lib/grid/colors';
import { MARK_LEGEND, markOf, type Mark } from '../../lib/grid/marks';
import type { PodStore } from '../../lib/live/pod-store';
import { usePodSnapshot } from './usePodSnapshot';

function GridLegendView({ store, revisions, colors }: { store: PodStore; revisions: Revision[]; colors: Map<string, RevisionColor> }) {
  const pods = usePodSnapshot(store);
  const byRevision = new Map<string, number>();
  const byMark = new Map<Mark, number>();
  for (const pod of pods) {
    const name = colors.get(pod.revision)?.name ?? pod.revision;
    byRevision.set(name, (byRevision.get(name) ?? 0) + 1);
    const m = markOf(pod);
    byMark.set(m, (byMark.get(m) ?? 0) + 1);
  }
  const unknown = [...byRevision.keys()].filter((r) => !revisions.some((x) => x.name === r));
  return (
    <div className="legend" data-testid="grid-legend">
      <ul className="revisions">
        {revisions.map((r) => (
          <li key={r.name} data-revision={r.name} data-count={byRevision.get(r.name) ?? 0}>
            <span className="swatch" style={{ background: colorOf(colors, r.name) }} />
            {r.name} <span className="muted">({colors.get(r.name)?.label})</span>: <b>{byRevision.get(r.name) ?? 0}</b>
          </li>
        ))}
        {unknown.map((r) => (
          <li key={r} data-revision={r} data-count={byRevision.get(r)}>
            <span className="swatch" style={{ background: colorOf(colors, r) }} />
            {r}: <b>{byRevision.get(r)}</b>
          </li>
        ))}
      </ul>
      <ul className="marks">
        {MARK_LEGEND.map(({ mark, label }) => (
          <li key={mark}>
            <MarkSwatch mark={mark} /> {label}
            {byMark.get(mark) ? `: ${byMark.get(mark)}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The same marks as the canvas paints, as small SVGs. */
export function MarkSwatch({ mark, color = '#1f6fd1', size = 12 }: { mark: Mark; color?: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 12 12" aria-hidden="true" className="mark-swatch">
      {mark === 'not-ready' ? (
        <rect x="1" y="1" width="10" height="10" fill="#fff" stroke={color} strokeWidth="2" />
      ) : (
        <rect x="0" y="0" width="12" height="12" fill={color} opacity={mark === 'deleting' ? 0.3 : mark === 'ready-not-available' ? 0.55 : 1} />
      )}
      {mark === 'updating' && <line x1="0" y1="12" x2="12" y2="0" stroke="#fff" strokeWidth="2" />}
      {(mark === 'preparing-delete' || mark === 'deleting') && (
        <path d="M2.5 2.5L9.5 9.5M9.5 2.5L2.5 9.5" stroke={mark === 'deleting' ? '#212529' : '#fff'} strokeWidth="1.7" />
      )}
      {mark === 'hook' && <path d="M6 0H12V6Z" fill="#e03131" />}
    </svg>
  );
}

/** Memoised: the page re-renders on every workload status event; this re-renders only when its own inputs change. */
export const GridLegend = memo(GridLegendView);
