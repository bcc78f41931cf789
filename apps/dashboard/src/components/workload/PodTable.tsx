'use client';
// Every pod as a row, virtualised (only the visible rows exist in the DOM), with a filter and
// checkboxes to choose pods for deletion. The keyboard-friendly twin of the canvas grid: kubectl's
// IP and AGE, and the plan's blocker codes for the pods it names.
import { memo, useMemo, useState } from 'react';
import type { Blocker, Pod } from '../../lib/api/types';
import { age } from '../../lib/format';
import { colorOf, type RevisionColor } from '../../lib/grid/colors';
import { markOf } from '../../lib/grid/marks';
import type { PodStore } from '../../lib/live/pod-store';
import { useNow } from '../common/useNow';
import { MarkSwatch } from './GridLegend';
import { usePodSelection } from './PodSelection';
import { usePodSnapshot } from './usePodSnapshot';

const ROW = 28;
const VIEW = 320;
const OVERSCAN = 8;

interface Props {
  store: PodStore;
  colors: Map<string, RevisionColor>;
}

function PodTableView({ store, colors }: Props) {
  const { selected, highlighted, blockers, toggle, choose } = usePodSelection();
  const all = usePodSnapshot(store);
  const [text, setText] = useState('');
  const [scrollTop, setScrollTop] = useState(0);
  const now = useNow(5000);
  const rows = useMemo(() => {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) return all;
    return all.filter((p) => {
      const held = (blockers.get(p.name) ?? []).map((b) => b.code).join(' ');
      const hay =
        `${p.name} ${p.node ?? ''} ${p.zone ?? ''} ${p.podIP ?? ''} ${p.revision} ${p.lifecycleState} ${p.pendingHook ?? ''} ${p.ready ? 'ready' : 'notready'} ${held}`.toLowerCase();
      return words.every((w) => hay.includes(w));
    });
  }, [all, text, blockers]);
  const first = Math.max(0, Math.floor(scrollTop / ROW) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + VIEW) / ROW) + OVERSCAN);
  const visible = rows.slice(first, last);

  return (
    <div className="pod-table">
      <div className="toolbar">
        <input
          type="search"
          placeholder="filter pods: name, node, zone, IP, revision, state, blocker"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label="Filter pods"
        />
        <span className="muted">
          {rows.length} of {store.size} pods · {selected.size} chosen
        </span>
        <button type="button" onClick={() => choose(rows.map((r) => r.name))} disabled={rows.length === 0}>
          Choose all shown
        </button>
        <button type="button" onClick={() => choose([])} disabled={selected.size === 0}>
          Clear choice
        </button>
      </div>
      <div className="thead" role="row">
        <span />
        <span>NAME</span>
        <span>REVISION</span>
        <span>STATE</span>
        <span>READY</span>
        <span>NODE</span>
        <span>ZONE</span>
        <span>IP</span>
        <span>RESTARTS</span>
        <span>AGE</span>
        <span>HOOK</span>
        <span>HELD BY</span>
      </div>
      <div
        className="viewport"
        style={{ height: Math.min(VIEW, Math.max(rows.length, 1) * ROW) }}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        data-testid="pod-rows"
      >
        <div style={{ height: rows.length * ROW, position: 'relative' }}>
          {visible.map((pod, k) => (
            <PodRow
              key={pod.name}
              pod={pod}
              top={(first + k) * ROW}
              color={colorOf(colors, pod.revision)}
              selected={selected.has(pod.name)}
              highlighted={highlighted.has(pod.name)}
              held={blockers.get(pod.name)}
              now={now}
              onToggle={toggle}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

interface RowProps {
  pod: Pod;
  top: number;
  color: string;
  selected: boolean;
  highlighted: boolean;
  held: Blocker[] | undefined;
  now: number;
  onToggle(pod: string): void;
}

function PodRow({ pod, top, color, selected, highlighted, held, now, onToggle }: RowProps) {
  const restarts = pod.containers.reduce((n, c) => n + c.restartCount, 0);
  return (
    <div
      className={`row${highlighted ? ' highlighted' : ''}`}
      style={{ top, height: ROW }}
      role="row"
      data-pod={pod.name}
      data-revision={pod.revision}
      id={`pod-${pod.name}`}
    >
      <span>
        <input type="checkbox" checked={selected} onChange={() => onToggle(pod.name)} aria-label={`choose ${pod.name}`} />
      </span>
      <span className="mono">{pod.name}</span>
      <span>
        <span className="swatch" style={{ background: color }} /> <span className="mono">{pod.revision}</span>
      </span>
      <span>
        <MarkSwatch mark={markOf(pod)} color={color} /> {pod.deleting ? 'Terminating' : pod.lifecycleState}
      </span>
      <span>{pod.ready ? (pod.available ? 'available' : 'ready') : 'no'}</span>
      <span>{pod.node ?? '-'}</span>
      <span>{pod.zone ?? '-'}</span>
      <span className="mono" data-field="ip">
        {pod.podIP ?? '-'}
      </span>
      <span className="num">{restarts}</span>
      <span className="num" data-field="age">
        {age(pod.createdAt, now)}
      </span>
      <span>{pod.pendingHook ?? ''}</span>
      <span title={held?.map((b) => b.message).join('\n')}>{held?.map((b) => b.code).join(', ') ?? ''}</span>
    </div>
  );
}

/** Memoised: the page re-renders on every workload status event; this re-renders only when its own inputs change. */
export const PodTable = memo(PodTableView);
