// Small page helpers the browser specs share: the stored language (read at the next load) and closing the toasts on
// screen (so a screenshot shows the page under them, and a new toast is then the only one).
import { expect, type Page } from '@playwright/test';

/** The language the app starts in at the next load (the shell keeps it in localStorage). */
export async function setLanguage(page: Page, lang: 'en' | 'zh-tw') {
  await page.evaluate((l) => localStorage.setItem('salesdesk.language', l), lang);
}

/** Closes every notification. Again until none is left: one may arrive while the others close, and a toast under the
 * pointer never closes itself. */
export async function closeToasts(page: Page) {
  await expect(async () => {
    for (const close of await page.getByTestId('notification').locator('button').all()) await close.click({ force: true }).catch(() => undefined);
    await page.mouse.move(0, 0);
    await expect(page.getByTestId('notification')).toHaveCount(0, { timeout: 1500 });
  }).toPass({ timeout: 20_000 });
}
