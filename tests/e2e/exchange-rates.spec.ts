// Exchange rates in the browser (spec part 1 §2 /ExchangeRateList, /ExchangeRateAdd, /ExchangeRateEdit, §8, §9; DESIGN
// §7): the list opens from the side menu on this month with the demo rates (RMB read-only, 10 a page); a month picked
// in the filter is carried over to Add; a new rate is listed, the same again is refused with the duplication message,
// an edit shows its new value; the form's required fields; the screens in Traditional Chinese; Add and Edit only for
// holders of those buttons.
import { expect, test, type Page } from '@playwright/test';
import { INITIAL_PASSWORD, signInAs } from './auth';
import { apiGet, chooseOption, tokenOf } from './sales-helpers';
import { shot } from './shots';
import { closeToasts, setLanguage } from './page-helpers';

const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1280, height: 800 };

const pad2 = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const THIS_MONTH = `${now.getFullYear()}-${pad2(now.getMonth() + 1)}`;
/** A month the demo data has no rates for (the demo seeds this month and the two before it). */
const NEXT_YEAR = now.getFullYear() + 1;
const NEW_MONTH = `${NEXT_YEAR}-03`;
/** The demo companies with rates (src/server/db/seed/demo-rates.ts). */
const DEMO = ['Taiwan (TW)', 'Singapore (SG)', 'Malaysia (MY)', 'Australia (AU)', 'Hong Kong (HK)'];

const rows = (page: Page) => page.locator('table tbody tr');
const rowWith = (page: Page, text: string) => rows(page).filter({ hasText: text });

test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ page }) => {
  // Leave the browser language as the other specs expect it.
  if (page.url().startsWith('http')) await setLanguage(page, 'en');
});

