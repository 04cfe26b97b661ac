// The shared report maths (DESIGN §7 report rows; spec part 1 §2): row definitions, aggregation into day, week and
// total columns, ratio rows (raw numerator when the divisor is 0), difference rows, missing rates, and the table the
// screens, the export and the mails render.
import { describe, expect, it } from 'vitest';
import { read, utils } from 'xlsx';
import {
  ALL_COMPANIES,
  buildGridReport,
  DAILY_ROWS,
  dayGroups,
  MONDAY_ROWS,
  ratio,
  sameDayLastYear,
  sumCells,
  TOTAL,
  TOTAL_ROWS,
  toRmb,
  weekGroups,
  type BaseValue,
  type ReportCompany,
} from '@/shared/domain/report';
import { cellText, exportFileName, gridTable, modelTable, numberFormat, tableHtml } from '@/shared/domain/report-table';
import { reportWorkbookBytes } from '@/shared/domain/report-workbook';

const TW: ReportCompany = { company: 'TW', companyName: 'Taiwan', currency: 'TWD', exchangeRate: 4 };
const SG: ReportCompany = { company: 'SG', companyName: 'Singapore', currency: 'SGD', exchangeRate: null };
const t = (key: string, p?: Record<string, string | number>) => (p ? `${key}:${JSON.stringify(p)}` : key);

describe('row definitions', () => {
  it('put the ratio and difference rows where the spec says', () => {
    const at = (defs: typeof TOTAL_ROWS, kind: string) => defs.flatMap((d, i) => (d.kind === kind ? [i] : []));
    expect(TOTAL_ROWS).toHaveLength(12);
    expect(at(TOTAL_ROWS, 'ratio')).toEqual([2, 5, 8]);
    expect(at(TOTAL_ROWS, 'diff')).toEqual([11]);
    expect(TOTAL_ROWS.flatMap((d, i) => (d.highlight ? [i] : []))).toEqual([1, 4, 7, 10]);
    expect(DAILY_ROWS).toHaveLength(15);
    expect(at(DAILY_ROWS, 'ratio')).toEqual([2, 8, 11]);
    expect(at(DAILY_ROWS, 'diff')).toEqual([14]);
    expect(MONDAY_ROWS).toHaveLength(16);
    expect(at(MONDAY_ROWS, 'ratio')).toEqual([3, 9, 12]);
    expect(MONDAY_ROWS[3].of).toEqual([2, 1]);
    expect(MONDAY_ROWS[15].of).toEqual([14, 13]);
  });
});

describe('cells', () => {
  it('divide, or give the raw numerator when the divisor is 0; null stays null', () => {
    expect(ratio(50, 200)).toBe(0.25);
    expect(ratio(1, 3)).toBe(0.3333);
    expect(ratio(75, 0)).toBe(75);
    expect(ratio(null, 5)).toBeNull();
    expect(ratio(5, null)).toBeNull();
  });
  it('sum in cents without drift, and a missing figure makes the sum missing', () => {
    expect(sumCells([0.1, 0.2, 0.3])).toBe(0.6);
    expect(sumCells([1, null, 2])).toBeNull();
    expect(sumCells([])).toBe(0);
  });
  it('convert to RMB by dividing by the rate; no rate is missing unless there is nothing to convert', () => {
    expect(toRmb(440, 4.4)).toBe(100);
    expect(toRmb(100, 3)).toBe(33.33);
    expect(toRmb(100, null)).toBeNull();
    expect(toRmb(0, null)).toBe(0);
  });
  it('take last year on the same date, 29 February on the 28th', () => {
    expect(sameDayLastYear('2026-11-24')).toBe('2025-11-24');
    expect(sameDayLastYear('2028-02-29')).toBe('2027-02-28');
  });
});

