// Issues 10, 14 and 9 in Chromium against the real API and the production build: an Advanced
// StatefulSet page (ordinal strip with a reserved gap and the partition line; stepping the partition
// updates exactly the pods right of the line), health badges of a held and a degraded workload with
// their reasons on the page, the list's filters surviving a reload through the URL, the stacked
// chart's data, the committed GraphQL schema being the one the API serves, pods counted available
// once minReadySeconds pass, and an Advanced StatefulSet canary's pre-download line (gate
// PreDownloadImageForInPlaceUpdate on).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildClientSchema, getIntrospectionQuery, lexicographicSortSchema, printSchema, type IntrospectionQuery } from 'graphql';
import type { Page } from 'playwright-core';
import { openBrowserSession, type BrowserSession } from '../support/browser-session';
import { predownloadComesAndGoes } from '../support/predownload';
import { gql, ROOT, screenshot, type Running, type RunningApi } from '../support/servers';
import { confirmWith as confirmDialogWith } from '../support/confirm-dialog';
import { pollUntil } from '../support/poll';

let session: BrowserSession;
let api: RunningApi;
let dashboard: Running;
let page: Page;
const podPageRequests: string[] = [];

// Five ordinals, 1 reserved: pods web-0, web-2, web-3, web-4. The partition keeps all four at first.
const STATEFUL_SET = `apiVersion: apps.kruise.io/v1beta1
kind: StatefulSet
metadata: {name: web, namespace: shop}
spec:
  replicas: 4
  serviceName: web
  podManagementPolicy: Parallel
  reserveOrdinals: [1]
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: main, image: "nginx:1.25"}]}
  updateStrategy:
    type: RollingUpdate
    rollingUpdate: {maxUnavailable: 2, partition: 4}
`;
// No node has disk=nvme: its pods cannot be scheduled, so the CloneSet is degraded.
const STUCK = `apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: {name: stuck, namespace: shop}
spec:
  replicas: 2
  selector: {matchLabels: {app: stuck}}
  template:
    metadata: {labels: {app: stuck}}
    spec:
      nodeSelector: {disk: nvme}
      containers: [{name: main, image: "nginx:1"}]
`;

// An Advanced StatefulSet rolled in place with pre-download (docs/image-pull.md): more than 3 replicas.
const WARM_STS = (image: string, partition: number) => `apiVersion: apps.kruise.io/v1beta1
kind: StatefulSet
metadata: {name: warm-sts, namespace: shop}
spec:
  replicas: 4
  serviceName: warm-sts
  podManagementPolicy: Parallel
  selector: {matchLabels: {app: warm-sts}}
  template:
    metadata: {labels: {app: warm-sts}}
    spec:
      readinessGates: [{conditionType: InPlaceUpdateReady}]
      containers: [{name: main, image: "${image}"}]
  updateStrategy:
    type: RollingUpdate
    rollingUpdate: {podUpdatePolicy: InPlaceIfPossible, maxUnavailable: 1, partition: ${partition}}
`;

beforeAll(async () => {
  session = await openBrowserSession({
    apiEnv: { FEATURE_GATES: 'PreDownloadImageForInPlaceUpdate=true' },
    manifest: `${STATEFUL_SET}---\n${STUCK}`,
    signedIn: true,
  });
  ({ api, dashboard, page } = session);
  page.on('request', (req) => {
    const body = req.postData() ?? '';
    if (body.includes('query WorkloadPods(')) podPageRequests.push(body);
  });
}, 120_000);

afterAll(() => session?.close());

const strip = () => page.getByTestId('ordinal-strip');

const confirmWith = (button: RegExp | string, expectBody: (string | RegExp)[] = []): Promise<void> => confirmDialogWith(page, button, expectBody);

/** The strip in DOM order: ordinals, reserved gaps and the partition line. */
async function stripOrder(): Promise<string[]> {
  return strip()
    .locator('.strip > *')
    .evaluateAll((els) =>
      els
        .map(
          (e) =>
            e.getAttribute('data-ordinal') ??
            (e.getAttribute('data-reserved') ? `gap ${e.getAttribute('data-reserved')}` : e.getAttribute('data-testid') === 'partition-line' ? 'line' : '?'),
        )
        .filter((x) => x !== '?'),
    );
}

