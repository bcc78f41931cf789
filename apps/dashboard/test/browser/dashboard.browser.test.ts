// The dashboard in Debian's Chromium against the real API (embedded cluster with the demo CloneSet
// default/sample, admin token from BOOTSTRAP_ADMIN_TOKEN) and the production build: sign-in, list,
// workload page, partition steps with cells changing revision (checked in the canvas pixels), pause /
// resume, refused actions in words, scale, delete chosen pods, revision difference and rollback, a
// preDelete hook acknowledged, the nodes page's images, a CloneSet canary's pre-download line (gate
// PreDownloadImageForInPlaceUpdate on), and what viewer and hook-acker tokens see. Screenshots go to
// apps/dashboard/.artifacts/.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { CURRENT_COLOR, UPDATE_COLOR } from '../../src/lib/grid/colors';
import { openBrowserSession, type BrowserSession } from '../support/browser-session';
import { predownloadComesAndGoes } from '../support/predownload';
import { ADMIN_TOKEN, applyManifest, gql, screenshot, type Running, type RunningApi } from '../support/servers';
import { confirmDialog, confirmWith as confirmDialogWith } from '../support/confirm-dialog';
import { pollUntil } from '../support/poll';

let session: BrowserSession;
let api: RunningApi;
let dashboard: Running;
let page: Page;
const foreignRequests: string[] = [];
let oldRevision = '';
// A CloneSet whose pods carry a preDelete hook (Kruise's labelsHandler): deleting one waits for an ack.
const HOOKED = `apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: {name: hooked, namespace: default}
spec:
  replicas: 2
  selector: {matchLabels: {app: hooked}}
  template:
    metadata: {labels: {app: hooked, example.io/block-deleting: "true"}}
    spec: {containers: [{name: main, image: "nginx:1"}]}
  lifecycle:
    preDelete:
      labelsHandler: {example.io/block-deleting: "true"}
`;
let newRevision = '';
// A CloneSet rolled in place with pre-download (docs/image-pull.md): more than 3 replicas, a partition.
const WARMED = (image: string, partition: number) => `apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata:
  name: warmed
  namespace: default
  annotations: {apps.kruise.io/image-predownload-parallelism: "2"}
spec:
  replicas: 4
  selector: {matchLabels: {app: warmed}}
  template:
    metadata: {labels: {app: warmed}}
    spec: {containers: [{name: main, image: "${image}"}]}
  updateStrategy: {type: InPlaceIfPossible, partition: ${partition}}
`;

beforeAll(async () => {
  session = await openBrowserSession({ apiEnv: { FEATURE_GATES: 'PreDownloadImageForInPlaceUpdate=true' } });
  ({ api, dashboard, page } = session);
  // Offline-ready: the browser may talk to the dashboard and the API, nothing else (no fonts, CDNs, analytics).
  const allowed = [new URL(dashboard.url).origin, new URL(api.url).origin, new URL(api.url.replace(/^http/, 'ws')).origin];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!['data:', 'blob:', 'about:'].includes(url.protocol) && !allowed.includes(url.origin)) foreignRequests.push(req.url());
  });
}, 120_000);

afterAll(() => session?.close());

const grid = () => page.locator('[data-testid=pod-grid]');
const dialog = () => confirmDialog(page);

async function revisions(): Promise<{ currentRevision: string; updateRevision: string }> {
  const res = await gql<{ workload: { status: { currentRevision: string; updateRevision: string } } }>(
    api.url,
    '{ workload(kind: CLONE_SET, namespace: "default", name: "sample") { status { currentRevision updateRevision } } }',
  );
  return res.data!.workload.status;
}

/** Waits until the grid has painted exactly these pods per revision, all of them ready and available. */
async function gridSettlesOn(expected: Record<string, number>, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    (want) => {
      const g = window.__coxswainGrid;
      if (!g) return false;
      const counts = g.counts();
      const keys = Object.keys(want);
      return Object.keys(counts).length === keys.length && keys.every((k) => counts[k] === want[k]) && [...g.cells.values()].every((c) => c.mark === 'none');
    },
    expected,
    { timeout, polling: 100 },
  );
}

