// @vitest-environment jsdom
// The report renderer (spec part 1 §2 Reports; DESIGN §7): a target total report reply made by hand for two days and
// two companies (one without an exchange rate), turned into a ReportTable by gridTable and drawn by ReportTableView:
// header rows with their spans and pink weekend cells, the fixed first column, highlighted rows, red negatives, the
// missing-rate text, and every body cell's text equal to cellText (what the export writes). Also the client guard of
// spec part 1 §5–§6 and the device's store of the last loaded figures (shown offline).
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { theme } from '@/app/theme';
import { i18n } from '@/app/i18n/i18n';
import { headColumns, ReportTableView } from '@/app/components/reports/report-table-view';
import { buildGridReport, dayGroups, TOTAL_ROWS, type BaseValue, type ReportCompany } from '@/shared/domain/report';
import { cellText, gridTable, modelTable, type ReportTable } from '@/shared/domain/report-table';
import type { ModelReportResult } from '@/shared/contracts/report';
import { initialReportCountry, mayLoadReport } from '@/app/components/reports/report-access';
import { readReportCache, REPORT_CACHE_MAX, writeReportCache } from '@/app/components/reports/report-cache';
import '../support/jsdom-shims';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

const t = (key: string, params?: Record<string, string | number>) => i18n.t(key, params);

// 2026-05-01 is a Friday, 2026-05-02 a Saturday (pink).
const companies: ReportCompany[] = [
  { company: 'TW', companyName: 'Taiwan', currency: 'TWD', exchangeRate: 4.5 },
  { company: 'SG', companyName: 'Singapore', currency: 'SGD', exchangeRate: null },
];
/** RMB figures of TW per base row and day; SG has no rate, so its non-zero amounts are missing (null). */
const tw: Record<number, [number, number]> = {
  0: [1000, 1000], // corporate target
  1: [1500, 250.4], // corporate actual
  3: [0, 0], // offline target (0: the achievement shows the raw actual)
  4: [300, 0], // offline actual
  6: [2000, 2000], // total target
  7: [1800, 250.4], // total actual
  9: [5000, 100], // last year's actual
  10: [1800, 250.4], // this year's actual
};
const base: BaseValue = (row, day, c) => {
  const i = day.endsWith('01') ? 0 : 1;
  if (c === 0) return tw[row]?.[i] ?? 0;
  return row === 0 || row === 3 ? 0 : null;
};
const reply = buildGridReport(TOTAL_ROWS, dayGroups(2026, 5).slice(0, 2), companies, base);

function renderTable(table: ReportTable | null, props: { empty?: string; loading?: boolean } = {}) {
  return render(
    <MantineProvider theme={theme} env="test">
      <ReportTableView table={table} {...props} />
    </MantineProvider>,
  );
}

const texts = (els: HTMLElement[]) => els.map((e) => e.textContent);

