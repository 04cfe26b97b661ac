// Shared steps of the sales-entry browser specs (issue 7, DESIGN §6): fill the real weekly, period (rule 1 and 2) and
// rule-1 target forms, save them, read the device's outbox, wait for it to drain, and ask the real server what it holds
// (page.request with the stored session's token: not subject to setOffline nor to page.route).
import { expect, type Page } from '@playwright/test';
import { passwordOf } from './auth';

// ---- Dates

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The two-digit days of a month's Sundays (what the weekly form's `amount-DD` inputs are named after). */
export function sundayDays(year: number, month: number): string[] {
  const out: string[] = [];
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  for (let d = 1; d <= days; d++) if (new Date(Date.UTC(year, month - 1, d)).getUTCDay() === 0) out.push(pad2(d));
  return out;
}

// ---- Device state

/** Waits until the service worker controls the page, so the app is served offline as it is on a tablet. */
export async function swReady(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return !!navigator.serviceWorker.controller;
  });
}

/**
 * Waits until signing in has prepared the device for offline entry: the service worker controls the page, the offline
 * forms' routes are remembered in the session and the lookups they need are in the service worker's cache.
 */
export async function offlineReady(page: Page) {
  await swReady(page);
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const routes = Object.keys((JSON.parse(localStorage.getItem('salesdesk.session') ?? '{}') as { routes?: object }).routes ?? {});
          const cache = await caches.open('salesdesk-api-lookups');
          const urls = (await cache.keys()).map((r) => new URL(r.url).pathname);
          const forms = ['/salesdataedit', '/salestargetadd', '/salestargetedit', '/weeksalesdata'];
          return [...forms.filter((f) => routes.includes(f)), ...['getcompanylist', 'getproductmodlist', 'getproductlist'].filter((p) => urls.some((u) => u.endsWith(`/${p}`)))];
        }),
      { timeout: 20_000 },
    )
    .toEqual(['/salesdataedit', '/salestargetadd', '/salestargetedit', '/weeksalesdata', 'getcompanylist', 'getproductmodlist', 'getproductlist']);
}

/** The stored session's token (localStorage 'salesdesk.session'). */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('salesdesk.session') ?? '{}') as { token?: string }).token ?? '');
  expect(token, 'a stored session').not.toBe('');
  return token;
}

export interface OutboxRow {
  id: string;
  account: string;
  kind: 'weekSales' | 'salesData' | 'salesTarget';
  op: string;
  status: 'pending' | 'sending' | 'failed' | 'conflict' | 'synced';
  label: string;
  attempts: number;
  error?: string;
  payload: Record<string, unknown>;
}

/** Every row of a store of the app's IndexedDB ('salesdesk-offline'), read without the app's code; [] before the app made it. */
function storeRows<T>(page: Page, store: 'outbox' | 'drafts'): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('salesdesk-offline');
        // No database yet: do not create one (the app's Dexie must make it with its schema).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve([]);
            return;
          }
          const req = db.transaction(name, 'readonly').objectStore(name).getAll();
          req.onsuccess = () => {
            db.close();
            resolve(req.result as T[]);
          };
          req.onerror = () => reject(req.error);
        };
      }),
    store,
  );
}

/** Every outbox row on this device, every account's. */
export const outboxRows = (page: Page) => storeRows<OutboxRow>(page, 'outbox');

/** Every stored draft on this device (form drafts and the entries' copies). */
export const draftRows = (page: Page) => storeRows<{ account: string; key: string; values: unknown }>(page, 'drafts');

/** Waits until no entry of the device's outbox is pending, sending, failed or in conflict; returns the rows. */
export async function waitForOutboxDrained(page: Page, timeout = 30_000): Promise<OutboxRow[]> {
  await expect
    .poll(async () => (await outboxRows(page)).filter((e) => e.status !== 'synced').map((e) => `${e.label}:${e.status}`), { timeout })
    .toEqual([]);
  await expect(page.getByTestId('sync-pending')).toHaveCount(0);
  return outboxRows(page);
}

