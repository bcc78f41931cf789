'use client';
// Every pod as a row, virtualised (only the visible rows exist in the DOM), with a filter and
// checkboxes to choose pods for deletion. The keyboard-friendly twin of the canvas grid.
import { useMemo, useState, useSyncExternalStore } from 'react';
import type { Pod } from '../../lib/api/types';
import { colorOf, type RevisionColor } from '../../lib/grid/colors';
import { markOf } from '../../lib/grid/marks';
import type { PodStore } from '../../lib/live/pod-store';
import { MarkSwatch } from './GridLegend';

const ROW = 28;
const VIEW = 320;
const OVERSCAN = 8;

interface Props {
  store: PodStore;
  colors: Map<string, RevisionColor>;
  selected: ReadonlySet<string>;
  highlighted: ReadonlySet<string>;
  onToggle(pod: string): void;
  onSelectAll(pods: string[]): void;
}

export function PodTable({ store, colors, selected, highlighted, onToggle, onSelectAll }: Props) {
  const version = useSyncExternalStore(store.subscribe, store.getVersion, store.getVersion);
  const [text, setText] = useState('');
  const [scrollTop, setScrollTop] = useState(0);
  const rows = useMemo(() => {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    const all = store.snapshot();
    if (words.length === 0) return all;
    return all.filter((p) => {
      const hay = `${p.name} ${p.node ?? ''} ${p.zone ?? ''} ${p.revision} ${p.lifecycleState} ${p.pendingHook ?? ''} ${p.ready ? 'ready' : 'notready'}`.toLowerCase();
      return words.every((w) => hay.includes(w));
    });
  }, [store, version, text]); // version: the snapshot changes with it
  const first = Math.max(0, Math.floor(scrollTop / ROW) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + VIEW) / ROW) + OVERSCAN);
  const visible = rows.slice(first, last);

  return (
    <div className="pod-table">
      <div className="toolbar">
        <input type="search" placeholder="filter pods: name, node, zone, revision, state" value={text} onChange={(e) => setText(e.target.value)} aria-label="Filter pods" />
        <span className="muted">{rows.length} of {store.size} pods · {selected.size} chosen</span>
        <button type="button" onClick={() => onSelectAll(rows.map((r) => r.name))} disabled={rows.length === 0}>Choose all shown</button>
        <button type="button" onClick={() => onSelectAll([])} disabled={selected.size === 0}>Clear choice</button>
      </div>
      <div className="thead" role="row">
        <span />
        <span>NAME</span><span>REVISION</span><span>STATE</span><span>READY</span><span>NODE</span><span>ZONE</span><span>RESTARTS</span><span>HOOK</span>
      </div>
      <div className="viewport" style={{ height: Math.min(VIEW, Math.max(rows.length, 1) * ROW) }} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)} data-testid="pod-rows">
        <div style={{ height: rows.length * ROW, position: 'relative' }}>
          {visible.map((pod, k) => (
            <PodRow key={pod.name} pod={pod} top={(first + k) * ROW} color={colorOf(colors, pod.revision)} selected={selected.has(pod.name)} highlighted={highlighted.has(pod.name)} onToggle={onToggle} />
          ))}
        </div>
      </div>
    </div>
  );
}

function PodRow({ pod, top, color, selected, highlighted, onToggle }: { pod: Pod; top: number; color: string; selected: boolean; highlighted: boolean; onToggle(pod: string): void }) {
  const restarts = pod.containers.reduce((n, c) => n + c.restartCount, 0);
  return (
    <div className={`row${highlighted ? ' highlighted' : ''}`} style={{ top, height: ROW }} role="row" data-pod={pod.name} data-revision={pod.revision} id={`pod-${pod.name}`}>
      <span><input type="checkbox" checked={selected} onChange={() => onToggle(pod.name)} aria-label={`choose ${pod.name}`} /></span>
      <span className="mono">{pod.name}</span>
      <span><span className="swatch" style={{ background: color }} /> <span className="mono">{pod.revision}</span></span>
      <span><MarkSwatch mark={markOf(pod)} color={color} /> {pod.deleting ? 'Terminating' : pod.lifecycleState}</span>
      <span>{pod.ready ? (pod.available ? 'available' : 'ready') : 'no'}</span>
      <span>{pod.node ?? '-'}</span>
      <span>{pod.zone ?? '-'}</span>
      <span className="num">{restarts}</span>
      <span>{pod.pendingHook ?? ''}</span>
    </div>
  );
}