/** The colour actually on the canvas at a pod's cell (left edge, mid-height: clear of every mark). */
async function pixelsByRevision(): Promise<Record<string, string[]>> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid=pod-grid]')!;
    const ctx = canvas.getContext('2d')!;
    const dpr = canvas.width / parseFloat(canvas.style.width);
    const out: Record<string, string[]> = {};
    for (const cell of window.__coxswainGrid!.cells.values()) {
      const [r, g, b] = ctx.getImageData(Math.floor((cell.x + 1.5) * dpr), Math.floor((cell.y + cell.size / 2) * dpr), 1, 1).data;
      const hex = `#${[r, g, b].map((v) => v!.toString(16).padStart(2, '0')).join('')}`;
      (out[cell.revision] ??= []).push(hex);
    }
    return out;
  });
}

/** The colours of a revision's cells once they are all `want`, or the last ones seen after `timeout`. */
async function revisionPixelsSettle(revision: string, want: string[], timeout = 15_000): Promise<string[]> {
  const wanted = JSON.stringify([...want].sort());
  return pollUntil(
    async () => [...new Set((await pixelsByRevision())[revision])].sort(),
    (seen) => JSON.stringify(seen) === wanted,
    timeout,
  );
}

/**
 * Checks what the confirmation says, confirms, and (unless the API is expected to refuse) waits for
 * the dialog to close: live updates can show the change before the mutation's answer arrives, and
 * the closing modal hands focus back, which would swallow the next keystrokes.
 */
const confirmWith = (button: RegExp | string, expectBody: (string | RegExp)[] = [], refused = false): Promise<void> =>
  confirmDialogWith(page, button, expectBody, refused);

