// Report maths (DESIGN §7 report rows; spec part 1 §2 Reports): the row definitions of the total, daily and Monday
// reports, the one function that aggregates base figures into columns (days, weeks, totals) and derives the ratio and
// difference rows, and the display rules (rounding, negatives, highlighted rows, weekend headers). The server builds
// its replies with it; the screens, the Excel export and the report mails render those replies with report-table.ts.
import type { ReportAmount, ReportRow } from '../contracts/report';
import { daysInMonth, daysOf, weekdayOf } from './sales';

/** amount: RMB (whole numbers on screen); units: quantities; ratio: one row over another; diff: one row minus another. */
export type RowKind = 'amount' | 'units' | 'ratio' | 'diff';

export interface RowDef {
  /** Label key: reports.rows.<key>. */
  key: string;
  kind: RowKind;
  /** ratio: [numerator, denominator]; diff: [minuend, subtrahend] (row indexes). */
  of?: readonly [number, number];
  /** How a base row combines over several days: summed, or the last day's figure (month target, month to date). */
  aggregate?: 'sum' | 'last';
  /** Shown green with red text (total report) or highlighted (daily and Monday reports). */
  highlight?: boolean;
}

/** Target total report (SalesTargetTotal): per day and company (DESIGN §7). */
export const TOTAL_ROWS: readonly RowDef[] = [
  { key: 'corporateTarget', kind: 'amount' },
  { key: 'corporateActual', kind: 'amount', highlight: true },
  { key: 'corporateAchievement', kind: 'ratio', of: [1, 0] },
  { key: 'offlineTarget', kind: 'amount' },
  { key: 'offlineActual', kind: 'amount', highlight: true },
  { key: 'offlineAchievement', kind: 'ratio', of: [4, 3] },
  { key: 'totalTarget', kind: 'amount' },
  { key: 'totalActual', kind: 'amount', highlight: true },
  { key: 'totalAchievement', kind: 'ratio', of: [7, 6] },
  { key: 'lastYearActual', kind: 'amount' },
  { key: 'thisYearActual', kind: 'amount', highlight: true },
  { key: 'growth', kind: 'diff', of: [10, 9] },
];

/** Daily report: per day and company (DESIGN §7). */
export const DAILY_ROWS: readonly RowDef[] = [
  { key: 'totalTarget', kind: 'amount' },
  { key: 'totalActual', kind: 'amount' },
  { key: 'achievement', kind: 'ratio', of: [1, 0], highlight: true },
  { key: 'quantitySold', kind: 'units' },
  { key: 'monthTarget', kind: 'amount', aggregate: 'last' },
  { key: 'monthToDate', kind: 'amount', aggregate: 'last' },
  { key: 'corporateTarget', kind: 'amount' },
  { key: 'corporateActual', kind: 'amount' },
  { key: 'corporateAchievement', kind: 'ratio', of: [7, 6], highlight: true },
  { key: 'offlineTarget', kind: 'amount' },
  { key: 'offlineActual', kind: 'amount' },
  { key: 'offlineAchievement', kind: 'ratio', of: [10, 9], highlight: true },
  { key: 'lastYearActual', kind: 'amount' },
  { key: 'actual', kind: 'amount' },
  { key: 'growth', kind: 'diff', of: [13, 12] },
];

/** Monday report: row 0 the weekly upload (weekly sales, on the week's Sunday); rows 1–15 the daily rows per week. */
export const MONDAY_ROWS: readonly RowDef[] = [
  { key: 'weeklyUpload', kind: 'amount' },
  ...DAILY_ROWS.map((r) => (r.of ? { ...r, of: [r.of[0] + 1, r.of[1] + 1] as const } : r)),
];

export type GridReportKind = 'total' | 'daily' | 'monday';
export const ROWS_OF: Record<GridReportKind, readonly RowDef[]> = { total: TOTAL_ROWS, daily: DAILY_ROWS, monday: MONDAY_ROWS };

export const isDerived = (def: RowDef) => def.kind === 'ratio' || def.kind === 'diff';

/** A figure; null when it cannot be known (a missing exchange rate). */
export type Cell = number | null;

const toCents = (v: number) => Math.round(v * 100);
/** Rounded to cents, without -0. */
export const round2 = (v: number) => toCents(v) / 100 || 0;
export const round4 = (v: number) => Math.round(v * 10_000) / 10_000 || 0;

/** The sum of figures, in cents so that it does not drift; null when any is null. */
export function sumCells(cells: readonly Cell[]): Cell {
  let cents = 0;
  for (const c of cells) {
    if (c === null) return null;
    cents += toCents(c);
  }
  return cents / 100 || 0;
}

/** Achievement: numerator / denominator to 4 places; the raw numerator when the denominator is 0 (spec part 1 §2). */
export function ratio(num: Cell, den: Cell): Cell {
  if (num === null || den === null) return null;
  return den === 0 ? num : round4(num / den);
}

export const difference = (a: Cell, b: Cell): Cell => (a === null || b === null ? null : round2(a - b));

/** Fills every ratio and difference row of a column from the rows it names (rows before it, in order). */
export function deriveColumn(defs: readonly RowDef[], column: Cell[]): Cell[] {
  defs.forEach((def, i) => {
    if (!def.of) return;
    const [a, b] = def.of;
    column[i] = def.kind === 'ratio' ? ratio(column[a], column[b]) : difference(column[a], column[b]);
  });
  return column;
}

/** A company of a report's columns. exchangeRate: local units per RMB, null when missing. */
export interface ReportCompany {
  company: string;
  companyName: string;
  currency: string;
  exchangeRate: number | null;
}

