// The dashboard's confirmation dialog as the browser tests drive it: wait for it, check that its body
// says what it must, press the button, and wait for it to close (or, for a refused change, for the
// error it shows).
import { expect } from '@jest/globals';
import type { Page } from 'playwright-core';

export function confirmDialog(page: Page) {
  return page.locator('dialog.confirm');
}

export async function confirmWith(page: Page, button: RegExp | string, expectBody: (string | RegExp)[] = [], refused = false): Promise<void> {
  const dialog = confirmDialog(page);
  await dialog.waitFor({ state: 'visible' });
  const body = dialog.getByTestId('confirm-body');
  for (const e of expectBody) await expect(body.textContent()).resolves.toMatch(e);
  await dialog.getByRole('button', { name: button }).click();
  if (refused) await dialog.getByTestId('action-error').waitFor();
  else await dialog.waitFor({ state: 'hidden' });
}