describe('ReportTableView with a grid report', () => {
  // Built in each test: the texts are the language's once it is loaded (beforeAll).
  let table: ReportTable;
  beforeEach(() => {
    table = gridTable('total', reply, t);
  });

  it('draws the two header rows with their spans and pink weekend cells', () => {
    renderTable(table);
    const [top, sub] = screen.getAllByTestId('report-head-row');
    const topCells = within(top).getAllByTestId('report-head-cell');
    expect(texts(topCells)).toEqual(['Item', '05-01 Fri', '05-02 Sat', 'Total']);
    expect(topCells[0].getAttribute('rowspan')).toBe('2');
    expect(topCells[0].hasAttribute('data-fixed')).toBe(true);
    expect(topCells.map((c) => c.getAttribute('colspan'))).toEqual([null, '2', '2', '3']);
    expect(topCells.map((c) => c.hasAttribute('data-pink'))).toEqual([false, false, true, false]);
    const subCells = within(sub).getAllByTestId('report-head-cell');
    expect(texts(subCells)).toEqual(['TW 4.5', 'SG no rate', 'TW 4.5', 'SG no rate', 'TW 4.5', 'SG no rate', 'All']);
    expect(subCells.map((c) => c.hasAttribute('data-pink'))).toEqual([false, false, true, true, false, false, false]);
    // The second row starts in column 1: the Item cell covers column 0 of both rows.
    expect(subCells.map((c) => c.getAttribute('data-col'))).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });

  it('shows every body cell as cellText, in order, with the figures worked out by hand', () => {
    renderTable(table);
    const rows = screen.getAllByTestId('report-row');
    expect(rows).toHaveLength(12);
    rows.forEach((tr, r) => {
      expect(texts(within(tr).getAllByTestId('report-cell'))).toEqual(table.body[r].cells.map((c) => cellText(c, 'no rate')));
    });
    const row = (r: number) => texts(within(rows[r]).getAllByTestId('report-cell'));
    // Columns: label, TW 05-01, SG 05-01, TW 05-02, SG 05-02, TW total, SG total, All.
    expect(row(0)).toEqual(['Corporate target', '1,000', '0', '1,000', '0', '2,000', '0', '2,000']);
    expect(row(1)).toEqual(['Corporate actual', '1,500', 'no rate', '250', 'no rate', '1,750', 'no rate', 'no rate']);
    // 1500 / 1000 to two decimals; 250.4 / 1000 = 0.2504 -> 0.25; total 1750.4 / 2000 = 0.8752 -> 0.88.
    expect(row(2)).toEqual(['Corporate achievement', '1.50', 'no rate', '0.25', 'no rate', '0.88', 'no rate', 'no rate']);
    // Offline target 0: the achievement is the raw actual (spec).
    expect(row(5).slice(0, 2)).toEqual(['Offline achievement', '300.00']);
    // Growth = this year's − last year's: 1800 − 5000 on the 1st.
    expect(row(11).slice(0, 2)).toEqual(['Growth', '-3,200']);
  });

  it('marks highlighted rows, negatives in red, missing figures and the fixed first column', () => {
    renderTable(table);
    const rows = screen.getAllByTestId('report-row');
    expect(rows.map((r, i) => (r.hasAttribute('data-highlight') ? i : -1)).filter((i) => i >= 0)).toEqual([1, 4, 7, 10]);
    const growth = within(rows[11]).getAllByTestId('report-cell');
    expect(growth[1].hasAttribute('data-negative')).toBe(true);
    expect(growth[0].hasAttribute('data-fixed')).toBe(true);
    expect(growth[0].getAttribute('data-kind')).toBe('label');
    expect(growth[1].hasAttribute('data-fixed')).toBe(false);
    const positives = within(rows[0]).getAllByTestId('report-cell');
    expect(positives.some((c) => c.hasAttribute('data-negative'))).toBe(false);
    const missing = within(rows[1]).getAllByTestId('report-cell')[2];
    expect(missing.textContent).toBe('no rate');
    expect(missing.hasAttribute('data-missing')).toBe(true);
    expect(screen.getByTestId('report-table').getAttribute('data-report')).toBe('SalesTargetTotal');
  });

  it('shows the missing text it is given, in the screen language', async () => {
    await i18n.changeLanguage('zh-TW');
    try {
      const zh = gridTable('total', reply, t);
      renderTable(zh);
      const [top] = screen.getAllByTestId('report-head-row');
      expect(within(top).getAllByTestId('report-head-cell')[0].textContent).toBe('項目');
      expect(within(screen.getAllByTestId('report-row')[1]).getAllByTestId('report-cell')[2].textContent).toBe('無匯率');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('ReportTableView states', () => {
  it('says which filter found nothing instead of drawing a table', () => {
    renderTable(null, { empty: 'No sales data for TW in 2026-11' });
    expect(screen.getByTestId('report-empty').textContent).toContain('No sales data for TW in 2026-11');
    expect(screen.queryByTestId('report-table')).toBeNull();
  });

  it('shows a loading state before the first figures arrive', () => {
    renderTable(null, { loading: true });
    expect(screen.getByTestId('report-loading').getAttribute('aria-busy')).toBe('true');
  });

  it('draws a model report with its three fixed columns and the bold summary row last', () => {
    const result: ModelReportResult = {
      items: [
        {
          modelId: 1,
          dataType: 'CHAIR',
          modelLevel: 'High',
          modelName: 'Maestro',
          targetQuantity: 10,
          totalQuantity: 4,
          totalAmount: null,
          gap: -6,
          salesDataDetailSubs: [{ salesDataDate: '2026-05-02', uploadQuantity: 4, uploadAmount: 400 }],
        },
      ],
      count: 1,
      summary: { targetQuantity: 10, totalQuantity: 4, totalAmount: null, gap: -6, salesDataDetailSubs: [{ salesDataDate: '2026-05-02', uploadQuantity: 4, uploadAmount: 400 }] },
      days: ['2026-05-01', '2026-05-02'],
      currency: 'RMB',
      missingRates: ['SG'],
    };
    const table = modelTable('targetAnalysis', result, t);
    renderTable(table);
    expect(texts(screen.getAllByTestId('report-head-cell'))).toEqual(['Type', 'Level', 'Model', 'Target quantity', 'Total quantity', 'Quantity gap', '05-01 Fri', '05-02 Sat']);
    const [first, summary] = screen.getAllByTestId('report-row');
    expect(texts(within(first).getAllByTestId('report-cell'))).toEqual(['CHAIR', 'High', 'Maestro', '10', '4', '-6', '0', '4']);
    expect(within(first).getAllByTestId('report-cell').filter((c) => c.hasAttribute('data-fixed'))).toHaveLength(3);
    expect(within(first).getAllByTestId('report-cell')[5].hasAttribute('data-negative')).toBe(true);
    expect(summary.hasAttribute('data-summary')).toBe(true);
    expect(texts(within(summary).getAllByTestId('report-cell'))).toEqual(['Summary', '', '', '10.00', '4.00', '-6.00', '0.00', '4.00']);
  });
});

describe('headColumns', () => {
  it('places cells after a rowSpan like an HTML table', () => {
    expect(headColumns([[{ text: 'a', rowSpan: 2 }, { text: 'b', colSpan: 2 }], [{ text: 'c' }, { text: 'd' }]])).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });
});

describe('report access (spec part 1 §5, §6)', () => {
  const admin = { number: 'admin', companyNumber: 'OIH' };
  const oih = { number: 'oih.analyst', companyNumber: 'OIH' };
  const tw = { number: 'tw.sales', companyNumber: 'TW' };
  const none = { number: 'someone', companyNumber: null };

  it('loads for admin and OIH users whatever the country, else only the own country', () => {
    for (const c of ['', 'OIH', 'TW', 'SG']) {
      expect(mayLoadReport(admin, c)).toBe(true);
      expect(mayLoadReport(oih, c)).toBe(true);
    }
    expect(mayLoadReport(tw, 'TW')).toBe(true);
    expect(mayLoadReport(tw, 'tw')).toBe(true);
    expect(mayLoadReport(tw, 'SG')).toBe(false);
    expect(mayLoadReport(tw, 'OIH')).toBe(false);
    expect(mayLoadReport(tw, '')).toBe(false);
    expect(mayLoadReport(none, '')).toBe(false);
    expect(mayLoadReport(null, 'TW')).toBe(false);
  });

  it('starts empty for OIH users, admin and users without a company, else with the own company', () => {
    expect(initialReportCountry(admin)).toBe('');
    expect(initialReportCountry(oih)).toBe('');
    expect(initialReportCountry(none)).toBe('');
    expect(initialReportCountry(tw)).toBe('TW');
  });
});

describe('last loaded figures', () => {
  afterEach(() => localStorage.clear());

  it('keeps a reply per account, report and filter, with its time', () => {
    writeReportCache('tw.sales', 'daily', { yearMonth: '2026-05', country: 'TW' }, reply, 1_000);
    expect(readReportCache('tw.sales', 'daily', { yearMonth: '2026-05', country: 'TW' })).toEqual({ savedAt: 1_000, data: reply });
    expect(readReportCache('tw.sales', 'daily', { yearMonth: '2026-06', country: 'TW' })).toBeNull();
    expect(readReportCache('sg.sales', 'daily', { yearMonth: '2026-05', country: 'TW' })).toBeNull();
    expect(readReportCache('tw.sales', 'monday', { yearMonth: '2026-05', country: 'TW' })).toBeNull();
  });

  it('drops the oldest entries of the account beyond the limit', () => {
    writeReportCache('sg.sales', 'daily', { n: 0 }, [], 1);
    for (let n = 0; n <= REPORT_CACHE_MAX; n++) writeReportCache('tw.sales', 'daily', { n }, [n], 100 + n);
    expect(readReportCache('tw.sales', 'daily', { n: 0 })).toBeNull();
    expect(readReportCache('tw.sales', 'daily', { n: 1 })?.data).toEqual([1]);
    expect(readReportCache('tw.sales', 'daily', { n: REPORT_CACHE_MAX })?.data).toEqual([REPORT_CACHE_MAX]);
    // Another account's figures are not this account's to drop.
    expect(readReportCache('sg.sales', 'daily', { n: 0 })?.savedAt).toBe(1);
  });
});