/** Converts a local amount to RMB: null when the rate is missing, unless there is nothing to convert. */
export function toRmb(local: number, rate: number | null): Cell {
  if (rate === null || !(rate > 0)) return local === 0 ? 0 : null;
  return round2(local / rate);
}

/** A column group: its key (a day, a week's Monday, or TOTAL) and the days it covers, in order. */
export interface ColumnGroup {
  dateDay: string;
  days: readonly string[];
}

export const TOTAL = 'total';
/** The company key of the consolidated sub-column of the total group (every company summed). */
export const ALL_COMPANIES = '';

/**
 * The figure of a base row for a set of days and companies: per company summed over the days (or the last day's figure
 * for 'last' rows), then summed over the companies.
 */
function aggregateBase(def: RowDef, row: number, days: readonly string[], companies: readonly number[], base: BaseValue): Cell {
  const perCompany = companies.map((c) =>
    def.aggregate === 'last' ? (days.length ? base(row, days[days.length - 1], c) : 0) : sumCells(days.map((d) => base(row, d, c))),
  );
  return sumCells(perCompany);
}

/** A base (not derived) row's figure for a day and company index: RMB for amounts, units for quantities. */
export type BaseValue = (row: number, day: string, company: number) => Cell;

/**
 * The rows of a grid report (spec part 1 §3 shape): for each row, one entry per column group (days or weeks) with a
 * cell per company, then the total group with a cell per company and, when there are several, the consolidated one
 * (company ALL_COMPANIES). Derived rows are computed from the aggregated figures of the same cell, never summed.
 */
export function buildGridReport(defs: readonly RowDef[], groups: readonly ColumnGroup[], companies: readonly ReportCompany[], base: BaseValue): ReportRow[] {
  const allDays = groups.flatMap((g) => g.days);
  type Col = { dateDay: string; days: readonly string[]; companies: number[]; amount: Omit<ReportAmount, 'uploadAmount'> };
  const cols: Col[] = [];
  const sub = (c: ReportCompany): Omit<ReportAmount, 'uploadAmount'> => ({ company: c.company, companyName: c.companyName, currency: c.currency, exchangeRate: c.exchangeRate });
  for (const g of groups) companies.forEach((c, i) => cols.push({ dateDay: g.dateDay, days: g.days, companies: [i], amount: sub(c) }));
  companies.forEach((c, i) => cols.push({ dateDay: TOTAL, days: allDays, companies: [i], amount: sub(c) }));
  if (companies.length > 1) {
    cols.push({
      dateDay: TOTAL,
      days: allDays,
      companies: companies.map((_, i) => i),
      amount: { company: ALL_COMPANIES, companyName: '', currency: 'RMB', exchangeRate: null },
    });
  }
  const columns = cols.map((col) => deriveColumn(defs, defs.map((def, r) => (isDerived(def) ? null : aggregateBase(def, r, col.days, col.companies, base)))));
  return defs.map((def, r) => {
    const out: ReportRow = { fileName: def.key, salesDateDay: [] };
    cols.forEach((col, ci) => {
      let day = out.salesDateDay[out.salesDateDay.length - 1];
      if (!day || day.dateDay !== col.dateDay) out.salesDateDay.push((day = { dateDay: col.dateDay, salesAmountSum: [] }));
      const a = col.amount;
      // Written out rather than spread: thousands of cells per reply, and a literal of fixed shape is much cheaper.
      day.salesAmountSum.push({ company: a.company, companyName: a.companyName, currency: a.currency, exchangeRate: a.exchangeRate, uploadAmount: columns[ci][r] });
    });
    return out;
  });
}

/** Every day of a month as a column group of its own (total and daily reports). */
export const dayGroups = (year: number, month: number): ColumnGroup[] => daysOf(year, month).map((d) => ({ dateDay: d, days: [d] }));

/** The Monday–Sunday weeks that meet a month, keyed by their Monday (which may fall in the month before). */
export function weekGroups(year: number, month: number): ColumnGroup[] {
  const out: ColumnGroup[] = [];
  for (const d of daysOf(year, month)) {
    const day = Number(d.slice(8));
    const wd = weekdayOf(year, month, day);
    if (wd === 1 || day === 1) {
      const monday = new Date(Date.UTC(year, month - 1, day - (wd - 1)));
      out.push({ dateDay: monday.toISOString().slice(0, 10), days: [] });
    }
    (out[out.length - 1].days as string[]).push(d);
  }
  return out;
}

/** The same month and day a year earlier ("YYYY-MM-DD"); 29 February falls on the 28th. */
export function sameDayLastYear(date: string): string {
  const y = Number(date.slice(0, 4)) - 1;
  const m = Number(date.slice(5, 7));
  const d = Math.min(Number(date.slice(8, 10)), daysInMonth(y, m));
  return `${y}-${date.slice(5, 7)}-${String(d).padStart(2, '0')}`;
}

/** Saturday or Sunday: a pink header (spec part 1 §2). */
export const isWeekend = (date: string) => {
  const wd = weekdayOf(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));
  return wd >= 6;
};

/** What a row shows on screen and in the export: ratios to 2 decimals, everything else to whole numbers. */
export const decimalsOf = (def: RowDef) => (def.kind === 'ratio' ? 2 : 0);

/** A figure rounded as it is shown (and written to the workbook). */
export function shown(value: Cell, decimals: number): Cell {
  if (value === null) return null;
  const f = 10 ** decimals;
  return Math.round(value * f) / f || 0;
}
