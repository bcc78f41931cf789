// Pods as a flat run of cells in rows (a revision's pods, in name order): the geometry of the small
// grids in the revision cards, with a hit test by arithmetic.
export interface FlatLayout {
  cell: number;
  cols: number;
  rows: number;
  width: number;
  height: number;
}

export function flatLayout(count: number, width: number, cell = count <= 200 ? 14 : count <= 1000 ? 10 : 7): FlatLayout {
  const cols = Math.max(1, Math.floor(Math.max(width, cell) / cell));
  const rows = Math.ceil(count / cols);
  return { cell, cols, rows, width: cols * cell, height: Math.max(rows, 1) * cell };
}

export function flatCell(layout: FlatLayout, i: number): { x: number; y: number } {
  return { x: (i % layout.cols) * layout.cell, y: Math.floor(i / layout.cols) * layout.cell };
}

/** The index of the cell under (x, y) in CSS pixels, or -1. */
export function flatHit(layout: FlatLayout, count: number, x: number, y: number): number {
  if (x < 0 || y < 0 || x >= layout.width) return -1;
  const i = Math.floor(y / layout.cell) * layout.cols + Math.floor(x / layout.cell);
  return i < count ? i : -1;
}
