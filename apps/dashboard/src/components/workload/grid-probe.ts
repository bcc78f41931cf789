// What the grid last painted, per pod, exposed on window.__coxswainGrid and on the canvas' data-*
// attributes. Browser tests and the benchmark read it to see a cell change colour or mark (and when)
// without decoding pixels; it costs one Map update per pod per paint.
import type { Pod } from '../../lib/api/types';
import type { GridLayout } from '../../lib/grid/layout';

/** A painted cell: its look, where it is on the canvas (CSS pixels) and when its look last changed. */
export interface PaintedCell {
  revision: string;
  mark: string;
  color: string;
  /** Outlined as a pod of the Rollout batch being released. */
  batch: boolean;
  at: number;
  x: number;
  y: number;
  size: number;
}
/** One repaint: when it finished (performance.now()), how many pods, and how long it took (ms). */
export interface PaintRecord {
  at: number;
  pods: number;
  ms: number;
}
interface Probe {
  paints: number;
  log: PaintRecord[];
  cells: Map<string, PaintedCell>;
  cell(name: string): PaintedCell | null;
  counts(): Record<string, number>;
}

const LOG_LIMIT = 200;

declare global {
  interface Window {
    __coxswainGrid?: Probe;
  }
}

function probe(): Probe {
  if (!window.__coxswainGrid) {
    const cells = new Map<string, PaintedCell>();
    window.__coxswainGrid = {
      paints: 0,
      log: [],
      cells,
      cell: (name) => cells.get(name) ?? null,
      counts: () => {
        const out: Record<string, number> = {};
        for (const c of cells.values()) out[c.revision] = (out[c.revision] ?? 0) + 1;
        return out;
      },
    };
  }
  return window.__coxswainGrid;
}

type Look = Pick<PaintedCell, 'revision' | 'mark' | 'color' | 'batch'>;

export function recordPaint(canvas: HTMLCanvasElement, layout: GridLayout, size: number, startedAt: number, look: (pod: Pod) => Look): void {
  const paintMs = performance.now() - startedAt; // grouping, layout and canvas drawing; not this bookkeeping
  const p = probe();
  const now = Date.now();
  const seen = new Set<string>();
  const pods = layout.pods;
  for (let i = 0; i < pods.length; i++) {
    const pod = pods[i]!;
    const next = look(pod);
    const prev = p.cells.get(pod.name);
    seen.add(pod.name);
    const changed = !prev || prev.revision !== next.revision || prev.mark !== next.mark || prev.color !== next.color || prev.batch !== next.batch;
    p.cells.set(pod.name, { ...next, at: changed || !prev ? now : prev.at, x: layout.cellX[i]!, y: layout.cellY[i]!, size });
  }
  for (const name of p.cells.keys()) if (!seen.has(name)) p.cells.delete(name);
  p.paints++;
  p.log.push({ at: performance.now(), pods: pods.length, ms: paintMs });
  if (p.log.length > LOG_LIMIT) p.log.splice(0, p.log.length - LOG_LIMIT);
  const counts = p.counts();
  canvas.dataset.pods = String(pods.length);
  canvas.dataset.paints = String(p.paints);
  canvas.dataset.revisionCounts = JSON.stringify(counts);
}
