// Sign-in helpers for every browser spec. Demo accounts (src/server/db/seed/demo.ts) start with the initial password and
// must change it on their first sign-in; the run's state file remembers which ones did, so any spec can call
// signInAs(page, number) in any order. The server allows 5 failed sign-ins per account per 15 minutes: never guess.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

export const INITIAL_PASSWORD = 'Sales@123';
/** What first sign-ins change the initial password to (6–8 characters, digit, letter, capital). */
export const E2E_PASSWORD = 'Desk2e2E';

const memory: Record<string, string> = {};

function readState(): Record<string, string> {
  const file = process.env.E2E_STATE_FILE;
  if (!file || !existsSync(file)) return memory;
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

function remember(number: string, password: string) {
  const state = { ...readState(), [number.toLowerCase()]: password };
  const file = process.env.E2E_STATE_FILE;
  if (file) writeFileSync(file, JSON.stringify(state));
  else Object.assign(memory, state);
}

/** The current password of a demo account in this run. */
export const passwordOf = (number: string): string => readState()[number.toLowerCase()] ?? INITIAL_PASSWORD;

/** Fills the login form and submits it; does not wait for the outcome. `redirect` is the redirect query target. */
export async function submitLogin(page: Page, number: string, password: string, opts: { redirect?: string } = {}) {
  const onLogin = /^\/login$/i.test(new URL(page.url(), 'http://x').pathname);
  if (!onLogin || opts.redirect) {
    await page.goto(opts.redirect ? `/login?redirect=${encodeURIComponent(opts.redirect)}` : '/login');
  }
  await page.locator('input[name="account"]').fill(number);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: /^(Login|登入)$/ }).click();
}

/** Signs in with a known password and waits until the app has left the login screen. */
export async function signIn(page: Page, number: string, password = passwordOf(number), opts: { redirect?: string } = {}) {
  await submitLogin(page, number, password, opts);
  await page.waitForURL((u) => !/^\/login/i.test(u.pathname));
}

/** Changes the password on the forced-change screen that follows a sign-in with the initial password. */
export async function changeInitialPassword(page: Page, newPassword = E2E_PASSWORD) {
  await expect(page).toHaveURL(/\/UserChangePassword$/i);
  await page.locator('input[name="oldPassword"]').fill(INITIAL_PASSWORD);
  await page.locator('input[name="newPassword"]').fill(newPassword);
  await page.locator('input[name="confirmPassword"]').fill(newPassword);
  await page.getByRole('button', { name: /^(Change password|修改密碼)$/ }).click();
  await expect(page).toHaveURL(/\/Login$/i);
}

/** First sign-in of a demo account: initial password, the forced change, then a sign-in with the new password. */
export async function firstSignIn(page: Page, number: string, newPassword = E2E_PASSWORD) {
  if (passwordOf(number) !== INITIAL_PASSWORD) throw new Error(`${number} has already left its initial password in this run`);
  await submitLogin(page, number, INITIAL_PASSWORD);
  await changeInitialPassword(page, newPassword);
  remember(number, newPassword);
  await signIn(page, number, newPassword);
}

/** Signs a demo account in, doing its first sign-in if this run has not yet. */
export async function signInAs(page: Page, number: string) {
  if (passwordOf(number) === INITIAL_PASSWORD) await firstSignIn(page, number);
  else await signIn(page, number);
}

/** Marks an account's password as changed by a spec that did the change itself. */
export const rememberPassword = remember;
