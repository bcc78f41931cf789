// Issue 11 item 8 in Chromium against the real API and the production build: a UnitedDeployment's page
// (a row per subset with its allocation and why, its pods as chips by zone and node), stepping one
// subset's partition after a template change (only that subset's pods change revision), and the
// cluster topology page (every zone with its nodes and the pods of each workload on them, polling only
// while the tab is visible).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { CURRENT_COLOR, UPDATE_COLOR } from '../../src/lib/grid/colors';
import { openBrowserSession, type BrowserSession } from '../support/browser-session';
import { gql, screenshot, type Running, type RunningApi } from '../support/servers';
import { confirmWith as confirmDialogWith } from '../support/confirm-dialog';
import { pollUntil } from '../support/poll';

let session: BrowserSession;
let api: RunningApi;
let dashboard: Running;
let page: Page;
const topologyRequests: number[] = [];

// OpenKruise's example with a CloneSet template (a CloneSet partition keeps that many pods back, so a
// step moves exactly one pod), held by its partitions from the start: subset-a 1, subset-b 3, subset-c 2.
const zone = (z: string) => `{matchExpressions: [{key: node, operator: In, values: [${z}]}]}`;
const UNITED = `apiVersion: apps.kruise.io/v1alpha1
kind: UnitedDeployment
metadata: {name: shop-ud, namespace: zones}
spec:
  replicas: 6
  selector: {matchLabels: {app: shop-ud}}
  template:
    cloneSetTemplate:
      metadata: {labels: {app: shop-ud}}
      spec:
        selector: {matchLabels: {app: shop-ud}}
        template:
          metadata: {labels: {app: shop-ud}}
          spec: {containers: [{name: main, image: "nginx:1.25"}]}
  topology:
    subsets:
    - {name: subset-a, nodeSelectorTerm: ${zone('zone-a')}, replicas: 1}
    - {name: subset-b, nodeSelectorTerm: ${zone('zone-b')}, replicas: 50%}
    - {name: subset-c, nodeSelectorTerm: ${zone('zone-c')}}
  updateStrategy:
    type: Manual
    manualUpdate: {partitions: {subset-a: 1, subset-b: 3, subset-c: 2}}
`;
const SUBSET_REPLICAS = { 'subset-a': 1, 'subset-b': 3, 'subset-c': 2 };

beforeAll(async () => {
  session = await openBrowserSession({ manifest: UNITED, signedIn: true });
  ({ api, dashboard, page } = session);
  page.on('request', (req) => {
    if ((req.postData() ?? '').includes('query Topology')) topologyRequests.push(Date.now());
  });
}, 120_000);

afterAll(() => session?.close());

const confirmWith = (button: RegExp | string, expectBody: (string | RegExp)[] = []): Promise<void> => confirmDialogWith(page, button, expectBody);

/** Waits until every subset row shows its replicas and that many ready pods as chips, none marked. */
async function subsetsSettle(want: Record<string, number>, timeout = 45_000): Promise<void> {
  await page.waitForFunction(
    (w) =>
      Object.entries(w).every(([subset, n]) => {
        const row = document.querySelector(`tr.subset-row[data-subset="${subset}"]`);
        const chips = [...document.querySelectorAll(`tr.subset-pods[data-subset="${subset}"] [data-pod]`)];
        return (
          row?.getAttribute('data-replicas') === String(n) &&
          row.getAttribute('data-ready') === String(n) &&
          chips.length === n &&
          chips.every((c) => c.getAttribute('data-mark') === 'none')
        );
      }),
    want,
    { timeout, polling: 100 },
  );
}

/** Each subset's chips as the page shows them: pod -> revision, and the zones they sit in. */
async function chips(): Promise<Record<string, { pods: Record<string, string>; zones: string[] }>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('tr.subset-pods')].map((row) => [
        row.getAttribute('data-subset'),
        {
          pods: Object.fromEntries([...row.querySelectorAll('[data-pod]')].map((c) => [c.getAttribute('data-pod'), c.getAttribute('data-revision')])),
          zones: [...new Set([...row.querySelectorAll('[data-pod]')].map((c) => c.closest('[data-zone]')!.getAttribute('data-zone')))],
        },
      ]),
    ),
  );
}

/** The revisions of a subset's pods, counted (pod names change when a CloneSet recreates a pod). */
const revisionCounts = (pods: Record<string, string>) => Object.values(pods).reduce<Record<string, number>>((n, r) => ({ ...n, [r]: (n[r] ?? 0) + 1 }), {});

