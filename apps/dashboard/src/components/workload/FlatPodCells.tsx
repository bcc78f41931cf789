'use client';
// A revision's pods as small canvas cells (the revision cards at the top of the page): coloured by
// revision, marked by lifecycle state as in the topology grid, with the same tooltip; a click chooses
// the pod (for "delete chosen pods").
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Pod } from '../../lib/api/types';
import { colorOf, type RevisionColor } from '../../lib/grid/colors';
import { flatCell, flatHit, flatLayout } from '../../lib/grid/flat';
import { markOf } from '../../lib/grid/marks';
import { cellSize, paintCell } from '../../lib/grid/paint';
import { useElementWidth } from '../common/useElementWidth';
import { useCanvasPointer, type PodHover } from './canvas-pointer';
import { usePodSelection } from './PodSelection';
import { PodTooltip } from './PodTooltip';

interface Props {
  pods: Pod[];
  colors: Map<string, RevisionColor>;
  testId?: string;
}

export function FlatPodCells({ pods, colors, testId }: Props) {
  const { selected, highlighted, blockers, toggle } = usePodSelection();
  const [wrapRef, width] = useElementWidth<HTMLDivElement>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [hover, setHover] = useState<PodHover | null>(null);
  const layout = useMemo(() => flatLayout(pods.length, width), [pods.length, width]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || width === 0) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.ceil(layout.width * dpr);
    canvas.height = Math.ceil(layout.height * dpr);
    canvas.style.width = `${layout.width}px`;
    canvas.style.height = `${layout.height}px`;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, layout.width, layout.height);
    const size = cellSize(layout.cell);
    pods.forEach((pod, i) => {
      const { x, y } = flatCell(layout, i);
      paintCell(ctx, x, y, size, colorOf(colors, pod.revision), markOf(pod));
      const outline = pod.name === hover?.pod.name || selected.has(pod.name) ? '#000' : highlighted.has(pod.name) ? '#e8590c' : null;
      if (outline) {
        ctx.strokeStyle = outline;
        ctx.lineWidth = 1.5;
        ctx.strokeRect(x - 0.5, y - 0.5, size + 1, size + 1);
      }
    });
  }, [pods, colors, selected, highlighted, hover?.pod.name, width, layout]);

  function podAt(clientX: number, clientY: number) {
    const rect = canvasRef.current!.getBoundingClientRect();
    const i = flatHit(layout, pods.length, clientX - rect.left, clientY - rect.top);
    if (i < 0) return null;
    const { x, y } = flatCell(layout, i);
    return { pod: pods[i]!, x, y: y + layout.cell };
  }
  const pointer = useCanvasPointer(podAt, setHover, toggle);

  return (
    <div className="flat-cells" ref={wrapRef}>
      <canvas ref={canvasRef} data-testid={testId} data-pods={pods.length} role="img" aria-label={`${pods.length} pods`} {...pointer} />
      {hover && (
        <PodTooltip
          pod={pods.find((p) => p.name === hover.pod.name) ?? hover.pod}
          x={hover.x}
          y={hover.y}
          color={colors.get(hover.pod.revision)}
          blockers={blockers.get(hover.pod.name)}
        />
      )}
    </div>
  );
}
