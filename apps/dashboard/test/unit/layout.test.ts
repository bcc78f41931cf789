import { describe, expect, it } from '@jest/globals';
import { groupPods } from '../../src/lib/grid/group';
import { hitTest, layoutGrid, metricsFor } from '../../src/lib/grid/layout';
import { pod } from '../support/fixtures';

function pods(n: number, zones = 3, nodesPerZone = 3) {
  return Array.from({ length: n }, (_, i) => {
    const z = i % zones;
    return pod(`p-${String(i).padStart(5, '0')}`, { zone: `zone-${z}`, node: `node-${z}-${Math.floor(i / zones) % nodesPerZone}` });
  });
}

describe('layoutGrid', () => {
  it('places every pod inside its node box, and hit-testing each cell finds that pod', () => {
    const layout = layoutGrid(groupPods(pods(500)), 900, metricsFor(500));
    expect(layout.pods).toHaveLength(500);
    const { cell } = layout.metrics;
    for (const box of layout.nodes) {
      for (let i = box.first; i < box.first + box.count; i++) {
        expect(layout.pods[i]!.node).toBe(box.node);
        expect(layout.cellX[i]).toBeGreaterThanOrEqual(box.x);
        expect(layout.cellX[i]! + cell).toBeLessThanOrEqual(box.x + box.w);
        expect(layout.cellY[i]! + cell).toBeLessThanOrEqual(box.y + box.h);
        expect(hitTest(layout, layout.cellX[i]! + cell / 2, layout.cellY[i]! + cell / 2)).toBe(i);
      }
    }
  });

  it('keeps node boxes from overlapping and inside the width', () => {
    const layout = layoutGrid(groupPods(pods(5000)), 1200, metricsFor(5000));
    for (const a of layout.nodes) {
      expect(a.x + a.w).toBeLessThanOrEqual(layout.width);
      for (const b of layout.nodes) {
        if (a === b) continue;
        const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
        expect(apart).toBe(true);
      }
    }
    expect(layout.height).toBeGreaterThan(0);
  });

  it('puts the zones of a small workload side by side', () => {
    const layout = layoutGrid(groupPods(pods(6)), 1200, metricsFor(6));
    expect(layout.zones.map((z) => z.y)).toEqual([0, 0, 0]);
    expect(new Set(layout.zones.map((z) => z.x)).size).toBe(3);
  });

  it('wraps zones to new rows when they do not fit', () => {
    const layout = layoutGrid(groupPods(pods(5000)), 600, metricsFor(5000));
    const ys = layout.zones.map((z) => z.y);
    expect(ys[1]).toBeGreaterThan(ys[0]!);
    expect(ys[2]).toBeGreaterThan(ys[1]!);
  });

  it('misses outside cells: gaps, labels and empty slots', () => {
    const layout = layoutGrid(groupPods(pods(5, 1, 1)), 400, metricsFor(5));
    const box = layout.nodes[0]!;
    expect(hitTest(layout, box.x + 1, box.y + 1)).toBe(-1); // the node label
    expect(hitTest(layout, box.x + box.w + 3, box.y + 30)).toBe(-1); // outside the box
    const { pad, cell, nodeLabel } = layout.metrics;
    expect(box.cols).toBe(4); // 5 pods: row 0 full, row 1 holds one pod and three empty slots
    const slot = (col: number, row: number) => [box.x + pad + col * cell + cell / 2, box.y + nodeLabel + pad + row * cell + cell / 2] as const;
    expect(hitTest(layout, ...slot(0, 1))).toBe(4);
    expect(hitTest(layout, ...slot(3, 1))).toBe(-1);
  });

  it('shrinks cells as the workload grows', () => {
    expect(metricsFor(5).cell).toBeGreaterThan(metricsFor(5000).cell);
  });
});
