// A Kruise Rollout in Chromium against the real API (its Rollout and BatchRelease controllers in the
// embedded cluster) and the production build: docs/spec/kruise-rollout.md §6.1's CloneSet and Rollout
// (5 replicas, steps 20% pause{}, 50% pause 60 s, 100%). The image is changed on the workload's page; the
// Rollout panel shows step 1 paused for approval with the batch's pod outlined in the pod grid;
// approving through the confirmation (with a reason) moves the timeline to step 2 with its two new pods
// outlined, and the history names who approved which step. The list says where the Rollout stands, live
// (a jump shows without a reload). A viewer sees the Rollout but no approve / jump / abort. Screenshots
// go to apps/dashboard/.artifacts/.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_TOKEN, gql, launchChromium, screenshot, startApi, startDashboard, type Running, type RunningApi } from '../support/servers';
import { confirmWith as confirmDialogWith } from '../support/confirm-dialog';
import { pollUntil } from '../support/poll';
import { CLONESET_V1ALPHA1, demoRollout, workloadYaml, WORKED_EXAMPLE_STEPS } from '@coxswain/workloads/testing';

let api: RunningApi;
let dashboard: Running;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

// docs/spec/kruise-rollout.md §6.1.
const MANIFEST = `${workloadYaml(CLONESET_V1ALPHA1, { name: 'echoserver', image: 'echoserver:v1', namespace: 'default' })}---${demoRollout(WORKED_EXAMPLE_STEPS, { namespace: 'default' })}`;

interface RolloutState {
  phase: string | null;
  canaryStatus: { currentStepIndex: number; currentStepState: string } | null;
}

async function rolloutState(): Promise<RolloutState | null> {
  const res = await gql<{ rollout: RolloutState | null }>(
    api.url,
    '{ rollout(namespace: "default", name: "demo") { phase canaryStatus { currentStepIndex currentStepState } } }',
  );
  return res.data?.rollout ?? null;
}

/** The pods labelled with a Rollout batch, by batch, as the API serves them. */
async function batchPods(): Promise<Record<number, string[]>> {
  const res = await gql<{ workload: { pods: { edges: { node: { name: string; isUpdated: boolean; rolloutBatchId: number | null } }[] } } }>(
    api.url,
    '{ workload(kind: CLONE_SET, namespace: "default", name: "echoserver") { pods(first: 100) { edges { node { name isUpdated rolloutBatchId } } } } }',
  );
  const out: Record<number, string[]> = {};
  for (const { node } of res.data!.workload.pods.edges) if (node.isUpdated && node.rolloutBatchId !== null) (out[node.rolloutBatchId] ??= []).push(node.name);
  for (const names of Object.values(out)) names.sort();
  return out;
}

/** The pods the grid last painted outlined as the Rollout batch. */
async function outlinedInGrid(): Promise<string[]> {
  return page.evaluate(() =>
    [...(window.__coxswainGrid?.cells.entries() ?? [])]
      .filter(([, c]) => c.batch)
      .map(([name]) => name)
      .sort(),
  );
}

const place = (step: number) => page.getByTestId(`rollout-step-${step}`).getAttribute('data-place');

beforeAll(async () => {
  api = await startApi();
  const applied = await gql(api.url, 'mutation($y: String!) { applyManifest(yaml: $y) { name } }', { y: MANIFEST });
  if (applied.errors) throw new Error(applied.errors[0]!.message);
  const healthy = await pollUntil(rolloutState, (r) => r?.phase === 'Healthy', 30_000);
  if (healthy?.phase !== 'Healthy') throw new Error(`the Rollout did not become Healthy: ${JSON.stringify(healthy)}`);
  dashboard = await startDashboard(api);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 1100 } });
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await page.addInitScript((token) => window.localStorage.setItem('coxswain.token', token), ADMIN_TOKEN);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await dashboard?.close();
  await api?.close();
});