async function signIn(token: string): Promise<void> {
  await page.locator('input[name=token]').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('SRE dashboard in Chromium', () => {
  it('asks for a token, refuses a wrong one in words, and signs in with the admin token', async () => {
    await page.goto(dashboard.url);
    await page.waitForURL(/\/sign-in\?next=%2F$/);
    await expect(page.getByTestId('signin-problem').textContent()).resolves.toBe('This API needs an API token. Sign in.');
    await signIn('not-a-valid-token');
    await expect(page.locator('.signin [role=alert]').textContent()).resolves.toBe(
      'Could not sign in: the API did not accept the token; sign in with a valid API token.',
    );
    await screenshot(page, 'sign-in-refused');
    await signIn(ADMIN_TOKEN);
    await page.waitForURL(`${dashboard.url}/`);
    await page.waitForFunction(() => document.querySelector('[data-testid=session]')?.textContent === 'local-admin · admin');
  });

  it('lists the demo CloneSet with kubectl columns and a status badge', async () => {
    const row = page.locator('tr[data-workload="default/sample"]');
    await row.waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => document.querySelector('tr[data-workload="default/sample"] .badge')?.textContent === 'complete', null, {
      timeout: 30_000,
    });
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(0, 9)).toEqual(['sample', 'CloneSet', 'default', '5', '5', '5', '5', '5', '5']);
    expect(cells[10]).toBe('nginx:alpine');
    await page.locator('input[name=text]').fill('no-such-workload');
    await expect(row.count()).resolves.toBe(0);
    await page.locator('input[name=text]').fill('alpine');
    await row.waitFor();
    await screenshot(page, 'workload-list');
  });

  it('opens the workload: progress, plan, and a grid of 5 pods in one revision colour', async () => {
    await page.getByRole('link', { name: 'sample', exact: true }).click();
    await page.waitForURL('**/workloads/cloneset/default/sample');
    ({ currentRevision: oldRevision } = await revisions());
    await gridSettlesOn({ [oldRevision]: 5 });
    await expect(grid().getAttribute('data-pods')).resolves.toBe('5');
    await expect(page.getByTestId('plan').textContent()).resolves.toContain(`Nothing to do: all 5 pods run revision ${oldRevision}`);
    await expect(page.locator('[data-field=desired]').textContent()).resolves.toBe('5');
    expect(new Set((await pixelsByRevision())[oldRevision])).toEqual(new Set([UPDATE_COLOR]));
    // The tooltip of a cell names the pod, its node, zone and revision.
    const first = await page.evaluate(() => [...window.__coxswainGrid!.cells.entries()][0]!);
    await grid().scrollIntoViewIfNeeded();
    const box = (await grid().boundingBox())!;
    await page.mouse.move(box.x + first[1].x + 2, box.y + first[1].y + 2);
    const tip = await page.getByTestId('pod-tooltip').textContent();
    expect(tip).toContain(first[0]);
    expect(tip).toMatch(/zone-[abc]/);
    expect(tip).toContain(oldRevision);
    await page.mouse.move(0, 0);
    await screenshot(page, 'workload-page');
  });

  it('holds a new image at partition 5, then steps the partition to 3 and two cells turn to the new revision', async () => {
    await page.locator('input[name=partition]').fill('5');
    await page.getByRole('button', { name: 'Set partition…' }).click();
    await confirmWith(/^Set partition to 5$/, [/5 pods of 5 stay on the current revision/]);
    await page.waitForFunction(() => document.querySelector('[data-testid=partition-value]')?.textContent === '5');

    await page.locator('input[name=image]').fill('nginx:1.27');
    await page.getByRole('button', { name: 'Set image…' }).click();
    await confirmWith('Set image', [
      /from nginx:alpine to nginx:1\.27: this makes a new update revision/,
      /the partition keeps 5 pods on the current revision/,
    ]);
    await page.waitForFunction(() => /PARTITION/.test(document.querySelector('[data-testid=plan]')?.textContent ?? ''), null, { timeout: 20_000 });
    // The controller plans before it writes the status that names the new revision: wait for that write.
    ({ updateRevision: newRevision } = await pollUntil(revisions, (r) => r.updateRevision !== oldRevision));
    expect(newRevision).not.toBe(oldRevision);
    await gridSettlesOn({ [oldRevision]: 5 });

    await page.locator('input[name=step]').fill('2');
    await page.getByRole('button', { name: 'Step partition' }).click();
    // The dialog shows the change simulated before it is made (docs/preview.md): two pods move, and the
    // rollout stops at the partition that keeps three.
    const preview = confirmDialog(page).getByTestId('preview');
    await preview.waitFor({ timeout: 30_000 });
    const moved = [...(await preview.getByTestId('preview-wave').allTextContents()).join('; ').matchAll(/(\S+) \((update in place|delete)/g)].map((m) => m[1]);
    expect(new Set(moved).size).toBe(2);
    await expect(preview.getByTestId('preview-verdict').textContent()).resolves.toMatch(/^\d+ waves?, stops after about \d+\.\d s\.$/);
    await expect(preview.getByTestId('preview-stop').first().textContent()).resolves.toMatch(/^Stops at PARTITION: /);
    await confirmWith(/^Set partition to 3$/, [`2 pods move to revision ${newRevision}`]);
    await gridSettlesOn({ [oldRevision]: 3, [newRevision]: 2 });
    const pixels = await pixelsByRevision();
    expect(new Set(pixels[newRevision])).toEqual(new Set([UPDATE_COLOR]));
    expect(new Set(pixels[oldRevision])).toEqual(new Set([CURRENT_COLOR]));
    await page.waitForFunction(() => document.querySelector('[data-field=updatedReady]')?.textContent === '2');
    await expect(
      page
        .locator('[data-testid=grid-legend] li[data-revision]')
        .evaluateAll((els) => els.map((e) => [e.getAttribute('data-revision'), e.getAttribute('data-count')])),
    ).resolves.toEqual([
      [newRevision, '2'],
      [oldRevision, '3'],
    ]);
    await screenshot(page, 'partition-step');
  });

  it('pauses: lowering the partition moves nothing; resumes: the remaining cells change revision', async () => {
    await page.getByRole('button', { name: 'Pause…' }).click();
    await confirmWith(/^Pause$/, [/no further pod is updated until you resume/]);
    await page.getByRole('button', { name: 'Resume…' }).waitFor();
    await page.waitForFunction(() => /The rollout is paused/.test(document.querySelector('[data-testid=plan]')?.textContent ?? ''), null, { timeout: 20_000 });

    await page.locator('input[name=partition]').fill('0');
    await page.getByRole('button', { name: 'Set partition…' }).click();
    await confirmWith(/^Set partition to 0$/, [/The rollout is paused, so nothing moves until you resume it/]);
    await page.waitForFunction(() => document.querySelector('[data-testid=partition-value]')?.textContent === '0');
    await page.waitForTimeout(1500);
    await gridSettlesOn({ [oldRevision]: 3, [newRevision]: 2 }, 1000);
    await expect(page.locator('h1 .badge').textContent()).resolves.toBe('held');
    await screenshot(page, 'paused');

    await page.getByRole('button', { name: 'Resume…' }).click();
    await confirmWith(/^Resume$/, [`3 pods move to revision ${newRevision}`]);
    await gridSettlesOn({ [newRevision]: 5 });
    await page.getByRole('button', { name: 'Pause…' }).waitFor();
    await page.waitForFunction(() => document.querySelector('h1 .badge')?.textContent === 'complete', null, { timeout: 20_000 });
  });

  it('shows refused actions in words: a stale generation (CONFLICT) and invalid values (BAD_USER_INPUT)', async () => {
    // The operator opens "scale to 8"; meanwhile someone scales to 6; confirming must not override it.
    await page.locator('input[name=replicas]').fill('8');
    await page.getByRole('button', { name: 'Scale…' }).click();
    await dialog().waitFor({ state: 'visible' });
    const other = await gql(api.url, 'mutation { scaleWorkload(kind: CLONE_SET, namespace: "default", name: "sample", replicas: 6) { generation } }');
    expect(other.errors).toBeUndefined();
    await dialog().getByRole('button', { name: 'Scale to 8' }).click();
    const conflict = await dialog().getByTestId('action-error').textContent();
    expect(conflict).toMatch(
      /^Could not scale: the workload changed since this page loaded it \(default\/sample is at generation \d+, not the expected \d+; read it again and retry\)/,
    );
    await screenshot(page, 'refused-conflict');
    await dialog().getByRole('button', { name: 'Close' }).click();
    await dialog().waitFor({ state: 'hidden' });
    const after = await gql<{ workload: { replicas: number } }>(api.url, '{ workload(kind: CLONE_SET, namespace: "default", name: "sample") { replicas } }');
    expect(after.data!.workload.replicas).toBe(6);

    await page.locator('input[name=partition]').fill('abc');
    await page.getByRole('button', { name: 'Set partition…' }).click();
    await confirmWith(/^Set partition to abc$/, [], true);
    await expect(dialog().getByTestId('action-error').textContent()).resolves.toMatch(
      /^Could not change the partition: the API refused it: .*IntOrPercent must be an Int from 0 to 2147483647 or a percentage such as "20%", got "abc"/,
    );
    await dialog().getByRole('button', { name: 'Close' }).click();
    await dialog().waitFor({ state: 'hidden' });

    await page.locator('input[name=replicas]').fill('-1');
    await page.getByRole('button', { name: 'Scale…' }).click();
    await confirmWith('Scale to -1', [], true);
    await expect(dialog().getByTestId('action-error').textContent()).resolves.toBe(
      'Could not scale: the API refused it: replicas must be a non-negative integer (replicas: must be >= 0).',
    );
    await screenshot(page, 'refused-validation');
    await dialog().getByRole('button', { name: 'Close' }).click();
    await dialog().waitFor({ state: 'hidden' });
  });

  it('scales to 7: new cells appear', async () => {
    await page.waitForFunction(() => document.querySelector('[data-field=desired]')?.textContent === '6', null, { timeout: 20_000 });
    await page.locator('input[name=replicas]').fill('7');
    await page.getByRole('button', { name: 'Scale…' }).click();
    await confirmWith('Scale to 7', ['Scale sample from 6 to 7: 1 pod is created']);
    await gridSettlesOn({ [newRevision]: 7 });
    await expect(grid().getAttribute('data-pods')).resolves.toBe('7');
    await page.waitForFunction(() => document.querySelector('[data-field=available]')?.textContent === '7', null, { timeout: 20_000 });
  });

  it('deletes a chosen pod: its cell goes and a replacement appears', async () => {
    const victim = await page.locator('[data-testid=pod-rows] .row').first().getAttribute('data-pod');
    await page.getByLabel(`choose ${victim}`).check();
    await page.getByRole('button', { name: 'Delete chosen pods…' }).click();
    await confirmWith('Delete pods', [`(${victim})`, /replacements are created, so sample keeps 7 replicas/]);
    await page.waitForFunction((name) => window.__coxswainGrid!.cell(name!) === null, victim, { timeout: 30_000 });
    await gridSettlesOn({ [newRevision]: 7 });
  });

  it('restarts a container of a chosen pod in place: confirmed in words, progress shown until done, the pod kept', async () => {
    const pod = await page.locator('[data-testid=pod-rows] .row').first().getAttribute('data-pod');
    await page.getByLabel(`choose ${pod}`).check();
    await page.getByRole('button', { name: 'Restart container…' }).click();
    await confirmWith('Restart container', [new RegExp(`^Restart container \\S+ of pod ${pod} in place: `), /its other containers keep running/]);
    await page
      .locator('[data-testid=restart-progress]')
      .filter({ hasText: /: restarted \S+$/ })
      .waitFor({ timeout: 30_000 });
    expect(await page.evaluate((name) => window.__coxswainGrid!.cell(name!) !== null, pod)).toBe(true);
    await page.getByLabel(`choose ${pod}`).uncheck();
  });

  it('shows the difference between revisions and rolls back: every cell returns to the old revision', async () => {
    const oldRow = page.locator(`[data-testid=revisions] tr[data-revision="${oldRevision}"]`);
    await oldRow.getByRole('button', { name: 'Difference' }).click();
    const diff = await page.getByTestId('revision-diff').textContent();
    expect(diff).toContain('container 1: nginx:alpine → nginx:1.27');
    expect(diff).toContain('-     - image: nginx:alpine');
    expect(diff).toContain('+     - image: nginx:1.27');
    await screenshot(page, 'revisions');
    await oldRow.getByRole('button', { name: 'Roll back…' }).click();
    await confirmWith('Roll back', [`Roll sample back to revision ${oldRevision} (nginx:alpine)`]);
    await gridSettlesOn({ [oldRevision]: 7 });
    // The pods reach the old revision before the revision list says it is the update revision again
    // (a workload event of its own): the cells turn blue once it does.
    await expect(revisionPixelsSettle(oldRevision, [UPDATE_COLOR])).resolves.toEqual([UPDATE_COLOR]);
    await screenshot(page, 'rolled-back');
  });

  it("lists each node's images with their size on the Nodes page, reached from the navigation", async () => {
    await page.getByRole('link', { name: 'Nodes', exact: true }).click();
    await page.waitForURL('**/nodes');
    await page.getByTestId('nodes-summary').waitFor({ timeout: 30_000 });
    // The sample's pods pulled nginx:alpine and nginx:1.27 on their nodes: the node view lists them.
    const held = page.locator('.node-images tr[data-image="nginx:1.27"]').first();
    await held.waitFor({ timeout: 30_000 });
    const node = await held.evaluate((tr) => tr.closest('[data-node]')!.getAttribute('data-node')!);
    const answer = await gql<{ nodeImages: { images: { names: string[]; sizeBytes: number }[] }[] }>(
      api.url,
      'query($n: String) { nodeImages(node: $n) { images { names sizeBytes } } }',
      { n: node },
    );
    const size = answer.data!.nodeImages[0]!.images.find((i) => i.names.includes('nginx:1.27'))!.sizeBytes;
    await expect(held.getAttribute('data-size-bytes')).resolves.toBe(String(size));
    await expect(held.locator('td').nth(1).textContent()).resolves.toMatch(/^\d+(\.\d+)? (KiB|MiB|GiB)$/);
    // The text filter narrows the cards to one node, and is kept in the URL.
    await page.locator('input[name=text]').fill(node);
    await page.waitForURL(`**/nodes?q=${encodeURIComponent(node)}`);
    await expect(page.locator('.node-images').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-node')))).resolves.toContain(node);
    await screenshot(page, 'nodes');
  });

  it("shows a CloneSet canary's pre-download progress while its ImagePullJob exists", async () => {
    // The canary: a new image with the partition at 2 updates 2 pods and pre-pulls on the other 2 pods' nodes.
    await predownloadComesAndGoes(page, api.url, `${dashboard.url}/workloads/cloneset/default/warmed`, WARMED, () => screenshot(page, 'predownload'));
  });

  it('acknowledges a pending preDelete hook: the pod leaves its hook state and goes', async () => {
    await applyManifest(api.url, HOOKED);
    await page.goto(`${dashboard.url}/workloads/cloneset/default/hooked`);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=pod-grid]')?.getAttribute('data-pods') === '2' &&
        [...window.__coxswainGrid!.cells.values()].every((c) => c.mark === 'none'),
      null,
      { timeout: 30_000 },
    );
    await page.locator('input[name=replicas]').fill('1');
    await page.getByRole('button', { name: 'Scale…' }).click();
    await confirmWith('Scale to 1', ['Scale hooked from 2 to 1: 1 pod is deleted']);
    const row = page.locator('[data-testid=hooks] tr[data-pod]');
    await row.waitFor({ timeout: 30_000 });
    const pod = (await row.getAttribute('data-pod'))!;
    await expect(row.locator('td').nth(1).textContent()).resolves.toBe('PRE_DELETE');
    await page.waitForFunction((name) => window.__coxswainGrid!.cell(name)?.mark === 'hook', pod, { timeout: 10_000 });
    await page.waitForFunction(() => /Waiting on a lifecycle hook/.test(document.querySelector('[data-testid=plan]')?.textContent ?? ''), null, {
      timeout: 10_000,
    });
    await screenshot(page, 'pending-hook');
    await row.getByRole('button', { name: 'Acknowledge…' }).click();
    await confirmWith('Acknowledge', [`Acknowledge the PRE_DELETE hook of ${pod}: the pod is released and deleted`]);
    await page.waitForFunction((name) => window.__coxswainGrid!.cell(name) === null, pod, { timeout: 30_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid=pod-grid]')?.getAttribute('data-pods') === '1');
    await expect(page.getByTestId('hooks').textContent()).resolves.toContain('No pod waits on a hook.');
    const left = await gql<{ pendingHooks: unknown[] }>(api.url, '{ pendingHooks { pod } }');
    expect(left.data!.pendingHooks).toEqual([]);
  });

  it('hides what a viewer cannot do, and the API refuses it anyway', async () => {
    const created = await gql<{ createToken: { secret: string } }>(api.url, 'mutation { createToken(name: "sre-viewer", role: "viewer") { secret } }');
    const viewer = created.data!.createToken.secret;
    // Something for the viewer to (not) acknowledge.
    await gql(api.url, 'mutation { scaleWorkload(kind: CLONE_SET, namespace: "default", name: "hooked", replicas: 0) { replicas } }');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in\?next=/);
    await signIn(viewer);
    await page.waitForURL('**/workloads/cloneset/default/hooked');
    await page.waitForFunction(() => document.querySelector('[data-testid=session]')?.textContent === 'sre-viewer · viewer');
    await page.locator('[data-testid=hooks] tr[data-pod]').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('hooks').textContent()).resolves.toContain('Your role cannot acknowledge hooks.');
    await expect(page.getByRole('button', { name: 'Acknowledge…' }).count()).resolves.toBe(0);
    await expect(page.getByTestId('actions').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Roll back…' }).count()).resolves.toBe(0);
    await screenshot(page, 'viewer');
    const refused = await gql(
      api.url,
      'mutation { scaleWorkload(kind: CLONE_SET, namespace: "default", name: "hooked", replicas: 3) { replicas } }',
      {},
      viewer,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('shows a hook-acker only the pending hooks, where it acknowledges', async () => {
    const created = await gql<{ createToken: { secret: string } }>(
      api.url,
      'mutation { createToken(name: "sd-team", role: "hook-acker", namespaces: ["default"]) { secret } }',
    );
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in\?next=/);
    await signIn(created.data!.createToken.secret);
    await page.waitForURL('**/hooks');
    await page.waitForFunction(() => document.querySelector('[data-testid=session]')?.textContent === 'sd-team · hook-acker in default');
    await expect(page.getByRole('link', { name: 'Workloads' }).count()).resolves.toBe(0);
    const row = page.locator('[data-testid=pending-hooks] tr[data-pod]');
    await row.waitFor({ timeout: 30_000 });
    const pod = (await row.getAttribute('data-pod'))!;
    await screenshot(page, 'hook-acker');
    await row.getByRole('button', { name: 'Acknowledge…' }).click();
    await confirmWith('Acknowledge', [`Acknowledge the PRE_DELETE hook of ${pod}`]);
    await page.locator('[data-testid=pending-hooks]').getByText('No pod waits on a hook.').waitFor({ timeout: 30_000 });
    await page.goto(`${dashboard.url}/workloads/cloneset/default/hooked`);
    await expect(page.getByTestId('role-notice').textContent()).resolves.toContain('may not read workloads');
  });

  it('raised no error in the page and requested nothing outside the dashboard and the API', () => {
    expect(session.pageErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  });
});