test('the list opens on this month with the demo rates; a rate added for a new month is listed, a second is refused, an edit shows', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.getByTestId('side-menu').getByRole('link', { name: 'Exchange rates', exact: true }).click();
  await expect(page).toHaveURL(/\/ExchangeRateList$/);
  await expect(page.getByTestId('breadcrumb')).toContainText('Exchange rates');

  // Filters: this month by default; the original currency is RMB and cannot be changed.
  await expect(page.getByTestId('filter-yearMonth')).toHaveText(THIS_MONTH);
  await expect(page.getByTestId('filter-oriCurrency')).toHaveValue('RMB');
  await expect(page.getByTestId('filter-oriCurrency')).toHaveAttribute('readonly', '');
  for (const title of ['Year-month', 'Company', 'Original currency', 'Local currency', 'Rate']) {
    await expect(page.getByRole('columnheader', { name: title, exact: true })).toBeVisible();
  }
  // The demo rates of this month: one per demo company, RMB to its currency, 10 a page.
  await expect(rows(page)).toHaveCount(DEMO.length);
  await expect(page.getByTestId('pager-total')).toHaveText(`Total ${DEMO.length}`);
  await expect(page.getByTestId('pager')).toContainText('10');
  for (const company of DEMO) await expect(rowWith(page, company)).toContainText(THIS_MONTH);
  const tw = rowWith(page, 'Taiwan (TW)');
  await expect(tw).toContainText('RMB');
  await expect(tw).toContainText('TWD');
  await expect(tw.getByTestId('row-edit')).toBeVisible();
  await expect(page.getByTestId('toolbar-add')).toBeVisible();
  await shot(page, 'exchange-rates-list-en-1280');

  // A month with no rates, picked in the month picker: nothing listed; Add starts on that month.
  await page.getByTestId('filter-yearMonth').click();
  await page.getByRole('button', { name: 'Next year' }).click();
  await page.getByRole('button', { name: 'Mar', exact: true }).click();
  await expect(page.getByTestId('filter-yearMonth')).toHaveText(NEW_MONTH);
  await page.getByTestId('search').click();
  await expect(page).toHaveURL(new RegExp(`yearMonth=${NEW_MONTH}`));
  await expect(page.getByText('No records match the filters')).toBeVisible();
  await page.getByTestId('toolbar-add').click();
  await expect(page).toHaveURL(new RegExp(`/ExchangeRateAdd\\?id=0&yearmonthcondition=${NEW_MONTH}$`));
  await expect(page.getByTestId('field-yearMonth')).toHaveText(NEW_MONTH);
  await expect(page.getByTestId('field-oriCurrency')).toHaveValue('RMB');
  await expect(page.getByTestId('field-oriCurrency')).toBeDisabled();

  // Required: company, local currency and rate.
  await page.getByTestId('save').click();
  await expect(page.getByText('Required', { exact: true })).toHaveCount(3);
  await expect(page).toHaveURL(/\/ExchangeRateAdd/);

  // The company brings its usual currency (from its newest rate); the rate says what it means.
  await chooseOption(page, 'field-country', 'Taiwan (TW)');
  await expect(page.getByTestId('field-locCurrency')).toHaveValue('TWD');
  await page.getByTestId('field-exchangerate').fill('4.512345');
  await expect(page.getByTestId('rate-meaning')).toHaveText('1 RMB = 4.512345 TWD');
  await shot(page, 'exchange-rate-add-en-1280');
  await page.getByTestId('save').click();
  await expect(page.getByText('Saved successfully').first()).toBeVisible();
  // Back to the list as it was left: the new month, with the new rate.
  await expect(page).toHaveURL(new RegExp(`/ExchangeRateList\\?yearMonth=${NEW_MONTH}$`));
  await expect(rows(page)).toHaveCount(1);
  await expect(rowWith(page, 'Taiwan (TW)')).toContainText(NEW_MONTH);
  await expect(rowWith(page, 'Taiwan (TW)')).toContainText('4.512345');

  // The same month, company and currency again: refused with the duplication message; the form stays.
  await page.getByTestId('toolbar-add').click();
  await expect(page.getByTestId('field-yearMonth')).toHaveText(NEW_MONTH);
  await chooseOption(page, 'field-country', 'Taiwan (TW)');
  await expect(page.getByTestId('field-locCurrency')).toHaveValue('TWD');
  await page.getByTestId('field-exchangerate').fill('4.4');
  await closeToasts(page);
  await page.getByTestId('save').click();
  await expect(page.getByTestId('notification').filter({ hasText: 'Data duplication' })).toBeVisible();
  await expect(page).toHaveURL(/\/ExchangeRateAdd/);
  await expect(page.getByTestId('save')).toBeEnabled();
  await shot(page, 'exchange-rate-duplicate-en');
  await page.getByTestId('return').click();
  await page.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/ExchangeRateList/);

  // Edit: the stored values load; a new rate is saved and listed.
  await expect(rows(page)).toHaveCount(1);
  await rowWith(page, 'Taiwan (TW)').getByTestId('row-edit').click();
  await expect(page).toHaveURL(/\/ExchangeRateEdit\?Id=\d+$/);
  await expect(page.getByTestId('field-yearMonth')).toHaveText(NEW_MONTH);
  await expect(page.getByTestId('field-country')).toHaveValue('Taiwan (TW)');
  await expect(page.getByTestId('field-locCurrency')).toHaveValue('TWD');
  await expect(page.getByTestId('field-exchangerate')).toHaveValue('4.512345');
  await page.getByTestId('field-exchangerate').fill('4.6');
  await page.setViewportSize(TABLET);
  await closeToasts(page);
  await shot(page, 'exchange-rate-edit-en-768');
  await page.getByTestId('save').click();
  await expect(page.getByText('Saved successfully').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/ExchangeRateList\\?yearMonth=${NEW_MONTH}$`));
  await expect(rowWith(page, 'Taiwan (TW)')).toContainText('4.6');
  await expect(rowWith(page, 'Taiwan (TW)')).not.toContainText('4.512345');
  await closeToasts(page);
  await shot(page, 'exchange-rates-list-en-768');

  // The server holds what the screen shows.
  const stored = await apiGet<{ items: Array<{ country: string; locCurrency: string; exchangerate: number }> }>(page, '/api/ExchangeRate/getexchangeratepage', {
    keyword: NEW_MONTH,
    pageIndex: 1,
    pageSize: 10,
  });
  expect(stored.items.map((r) => [r.country, r.locCurrency, r.exchangerate])).toEqual([['TW', 'TWD', 4.6]]);

  // Cleared, the month filter lists every month.
  await page.setViewportSize(DESKTOP);
  await page.goto('/ExchangeRateList?yearMonth=');
  await expect(page.getByTestId('pager-total')).toHaveText(/Total (1[6-9]|[2-9]\d)/);
});

test('in Traditional Chinese: the labels, and the duplication message', async ({ page }) => {
  await signInAs(page, 'admin');
  await setLanguage(page, 'zh-tw');
  await page.goto('/ExchangeRateList');
  await expect(page.getByTestId('breadcrumb')).toContainText('匯率');
  for (const title of ['年月', '公司', '原幣別', '本地幣別', '匯率']) {
    await expect(page.getByRole('columnheader', { name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('filter-yearMonth')).toHaveText(THIS_MONTH);
  await expect(rows(page)).toHaveCount(DEMO.length);
  await expect(page.getByTestId('toolbar-add')).toHaveText('新增');
  await expect(rowWith(page, 'Taiwan (TW)').getByTestId('row-edit')).toHaveText('編輯');
  await expect(page.getByTestId('pager-total')).toHaveText(`共 ${DEMO.length} 筆`);
  // The month picker names its months in Chinese.
  await page.getByTestId('filter-yearMonth').click();
  await expect(page.getByRole('button', { name: '3月', exact: true })).toBeVisible();
  await shot(page, 'exchange-rates-month-picker-zh-tw');
  await page.keyboard.press('Escape');
  await shot(page, 'exchange-rates-list-zh-tw-1280');

  // This month's Taiwan rate exists (demo data): adding it again is refused, in Chinese.
  await page.getByTestId('toolbar-add').click();
  await expect(page).toHaveURL(new RegExp(`/ExchangeRateAdd\\?id=0&yearmonthcondition=${THIS_MONTH}$`));
  await expect(page.getByText('原幣別', { exact: true })).toBeVisible();
  await chooseOption(page, 'field-country', 'Taiwan (TW)');
  await expect(page.getByTestId('field-locCurrency')).toHaveValue('TWD');
  await page.getByTestId('field-exchangerate').fill('4.4');
  await expect(page.getByTestId('rate-meaning')).toHaveText('1 RMB = 4.4 TWD');
  await page.getByTestId('save').click();
  await expect(page.getByTestId('notification').filter({ hasText: '資料重複' })).toBeVisible();
  await expect(page).toHaveURL(/\/ExchangeRateAdd/);
  await shot(page, 'exchange-rate-duplicate-zh-tw-1280');
  await page.setViewportSize(TABLET);
  await closeToasts(page);
  await shot(page, 'exchange-rate-add-zh-tw-768');
});

test('a subsidiary user sees only their own rates and adds for their own company, on a tablet', async ({ page }) => {
  await page.setViewportSize(TABLET);
  await signInAs(page, 'tw.sales');
  await setLanguage(page, 'en');
  await page.goto('/ExchangeRateList');
  await expect(rows(page)).toHaveCount(1);
  await expect(rowWith(page, 'Taiwan (TW)')).toContainText('TWD');
  await page.goto('/ExchangeRateList?yearMonth=');
  // Every month's rates (the demo's three and any added by the specs), all Taiwan's.
  await expect(page.getByTestId('pager-total')).toHaveText(/Total ([3-9]|\d\d)$/);
  for (const text of await rows(page).allInnerTexts()) expect(text).toContain('Taiwan (TW)');
  await page.getByTestId('toolbar-add').click();
  await expect(page).toHaveURL(/\/ExchangeRateAdd\?id=0&yearmonthcondition=$/);
  // No month chosen in the list: the form starts on this month; the company is locked to their own, with its currency.
  await expect(page.getByTestId('field-yearMonth')).toHaveText(THIS_MONTH);
  await expect(page.getByTestId('field-country')).toHaveValue('Taiwan (TW)');
  await expect(page.getByTestId('field-country')).toBeDisabled();
  await expect(page.getByTestId('field-locCurrency')).toHaveValue('TWD');
  await shot(page, 'exchange-rate-add-subsidiary-768');
});

test('Add and Edit are offered only to holders of those buttons', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const account = `rate.viewer.${stamp}`;
  await signInAs(page, 'admin');
  const token = await tokenOf(page);
  const post = async <T,>(path: string, data: Record<string, unknown>): Promise<T> => {
    const r = await page.request.post(path, { data, headers: { authorization: `Bearer ${token}` } });
    const body = (await r.json()) as { code: number; msg: string; data: T };
    expect(body.code, `${path}: ${body.msg}`).toBe(1);
    return body.data;
  };
  // A user of the factory company (no seeded role grants it anything), given a role with the exchange-rate screen
  // and none of its buttons.
  const companies = await apiGet<Array<{ id: number; companyNumber: string }>>(page, '/api/company/getcompanylist', {});
  const factory = companies.find((c) => c.companyNumber === 'FAC');
  expect(factory, 'the seeded factory company').toBeTruthy();
  const department = await post<{ id: number }>('/api/department/addoreditdepartment', { Id: 0, CompanyId: factory?.id, DepartmentName: `Rates ${stamp}` });
  await post('/api/user/addoredituser', {
    Id: 0,
    CompanyNumber: 'FAC',
    DepartmentId: department.id,
    Password: INITIAL_PASSWORD,
    Name: `Rate Viewer ${stamp}`,
    Account: account,
    Language: 'en',
    Sex: 1,
  });
  const users = await apiGet<{ items: Array<{ id: number; number: string }> }>(page, '/api/user/getuserpage', { keyword: account, pageIndex: 1, pageSize: 10 });
  const user = users.items.find((u) => u.number === account);
  expect(user, 'the new user').toBeTruthy();
  interface Node {
    id: number;
    menuNameEN: string;
    submenuList: Node[];
  }
  const tree = await apiGet<Node[]>(page, '/api/menu/getmenutree');
  const group = tree.find((g) => g.submenuList.some((s) => s.menuNameEN === 'Exchange rates'));
  const screen = group?.submenuList.find((s) => s.menuNameEN === 'Exchange rates');
  expect(screen?.submenuList.length, 'the screen has its buttons').toBeGreaterThan(0);
  await post('/api/role/addoreditrole', { Id: 0, RoleName: `Rates view ${stamp}`, Users: String(user?.id), MenuIds: `${group?.id},${screen?.id}` });

  // The admin holds both buttons (checked above); the viewer sees the list without them.
  await page.evaluate(() => localStorage.removeItem('salesdesk.session'));
  await signInAs(page, account);
  await page.getByTestId('side-menu').getByRole('link', { name: 'Exchange rates', exact: true }).click();
  await expect(page).toHaveURL(/\/ExchangeRateList$/);
  // Their scope is their own company, which has no rates: the list loads empty.
  await expect(page.getByText('No data', { exact: true })).toBeVisible();
  await expect(page.getByTestId('search')).toBeVisible();
  await expect(page.getByTestId('toolbar-add')).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Actions', exact: true })).toHaveCount(0);
  await expect(page.getByTestId('row-edit')).toHaveCount(0);
  // The add route itself is a button the viewer does not hold.
  await page.goto(`/ExchangeRateAdd?id=0&yearmonthcondition=${THIS_MONTH}`);
  await expect(page).toHaveURL(/\/401$/);
});
