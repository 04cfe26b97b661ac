// Optional screenshots for review: set E2E_SHOTS to a folder and the specs save named full-page PNGs there.
import path from 'node:path';
import type { Page } from '@playwright/test';

export async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  // Let transitions (drawer, dialog, toasts) settle first.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
