// Issue 7, offline sync against the real server (DESIGN §6), in the system Chromium with the built app:
// 4. an add held offline meets the same country and month added online elsewhere: the device shows a conflict (top-bar
//    count, the conflict dialog with both sides); "Overwrite with mine" leaves the device's values on the server, applied
//    once; "Discard mine" leaves the server's record as it was and the entry gone;
// 5. the session ends on the server while entries wait: the queue pauses and asks for sign-in; after it they go, once;
// 6. user A's queued entries never go with user B's session on the same browser; they go when A signs in again.
// Users tw.sales, au.sales and hk.sales, years 2041–2043 (the chaos spec takes 2060 on; demo data is the current months).
import { expect, test, type Page, type Request } from '@playwright/test';
import { addOrEditWeekSalesData, getWeekSalesData, getWeekSalesDataPage2 } from '@/shared/contracts/sales-data';
import { logout } from '@/shared/contracts/user';
import { passwordOf, signIn, signInAs, submitLogin } from './auth';
import {
  apiSignIn,
  apiWith,
  fillWeekly,
  outboxRows,
  saveAndReturn,
  sundayDays,
  offlineReady,
  tokenOf,
  weekRecord,
  weekRecords,
  type OutboxRow,
} from './sales-helpers';
import { shot } from './shots';

const LIST = '/WeekSalesDataList';

const sum = (amounts: readonly string[]) => Math.round(amounts.reduce((s, a) => s + Number(a), 0) * 100) / 100;
const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const period = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
/** One amount per Sunday of the month: `base` plus a step per Sunday, two decimals. */
const amountsFor = (year: number, month: number, base: number, step: number) =>
  sundayDays(year, month).map((_, i) => (base + i * step).toFixed(2));

/** The stored amounts of a weekly record in date order. */
async function storedAmounts(page: Page, id: number, token?: string): Promise<number[]> {
  const r = token
    ? ((await apiWith<Awaited<ReturnType<typeof weekRecord>>>(page, token, 'GET', getWeekSalesData.path, { id })).data ?? { salesDataDetailEntities: [] })
    : await weekRecord(page, id);
  return r.salesDataDetailEntities
    .flatMap((d) => d.salesDataDetailSubs)
    .sort((a, b) => a.salesDataDate.localeCompare(b.salesDataDate))
    .map((s) => s.uploadAmount);
}

/** The server's weekly records of a country and month, read with a given token. */
async function recordsWith(page: Page, token: string, year: number, month: number, country: string) {
  const r = await apiWith<Array<{ id: number; weekAmount: number; version: number }>>(page, token, 'GET', getWeekSalesDataPage2.path, { year, month, country });
  expect(r.code, r.msg).toBe(1);
  return r.data;
}

/** The device's entries of one account. */
const rowsOf = async (page: Page, account: string): Promise<OutboxRow[]> => (await outboxRows(page)).filter((e) => e.account === account);

/** Queues a weekly add through the real form while the device is offline; the form returns to the list. */
async function queueOffline(page: Page, year: number, month: number, amounts: readonly string[]) {
  await fillWeekly(page, year, month, amounts);
  await expect(page.getByTestId('week-total')).toHaveText(money(sum(amounts)));
  await saveAndReturn(page, LIST);
}