describe('column groups', () => {
  it('make a column per day and a Monday-first week per week that meets the month', () => {
    expect(dayGroups(2026, 2)).toHaveLength(28);
    const weeks = weekGroups(2026, 11); // 1 November 2026 is a Sunday
    expect(weeks[0]).toEqual({ dateDay: '2026-10-26', days: ['2026-11-01'] });
    expect(weeks[1].dateDay).toBe('2026-11-02');
    expect(weeks[1].days).toHaveLength(7);
    expect(weeks.at(-1)).toEqual({ dateDay: '2026-11-30', days: ['2026-11-30'] });
    expect(weeks.flatMap((w) => w.days)).toHaveLength(30);
  });
});

describe('buildGridReport', () => {
  // Two days; TW rate 4, SG no rate (its amounts are missing when not 0).
  const groups = dayGroups(2026, 11).slice(0, 2);
  const local: Record<string, number[]> = {
    // corporate target, actual, offline target, actual, total target, actual, last year, this year (TW, local)
    '2026-11-01': [400, 200, 800, 1000, 1200, 1200, 0, 1200],
    '2026-11-02': [0, 40, 400, 200, 400, 240, 480, 240],
  };
  const baseRows = [0, 1, 3, 4, 6, 7, 9, 10];
  const base: BaseValue = (row, day, c) => {
    const i = baseRows.indexOf(row);
    if (c === 1) return row === 1 ? null : 0;
    return toRmb(local[day][i], TW.exchangeRate);
  };
  const rows = buildGridReport(TOTAL_ROWS, groups, [TW, SG], base);
  const cell = (r: number, dateDay: string, company: string) =>
    rows[r].salesDateDay.find((d) => d.dateDay === dateDay)!.salesAmountSum.find((a) => a.company === company)!.uploadAmount;

  it('converts, derives ratios and differences per cell', () => {
    expect(rows).toHaveLength(12);
    expect(rows.map((r) => r.fileName)).toEqual(TOTAL_ROWS.map((d) => d.key));
    expect(cell(0, '2026-11-01', 'TW')).toBe(100);
    expect(cell(1, '2026-11-01', 'TW')).toBe(50);
    expect(cell(2, '2026-11-01', 'TW')).toBe(0.5);
    expect(cell(2, '2026-11-02', 'TW')).toBe(10); // corporate target 0: the raw actual
    expect(cell(8, '2026-11-02', 'TW')).toBe(0.6);
    expect(cell(11, '2026-11-02', 'TW')).toBe(-60);
  });
  it('adds a total per company and a consolidated total, derived from their own sums', () => {
    const total = rows[0].salesDateDay.at(-1)!;
    expect(total.dateDay).toBe(TOTAL);
    expect(total.salesAmountSum.map((a) => a.company)).toEqual(['TW', 'SG', ALL_COMPANIES]);
    expect(cell(0, TOTAL, 'TW')).toBe(100);
    expect(cell(1, TOTAL, 'TW')).toBe(60);
    expect(cell(2, TOTAL, 'TW')).toBe(0.6);
    expect(cell(6, TOTAL, 'TW')).toBe(400);
    expect(cell(7, TOTAL, 'TW')).toBe(360);
    expect(cell(8, TOTAL, 'TW')).toBe(0.9);
  });
  it('keeps a missing rate missing, in the company total and the consolidated total', () => {
    expect(rows[0].salesDateDay[0].salesAmountSum[1].exchangeRate).toBeNull();
    expect(cell(1, '2026-11-01', 'SG')).toBeNull();
    expect(cell(2, '2026-11-01', 'SG')).toBeNull();
    expect(cell(1, TOTAL, 'SG')).toBeNull();
    expect(cell(1, TOTAL, ALL_COMPANIES)).toBeNull();
    expect(cell(0, TOTAL, ALL_COMPANIES)).toBe(100);
  });
  it('takes the last day of month target and month-to-date rows, and sums the others, per week', () => {
    const mtd = (day: string) => Number(day.slice(8)) * 10;
    const weekly = buildGridReport(MONDAY_ROWS, weekGroups(2026, 11).slice(0, 2), [TW], (row, day) => (row === 5 ? 3000 : row === 6 ? mtd(day) : row === 2 ? 7 : 0));
    const w = (r: number, i: number) => weekly[r].salesDateDay[i].salesAmountSum[0].uploadAmount;
    expect(w(5, 0)).toBe(3000);
    expect(w(6, 0)).toBe(10); // week of 26 Oct: only 1 November is in the month
    expect(w(6, 1)).toBe(80); // 2–8 November: the 8th
    expect(w(2, 1)).toBe(49); // total actual: 7 a day over 7 days
    expect(w(3, 1)).toBe(49); // achievement with no total target: the raw actual
  });
});

