// Where every cell of the pod grid goes: zones as blocks flowing left to right (wrapping), each
// zone's nodes flowing inside it as boxes of cells. Pure geometry, so the canvas can paint 5,000 cells
// in one pass and hit-test the mouse in O(nodes) without a DOM element per pod.
import type { Pod } from '../api/types';
import type { ZoneGroup } from './group';

export interface GridMetrics {
  cell: number; // cell size including its 1px gap, in CSS pixels
  pad: number; // padding inside a node box
  gap: number; // space between node boxes
  zoneLabel: number; // height of a zone heading
  nodeLabel: number; // height of a node label inside its box
}

export interface NodeBox {
  zone: string;
  node: string;
  x: number;
  y: number;
  w: number;
  h: number;
  cols: number;
  first: number;
  count: number;
}
export interface ZoneBand {
  zone: string;
  count: number;
  x: number;
  y: number;
}
export interface GridLayout {
  width: number;
  height: number;
  metrics: GridMetrics;
  zones: ZoneBand[];
  nodes: NodeBox[];
  /** Pods in paint order; NodeBox.first indexes into it. */
  pods: Pod[];
  /** Cell position of pods[i] is (cellX[i], cellY[i]). */
  cellX: Float32Array;
  cellY: Float32Array;
}

/** Smaller cells as the workload grows, so 5,000 pods still fit a screen or two. */
export function metricsFor(total: number): GridMetrics {
  const cell = total <= 200 ? 18 : total <= 1000 ? 12 : total <= 3000 ? 9 : 7;
  return { cell, pad: 6, gap: 10, zoneLabel: 22, nodeLabel: 16 };
}

export function layoutGrid(zones: readonly ZoneGroup[], width: number, metrics: GridMetrics): GridLayout {
  const { cell, pad, gap, zoneLabel, nodeLabel } = metrics;
  const total = zones.reduce((n, z) => n + z.count, 0);
  const pods: Pod[] = new Array(total);
  const cellX = new Float32Array(total);
  const cellY = new Float32Array(total);
  const bands: ZoneBand[] = [];
  const boxes: NodeBox[] = [];
  const usable = Math.max(cell * 4 + pad * 2, width);
  const maxCols = Math.max(4, Math.floor((usable - pad * 2) / cell));
  // Zones flow left to right as blocks (side by side when they fit, as a small workload's do), and
  // each zone's nodes flow inside its block.
  let zoneX = 0;
  let zoneY = 0;
  let rowBottom = 0;
  let index = 0;
  for (const zone of zones) {
    // Every node box in a zone gets the same width, so the boxes line up as columns.
    const biggest = Math.max(1, ...zone.nodes.map((n) => n.pods.length));
    const cols = Math.min(maxCols, Math.max(4, Math.ceil(Math.sqrt(biggest * 2))));
    const w = cols * cell + pad * 2;
    const perRow = Math.max(1, Math.min(zone.nodes.length, Math.floor((usable + gap) / (w + gap))));
    const blockWidth = perRow * w + (perRow - 1) * gap;
    if (zoneX > 0 && zoneX + blockWidth > usable) {
      zoneX = 0;
      zoneY = rowBottom + gap;
    }
    bands.push({ zone: zone.zone, count: zone.count, x: zoneX, y: zoneY });
    let y = zoneY + zoneLabel;
    let rowHeight = 0;
    zone.nodes.forEach((node, n) => {
      if (n > 0 && n % perRow === 0) {
        y += rowHeight + gap;
        rowHeight = 0;
      }
      const x = zoneX + (n % perRow) * (w + gap);
      const rows = Math.max(1, Math.ceil(node.pods.length / cols));
      const h = nodeLabel + rows * cell + pad * 2;
      boxes.push({ zone: zone.zone, node: node.node, x, y, w, h, cols, first: index, count: node.pods.length });
      node.pods.forEach((pod, k) => {
        pods[index] = pod;
        cellX[index] = x + pad + (k % cols) * cell;
        cellY[index] = y + nodeLabel + pad + Math.floor(k / cols) * cell;
        index++;
      });
      rowHeight = Math.max(rowHeight, h);
    });
    rowBottom = Math.max(rowBottom, y + rowHeight);
    zoneX += blockWidth + gap * 2;
  }
  return { width: usable, height: Math.max(rowBottom + gap, 1), metrics, zones: bands, nodes: boxes, pods, cellX, cellY };
}

/** The index of the pod under (x, y) in CSS pixels, or -1. */
export function hitTest(layout: GridLayout, x: number, y: number): number {
  const { cell, pad, nodeLabel } = layout.metrics;
  for (const box of layout.nodes) {
    if (x < box.x || x >= box.x + box.w || y < box.y || y >= box.y + box.h) continue;
    const col = Math.floor((x - box.x - pad) / cell);
    const row = Math.floor((y - box.y - nodeLabel - pad) / cell);
    if (col < 0 || col >= box.cols || row < 0) return -1;
    const k = row * box.cols + col;
    return k < box.count ? box.first + k : -1;
  }
  return -1;
}