test.describe('an add held offline meets the same month added elsewhere', () => {
  test('4a. the device shows the conflict with both sides; "Overwrite with mine" leaves its values on the server, once', async ({ page, context, browser }, info) => {
    const [year, month] = [2041, 3];
    const DEVICE = amountsFor(year, month, 1100.1, 100.1);
    const OTHER = amountsFor(year, month, 10, 10);
    await signInAs(page, 'au.sales');
    await offlineReady(page);
    await context.setOffline(true);
    await queueOffline(page, year, month, DEVICE);
    await expect(page.getByTestId('sync-pending')).toHaveText('1');

    // Another device of the same user adds the month online, through the form, in its own browser context.
    const other = await browser.newContext({ baseURL: info.project.use.baseURL, locale: 'en-US' });
    try {
      const p2 = await other.newPage();
      await signIn(p2, 'au.sales');
      await fillWeekly(p2, year, month, OTHER);
      await saveAndReturn(p2, LIST);
      await expect.poll(async () => (await weekRecords(p2, year, month, 'AU')).length).toBe(1);
    } finally {
      await other.close();
    }
    const [theirs] = await recordsWith(page, await apiSignIn(page, 'au.sales'), year, month, 'AU');
    expect(theirs.weekAmount).toBe(sum(OTHER));

    // Back online the engine's existence check finds the other record: a conflict, not a second record.
    await context.setOffline(false);
    await expect(page.getByTestId('sync-conflict')).toHaveText('1');
    await expect(page.getByTestId('sync-pending')).toHaveCount(0);
    expect((await weekRecords(page, year, month, 'AU')).map((r) => r.id)).toEqual([theirs.id]);

    await page.getByTestId('sync-status').click();
    await expect(page).toHaveURL(/\/Outbox$/);
    const row = page.getByTestId('outbox-row').filter({ hasText: `AU ${period(year, month)}` });
    await expect(row).toHaveAttribute('data-status', 'conflict');
    await row.getByTestId('outbox-resolve').click();
    const compare = page.getByTestId('conflict-compare');
    await expect(compare).toBeVisible();
    await expect(page.getByTestId('conflict-device-period')).toHaveText(period(year, month));
    await expect(page.getByTestId('conflict-server-period')).toHaveText(period(year, month));
    await expect(page.getByTestId('conflict-device-amount')).toHaveText(money(sum(DEVICE)));
    await expect(page.getByTestId('conflict-server-amount')).toHaveText(money(sum(OTHER)));
    await expect(page.getByTestId('conflict-server-version')).toHaveText(String(theirs.version));
    await shot(page, 'offline-conflict-dialog');

    await page.getByTestId('conflict-overwrite').click();
    await page.getByTestId('confirm-ok').click();
    await expect(row).toHaveAttribute('data-status', 'synced', { timeout: 20_000 });
    await expect(page.getByTestId('sync-conflict')).toHaveCount(0);

    // One record, the same one, with the device's amounts; its version went up by one: the overwrite applied once.
    const after = await weekRecords(page, year, month, 'AU');
    expect(after).toHaveLength(1);
    expect(after[0].id).toBe(theirs.id);
    expect(after[0].weekAmount).toBe(sum(DEVICE));
    expect(after[0].version).toBe(theirs.version + 1);
    expect(await storedAmounts(page, theirs.id)).toEqual(DEVICE.map(Number));
    const mine = await rowsOf(page, 'au.sales');
    expect(mine.filter((e) => e.label === `AU ${period(year, month)}`).map((e) => e.status)).toEqual(['synced']);
  });

  test('4b. "Discard mine" leaves the server\'s record unchanged and the entry gone', async ({ page, context }) => {
    const [year, month] = [2041, 4];
    const DEVICE = amountsFor(year, month, 1100.1, 100.1);
    const OTHER = amountsFor(year, month, 10, 10);
    await signInAs(page, 'au.sales');
    await offlineReady(page);
    await context.setOffline(true);
    await queueOffline(page, year, month, DEVICE);
    await expect(page.getByTestId('sync-pending')).toHaveText('1');

    // The other side through the API: another session of the same user adds the month.
    const token = await apiSignIn(page, 'au.sales');
    const sundays = sundayDays(year, month);
    const added = await apiWith<{ id: number; version: number }>(page, token, 'POST', addOrEditWeekSalesData.path, {
      id: 0,
      country: 'AU',
      yearS: year,
      monthS: month,
      salesDataDetailEntities: sundays.map((d, i) => ({ id: 0, salesDataDetailSubs: [{ salesDataDate: `${period(year, month)}-${d}`, uploadAmount: Number(OTHER[i]) }] })),
    });
    expect(added.code, added.msg).toBe(1);
    const before = await recordsWith(page, token, year, month, 'AU');
    const amountsBefore = await storedAmounts(page, added.data.id, token);

    await context.setOffline(false);
    await expect(page.getByTestId('sync-conflict')).toHaveText('1');
    await page.getByTestId('sync-status').click();
    const row = page.getByTestId('outbox-row').filter({ hasText: `AU ${period(year, month)}` });
    await expect(row).toHaveAttribute('data-status', 'conflict');
    await row.getByTestId('outbox-resolve').click();
    await expect(page.getByTestId('conflict-device-amount')).toHaveText(money(sum(DEVICE)));
    await expect(page.getByTestId('conflict-server-amount')).toHaveText(money(sum(OTHER)));
    await page.getByTestId('conflict-discard').click();
    await page.getByTestId('confirm-ok').click();

    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('sync-conflict')).toHaveCount(0);
    expect((await rowsOf(page, 'au.sales')).filter((e) => e.label === `AU ${period(year, month)}`)).toEqual([]);
    // Nothing went to the server: the same record, version and amounts as before.
    await page.waitForTimeout(1_000);
    expect(await recordsWith(page, token, year, month, 'AU')).toEqual(before);
    expect(await storedAmounts(page, added.data.id, token)).toEqual(amountsBefore);
  });
});

