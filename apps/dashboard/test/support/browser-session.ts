// What a browser test file runs against: the built API, the built dashboard on the port the API lets
// call it, and one Chromium page that records its uncaught errors. Opened in beforeAll, closed in
// afterAll, in reverse order; a start that fails closes what it had started.
import type { Browser, Page } from 'playwright-core';
import { ADMIN_TOKEN, applyManifest, launchChromium, startApi, startDashboard, type Running, type RunningApi } from './servers';

export interface BrowserSession {
  api: RunningApi;
  dashboard: Running;
  browser: Browser;
  page: Page;
  /** The page's uncaught errors, in order: a test file ends by checking there were none. */
  pageErrors: string[];
  close(): Promise<void>;
}

export interface BrowserSessionOptions {
  /** The API's environment beyond startApi's. */
  apiEnv?: Record<string, string>;
  /** Applied as the admin before the dashboard starts. */
  manifest?: string;
  /** Signed in as the admin before the page's first script runs (src/lib/auth/token-store.ts keeps the token there). */
  signedIn?: boolean;
}

export async function openBrowserSession(options: BrowserSessionOptions = {}): Promise<BrowserSession> {
  const started: { close(): Promise<void> }[] = [];
  const close = async () => {
    for (const piece of started.reverse()) await piece.close();
  };
  try {
    const api = await startApi(options.apiEnv);
    started.push(api);
    if (options.manifest !== undefined) await applyManifest(api.url, options.manifest);
    const dashboard = await startDashboard(api);
    started.push(dashboard);
    const browser = await launchChromium();
    started.push(browser);
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    if (options.signedIn) await page.addInitScript((token) => window.localStorage.setItem('coxswain.token', token), ADMIN_TOKEN);
    return { api, dashboard, browser, page, pageErrors, close };
  } catch (err) {
    await close();
    throw err;
  }
}