interface ApiUnited {
  status: { currentRevision: string; updateRevision: string };
  pods: { edges: { node: { name: string; subset: string | null; revision: string; node: string | null; zone: string | null } }[] };
}
async function apiUnited(namespace: string, name: string): Promise<ApiUnited> {
  const res = await gql<{ workload: ApiUnited }>(
    api.url,
    `query($ns: String!, $n: String!) { workload(kind: UNITED_DEPLOYMENT, namespace: $ns, name: $n) {
    status { currentRevision updateRevision } pods(first: 100) { edges { node { name subset revision node zone } } } } }`,
    { ns: namespace, n: name },
  );
  if (res.errors) throw new Error(res.errors[0]!.message);
  return res.data!.workload;
}

describe('UnitedDeployment and topology in Chromium', () => {
  it('shows the seeded UnitedDeployment as a row per subset (1, 3 and 2 replicas, with why), its pods as chips in their zones', async () => {
    await page.goto(`${dashboard.url}/workloads/uniteddeployment/default/sample-ud`);
    await page.getByTestId('subsets').waitFor({ timeout: 30_000 });
    await subsetsSettle(SUBSET_REPLICAS);
    await expect(page.locator('tr.subset-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-subset')))).resolves.toEqual([
      'subset-a',
      'subset-b',
      'subset-c',
    ]);
    const reason = (s: string) => page.locator(`tr.subset-row[data-subset="${s}"] [data-field=reason]`).textContent();
    await expect(reason('subset-a')).resolves.toBe('replicas 1');
    await expect(reason('subset-b')).resolves.toBe('replicas 50% of 6 = 3 (rounded half up)');
    await expect(reason('subset-c')).resolves.toBe('the rest (2 of 6) shared by 1 subset without replicas: 2');
    await expect(page.locator('tr.subset-row[data-subset="subset-b"] [data-field=replicas]').textContent()).resolves.toBe('3 replicas 50%');
    await expect(page.locator('tr.subset-row[data-subset="subset-b"] [data-field=ready]').textContent()).resolves.toBe('3 of 3 ready');
    await expect(page.locator('tr.subset-row[data-subset="subset-a"] [data-field=workload]').textContent()).resolves.toMatch(
      /^StatefulSet sample-ud-subset-a-\w+$/,
    );
    // Each subset's pods run only on its zone's nodes; every chip names its pod.
    const shown = await chips();
    expect(Object.fromEntries(Object.entries(shown).map(([s, c]) => [s, c.zones]))).toEqual({
      'subset-a': ['zone-a'],
      'subset-b': ['zone-b'],
      'subset-c': ['zone-c'],
    });
    const pods = (await apiUnited('default', 'sample-ud')).pods.edges.map((e) => e.node);
    for (const [subset, c] of Object.entries(shown))
      expect(Object.keys(c.pods).sort()).toEqual(
        pods
          .filter((p) => p.subset === subset)
          .map((p) => p.name)
          .sort(),
      );
    await expect(page.locator('[data-pod]').first().getAttribute('title')).resolves.toMatch(/^sample-ud-subset-a-\w+-0\n/);
    // No pause for a UnitedDeployment (the API refuses it); its partition control is per subset.
    await expect(page.getByRole('button', { name: /^(Pause|Resume)…$/ }).count()).resolves.toBe(0);
    await expect(page.locator('select[name=subset] option').allTextContents()).resolves.toEqual(['subset-a', 'subset-b', 'subset-c']);
    await screenshot(page, 'united-deployment');
  });

  describe('a subset partition stepped through the page', () => {
    let before: Awaited<ReturnType<typeof chips>>;
    let oldRevision = '';
    let newRevision = '';

    it('holds a new image in every subset: no pod moves, and the confirmation said why', async () => {
      await page.goto(`${dashboard.url}/workloads/uniteddeployment/zones/shop-ud`);
      await page.getByTestId('subsets').waitFor({ timeout: 30_000 });
      await subsetsSettle(SUBSET_REPLICAS);
      before = await chips();
      oldRevision = (await apiUnited('zones', 'shop-ud')).status.updateRevision;
      await page.locator('input[name=image]').fill('nginx:1.27');
      await page.getByRole('button', { name: 'Set image…' }).click();
      await confirmWith('Set image', [/No pod moves to it yet; the subsets' partitions keep 6 pods on the current revision/]);
      newRevision = (
        await pollUntil(
          () => apiUnited('zones', 'shop-ud'),
          (u) => u.status.updateRevision !== oldRevision,
        )
      ).status.updateRevision;
      if (newRevision === oldRevision) throw new Error('the image change made no new update revision');
      await page.waitForTimeout(1500);
      await subsetsSettle(SUBSET_REPLICAS, 1000);
      await expect(chips()).resolves.toEqual(before);
    });

    it('steps subset-b from 3 to 2 from its row: exactly one subset-b pod moves to the new revision, the other subsets stay', async () => {
      const row = page.locator('tr.subset-row[data-subset="subset-b"]');
      await expect(row.locator('[data-field=partition]').textContent()).resolves.toMatch(/^partition 3: keeps all 3 pods on the previous revision/);
      await row.getByRole('button', { name: 'Step subset-b partition to 2' }).click();
      await confirmWith('Set subset-b partition to 2', [
        /^Set the partition of subset subset-b of shop-ud from 3 to 2\. 2 pods of its 3 stay on the previous revision \S+; 1 pod moves to revision \S+\. The other subsets do not move\.$/,
      ]);
      await page.waitForFunction(() => document.querySelector('tr.subset-row[data-subset="subset-b"]')?.getAttribute('data-partition') === '2', null, {
        timeout: 20_000,
      });
      const oldB = Object.values(before['subset-b']!.pods)[0]!;
      await page.waitForFunction(
        (old) => {
          const cells = [...document.querySelectorAll('tr.subset-pods[data-subset="subset-b"] [data-pod]')];
          return (
            cells.length === 3 &&
            cells.every((c) => c.getAttribute('data-mark') === 'none') &&
            cells.filter((c) => c.getAttribute('data-revision') === old).length === 2
          );
        },
        oldB,
        { timeout: 45_000, polling: 100 },
      );
      const after = await chips();
      const counts = revisionCounts(after['subset-b']!.pods);
      expect(Object.values(counts).sort()).toEqual([1, 2]);
      expect(counts[oldB]).toBe(2);
      // The row follows: one pod of subset-b updated. The moved chip is drawn in the update colour, the rest in the current one.
      await page.waitForFunction(() => document.querySelector('tr.subset-row[data-subset="subset-b"]')?.getAttribute('data-updated') === '1', null, {
        timeout: 20_000,
      });
      const fills = await page.locator('tr.subset-pods [data-pod] rect').evaluateAll((els) => els.map((e) => e.getAttribute('fill')));
      expect(fills.filter((f) => f === UPDATE_COLOR)).toHaveLength(1);
      expect(fills.filter((f) => f === CURRENT_COLOR)).toHaveLength(5);
      // subset-a and subset-c: the same pods at the same revisions.
      expect(after['subset-a']).toEqual(before['subset-a']);
      expect(after['subset-c']).toEqual(before['subset-c']);
      // The API agrees: one pod of the UnitedDeployment is at the new update revision, and it is in subset-b.
      const pods = (await apiUnited('zones', 'shop-ud')).pods.edges.map((e) => e.node);
      const moved = pods.filter((p) => after['subset-b']!.pods[p.name] !== undefined && after['subset-b']!.pods[p.name] !== oldB);
      expect(moved.map((p) => p.subset)).toEqual(['subset-b']);
      expect(pods.filter((p) => p.revision === moved[0]!.revision)).toHaveLength(1);
      expect(newRevision).not.toBe(oldRevision);
      await screenshot(page, 'united-deployment-partition');
    });

    it('steps subset-c through the Actions panel: its partition control is per subset', async () => {
      await page.locator('select[name=subset]').selectOption('subset-c');
      await expect(page.getByTestId('subset-partition-actions').getByTestId('partition-value').textContent()).resolves.toBe('2');
      await page.locator('input[name=step]').fill('1');
      await page.getByRole('button', { name: 'Step partition' }).click();
      await confirmWith('Set subset-c partition to 1', [/^Set the partition of subset subset-c of shop-ud from 2 to 1\./]);
      const oldC = Object.values(before['subset-c']!.pods)[0]!;
      await page.waitForFunction(
        (old) => {
          const cells = [...document.querySelectorAll('tr.subset-pods[data-subset="subset-c"] [data-pod]')];
          return (
            cells.length === 2 &&
            cells.every((c) => c.getAttribute('data-mark') === 'none') &&
            cells.filter((c) => c.getAttribute('data-revision') === old).length === 1
          );
        },
        oldC,
        { timeout: 45_000, polling: 100 },
      );
      await expect(chips().then((c) => c['subset-a'])).resolves.toEqual(before['subset-a']);
    });

    it('says in words why it does not send a partition that is not a whole number', async () => {
      await page.locator('input[name=partition]').fill('50%');
      await page.getByRole('button', { name: 'Set partition…' }).click();
      await expect(page.locator('[data-testid=actions] .error').textContent()).resolves.toMatch(
        /^Type subset-c's partition: a whole number of pods, 0 or more/,
      );
    });
  });

  it('opens the topology from the header: zones a, b and c list their nodes with the UnitedDeployment pods counted on them', async () => {
    await page.getByRole('link', { name: 'Topology', exact: true }).click();
    await page.waitForURL(`${dashboard.url}/topology`);
    await page.locator('section.zone[data-zone="zone-c"]').waitFor({ timeout: 30_000 });
    const nodes = (await gql<{ nodes: { name: string; zone: string | null }[] }>(api.url, '{ nodes { name zone } }')).data!.nodes;
    const pods = (await apiUnited('default', 'sample-ud')).pods.edges.map((e) => e.node);
    for (const z of ['zone-a', 'zone-b', 'zone-c']) {
      const zoneCard = page.locator(`section.zone[data-zone="${z}"]`);
      await expect(zoneCard.locator('.node-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-node')).sort())).resolves.toEqual(
        nodes
          .filter((n) => n.zone === z)
          .map((n) => n.name)
          .sort(),
      );
      // sample-ud's pods on each node of the zone, as the API lists them.
      const want = Object.fromEntries(nodes.filter((n) => n.zone === z).map((n) => [n.name, pods.filter((p) => p.node === n.name).length]));
      await page.waitForFunction(
        ({ zone: zz, want: w }) =>
          Object.entries(w).every(([n, count]) => {
            const li = document.querySelector(`section.zone[data-zone="${zz}"] .node-card[data-node="${n}"] li[data-workload="default/sample-ud"]`);
            return count === 0 ? li === null : li?.getAttribute('data-pods') === String(count) && li.getAttribute('data-ready-pods') === String(count);
          }),
        { zone: z, want },
        { timeout: 20_000, polling: 200 },
      );
      const inZone = SUBSET_REPLICAS[`subset-${z.slice(-1)}` as keyof typeof SUBSET_REPLICAS];
      const impact = zoneCard.locator('[data-testid=zone-impact] li[data-workload="default/sample-ud"]');
      await expect(impact.getAttribute('data-pods')).resolves.toBe(String(inZone));
      await expect(impact.textContent()).resolves.toBe(`${inZone} of 6 pods of UnitedDeployment default/sample-ud`);
      await expect(zoneCard.locator('.node-card li[data-workload="default/sample-ud"]').first().getAttribute('data-subset')).resolves.toBe(
        `subset-${z.slice(-1)}`,
      );
    }
    // The node's state and labels, and the workload linked to its page.
    const first = page.locator('section.zone[data-zone="zone-a"] .node-card').first();
    await expect(first.locator('header .tag').first().textContent()).resolves.toBe('Ready');
    await expect(first.locator('.labels li').allTextContents()).resolves.toContain('node=zone-a');
    await expect(
      page.locator('section.zone[data-zone="zone-a"] [data-testid=zone-impact] a', { hasText: 'default/sample-ud' }).getAttribute('href'),
    ).resolves.toBe('/workloads/uniteddeployment/default/sample-ud');
    await page.waitForFunction(() => document.querySelector('[data-testid=unscheduled]')?.getAttribute('data-pods') === '0', null, { timeout: 10_000 });
    await screenshot(page, 'topology');
  });

  it('polls the topology every 2 seconds only while the tab is visible', async () => {
    const setHidden = (hidden: boolean) =>
      page.evaluate((h) => {
        Object.defineProperty(document, 'visibilityState', { value: h ? 'hidden' : 'visible', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    const since = Date.now();
    await page.waitForTimeout(4500);
    expect(topologyRequests.filter((t) => t >= since).length).toBeGreaterThanOrEqual(2);
    await setHidden(true);
    await page.waitForTimeout(500); // a request in flight may still answer
    const hiddenAt = Date.now();
    await page.waitForTimeout(4500);
    expect(topologyRequests.filter((t) => t >= hiddenAt)).toEqual([]);
    await setHidden(false);
    await page.waitForTimeout(500);
    expect(topologyRequests.filter((t) => t >= hiddenAt).length).toBe(1);
  });

  it('raised no error in the page', () => {
    expect(session.pageErrors).toEqual([]);
  });
});
