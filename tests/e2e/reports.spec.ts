// The five sales reports in the browser (spec part 1 §2 Reports, §5–§6, §9; DESIGN §7; issue 8), against the built app,
// the real server and the demo data (this month and the two before, TW, SG, MY, AU, HK, with rates). For each report,
// as admin on this month: open it, search, check one figure against a hand computation from the stored sales data,
// targets and rates (read through the other APIs with the session's token), export it and read the downloaded xlsx
// back: the file name, and every cell of the sheet (header rows with their merges, body rows, the summary) against the
// table on screen. A model report paged smaller than its rows exports every row, page by page as the screen shows them.
// The daily report's E-mail button mails the report and the mail is recorded with its workbook (getmailrecordpage).
// A TW sales user has their country locked and is refused the consolidated total report; the screens in Chinese.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { read, utils } from 'xlsx';
import { getExchangeRatePage } from '@/shared/contracts/exchange-rate';
import { getMailRecordPage, type MailRecordItem } from '@/shared/contracts/mail-record';
import { getSalesDataReportPage, getSumReportData, type ModelReportResult } from '@/shared/contracts/report';
import { getSalesDataById, getSalesDataPage, getWeekSalesData, getWeekSalesDataPage2, type SalesDataRecord } from '@/shared/contracts/sales-data';
import { getSalesTargetPage } from '@/shared/contracts/sales-target';
import { signInAs } from './auth';
import { apiGet, chooseOption, tokenOf } from './sales-helpers';
import { shot } from './shots';
import { setLanguage } from './page-helpers';

const DESKTOP = { width: 1440, height: 900 };
const pad2 = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const YEAR = now.getFullYear();
const MONTH = now.getMonth() + 1;
const THIS_MONTH = `${YEAR}-${pad2(MONTH)}`;
const DAY1 = `${THIS_MONTH}-01`;
const RECIPIENT = 'reports@salesdesk.test';

type Grid = string[][];

// ---- Hand computations (the server's rules, DESIGN §7: RMB = local / rate to cents; shown without decimals)

const toCents = (v: number) => Math.round(v * 100);
/** A local amount in RMB, to cents, then as the screen shows an amount row: a whole number with separators. */
const rmbShown = (local: number, rate: number) => Math.round(Math.round((local / rate) * 100) / 100).toLocaleString('en-US');
const units = (n: number, decimals = 0) => n.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

/** This month's rate of a company from RMB to its currency (local units per RMB) from the exchange-rate list. */
async function rateOf(page: Page, country: string, currency: string): Promise<number> {
  const list = await apiGet<{ items: Array<{ country: string; oriCurrency: string; locCurrency: string; exchangerate: number }> }>(page, getExchangeRatePage.path, {
    keyword: THIS_MONTH,
    pageSize: 100,
  });
  const row = list.items.find((r) => r.country === country && r.oriCurrency === 'RMB' && r.locCurrency === currency);
  expect(row, `a ${THIS_MONTH} rate for ${country}`).toBeTruthy();
  return row!.exchangerate;
}

/** This month's enabled period sales data (with their rows) of a country, or of every country ('' ). */
async function periodRecords(page: Page, country = ''): Promise<SalesDataRecord[]> {
  const list = await apiGet<{ items: Array<{ id: number; datePeriod: string; isDisabled: boolean }> }>(page, getSalesDataPage.path, {
    year: YEAR,
    month: MONTH,
    isDisabled: 'false',
    pageSize: 100,
    ...(country ? { country } : {}),
  });
  const records: SalesDataRecord[] = [];
  for (const item of list.items.filter((i) => i.datePeriod === THIS_MONTH && !i.isDisabled)) records.push(await apiGet<SalesDataRecord>(page, getSalesDataById.path, { id: item.id }));
  return records;
}

