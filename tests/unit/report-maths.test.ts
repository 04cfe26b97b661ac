// Fixes in the shared report maths found while building the report server (issue 8): the workbook's bytes are a real
// Uint8Array (SheetJS's 'array' output is an ArrayBuffer, which the type claimed it was not), and the grid cells keep
// their exact shape now that they are written out instead of spread (the reply's contract, reportAmount).
import { describe, expect, it } from 'vitest';
import { read, utils } from 'xlsx';
import { reportAmount } from '@/shared/contracts/report';
import { ALL_COMPANIES, buildGridReport, dayGroups, TOTAL, TOTAL_ROWS, type ReportCompany } from '@/shared/domain/report';
import { gridTable } from '@/shared/domain/report-table';
import { reportWorkbookBytes } from '@/shared/domain/report-workbook';

const companies: ReportCompany[] = [
  { company: 'SG', companyName: 'Singapore', currency: 'SGD', exchangeRate: 0.19 },
  { company: 'MY', companyName: 'Malaysia', currency: 'MYR', exchangeRate: null },
];
const rows = buildGridReport(TOTAL_ROWS, dayGroups(2025, 2), companies, (row, day, c) => (c === 1 && row === 7 ? null : row + Number(day.slice(8))));

describe('buildGridReport cells', () => {
  it('are exactly the contract shape, with the company fields of their column', () => {
    const day = rows[0].salesDateDay[0];
    expect(day.salesAmountSum).toEqual([
      { company: 'SG', companyName: 'Singapore', currency: 'SGD', exchangeRate: 0.19, uploadAmount: 1 },
      { company: 'MY', companyName: 'Malaysia', currency: 'MYR', exchangeRate: null, uploadAmount: 1 },
    ]);
    for (const row of rows) for (const d of row.salesDateDay) for (const a of d.salesAmountSum) expect(reportAmount.strict().parse(a)).toEqual(a);
    const total = rows[7].salesDateDay.find((d) => d.dateDay === TOTAL)!;
    expect(total.salesAmountSum.map((a) => [a.company, a.uploadAmount])).toEqual([['SG', 7 * 28 + 406], ['MY', null], [ALL_COMPANIES, null]]);
  });
});

describe('reportWorkbookBytes', () => {
  it('gives a Uint8Array that SheetJS reads back with the table figures', () => {
    const table = gridTable('total', rows, (k) => k);
    const bytes = reportWorkbookBytes(table, 'missing');
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes.subarray(0, 2)).toEqual(new Uint8Array([0x50, 0x4b])); // a zip (xlsx) file
    const book = read(bytes, { type: 'array' });
    const grid = utils.sheet_to_json<unknown[]>(book.Sheets[table.name], { header: 1, raw: true, defval: null });
    table.body.forEach((row, r) => expect(grid[table.head.length + r]).toEqual(row.cells.map((c) => (c.value === null ? 'missing' : c.value))));
  });
});
