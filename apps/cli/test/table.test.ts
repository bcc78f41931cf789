// What `coxswain get` prints: kubectl's tab-writer layout, its AGE words, and the columns per kind
// (-A's NAMESPACE, -o wide's CONTAINERS, IMAGES and SELECTOR from Kruise's printer columns).
import { describe, expect, it } from '@jest/globals';
import type { WorkloadRowFragment } from '../src/api/generated.js';
import { wideColumns, workloadTable } from '../src/commands/get.js';
import { parseKind } from '../src/kinds.js';
import { ageOf, renderTable } from '../src/output/table.js';

const CLONESET_COLUMNS = ['DESIRED', 'UPDATED', 'UPDATED_READY', 'UPDATED_AVAILABLE', 'READY', 'TOTAL', 'AGE'];

function cloneSet(name: string, namespace: string, values: string[], manifest?: string): WorkloadRowFragment {
  return {
    kind: 'CLONE_SET', namespace, name, images: ['nginx:1.27', 'envoy:1.30'],
    columns: CLONESET_COLUMNS.map((c, i) => ({ name: c, value: values[i]! })),
    ...(manifest !== undefined ? { manifest } : {}),
  };
}

describe('renderTable', () => {
  it("pads every column but the last as kubectl's tabwriter does (minimum 6, padding 3)", () => {
    expect(renderTable(['NAME', 'DESIRED', 'AGE'], [['sample', '5', '3m'], ['a', '10', '45s']])).toEqual([
      'NAME     DESIRED   AGE',
      'sample   5         3m',
      'a        10        45s',
    ]);
  });

  it('keeps short columns at the minimum width and leaves no trailing spaces', () => {
    expect(renderTable(['A', 'B'], [['x', '']])).toEqual(['A     B', 'x']);
  });
});

describe('ageOf (kubectl AGE words: libs/kruise-api/test/human-age.test.ts)', () => {
  it('counts from the server clock and says when it cannot', () => {
    expect(ageOf('2026-01-01T00:00:00Z', Date.parse('2026-01-01T00:01:30Z'))).toBe('90s');
    expect(ageOf(null, 0)).toBe('<unknown>');
    expect(ageOf('yesterday', 0)).toBe('<unknown>');
  });
});

describe('workloadTable', () => {
  const rows = [cloneSet('web', 'shop', ['5', '2', '2', '1', '5', '5', '3m']), cloneSet('api-gateway', 'payments', ['10', '10', '10', '10', '10', '10', '2d'])];

  it("prints NAME and the kind's columns as the API gives them", () => {
    expect(workloadTable(rows, { allNamespaces: false, wide: false })).toEqual([
      'NAME          DESIRED   UPDATED   UPDATED_READY   UPDATED_AVAILABLE   READY   TOTAL   AGE',
      'web           5         2         2               1                   5       5       3m',
      'api-gateway   10        10        10              10                  10      10      2d',
    ]);
  });

  it('puts NAMESPACE first with -A', () => {
    expect(workloadTable(rows, { allNamespaces: true, wide: false })[0]).toBe(
      'NAMESPACE   NAME          DESIRED   UPDATED   UPDATED_READY   UPDATED_AVAILABLE   READY   TOTAL   AGE',
    );
    expect(workloadTable(rows, { allNamespaces: true, wide: false })[1]!.startsWith('shop        web ')).toBe(true);
  });

  it("adds Kruise's priority-1 columns with -o wide", () => {
    const manifest = `apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: {name: web, namespace: shop}
spec:
  template:
    spec:
      containers: [{name: main, image: nginx:1.27}, {name: proxy, image: envoy:1.30}]
status: {labelSelector: app=web}
`;
    const table = workloadTable([cloneSet('web', 'shop', ['5', '5', '5', '5', '5', '5', '1m'], manifest)], { allNamespaces: false, wide: true });
    expect(table).toEqual([
      'NAME   DESIRED   UPDATED   UPDATED_READY   UPDATED_AVAILABLE   READY   TOTAL   AGE   CONTAINERS   IMAGES                  SELECTOR',
      'web    5         5         5               5                   5       5       1m    main,proxy   nginx:1.27,envoy:1.30   app=web',
    ]);
  });

  it('has no wide columns for a UnitedDeployment, and none but containers and images for a StatefulSet', () => {
    const row = { ...cloneSet('u', 'd', []), manifest: 'spec: {template: {spec: {containers: [{name: main}]}}}' };
    expect(wideColumns(parseKind('ud'), row)).toEqual([]);
    expect(wideColumns(parseKind('asts'), row).map((c) => c.name)).toEqual(['CONTAINERS', 'IMAGES']);
  });

  it('prints nothing for no rows (get says "No resources found" instead)', () => {
    expect(workloadTable([], { allNamespaces: false, wide: false })).toEqual([]);
  });
});