/** The enabled day entries of enabled rows of the records, optionally of one product model. */
const daysOf = (records: SalesDataRecord[], modelId?: number) =>
  records
    .flatMap((r) => r.salesDataDetailEntities)
    .filter((d) => !d.isDisabled && (modelId === undefined || d.productId === modelId))
    .flatMap((d) => d.salesDataDetailSubs);

// ---- The table on screen and the exported sheet

/** Waits until the report of `name` is drawn and no load is running. */
async function reportReady(page: Page, name: string) {
  await expect(page.locator(`[data-testid=report-table][data-report=${name}]`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('report-frame')).toHaveAttribute('aria-busy', 'false');
}

/**
 * The header rows as the sheet holds them: a cell spanning columns or rows is written once, at its top-left; the
 * cells it covers are empty.
 */
function screenHead(page: Page): Promise<Grid> {
  return page.$$eval('[data-testid=report-table] thead tr[data-testid=report-head-row]', (trs) => {
    const grid: Array<Array<string | undefined>> = trs.map(() => []);
    trs.forEach((tr, r) => {
      let c = 0;
      for (const th of Array.from(tr.querySelectorAll('th[data-testid=report-head-cell]')) as HTMLTableCellElement[]) {
        while (grid[r][c] !== undefined) c++;
        for (let dr = 0; dr < th.rowSpan; dr++) for (let dc = 0; dc < th.colSpan; dc++) if (grid[r + dr]) grid[r + dr][c + dc] = dr || dc ? '' : (th.textContent ?? '');
        c += th.colSpan;
      }
    });
    const width = Math.max(...grid.map((row) => row.length));
    return grid.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ''));
  });
}

/** The body rows (the summary row last, as in the sheet). */
function screenBody(page: Page): Promise<Grid> {
  return page.$$eval('[data-testid=report-table] tbody tr', (trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')));
}

/** The cell of a body row (by its label in the first column) and a column (by its index in the expanded header). */
async function cellOf(page: Page, rowLabel: string, column: number): Promise<string> {
  const body = await screenBody(page);
  const row = body.find((r) => r[0] === rowLabel);
  expect(row, `a "${rowLabel}" row`).toBeTruthy();
  return row![column];
}

/**
 * The column of a grid report whose group (head row 0, carried over its merged cells) starts with `group` and whose
 * company cell (head row 1) starts with `company`.
 */
function gridColumn(head: Grid, group: string, company: string): number {
  let current = '';
  for (let c = 1; c < head[0].length; c++) {
    if (head[0][c]) current = head[0][c];
    if (current.startsWith(group) && head[1][c].startsWith(company)) return c;
  }
  throw new Error(`no column ${group} / ${company} in ${JSON.stringify(head)}`);
}

/** Presses Export, checks the file's name, and reads its only sheet back as formatted text (as Excel shows it). */
async function exportSheet(page: Page, prefix: string): Promise<{ fileName: string; grid: Grid }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
  const fileName = download.suggestedFilename();
  expect(fileName).toMatch(new RegExp(`^${prefix}_\\d{8}_\\d{6}\\.xlsx$`));
  const path = await download.path();
  const book = read(readFileSync(path), { type: 'buffer' });
  expect(book.SheetNames).toEqual([prefix]);
  const grid = utils.sheet_to_json<string[]>(book.Sheets[prefix], { header: 1, raw: false, defval: '' });
  return { fileName, grid };
}

/** Every cell of a grid report's sheet against the screen: the two header rows, then every body row. */
async function expectSheetIsScreen(page: Page, grid: Grid) {
  const head = await screenHead(page);
  const body = await screenBody(page);
  expect(head).toHaveLength(2);
  expect(grid).toHaveLength(head.length + body.length);
  expect(grid.slice(0, head.length)).toEqual(head);
  expect(grid.slice(head.length)).toEqual(body);
}

/** Opens a report group's screen from the side menu (the Sales reports group starts closed). */
async function openFromMenu(page: Page, name: string) {
  const menu = page.getByTestId('side-menu');
  const group = menu.getByRole('button', { name: 'Sales reports', exact: true });
  if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
  await menu.getByRole('link', { name, exact: true }).click();
}

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(DESKTOP);
});