/** Pods of shop/web as the API lists them: ordinal -> revision. */
async function apiRevisions(): Promise<{ byOrdinal: Record<number, string>; status: { currentRevision: string; updateRevision: string } }> {
  const res = await gql<{
    workload: { status: { currentRevision: string; updateRevision: string }; pods: { edges: { node: { ordinal: number; revision: string } }[] } };
  }>(
    api.url,
    '{ workload(kind: STATEFUL_SET, namespace: "shop", name: "web") { status { currentRevision updateRevision } pods(first: 50) { edges { node { ordinal revision } } } } }',
  );
  const w = res.data!.workload;
  return { byOrdinal: Object.fromEntries(w.pods.edges.map((e) => [e.node.ordinal, e.node.revision])), status: w.status };
}

/** Waits until the strip shows these revisions by ordinal, every pod ready and available. */
async function stripSettlesOn(want: Record<number, string>, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    (w) => {
      const cells = [...document.querySelectorAll('[data-testid=ordinal-strip] [data-pod]')];
      return (
        cells.length === Object.keys(w).length &&
        cells.every((c) => w[Number(c.getAttribute('data-ordinal'))] === c.getAttribute('data-revision') && c.getAttribute('data-mark') === 'none')
      );
    },
    want,
    { timeout, polling: 100 },
  );
}