describe('report table', () => {
  const rows = buildGridReport(TOTAL_ROWS, dayGroups(2026, 11).slice(0, 1), [TW], (row) => (row === 1 ? -1234.5 : row === 0 ? 1000 : 0));
  const table = gridTable('total', rows, t);

  it('heads each day with its companies and rates, and shows figures as the spec rounds them', () => {
    expect(table.name).toBe('SalesTargetTotal');
    expect(table.head[0].map((h) => h.text)).toEqual(['reports.columns.item', '11-01 reports.weekdays.0', 'reports.columns.total']);
    expect(table.head[0][1].pink).toBe(true);
    expect(table.head[1].map((h) => h.text)).toEqual(['TW 4', 'TW 4']);
    expect(table.body[1].cells.map((c) => cellText(c, '—'))).toEqual(['reports.rows.corporateActual', '-1,234', '-1,234']);
    expect(cellText(table.body[2].cells[1], '—')).toBe('-1.23');
    expect(table.body[1].highlight).toBe(true);
    expect(numberFormat(2)).toBe('#,##0.00;[Red]-#,##0.00');
  });
  it('writes the same cells to the workbook, negatives in a red number format', () => {
    const book = read(reportWorkbookBytes(table, '—'), { type: 'array', cellNF: true });
    const sheet = book.Sheets.SalesTargetTotal;
    const aoa = utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '' });
    expect(aoa[2]).toEqual(table.body[0].cells.map((c) => cellText(c, '—')));
    expect(aoa[3]).toEqual(['reports.rows.corporateActual', '-1,234', '-1,234']);
    expect(sheet.B4.z).toBe('#,##0;[Red]-#,##0');
  });
  it('escapes labels in the mail body', () => {
    const html = tableHtml({ ...table, head: [[{ text: '<b>x</b>' }]] }, '—');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html).not.toContain('<b>x');
  });
  it('names the export after the report and the time', () => {
    expect(exportFileName('total', new Date(2026, 10, 24, 9, 5, 7))).toBe('SalesTargetTotal_20261124_090507.xlsx');
  });
  it('sums the model reports in a summary row to two decimals', () => {
    const m = modelTable(
      'targetAnalysis',
      {
        days: ['2026-11-01'],
        currency: 'TWD',
        items: [{ modelId: 1, dataType: 'CHAIR', modelLevel: 'High', modelName: 'M1', targetQuantity: 10, totalQuantity: 4, totalAmount: 400, gap: -6, salesDataDetailSubs: [{ salesDataDate: '2026-11-01', uploadQuantity: 4, uploadAmount: 400 }] }],
        summary: { targetQuantity: 10, totalQuantity: 4, totalAmount: 400, gap: -6, salesDataDetailSubs: [{ salesDataDate: '2026-11-01', uploadQuantity: 4, uploadAmount: 400 }] },
      },
      t,
    );
    expect(m.body[0].cells.map((c) => cellText(c, '—'))).toEqual(['CHAIR', 'High', 'M1', '10', '4', '-6', '4']);
    expect(m.body[1].summary).toBe(true);
    expect(m.body[1].cells.map((c) => cellText(c, '—'))).toEqual(['reports.summary', '', '', '10.00', '4.00', '-6.00', '4.00']);
  });
});