test.afterEach(async ({ page }) => {
  if (page.url().startsWith('http')) await setLanguage(page, 'en');
});

test('sales data report: from the side menu, 10 a page; a model by hand; the export holds every row and the summary, as the pages show them', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'admin');
  await setLanguage(page, 'en');
  await openFromMenu(page, 'Sales data report');
  await expect(page).toHaveURL(/\/SalesDataReport(\?|$)/);
  await expect(page.getByTestId('report-screen-salesData')).toBeVisible();
  await expect(page.getByTestId('filter-yearMonth')).toHaveText(THIS_MONTH);
  // Every country (admin): amounts in RMB.
  await page.getByTestId('search').click();
  await reportReady(page, 'SalesDataReport');

  // 10 a page: fewer rows on screen than the report has.
  await chooseOption(page, 'pager-size', /^10$/);
  await expect(page).toHaveURL(/pageSize=10/);
  await reportReady(page, 'SalesDataReport');
  const total = Number(/(\d+)/.exec((await page.getByTestId('pager-total').textContent()) ?? '')?.[1]);
  expect(total, 'more models than one page').toBeGreaterThan(10);
  await expect(page.locator('[data-testid=report-table] tbody tr')).toHaveCount(11);
  const head = await screenHead(page);
  expect(head).toHaveLength(1);
  const days = new Date(YEAR, MONTH, 0).getDate();
  expect(head[0].slice(0, 3)).toEqual(['Type', 'Level', 'Model']);
  expect(head[0].slice(3 + days)).toEqual(['Total quantity', 'Total amount (RMB)']);
  expect(head[0][3]).toMatch(/^\d\d-01 (Sun|Mon|Tue|Wed|Thu|Fri|Sat)$/);

  // By hand: the first model's units on day 1 and in the month, summed over every country's enabled rule-1 rows.
  const reply = await apiGet<ModelReportResult>(page, getSalesDataReportPage.path, { yearMonth: THIS_MONTH, pageIndex: 1, pageSize: 10 });
  const first = reply.items[0];
  const entries = daysOf(await periodRecords(page), first.modelId);
  const monthUnits = entries.reduce((s, d) => s + d.uploadQuantity, 0);
  const day1Units = entries.filter((d) => d.salesDataDate === DAY1).reduce((s, d) => s + d.uploadQuantity, 0);
  expect(monthUnits, 'the demo sells the first model this month').toBeGreaterThan(0);
  const firstRow = (await screenBody(page))[0];
  expect(firstRow.slice(0, 3)).toEqual([first.dataType, first.modelLevel, first.modelName]);
  expect(firstRow[3]).toBe(units(day1Units));
  expect(firstRow[3 + days]).toBe(units(monthUnits));
  await shot(page, 'report-sales-data-en');

  // The export: every row of the report (not the page), then the summary; each page of the screen is in it as shown.
  const { grid } = await exportSheet(page, 'SalesDataReport');
  expect(grid).toHaveLength(1 + total + 1);
  expect(grid[0]).toEqual(head[0]);
  const summary = (await screenBody(page)).at(-1)!;
  expect(summary[0]).toBe('Summary');
  expect(grid.at(-1)).toEqual(summary);
  const pages = Math.ceil(total / 10);
  for (let p = 1; p <= pages; p++) {
    if (p > 1) {
      await page.getByTestId('pager-jump').fill(String(p));
      await page.getByTestId('pager-jump').press('Enter');
      await expect(page).toHaveURL(new RegExp(`pageIndex=${p}`));
    }
    const expected = [...grid.slice(1 + (p - 1) * 10, 1 + Math.min(p * 10, total)), grid.at(-1)];
    await expect(async () => {
      expect(await screenBody(page)).toEqual(expected);
    }).toPass();
  }
});

