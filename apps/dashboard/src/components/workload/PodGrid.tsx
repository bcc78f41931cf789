'use client';
// Every pod as a canvas cell, grouped by zone and node, coloured by revision and marked by lifecycle
// state; a tooltip per pod; click chooses (for "delete chosen pods", PodSelection). The canvas repaints straight
// from the PodStore on each batched flush: React renders only the tooltip and the frame around it.
import { memo, useEffect, useRef, useState } from 'react';
import type { Pod } from '../../lib/api/types';
import { colorOf, type RevisionColor } from '../../lib/grid/colors';
import { groupPods } from '../../lib/grid/group';
import { hitTest, layoutGrid, metricsFor, type GridLayout } from '../../lib/grid/layout';
import { markOf } from '../../lib/grid/marks';
import { cellSize, inBatch, paintGrid } from '../../lib/grid/paint';
import type { PodStore } from '../../lib/live/pod-store';
import { recordPaint } from './grid-probe';
import { useElementWidth } from '../common/useElementWidth';
import { useCanvasPointer, type PodHover } from './canvas-pointer';
import { usePodSelection } from './PodSelection';
import { PodTooltip } from './PodTooltip';

interface Props {
  store: PodStore;
  colors: Map<string, RevisionColor>;
  /** The Rollout batch being released (rollout-batch-id), whose pods are outlined; null or absent: none. */
  batch?: number | null;
}

function PodGridView({ store, colors, batch = null }: Props) {
  const { selected, highlighted, blockers, toggle } = usePodSelection();
  const [wrapRef, width] = useElementWidth<HTMLDivElement>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const layoutRef = useRef<GridLayout | null>(null);
  const layoutKey = useRef('');
  const [hover, setHover] = useState<PodHover | null>(null);
  // The painter reads the latest props through this ref, so store flushes need no React render. It is
  // updated after each commit, before the paint effect below runs (effects run in order).
  const props = useRef({ colors, selected, highlighted, hovered: null as string | null, width, batch });
  useEffect(() => {
    props.current = { colors, selected, highlighted, hovered: hover?.pod.name ?? null, width, batch };
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width === 0) return;
    const paint = () => {
      const started = performance.now();
      const p = props.current;
      // Hover, selection and colour changes repaint without regrouping: layout depends on pods and width only.
      const key = `${store.version}/${p.width}`;
      if (key !== layoutKey.current || !layoutRef.current) {
        const pods = store.snapshot();
        layoutRef.current = layoutGrid(groupPods(pods), p.width, metricsFor(pods.length));
        layoutKey.current = key;
      }
      const layout = layoutRef.current;
      const dpr = window.devicePixelRatio || 1;
      const w = Math.ceil(layout.width * dpr);
      const h = Math.ceil(layout.height * dpr);
      if (canvas.width !== w || canvas.height !== h) {
        canvas.width = w;
        canvas.height = h;
        canvas.style.width = `${layout.width}px`;
        canvas.style.height = `${layout.height}px`;
      }
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      const colorFor = (pod: Pod) => colorOf(p.colors, pod.revision);
      paintGrid(ctx, layout, { colorOf: colorFor, selected: p.selected, highlighted: p.highlighted, hovered: p.hovered, batch: p.batch }, dpr);
      recordPaint(canvas, layout, cellSize(layout.metrics.cell), started, (pod) => ({
        revision: pod.revision,
        mark: markOf(pod),
        color: colorFor(pod),
        batch: inBatch(pod, p.batch),
      }));
    };
    paint();
    return store.subscribe(paint);
  }, [store, width, colors, selected, highlighted, hover?.pod.name, batch]);

  function podAt(clientX: number, clientY: number): PodHover | null {
    const canvas = canvasRef.current;
    const layout = layoutRef.current;
    if (!canvas || !layout) return null;
    const rect = canvas.getBoundingClientRect();
    const i = hitTest(layout, clientX - rect.left, clientY - rect.top);
    if (i < 0) return null;
    return { pod: layout.pods[i]!, x: layout.cellX[i]!, y: layout.cellY[i]! + layout.metrics.cell };
  }
  const pointer = useCanvasPointer(podAt, setHover, toggle);

  const live = hover ? (store.get(hover.pod.name) ?? hover.pod) : null;
  return (
    <div className="grid-wrap" ref={wrapRef}>
      <canvas
        ref={canvasRef}
        data-testid="pod-grid"
        role="img"
        aria-label={`Pod grid: ${store.size} pods by zone and node, coloured by revision`}
        {...pointer}
      />
      {hover && live && <PodTooltip pod={live} x={hover.x} y={hover.y} color={colors.get(live.revision)} blockers={blockers.get(live.name)} />}
      {store.loaded && store.size === 0 && <p className="muted">No pods.</p>}
    </div>
  );
}

/** Memoised: the page re-renders on every workload status event; this re-renders only when its own inputs change. */
export const PodGrid = memo(PodGridView);