test('5. the session ends on the server while entries wait: the app asks to sign in, then sends them, nothing lost', async ({ page, context }) => {
  const months = [1, 2, 3];
  const year = 2042;
  const amounts = (m: number) => amountsFor(year, m, 500.05 + m, 100.01);
  await signInAs(page, 'hk.sales');
  await offlineReady(page);
  await context.setOffline(true);
  for (const m of months) await queueOffline(page, year, m, amounts(m));
  await expect(page.getByTestId('sync-pending')).toHaveText(String(months.length));
  await page.getByTestId('sync-status').click();
  await expect(page).toHaveURL(/\/Outbox$/);
  await expect(page.getByTestId('outbox-row')).toHaveCount(months.length);

  // The session ends on the server (logged out elsewhere with the same token) while the device is offline.
  const dead = await tokenOf(page);
  const out = await apiWith(page, dead, 'POST', logout.path);
  expect(out.code, out.msg).toBe(1);
  expect((await apiWith(page, dead, 'GET', getWeekSalesDataPage2.path, { year, month: 1, country: 'HK' })).status).toBe(401);

  // Back online: the queue pauses and asks for a sign-in (top-bar button, the outbox's note); nothing went.
  await context.setOffline(false);
  await expect(page.getByTestId('sync-sign-in')).toBeVisible();
  await expect(page.getByTestId('outbox-paused')).toBeVisible();
  await expect(page.getByTestId('outbox-row').and(page.locator('[data-status="pending"]'))).toHaveCount(months.length);
  const check = await apiSignIn(page, 'hk.sales');
  for (const m of months) expect(await recordsWith(page, check, year, m, 'HK')).toEqual([]);
  await shot(page, 'offline-sign-in-to-sync');

  // The prompt leads to the login screen and back; the same account's new session sends the queue.
  await page.getByTestId('sync-sign-in').click();
  await expect(page).toHaveURL(/\/login\?redirect=/i);
  await submitLogin(page, 'hk.sales', passwordOf('hk.sales'));
  await expect(page).toHaveURL(/\/Outbox$/);
  await expect(page.getByTestId('outbox-row').and(page.locator('[data-status="synced"]'))).toHaveCount(months.length, { timeout: 20_000 });
  await expect(page.getByTestId('sync-sign-in')).toHaveCount(0);
  await expect(page.getByTestId('sync-pending')).toHaveCount(0);
  for (const m of months) {
    const recs = await weekRecords(page, year, m, 'HK');
    expect(recs, `HK ${period(year, m)} once`).toHaveLength(1);
    expect(await storedAmounts(page, recs[0].id)).toEqual(amounts(m).map(Number));
  }
});