test('target analysis report for TW: target and units by hand; the export is the screen, cell for cell', async ({ page }) => {
  await signInAs(page, 'admin');
  await setLanguage(page, 'en');
  await page.goto(`/SalesTargetAnalysisReport?yearMonth=${THIS_MONTH}`);
  await expect(page.getByTestId('report-screen-targetAnalysis')).toBeVisible();
  await chooseOption(page, 'filter-country', 'Taiwan (TW)');
  await page.getByTestId('search').click();
  await expect(page).toHaveURL(/country=TW/);
  await reportReady(page, 'SalesTargetAnalysisReport');
  const total = Number(/(\d+)/.exec((await page.getByTestId('pager-total').textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(0);
  expect(total, 'one page (20 a page) holds every model').toBeLessThanOrEqual(20);

  // By hand: the summary's target is TW's released, enabled rule-1 target quantities of the month; its total the
  // units of TW's enabled rule-1 rows; the gap total − target.
  const targets = await apiGet<{ items: Array<{ year: number; month: number; rule: number; country: string; dataStatus: number; isDisabled: boolean; totalQuantity: number }> }>(
    page,
    getSalesTargetPage.path,
    { year: YEAR, month: MONTH, rule: 1, country: 'TW', pageSize: 100 },
  );
  const target = targets.items
    .filter((t) => t.year === YEAR && t.month === MONTH && t.rule === 1 && t.country === 'TW' && t.dataStatus === 1 && !t.isDisabled)
    .reduce((s, t) => s + t.totalQuantity, 0);
  const sold = daysOf(await periodRecords(page, 'TW')).reduce((s, d) => s + d.uploadQuantity, 0);
  expect(target, 'the demo has a released TW target this month').toBeGreaterThan(0);
  const body = await screenBody(page);
  const summary = body.at(-1)!;
  expect(summary.slice(0, 6)).toEqual(['Summary', '', '', units(target, 2), units(sold, 2), units(sold - target, 2)]);
  // A row whose units fall short of its target shows a red (negative) gap.
  const negative = page.locator('[data-testid=report-table] tbody tr td[data-negative]');
  if (sold < target) await expect(negative.first()).toBeVisible();
  await shot(page, 'report-target-analysis-en');

  const { grid } = await exportSheet(page, 'SalesTargetAnalysisReport');
  const head = await screenHead(page);
  expect(head[0].slice(0, 6)).toEqual(['Type', 'Level', 'Model', 'Target quantity', 'Total quantity', 'Quantity gap']);
  expect(grid).toEqual([...head, ...body]);
  expect(body).toHaveLength(total + 1);
});

test('target total report: SG’s corporate actual of day 1 by hand (online amount / rate); the export is the screen', async ({ page }) => {
  await signInAs(page, 'admin');
  await setLanguage(page, 'en');
  await page.goto('/SalesTargetTotalReport');
  await expect(page.getByTestId('report-screen-total')).toBeVisible();
  await expect(page.getByTestId('filter-country')).toHaveValue('All companies (OIH)');
  await page.getByTestId('search').click();
  await reportReady(page, 'SalesTargetTotal');
  await expect(page.locator('[data-testid=report-table] tbody tr')).toHaveCount(12);

  const rate = await rateOf(page, 'SG', 'SGD');
  const online = daysOf(await periodRecords(page, 'SG'))
    .filter((d) => d.salesDataDate === DAY1)
    .reduce((s, d) => s + toCents(d.onlineAmount), 0);
  expect(online, 'SG sold online on day 1 (demo data)').toBeGreaterThan(0);
  const head = await screenHead(page);
  expect(head[0][0]).toBe('Item');
  const column = gridColumn(head, `${pad2(MONTH)}-01 `, 'SG ');
  expect(head[1][column]).toBe(`SG ${rate}`);
  expect(await cellOf(page, 'Corporate actual', column)).toBe(rmbShown(online / 100, rate));
  await shot(page, 'report-target-total-en');

  const { grid } = await exportSheet(page, 'SalesTargetTotal');
  await expectSheetIsScreen(page, grid);
  expect(grid[0].filter(Boolean).at(-1)).toBe('Total');
});

test('daily report: TW’s total actual of day 1 by hand (rule-1 amounts / rate); the export is the screen; E-mail records the mail with its workbook', async ({ page }) => {
  await signInAs(page, 'admin');
  await setLanguage(page, 'en');
  await page.goto('/DailyDataReport');
  await expect(page.getByTestId('report-screen-daily')).toBeVisible();
  await page.getByTestId('search').click();
  await reportReady(page, 'DailyDataReport');
  await expect(page.locator('[data-testid=report-table] tbody tr')).toHaveCount(15);

  // TW enters units per model (rule 1): their amounts (units × unit price) are its total actual.
  const rate = await rateOf(page, 'TW', 'TWD');
  const records = await periodRecords(page, 'TW');
  expect(records.every((r) => r.rules === 1)).toBe(true);
  const amount = daysOf(records)
    .filter((d) => d.salesDataDate === DAY1)
    .reduce((s, d) => s + toCents(d.uploadAmount), 0);
  expect(amount, 'TW sold on day 1 (demo data)').toBeGreaterThan(0);
  const head = await screenHead(page);
  const column = gridColumn(head, `${pad2(MONTH)}-01 `, 'TW ');
  expect(await cellOf(page, 'Total actual', column)).toBe(rmbShown(amount / 100, rate));
  expect(await cellOf(page, 'Actual', column)).toBe(rmbShown(amount / 100, rate));
  await shot(page, 'report-daily-en');

  const { grid, fileName } = await exportSheet(page, 'DailyDataReport');
  await expectSheetIsScreen(page, grid);

  // E-mail: mailed to the configured recipient, and recorded with the workbook attached.
  const before = await apiGet<{ count: number }>(page, getMailRecordPage.path, { pageSize: 1 });
  await page.getByTestId('report-email').click();
  await expect(page.getByTestId('notification').filter({ hasText: `The report was mailed to 1 recipient(s): ${RECIPIENT}` })).toBeVisible();
  const after = await apiGet<{ items: MailRecordItem[]; count: number }>(page, getMailRecordPage.path, { pageSize: 5 });
  expect(after.count).toBe(before.count + 1);
  const mail = after.items[0];
  expect(mail).toMatchObject({ addresSeeEmail: RECIPIENT, addUserName: 'Administrator', content: 'recorded' });
  expect(mail.subject).toContain(`Daily report ${THIS_MONTH}`);
  expect(mail.attachments).toHaveLength(1);
  expect(mail.attachments[0]).toMatchObject({ contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  expect(mail.attachments[0].filename).toMatch(/^DailyDataReport_\d{8}_\d{6}\.xlsx$/);
  expect(mail.attachments[0].size).toBeGreaterThan(1000);
  expect(fileName).toMatch(/^DailyDataReport_/);
  await shot(page, 'report-daily-mailed-en');
});

test('Monday report: SG’s weekly upload of the first Sunday’s week by hand; the export is the screen', async ({ page }) => {
  await signInAs(page, 'admin');
  await setLanguage(page, 'en');
  await page.goto(`/MondayDataReport?yearMonth=${THIS_MONTH}`);
  await expect(page.getByTestId('report-screen-monday')).toBeVisible();
  await page.getByTestId('search').click();
  await reportReady(page, 'MondayDataReport');
  await expect(page.locator('[data-testid=report-table] tbody tr')).toHaveCount(16);

  // The first Sunday of the month and the Monday its week starts on (perhaps in the month before).
  const firstSunday = ((7 - new Date(Date.UTC(YEAR, MONTH - 1, 1)).getUTCDay()) % 7) + 1;
  const monday = new Date(Date.UTC(YEAR, MONTH - 1, firstSunday - 6)).toISOString().slice(5, 10);
  const sunday = `${THIS_MONTH}-${pad2(firstSunday)}`;
  const rate = await rateOf(page, 'SG', 'SGD');
  const weeks = await apiGet<Array<{ id: number; datePeriod: string }>>(page, getWeekSalesDataPage2.path, { year: YEAR, month: MONTH, country: 'SG' });
  let upload = 0;
  for (const w of weeks.filter((x) => x.datePeriod === THIS_MONTH)) {
    const record = await apiGet<{ salesDataDetailEntities: Array<{ salesDataDetailSubs: Array<{ salesDataDate: string; uploadAmount: number }> }> }>(
      page,
      getWeekSalesData.path,
      { id: w.id },
    );
    for (const s of record.salesDataDetailEntities.flatMap((e) => e.salesDataDetailSubs)) if (s.salesDataDate === sunday) upload += toCents(s.uploadAmount);
  }
  const head = await screenHead(page);
  const column = gridColumn(head, `Week of ${monday}`, 'SG ');
  expect(await cellOf(page, 'Weekly upload', column)).toBe(upload ? rmbShown(upload / 100, rate) : '0');
  await shot(page, 'report-monday-en');

  const { grid } = await exportSheet(page, 'MondayDataReport');
  await expectSheetIsScreen(page, grid);
});

test('a TW sales user: country locked to TW, the consolidated total report refused; the screens in Chinese', async ({ page }) => {
  // tw.sales works in Traditional Chinese (the account's language, applied at sign-in).
  await signInAs(page, 'tw.sales');
  await setLanguage(page, 'zh-tw');

  await page.goto(`/SalesDataReport?yearMonth=${THIS_MONTH}&country=SG`);
  const country = page.getByTestId('filter-country');
  await expect(country).toHaveAttribute('data-locked', 'true');
  await expect(country).toBeDisabled();
  await expect(country).toHaveValue('Taiwan (TW)');
  await reportReady(page, 'SalesDataReport');
  const head = await screenHead(page);
  expect(head[0].slice(0, 3)).toEqual(['類型', '等級', '型號']);
  expect(head[0].at(-1)).toBe('總金額（TWD）');
  expect((await screenBody(page)).at(-1)![0]).toBe('合計');
  await expect(page.getByTestId('report-export')).toHaveText('匯出 Excel');

  await page.goto('/SalesTargetTotalReport');
  await expect(page.getByTestId('report-not-allowed')).toHaveText('未載入報表：您只能查看自己公司（TW）的報表。');
  await expect(page.getByTestId('report-table')).toHaveCount(0);
  await expect(page.getByTestId('report-export')).toBeDisabled();
  await shot(page, 'report-target-total-refused-zh-tw');
  // The server refuses it too, whatever the request says (spec part 1 §5–§6).
  const token = await tokenOf(page);
  for (const country of ['', 'OIH', 'SG']) {
    const refused = await page.request.get(getSumReportData.path, { params: { yearMonth: THIS_MONTH, country }, headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(403);
  }

  // Their own country's daily report, in Chinese: the row labels and the headers.
  await page.goto('/DailyDataReport');
  await expect(page.getByTestId('filter-country')).toHaveValue('Taiwan (TW)');
  await reportReady(page, 'DailyDataReport');
  const daily = await screenHead(page);
  expect(daily[0][0]).toBe('項目');
  expect(daily[0].filter(Boolean).at(-1)).toBe('合計');
  expect(daily[1].filter(Boolean).every((c) => c.startsWith('TW '))).toBe(true);
  expect((await screenBody(page)).map((r) => r[0]).slice(0, 3)).toEqual(['總目標', '總實績', '達成率']);
  await expect(page.getByTestId('report-email')).toHaveText('寄送郵件');
  await shot(page, 'report-daily-zh-tw');

  // The same refusal in English.
  await setLanguage(page, 'en');
  await page.goto('/SalesTargetTotalReport');
  await expect(page.getByTestId('report-not-allowed')).toHaveText('This report is not loaded: you may only see the reports of your own company (TW).');
  await expect(page.getByTestId('report-table')).toHaveCount(0);
});
