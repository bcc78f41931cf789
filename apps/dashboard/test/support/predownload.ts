// A canary's pre-download line on a workload's page (docs/image-pull.md), from nothing to done and gone:
// the same story for every kind that pre-downloads (CloneSet, Advanced StatefulSet).
import { expect } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { applyManifest } from './servers';

/**
 * At `manifest('nginx:1.25', 0)` the workload is complete and its page shows no line; at
 * `manifest('nginx:1.26', 2)` (a canary) the line shows every job done on as many nodes as it names, and
 * `whileShown` checks the rest (and takes the screenshot); at `manifest('nginx:1.26', 0)` the rollout
 * finishes, the jobs are deleted and the line goes.
 */
export async function predownloadComesAndGoes(
  page: Page,
  apiUrl: string,
  pageUrl: string,
  manifest: (image: string, partition: number) => string,
  whileShown: (line: Locator) => Promise<void>,
): Promise<void> {
  await applyManifest(apiUrl, manifest('nginx:1.25', 0));
  await page.goto(pageUrl);
  await page.waitForFunction(() => document.querySelector('h1 .badge')?.textContent === 'complete', null, { timeout: 30_000 });
  await expect(page.getByTestId('predownload').count()).resolves.toBe(0);
  await applyManifest(apiUrl, manifest('nginx:1.26', 2));
  const line = page.getByTestId('predownload');
  await line.waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () => {
      const job = document.querySelector('[data-testid=predownload] [data-job]');
      return job !== null && Number(job.getAttribute('data-desired')) > 0 && job.getAttribute('data-done') === job.getAttribute('data-desired');
    },
    null,
    { timeout: 30_000 },
  );
  await expect(line.textContent()).resolves.toMatch(/^Pre-downloading on the nodes of the pods not yet updated: nginx:1\.26 on (\d) of \1 nodes?/);
  await whileShown(line);
  await applyManifest(apiUrl, manifest('nginx:1.26', 0));
  await line.waitFor({ state: 'detached', timeout: 30_000 });
}