describe('Advanced StatefulSet, health and filters in Chromium', () => {
  let oldRevision = '';
  let newRevision = '';

  it('draws the StatefulSet pods in ordinal order with the reserved ordinal as a gap and the partition line after the pods it keeps', async () => {
    await page.goto(`${dashboard.url}/workloads/statefulset/shop/web`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=ordinal-strip] [data-pod]').length === 4, null, { timeout: 30_000 });
    ({
      status: { currentRevision: oldRevision },
    } = await apiRevisions());
    await stripSettlesOn({ 0: oldRevision, 2: oldRevision, 3: oldRevision, 4: oldRevision });
    // Partition 4 keeps all four pods: the line closes the range.
    await expect(stripOrder()).resolves.toEqual(['0', 'gap 1-1', '2', '3', '4', 'line']);
    await expect(page.getByTestId('partition-words').textContent()).resolves.toBe('partition 4: every pod keeps the current revision.');
    await page.waitForFunction(() => document.querySelector('h1 .badge')?.getAttribute('data-state') === 'COMPLETE', null, { timeout: 20_000 });
    await expect(page.getByTestId('revisions-line').textContent()).resolves.toMatch(/^ revision \S+ \(current = update\)$/);
    await screenshot(page, 'statefulset');
    // 4 pods: one Pods request (a 5,000-pod page takes two; see the benchmark).
    expect(podPageRequests).toHaveLength(1);
  });

  it('holds a new image at the partition: nothing moves, and the confirmation said so', async () => {
    await page.locator('input[name=image]').fill('nginx:1.27');
    await page.getByRole('button', { name: 'Set image…' }).click();
    await confirmWith('Set image', [/No pod moves to it yet; the partition keeps 4 pods \(the lowest ordinals\) on the current revision/]);
    await page.waitForFunction(() => /PARTITION/.test(document.querySelector('[data-testid=plan]')?.textContent ?? ''), null, { timeout: 20_000 });
    // The controller plans before it writes the status that names the new revision: wait for that write.
    ({
      status: { updateRevision: newRevision },
    } = await pollUntil(apiRevisions, (r) => r.status.updateRevision !== oldRevision));
    expect(newRevision).not.toBe(oldRevision);
    await page.waitForTimeout(1000);
    await stripSettlesOn({ 0: oldRevision, 2: oldRevision, 3: oldRevision, 4: oldRevision }, 1000);
  });

  it('steps the partition from 4 to 2: the line moves after ordinal 2 and exactly the pods right of it update', async () => {
    await page.locator('input[name=step]').fill('2');
    await page.getByRole('button', { name: 'Step partition' }).click();
    await confirmWith(/^Set partition to 2$/, [
      'the 2 pods with the lowest ordinals (web-0, web-2) stay on the current revision',
      `web-4, web-3 move to revision ${newRevision} (recreated, highest ordinal first, at most 2 unavailable at a time (maxUnavailable 2))`,
    ]);
    await page.waitForFunction(() => document.querySelector('[data-testid=ordinal-strip]')?.getAttribute('data-partition') === '2');
    await expect(stripOrder()).resolves.toEqual(['0', 'gap 1-1', '2', 'line', '3', '4']);
    await stripSettlesOn({ 0: oldRevision, 2: oldRevision, 3: newRevision, 4: newRevision });
    // The API agrees with the line: only the pods right of it changed revision.
    await expect(apiRevisions().then((r) => r.byOrdinal)).resolves.toEqual({ 0: oldRevision, 2: oldRevision, 3: newRevision, 4: newRevision });
    // The chart stacks ready pods per revision: two of each now, four in all.
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid=rollout-chart]')?.getAttribute('data-ready') === want,
      JSON.stringify({ [oldRevision]: 2, [newRevision]: 2 }),
      { timeout: 10_000 },
    );
    const totals = JSON.parse((await page.getByTestId('rollout-chart').getAttribute('data-totals'))!) as number[];
    expect(totals[totals.length - 1]).toBe(4);
    await expect(page.locator(`[data-testid=revision-pods] [data-revision="${newRevision}"]`).getAttribute('data-pods')).resolves.toBe('2');
    await screenshot(page, 'statefulset-partition-2');
  });

  it('deletes a chosen StatefulSet pod from the strip: it comes back at the same ordinal, at the revision the partition gives it', async () => {
    const uid = async () =>
      (
        await gql<{ workload: { pods: { edges: { node: { name: string; uid: string } }[] } } }>(
          api.url,
          '{ workload(kind: STATEFUL_SET, namespace: "shop", name: "web") { pods(first: 50) { edges { node { name uid } } } } }',
        )
      ).data!.workload.pods.edges.find((e) => e.node.name === 'web-2')?.node.uid;
    const before = await uid();
    await page.getByRole('button', { name: 'web-2', exact: true }).click();
    await page.getByRole('button', { name: 'Delete chosen pods…' }).click();
    await confirmWith('Delete pods', [
      'Delete 1 pod of web (web-2): each is labelled apps.kruise.io/specified-delete, deleted within maxUnavailable and recreated at the same ordinal',
    ]);
    const recreated = (id: string | undefined) => id !== before && id !== undefined;
    if (!recreated(await pollUntil(uid, recreated, 30_000))) throw new Error('web-2 was not recreated');
    await stripSettlesOn({ 0: oldRevision, 2: oldRevision, 3: newRevision, 4: newRevision });
  });

  it('shows a held workload (partition) with its reason on the page, and the Actions panel agrees', async () => {
    // The demo CloneSet default/sample: hold all 5 pods, then change the image behind the page's back.
    for (const m of [
      'mutation { setPartition(kind: CLONE_SET, namespace: "default", name: "sample", partition: 5) { generation } }',
      'mutation { setImage(kind: CLONE_SET, namespace: "default", name: "sample", container: "nginx", image: "nginx:1.27") { generation } }',
    ])
      expect((await gql(api.url, m)).errors).toBeUndefined();
    await page.goto(`${dashboard.url}/workloads/cloneset/default/sample`);
    await page.waitForFunction(() => document.querySelector('h1 .badge')?.getAttribute('data-state') === 'HELD', null, { timeout: 30_000 });
    await expect(page.locator('h1 .badge').textContent()).resolves.toBe('held');
    await expect(page.getByTestId('health-reason').textContent()).resolves.toMatch(/^partition keeps 5 pods on revision sample-\w+$/);
    await expect(page.getByTestId('health').textContent()).resolves.toContain('a partition or a pause keeps the rest back: a person must step it');
    await expect(page.getByTestId('pause-state').textContent()).resolves.toBe('Rollout not paused (held by the partition)');
    // Revisions and their pods come first: the new (update) revision without pods, the current one with all 5.
    // (waited for: the pods load after the badge, later on a busy machine)
    await page.waitForFunction(
      () =>
        JSON.stringify([...document.querySelectorAll('[data-testid=revision-pods] .revision-card')].map((e) => Number(e.getAttribute('data-pods')))) ===
        '[0,5]',
      null,
      { timeout: 20_000 },
    );
    const cardsTop = (await page.getByTestId('revision-pods').boundingBox())!.y;
    expect(cardsTop).toBeLessThan(1000); // above the fold of a 1000-pixel-high window
    await screenshot(page, 'held');
  });

  it('shows a degraded workload with its reason on the page, the pods concerned linked, and why in the pod list', async () => {
    await page.goto(`${dashboard.url}/workloads/cloneset/shop/stuck`);
    await page.waitForFunction(() => document.querySelector('h1 .badge')?.getAttribute('data-state') === 'DEGRADED', null, { timeout: 30_000 });
    await expect(page.locator('h1 .badge').textContent()).resolves.toBe('degraded');
    const reason = await page.getByTestId('health-reason').textContent();
    expect(reason).toMatch(/cannot be scheduled: 0\/9 nodes are available: 9 node\(s\) didn't match Pod's node affinity\/selector/);
    const linked = await page.getByTestId('health-pods').locator('a').allTextContents();
    expect(linked).toHaveLength(2);
    expect(linked.every((p) => p.startsWith('stuck-'))).toBe(true);
    // The plan panel loads after the badge ("Asking the controller for its plan…" until then).
    await page.waitForFunction(() => document.querySelector('[data-testid=plan]')?.textContent?.includes('Cannot be scheduled:'), null, { timeout: 30_000 });
    await expect(page.getByTestId('plan').textContent()).resolves.toContain('Cannot be scheduled:');
    // The pod list names the blocker of each pod; the tooltip says it in the scheduler's words.
    await page.waitForFunction(
      () => [...document.querySelectorAll('[data-testid=pod-rows] .row')].filter((r) => r.textContent?.includes('UNSCHEDULABLE')).length === 2,
      null,
      { timeout: 10_000 },
    );
    const cell = page.locator('[data-testid=revision-cells]').first();
    await cell.hover({ position: { x: 3, y: 3 } });
    await expect(page.getByTestId('pod-blockers').textContent()).resolves.toMatch(/UNSCHEDULABLE .*0\/9 nodes are available/);
    await screenshot(page, 'degraded');
  });

  it('lists each kind with its own kubectl columns, offers only kinds that exist, and shows held and degraded with reasons', async () => {
    await page.goto(dashboard.url);
    const web = page.locator('tr[data-workload="shop/web"]');
    await web.waitFor({ timeout: 30_000 });
    await expect(page.locator('table[data-kind=STATEFUL_SET] thead th').allTextContents()).resolves.toEqual([
      'NAME',
      'KIND',
      'NAMESPACE',
      'DESIRED',
      'CURRENT',
      'UPDATED',
      'READY',
      'AGE',
      'IMAGES',
      'STATUS',
      'PROGRESS',
    ]);
    const cells = await web.locator('td').allTextContents();
    expect(cells.slice(0, 7)).toEqual(['web', 'StatefulSet', 'shop', '4', '4', '2', '4']);
    await expect(page.locator('select[name=kind] option').allTextContents()).resolves.toEqual(['all', 'CloneSet', 'StatefulSet', 'UnitedDeployment']);
    await page.waitForFunction(() => document.querySelector('tr[data-workload="shop/stuck"] .badge')?.textContent === 'degraded', null, { timeout: 20_000 });
    await expect(page.locator('tr[data-workload="shop/stuck"] [data-testid=health-reason]').textContent()).resolves.toContain('cannot be scheduled');
    const sample = page.locator('tr[data-workload="default/sample"]');
    await expect(sample.locator('.badge').textContent()).resolves.toBe('held');
    await expect(sample.locator('[data-testid=health-reason]').textContent()).resolves.toMatch(/^partition keeps 5 pods/);
    await screenshot(page, 'list-health');
  });

  it('keeps the list filters in the URL: a reload shows the same filtered list', async () => {
    await page.locator('select[name=status]').selectOption('HELD');
    await page.locator('select[name=namespace]').selectOption('default');
    await page.locator('input[name=text]').fill('sample');
    await page.waitForFunction(() => window.location.search === '?namespace=default&status=held&q=sample');
    await page.reload();
    await page.locator('tr[data-workload="default/sample"]').waitFor({ timeout: 30_000 });
    await expect(page.locator('select[name=status]').inputValue()).resolves.toBe('HELD');
    await expect(page.locator('select[name=namespace]').inputValue()).resolves.toBe('default');
    await expect(page.locator('input[name=text]').inputValue()).resolves.toBe('sample');
    await expect(page.locator('tr[data-workload]').count()).resolves.toBe(1);
    await page.locator('select[name=kind]').selectOption('STATEFUL_SET');
    await page.getByTestId('no-match').waitFor();
    await page.waitForFunction(() => window.location.search === '?namespace=default&kind=statefulset&status=held&q=sample');
    // The hooks page keeps its filters the same way.
    await page.goto(`${dashboard.url}/hooks?hook=pre_delete&q=web`);
    await page.getByTestId('pending-hooks').waitFor({ timeout: 20_000 });
    await expect(page.locator('select[name=hook]').inputValue()).resolves.toBe('PRE_DELETE');
    await expect(page.locator('input[name=text]').inputValue()).resolves.toBe('web');
  });

  it('the committed schema.graphql is the schema the running API serves', async () => {
    const res = await gql<IntrospectionQuery>(api.url, getIntrospectionQuery());
    const served = printSchema(lexicographicSortSchema(buildClientSchema(res.data!)));
    const committed = readFileSync(join(ROOT, 'apps', 'api', 'schema.graphql'), 'utf8')
      .replace(/^#.*\n/gm, '')
      .trim();
    expect(committed).toBe(served.trim());
  });

  it('counts pods available once minReadySeconds pass, which no event marks (the demo CloneSet, minReadySeconds 4)', async () => {
    await page.goto(`${dashboard.url}/workloads/cloneset/default/rollout-demo`);
    await page.getByTestId('revision-pods').locator('.revision-card').first().waitFor({ timeout: 30_000 });
    const rolled = await gql(
      api.url,
      'mutation { setImage(kind: CLONE_SET, namespace: "default", name: "rollout-demo", container: "nginx", image: "nginx:1.26-alpine") { generation } }',
    );
    expect(rolled.errors).toBeUndefined();
    type Read = { workload: { generation: number; status: { observedGeneration: number; updatedAvailableReplicas: number } } };
    const read = async () =>
      (
        await gql<Read>(
          api.url,
          '{ workload(kind: CLONE_SET, namespace: "default", name: "rollout-demo") { generation status { observedGeneration updatedAvailableReplicas } } }',
        )
      ).data!.workload;
    const rolledOut = (w: Read['workload']) => w.status.observedGeneration === w.generation && w.status.updatedAvailableReplicas === 8;
    const w = await pollUntil(read, rolledOut, 60_000);
    if (!rolledOut(w)) throw new Error(`rollout-demo not rolled within 60 s: ${JSON.stringify(w)}`);
    // The last pods turned available 4 s after they were ready, with no pod event: the page counts them too.
    await page.waitForFunction(() => /· 8 pods, 8 ready, 8 available/.test(document.querySelector('[data-testid=revision-pods]')?.textContent ?? ''), null, {
      timeout: 3_000,
    });
  });

  it("shows an Advanced StatefulSet canary's pre-download progress while its ImagePullJob exists", async () => {
    // The canary: ordinals 2 and 3 update in place; ordinals 0 and 1 keep the old image, and their nodes pre-pull the new one.
    await predownloadComesAndGoes(page, api.url, `${dashboard.url}/workloads/statefulset/shop/warm-sts`, WARM_STS, async (line) => {
      await expect(line.locator('[data-job]').first().getAttribute('data-job')).resolves.toMatch(/^warm-sts-\w+-main$/);
      await screenshot(page, 'statefulset-predownload');
    });
  });

  it('raised no error in the page', () => {
    expect(session.pageErrors).toEqual([]);
  });
});