describe('a Kruise Rollout on the dashboard (docs/spec/kruise-rollout.md §6.1)', () => {
  it('lists the CloneSet with its Rollout healthy', async () => {
    await page.goto(dashboard.url);
    const line = page.locator('tr[data-workload="default/echoserver"] [data-testid=rollout-where]');
    await line.waitFor({ timeout: 30_000 });
    await expect(line.textContent()).resolves.toBe('Rollout demo: healthy, 3 steps');
  });

  it('shows the Rollout panel on the workload page: Healthy, every step done', async () => {
    await page.goto(`${dashboard.url}/workloads/cloneset/default/echoserver`);
    await page.getByTestId('rollout-panel').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('rollout-phase').textContent()).resolves.toBe('Healthy');
    await expect(Promise.all([1, 2, 3].map(place))).resolves.toEqual(['done', 'done', 'done']);
    await expect(page.getByTestId('rollout-history').count()).resolves.toBe(0);
  });

  it('after an image change, shows step 1 paused for approval with the batch pod outlined in the grid', async () => {
    await page.locator('input[name=image]').fill('echoserver:v2');
    await page.getByRole('button', { name: 'Set image…' }).click();
    await confirmDialogWith(page, 'Set image', [/from echoserver:v1 to echoserver:v2/]);

    await page.waitForFunction(() => document.querySelector('[data-testid=rollout-step-1]')?.getAttribute('data-place') === 'current', null, {
      timeout: 45_000,
    });
    await page.waitForFunction(
      () => /^paused: waiting for approval/.test(document.querySelector('[data-testid=rollout-step-state]')?.textContent ?? ''),
      null,
      {
        timeout: 45_000,
      },
    );
    await expect(page.getByTestId('rollout-step-state').textContent()).resolves.toBe('paused: waiting for approval (1 of 1 new pod ready)');
    await expect(Promise.all([1, 2, 3].map(place))).resolves.toEqual(['current', 'next', 'later']);
    // The controller writes the step's message on the pass after the state (docs/spec/kruise-rollout.md §2.5).
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid=rollout-message]')
          ?.textContent?.startsWith('Rollout is in step(1/3), and you need manually confirm to enter the next step'),
      null,
      { timeout: 20_000 },
    );

    const batches = await pollUntil(batchPods, (b) => b[1]?.length === 1);
    expect(batches[1]).toHaveLength(1);
    const outlined = await pollUntil(outlinedInGrid, (names) => JSON.stringify(names) === JSON.stringify(batches[1]));
    expect(outlined).toEqual(batches[1]);
    await expect(page.getByTestId('rollout-batch-pods').textContent()).resolves.toBe(batches[1]![0]);
    await screenshot(page, 'rollout-step-1-paused');
  });

  it('approves step 1 through the confirmation with a reason, and the timeline moves to step 2', async () => {
    await page.getByTestId('rollout-approve').click();
    const dialog = page.locator('dialog.confirm');
    await dialog.waitFor({ state: 'visible' });
    await dialog.locator('input[name=reason]').fill('canary looks good');
    await confirmDialogWith(page, /^Approve$/, [/^Approve step 1 of 3 \(20% of the pods on the new revision\) of Rollout demo .*then moves on to step 2 of 3/]);

    await page.waitForFunction(() => document.querySelector('[data-testid=rollout-step-2]')?.getAttribute('data-place') === 'current', null, {
      timeout: 45_000,
    });
    await expect(place(1)).resolves.toBe('done');
    await page.waitForFunction(() => /^paused: going on 60 s/.test(document.querySelector('[data-testid=rollout-step-state]')?.textContent ?? ''), null, {
      timeout: 45_000,
    });
    await page.waitForFunction(() => /approved step 1/.test(document.querySelector('[data-testid=rollout-history]')?.textContent ?? ''), null, {
      timeout: 20_000,
    });
    await expect(page.getByTestId('rollout-history').locator('li').first().textContent()).resolves.toMatch(
      /local-admin \(admin\) approved step 1 — “canary looks good”$/,
    );

    const batches = await pollUntil(batchPods, (b) => b[2]?.length === 2);
    expect(batches[2]).toHaveLength(2);
    const outlined = await pollUntil(outlinedInGrid, (names) => JSON.stringify(names) === JSON.stringify(batches[2]));
    expect(outlined).toEqual(batches[2]);
    await screenshot(page, 'rollout-step-2');
  });

  it('says where the Rollout stands in the list, and follows it live (a jump back to step 1, no reload)', async () => {
    await page.goto(dashboard.url);
    // Within 10 s: less than the list's 30 s reload, so only rolloutChanged can bring the jump in time.
    const lineIs = (text: string, timeout = 10_000) =>
      page.waitForFunction((want) => document.querySelector('tr[data-workload="default/echoserver"] [data-testid=rollout-where]')?.textContent === want, text, {
        timeout,
      });
    await lineIs('Rollout step 2/3 · waiting 60 s', 30_000);
    const jumped = await gql(api.url, 'mutation { jumpToRolloutStep(namespace: "default", name: "demo", stepIndex: 1, reason: "once more") { stepIndex } }');
    expect(jumped.errors).toBeUndefined();
    await lineIs('Rollout step 1/3 · paused, waiting for approval');
    await screenshot(page, 'rollout-list');
  });

  it('lets a rollout-approver (who cannot read workloads) approve on the Rollouts page', async () => {
    const created = await gql<{ createToken: { secret: string } }>(
      api.url,
      'mutation { createToken(name: "release-manager", role: "rollout-approver") { secret } }',
    );
    const approver = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    approver.on('pageerror', (err) => pageErrors.push(err.message));
    await approver.addInitScript((token) => window.localStorage.setItem('coxswain.token', token), created.data!.createToken.secret);
    await approver.goto(dashboard.url);
    await approver.getByTestId('role-notice').waitFor({ timeout: 30_000 });
    await approver.getByRole('link', { name: 'Rollouts' }).first().click();
    await approver.waitForURL('**/rollouts');
    const card = approver.locator('[data-rollout="default/demo"]');
    await card.waitFor({ timeout: 30_000 });
    // The workload is named, not linked: this token cannot open its page.
    await expect(card.locator('h2').textContent()).resolves.toMatch(/^Rollout default\/demo releases CloneSet echoserver/);
    await expect(card.locator('h2 a').count()).resolves.toBe(0);
    await approver.waitForFunction(
      () => /^paused: waiting for approval/.test(document.querySelector('[data-rollout="default/demo"] [data-testid=rollout-step-state]')?.textContent ?? ''),
      null,
      {
        timeout: 30_000,
      },
    );
    await card.getByTestId('rollout-approve').click();
    await approver.locator('dialog.confirm input[name=reason]').fill('second look is fine');
    await confirmDialogWith(approver, /^Approve$/, [/^Approve step 1 of 3/]);
    await approver.waitForFunction(
      () => document.querySelector('[data-rollout="default/demo"] [data-testid=rollout-step-2]')?.getAttribute('data-place') === 'current',
      null,
      {
        timeout: 30_000,
      },
    );
    await approver.waitForFunction(
      () =>
        /release-manager \(rollout-approver\) approved step 1 — “second look is fine”/.test(
          document.querySelector('[data-rollout="default/demo"] [data-testid=rollout-history]')?.textContent ?? '',
        ),
      null,
      {
        timeout: 20_000,
      },
    );
    // Live: a jump made elsewhere shows within 10 s (the page reloads every 15 s).
    const jumped = await gql(api.url, 'mutation { jumpToRolloutStep(namespace: "default", name: "demo", stepIndex: 1, reason: "third look") { stepIndex } }');
    expect(jumped.errors).toBeUndefined();
    await approver.waitForFunction(
      () => document.querySelector('[data-rollout="default/demo"] [data-testid=rollout-step-1]')?.getAttribute('data-place') === 'current',
      null,
      { timeout: 10_000 },
    );
    await screenshot(approver, 'rollouts-page-approver');
    await approver.close();
  });

  it('shows a viewer the Rollout without approve, jump or abort', async () => {
    const created = await gql<{ createToken: { secret: string } }>(api.url, 'mutation { createToken(name: "rollout-viewer", role: "viewer") { secret } }');
    const viewerPage = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await viewerPage.addInitScript((token) => window.localStorage.setItem('coxswain.token', token), created.data!.createToken.secret);
    await viewerPage.goto(`${dashboard.url}/workloads/cloneset/default/echoserver`);
    await viewerPage.getByTestId('rollout-panel').waitFor({ timeout: 30_000 });
    await viewerPage.getByText('Approving, jumping and aborting need a rollout-approver or admin token; this one is viewer.').waitFor();
    await expect(viewerPage.getByTestId('rollout-actions').count()).resolves.toBe(0);
    await viewerPage.close();
    expect(pageErrors).toEqual([]);
  });
});