// ---- The server, through its API

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A GET of the real API with the stored session's token; fails the test on a refusal. */
export async function apiGet<T>(page: Page, path: string, query: Record<string, string | number> = {}): Promise<T> {
  const token = await tokenOf(page);
  const res = await page.request.get(path, { params: query, headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, `${path}: ${body.msg}`).toBe(1);
  return body.data;
}

export interface WeekRecord {
  id: number;
  weekAmount: number;
  salesDataDetailEntities: Array<{ salesDataDetailSubs: Array<{ salesDataDate: string; uploadAmount: number }> }>;
}

/** Signs in through the API as another device would: a server session of its own; the page's stored one is untouched. */
export async function apiSignIn(page: Page, number: string, password = passwordOf(number)): Promise<string> {
  const res = await page.request.post('/api/user/login', { data: { number, password } });
  const body = (await res.json()) as Envelope<{ token: string; mustChangePassword: boolean }>;
  expect(body.code, `API sign-in of ${number}: ${body.msg}`).toBe(1);
  expect(body.data.mustChangePassword, `${number} has left its initial password`).toBe(false);
  return body.data.token;
}

/** A call of the real API with the given token (not the page's); returns the envelope and the HTTP status as they come. */
export async function apiWith<T>(page: Page, token: string, method: 'GET' | 'POST', path: string, input: Record<string, unknown> = {}) {
  const headers = { authorization: `Bearer ${token}` };
  const res =
    method === 'GET'
      ? await page.request.get(path, { params: input as Record<string, string | number>, headers })
      : await page.request.post(path, { data: input, headers });
  return { status: res.status(), ...((await res.json()) as Envelope<T>) };
}

/** The server's weekly records of a country and month (the duplicate check's own call). */
export const weekRecords = (page: Page, year: number, month: number, country: string) =>
  apiGet<Array<{ id: number; datePeriod: string; weekAmount: number; version: number }>>(page, '/api/salesData/getweeksalesdatapage2', { year, month, country });

/** One weekly record with its amounts. */
export const weekRecord = (page: Page, id: number) => apiGet<WeekRecord>(page, '/api/salesData/getweeksalesdata', { id });

export interface SalesDataItem {
  id: number;
  datePeriod: string;
  country: string;
  rules: number;
  sumQuantity: number;
  sumAmount: number;
}

/** The server's period sales data of a country and month. */
export async function salesDataRecords(page: Page, year: number, month: number, country: string): Promise<SalesDataItem[]> {
  const page1 = await apiGet<{ items: SalesDataItem[] }>(page, '/api/salesData/getsalesdatapage', { pageIndex: 1, pageSize: 100, year, month, country });
  return page1.items.filter((i) => i.datePeriod === `${year}-${pad2(month)}` && i.country === country);
}

export interface TargetItem {
  id: number;
  year: number;
  month: number;
  rule: number;
  country: string;
  totalQuantity: number;
  totalAmount: number;
  dataStatus: number;
}

/** The server's sales targets of a country, month and rule. */
export async function targetRecords(page: Page, year: number, month: number, rule: number, country: string): Promise<TargetItem[]> {
  const page1 = await apiGet<{ items: TargetItem[] }>(page, '/api/salestarget/getsalestargetpage', { pageIndex: 1, pageSize: 100, year, month, rule, country });
  return page1.items.filter((i) => i.year === year && i.month === month && i.rule === rule && i.country === country);
}

// ---- The forms

/** Chooses an option of a Mantine Select (click the input, then the option by its accessible name). */
export async function chooseOption(page: Page, testId: string, name: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name }).first().click();
}

/** Opens the weekly add form on a month and types one amount per Sunday (in order); returns the Sundays' days. */
export async function fillWeekly(page: Page, year: number, month: number, amounts: readonly string[]): Promise<string[]> {
  await page.goto(`/WeekSalesData?id=0&operate=add&readonly=false&yearS=${year}&monthS=${month}`);
  await expect(page.getByTestId('week-sales-table')).toBeVisible();
  const days = sundayDays(year, month);
  for (const [i, d] of days.entries()) await page.locator(`input[name="amount-${d}"]`).fill(amounts[i] ?? '');
  return days;
}

/** Opens the rule-1 period form, adds one product model (by its name in the picker) and types quantities by day. */
export async function fillSalesDataRule1(page: Page, year: number, month: number, model: string, quantities: Record<string, string>) {
  await page.goto(`/SalesDataEdit?id=0&operate=add&readonly=false&years=${year}&months=${month}&rules=1`);
  await expect(page.getByTestId('sales-data-form')).toBeVisible();
  await page.getByTestId('add-row').click();
  const picker = page.getByRole('dialog');
  await picker.getByRole('row').filter({ hasText: model }).first().getByRole('checkbox').check();
  await picker.getByTestId('picker-confirm').click();
  await expect(page.getByTestId('grid-row-0')).toHaveAttribute('data-model', model);
  for (const [day, q] of Object.entries(quantities)) await page.locator(`input[name="qty-0-${day}"]`).fill(q);
}

/** Opens the rule-2 period form and types corporate and offline amounts by day. */
export async function fillSalesDataRule2(page: Page, year: number, month: number, amounts: Record<string, { corporate: string; offline: string }>) {
  await page.goto(`/SalesDataEdit?id=0&operate=add&readonly=false&years=${year}&months=${month}&rules=2`);
  await expect(page.getByTestId('month-calendar')).toBeVisible();
  for (const [day, a] of Object.entries(amounts)) {
    await page.locator(`input[name="corporate-${day}"]`).fill(a.corporate);
    await page.locator(`input[name="offline-${day}"]`).fill(a.offline);
  }
}

/** Opens the target add form (rule 1), adds one row with a product (matched by its option name) and a quantity. */
export async function fillTargetRule1(page: Page, year: number, month: number, product: string | RegExp, quantity: string) {
  await page.goto(`/SalesTargetAdd?id=0&operate=add&readonly=false&year=${year}&month=${month}&rule=1`);
  await expect(page.getByTestId('sales-target-form')).toBeVisible();
  await page.getByTestId('add-row').click();
  const row = page.getByTestId('product-row-0');
  await row.getByTestId('row-product').click();
  await page.getByRole('option', { name: product }).first().click();
  await row.locator('input[name="targetQuantity-0"]').fill(quantity);
  await expect(page.getByTestId('total-quantity')).toHaveText(Number(quantity).toLocaleString('en-US'));
}

/** Presses the form's Save and waits for the list it returns to (synced or queued alike). */
export async function saveAndReturn(page: Page, listPath: string) {
  await page.getByTestId('save').click();
  await page.waitForURL((u) => u.pathname.toLowerCase() === listPath.toLowerCase(), { timeout: 20_000 });
}