test("6. user A's queued entries never go with user B's session; they go when A signs in again", async ({ page, context }) => {
  const year = 2043;
  const A = { user: 'tw.sales', country: 'TW', months: [1, 2] };
  const B = { user: 'au.sales', country: 'AU', month: 5 };
  const amountsA = (m: number) => amountsFor(year, m, 11.11 * m, 11.11);
  const amountsB = amountsFor(year, B.month, 7, 1);

  await signInAs(page, A.user);
  await offlineReady(page);
  await context.setOffline(true);
  for (const m of A.months) await queueOffline(page, year, m, amountsA(m));
  await expect(page.getByTestId('sync-pending')).toHaveText(String(A.months.length));
  // A signs out while offline (the server's session cannot be ended now; the device forgets it).
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: /^(Logout|登出)$/ }).click();
  await expect(page).toHaveURL(/\/login$/i);
  await context.setOffline(false);

  // Every sales call from here until A is back, with its session: none may carry A's country.
  const seen: Array<{ url: string; body: string; auth: string }> = [];
  const record = (r: Request) => {
    if (r.url().includes('/api/salesData/')) seen.push({ url: r.url(), body: r.postData() ?? '', auth: r.headers().authorization ?? '' });
  };
  context.on('request', record);

  await signInAs(page, B.user);
  const tokenB = await tokenOf(page);
  await page.goto('/Outbox');
  await expect(page.getByTestId('outbox-empty')).toBeVisible();
  const others = page.getByTestId('outbox-other-account');
  await expect(others).toHaveCount(1);
  await expect(others).toContainText(A.user);
  await expect(others).toContainText(String(A.months.length));
  await expect(page.getByTestId('sync-pending')).toHaveCount(0);
  await shot(page, 'offline-other-account-waiting');

  // B's own save goes at once (so B's engine ran its passes); A's stay on the device.
  await fillWeekly(page, year, B.month, amountsB);
  await saveAndReturn(page, LIST);
  await expect.poll(async () => (await rowsOf(page, B.user)).map((e) => e.status)).toEqual(['synced']);
  expect((await weekRecords(page, year, B.month, B.country)).map((r) => r.weekAmount)).toEqual([sum(amountsB)]);
  expect((await rowsOf(page, A.user)).map((e) => e.status)).toEqual(A.months.map(() => 'pending'));
  const tokenA = await apiSignIn(page, A.user);
  for (const m of A.months) expect(await recordsWith(page, tokenA, year, m, A.country)).toEqual([]);

  // B signs out (online); A signs in again and the entries go with A's session.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: /^(Logout|登出)$/ }).click();
  await expect(page).toHaveURL(/\/login$/i);
  context.off('request', record);
  const mentionsA = seen.filter((s) => s.body.includes(`"country":"${A.country}"`) || new URL(s.url).searchParams.get('country') === A.country);
  expect(mentionsA, "no call of B's session carried A's entries").toEqual([]);
  expect(seen.filter((s) => s.url.toLowerCase().includes('addoreditweeksalesdata')).every((s) => s.auth === `Bearer ${tokenB}`)).toBe(true);

  await signIn(page, A.user);
  await expect.poll(async () => (await rowsOf(page, A.user)).map((e) => e.status), { timeout: 20_000 }).toEqual(A.months.map(() => 'synced'));
  for (const m of A.months) {
    const recs = await weekRecords(page, year, m, A.country);
    expect(recs, `${A.country} ${period(year, m)} once`).toHaveLength(1);
    expect(recs[0].weekAmount).toBe(sum(amountsA(m)));
    expect((await weekRecord(page, recs[0].id)).salesDataDetailEntities.length).toBe(amountsA(m).length);
  }
  const stored = await apiWith<{ addUserNumber: string | null }>(page, tokenA, 'GET', getWeekSalesData.path, { id: (await weekRecords(page, year, 1, A.country))[0].id });
  expect(stored.data.addUserNumber?.toLowerCase()).toBe(A.user);
});
