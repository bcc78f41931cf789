// Paints a laid-out pod grid on a 2D canvas: node boxes, zone headings, one cell per pod coloured by
// revision with its lifecycle mark. One pass over 5,000 cells takes a few milliseconds.
import type { Pod } from '../api/types';
import type { GridLayout } from './layout';
import { markOf, type Mark } from './marks';

export interface PaintStyle {
  colorOf(pod: Pod): string;
  selected: ReadonlySet<string>;
  highlighted: ReadonlySet<string>;
  hovered: string | null;
  /** The current Rollout batch (its rollout-batch-id): pods on the new revision labelled with it are outlined. Null: none. */
  batch?: number | null;
}

/** Whether a pod belongs to the Rollout batch being released (docs/spec/kruise-rollout.md §3.9). */
export function inBatch(pod: Pick<Pod, 'isUpdated' | 'rolloutBatchId'>, batch: number | null | undefined): boolean {
  return batch != null && pod.isUpdated && pod.rolloutBatchId === batch;
}

export const BATCH_OUTLINE = '#7048e8';

const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const SMALL = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export function paintGrid(ctx: CanvasRenderingContext2D, layout: GridLayout, style: PaintStyle, dpr: number): void {
  const { cell } = layout.metrics;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, layout.width, layout.height);
  ctx.textBaseline = 'top';

  ctx.font = FONT;
  ctx.fillStyle = '#343a40';
  for (const z of layout.zones) ctx.fillText(`${z.zone} · ${z.count} pod${z.count === 1 ? '' : 's'}`, z.x, z.y + 4);

  ctx.font = SMALL;
  for (const box of layout.nodes) {
    ctx.fillStyle = '#f1f3f5';
    ctx.fillRect(box.x, box.y, box.w, box.h);
    ctx.fillStyle = '#495057';
    const label = `${box.node} (${box.count})`;
    ctx.fillText(fit(ctx, label, box.w - 8), box.x + 4, box.y + 3);
  }

  const size = cellSize(cell);
  for (let i = 0; i < layout.pods.length; i++) {
    const pod = layout.pods[i]!;
    paintCell(ctx, layout.cellX[i]!, layout.cellY[i]!, size, style.colorOf(pod), markOf(pod));
  }
  // Outlines last, so neighbours do not paint over them.
  for (let i = 0; i < layout.pods.length; i++) {
    const pod = layout.pods[i]!;
    const name = pod.name;
    const outline =
      name === style.hovered
        ? '#000'
        : style.selected.has(name)
          ? '#000'
          : style.highlighted.has(name)
            ? '#e8590c'
            : inBatch(pod, style.batch)
              ? BATCH_OUTLINE
              : null;
    if (!outline) continue;
    ctx.strokeStyle = outline;
    ctx.lineWidth = outline === '#e8590c' || outline === BATCH_OUTLINE ? 2 : 1.5;
    ctx.strokeRect(layout.cellX[i]! - 1, layout.cellY[i]! - 1, size + 2, size + 2);
  }
}

/** The painted square inside a cell's slot: the rest is the gap between cells. */
export function cellSize(cell: number): number {
  return Math.max(2, cell - (cell >= 9 ? 2 : 1));
}

export function paintCell(ctx: CanvasRenderingContext2D, x: number, y: number, s: number, color: string, mark: Mark): void {
  switch (mark) {
    case 'not-ready':
      ctx.fillStyle = '#fff';
      ctx.fillRect(x, y, s, s);
      ctx.strokeStyle = color;
      ctx.lineWidth = Math.max(1, s / 5);
      ctx.strokeRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, s - ctx.lineWidth, s - ctx.lineWidth);
      return;
    case 'ready-not-available':
      ctx.globalAlpha = 0.55;
      ctx.fillStyle = color;
      ctx.fillRect(x, y, s, s);
      ctx.globalAlpha = 1;
      return;
    case 'deleting':
      ctx.globalAlpha = 0.3;
      ctx.fillStyle = color;
      ctx.fillRect(x, y, s, s);
      ctx.globalAlpha = 1;
      cross(ctx, x, y, s, '#212529');
      return;
    default:
      ctx.fillStyle = color;
      ctx.fillRect(x, y, s, s);
  }
  if (mark === 'updating') {
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = Math.max(1, s / 6);
    ctx.beginPath();
    ctx.moveTo(x, y + s);
    ctx.lineTo(x + s, y);
    ctx.stroke();
  } else if (mark === 'preparing-delete') {
    cross(ctx, x, y, s, '#fff');
  } else if (mark === 'hook') {
    ctx.fillStyle = '#e03131';
    ctx.beginPath();
    ctx.moveTo(x + s / 2, y);
    ctx.lineTo(x + s, y);
    ctx.lineTo(x + s, y + s / 2);
    ctx.fill();
  }
}

function cross(ctx: CanvasRenderingContext2D, x: number, y: number, s: number, color: string): void {
  const inset = s / 5;
  ctx.strokeStyle = color;
  ctx.lineWidth = Math.max(1, s / 7);
  ctx.beginPath();
  ctx.moveTo(x + inset, y + inset);
  ctx.lineTo(x + s - inset, y + s - inset);
  ctx.moveTo(x + s - inset, y + inset);
  ctx.lineTo(x + inset, y + s - inset);
  ctx.stroke();
}

function fit(ctx: CanvasRenderingContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  let t = text;
  while (t.length > 1 && ctx.measureText(`${t}…`).width > width) t = t.slice(0, -1);
  return `${t}…`;
}
