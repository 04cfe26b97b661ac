// The five sales reports (spec part 1 §2 Reports; DESIGN §7 "Report rows"; issue 8 decisions): who may load which
// country, the base figures per company and day converted to RMB with the month's rate, and the reply shapes. The
// column groups, totals and the ratio and difference rows come from the shared report maths (buildGridReport), the
// same function the screens and the export rely on; the aggregation itself runs in SQL (report-data.ts).
import type { ModelReportResult, ModelReportRow, ReportRow } from '@/shared/contracts/report';
import { HEAD_OFFICE } from '@/shared/domain/constants';
import {
  buildGridReport,
  dayGroups,
  ROWS_OF,
  sameDayLastYear,
  sumCells,
  toRmb,
  weekGroups,
  type BaseValue,
  type Cell,
  type ColumnGroup,
  type GridReportKind,
  type ReportCompany,
} from '@/shared/domain/report';
import { daysOf, pad2, parsePeriod, periodOf } from '@/shared/domain/sales';
import { REPORT_CURRENCY } from '@/shared/contracts/exchange-rate';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { forbidden, HttpError } from '../../plugins/errors';
import type { Scope } from '../../plugins/scope';
import { invalidFields, offsetOf } from '../common/query';
import {
  companyByNumber,
  consolidatedCompanies,
  gridFigures,
  modelReportData,
  ratesOf,
  type GridFigure,
  type ModelDayTuple,
  type ModelFilters,
  type ReportCompanyRow,
} from './report-data';

/** The caller of a report: the token's user and their country scope (plugins/scope.ts). */
export interface ReportCaller {
  user: AuthUser;
  scope: Scope;
}

/** Consolidated reports (every company at once) are for admin and head-office users (spec part 1 §5–§6). */
export const mayConsolidate = (user: AuthUser) => user.isAdmin || (user.companyNumber ?? '').toUpperCase() === HEAD_OFFICE;

const isConsolidated = (country: string | undefined) => !country || country.toUpperCase() === HEAD_OFFICE;

/**
 * The companies a report covers. Country blank or OIH: the consolidated set, for admin and head office only (403
 * otherwise, or the caller's own company when `blankIsOwn` and no country was given). Any other country: that sales
 * company (400 on the field when there is none), which must be in the caller's scope (403).
 */
export async function reportCompanies(db: Db, caller: ReportCaller, country: string | undefined, blankIsOwn = false): Promise<ReportCompanyRow[]> {
  let chosen = country ?? '';
  if (isConsolidated(chosen)) {
    if (mayConsolidate(caller.user)) return consolidatedCompanies(db, caller.scope);
    if (!blankIsOwn || chosen) return forbidden();
    chosen = caller.user.companyNumber ?? forbidden();
  }
  const company = await companyByNumber(db, chosen);
  if (!company || company.isFactory !== 2) return invalidFields([{ field: 'country', message: 'notFound' }]);
  if (!caller.scope.all) caller.scope.assertCompanyId(company.id);
  return [company];
}

const periodParts = (yearMonth: string) => {
  const p = parsePeriod(yearMonth);
  if (!p) throw new HttpError(400, 'validationError', [{ field: 'yearMonth', message: 'crud.validation.invalid' }]);
  return p;
};

// ---- Total, daily and Monday reports

/** Base figures of a company over the month's days, in cents of local currency (exact sums) or units. */
interface Local {
  corporate: number[];
  offline: number[];
  rule1: number[];
  units: number[];
  targetCorporate: number[];
  targetOffline: number[];
  targetTotal: number[];
  weekly: number[];
  lastYear: number[];
}

const zeros = (n: number) => new Array<number>(n).fill(0);
const cents = (v: number) => Math.round(Number(v) * 100);

/** Spreads the aggregated figures over companies and days (last year's on the days whose same day they are). */
function localFigures(figures: readonly GridFigure[], companyIndex: Map<number, number>, days: readonly string[], yearMonth: string, companies: number): Local[] {
  const n = days.length;
  const out: Local[] = Array.from({ length: companies }, () => ({
    corporate: zeros(n),
    offline: zeros(n),
    rule1: zeros(n),
    units: zeros(n),
    targetCorporate: zeros(n),
    targetOffline: zeros(n),
    targetTotal: zeros(n),
    weekly: zeros(n),
    lastYear: zeros(n),
  }));
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  // 29 February of a leap month falls on the 28th a year earlier, as the 28th does.
  const lastYearIndex = new Map<string, number[]>();
  days.forEach((d, i) => {
    const ly = sameDayLastYear(d);
    lastYearIndex.set(ly, [...(lastYearIndex.get(ly) ?? []), i]);
  });
  for (const f of figures) {
    const c = companyIndex.get(Number(f.c));
    if (c === undefined) continue;
    const l = out[c];
    if (f.src === 't') {
      const i = dayIndex.get(`${yearMonth}-${f.day}`);
      if (i === undefined) continue;
      l.targetCorporate[i] += cents(f.v1);
      l.targetOffline[i] += cents(f.v2);
      l.targetTotal[i] += cents(f.v3);
    } else if (f.src === 'w') {
      const i = dayIndex.get(f.day);
      if (i !== undefined) l.weekly[i] += cents(f.v1);
    } else if (f.day.startsWith(yearMonth)) {
      const i = dayIndex.get(f.day);
      if (i === undefined) continue;
      l.corporate[i] += cents(f.v1);
      l.offline[i] += cents(f.v2);
      l.rule1[i] += cents(f.v3);
      l.units[i] += Number(f.v4);
    } else {
      for (const i of lastYearIndex.get(f.day) ?? []) l.lastYear[i] += cents(f.v1) + cents(f.v2) + cents(f.v3);
    }
  }
  return out;
}

/** The base (not derived) rows of a report kind, per company and day: RMB, or units for the quantity row. */
function baseRows(kind: GridReportKind, local: Local, rate: number | null): Cell[][] {
  const rmb = (values: number[]): Cell[] => values.map((c) => toRmb(c / 100, rate));
  const actual = rmb(local.corporate.map((c, i) => c + local.offline[i] + local.rule1[i]));
  const corporateTarget = rmb(local.targetCorporate);
  const corporateActual = rmb(local.corporate);
  const offlineTarget = rmb(local.targetOffline);
  const offlineActual = rmb(local.offline);
  const totalTarget = rmb(local.targetTotal);
  const lastYear = rmb(local.lastYear);
  if (kind === 'total') {
    // Rows 2, 5, 8 and 11 are derived by buildGridReport.
    return [corporateTarget, corporateActual, [], offlineTarget, offlineActual, [], totalTarget, actual, [], lastYear, actual, []];
  }
  // Month target: the month's RMB target (the sum of its days); month to date: the actuals summed up to the day.
  const monthTarget = sumCells(totalTarget);
  const monthToDate: Cell[] = [];
  let running: Cell = 0;
  for (const a of actual) monthToDate.push((running = sumCells([running, a])));
  const daily: Cell[][] = [
    totalTarget,
    actual,
    [],
    local.units,
    actual.map(() => monthTarget),
    monthToDate,
    corporateTarget,
    corporateActual,
    [],
    offlineTarget,
    offlineActual,
    [],
    lastYear,
    actual,
    [],
  ];
  return kind === 'daily' ? daily : [rmb(local.weekly), ...daily];
}

/** A grid report's columns: the companies (with their month's rate) and the day or week groups. */
export interface GridFrame {
  companies: ReportCompanyRow[];
  rates: Map<number, number | null>;
  year: number;
  month: number;
}

/** Who may load which grid report, and its companies and rates. The total report is always consolidated. */
export async function gridFrame(db: Db, caller: ReportCaller, kind: GridReportKind, q: { yearMonth: string; country?: string }): Promise<GridFrame> {
  const { year, month } = periodParts(q.yearMonth);
  const companies = await reportCompanies(db, caller, kind === 'total' ? HEAD_OFFICE : q.country);
  return { companies, rates: await ratesOf(db, q.yearMonth, companies), year, month };
}

/** The rows of a grid report for its frame: base figures from SQL, shaped by buildGridReport. */
export async function gridRows(db: Db, kind: GridReportKind, frame: GridFrame): Promise<ReportRow[]> {
  const { companies, rates, year, month } = frame;
  const yearMonth = periodOf(year, month);
  const days = daysOf(year, month);
  const groups: ColumnGroup[] = kind === 'monday' ? weekGroups(year, month) : dayGroups(year, month);
  const columns: ReportCompany[] = companies.map((c) => ({ company: c.number, companyName: c.name, currency: c.currency, exchangeRate: rates.get(c.id) ?? null }));
  const figures = companies.length
    ? await gridFigures(db, { companyIds: companies.map((c) => c.id), yearMonth, lastYearMonth: periodOf(year - 1, month), year, month, weekly: kind === 'monday' })
    : [];
  const companyIndex = new Map(companies.map((c, i) => [c.id, i]));
  const locals = localFigures(figures, companyIndex, days, yearMonth, companies.length);
  const values = locals.map((l, i) => baseRows(kind, l, columns[i].exchangeRate));
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  // null is a figure here (a missing rate), so only a day outside the month (none is asked for) reads as 0.
  const base: BaseValue = (row, day, company) => {
    const i = dayIndex.get(day);
    return i === undefined ? 0 : values[company][row][i];
  };
  return buildGridReport(ROWS_OF[kind], groups, columns, base);
}

/** GetSumReportData (kind total), GetDailyData (daily), GetMondayData (monday). */
export async function gridReport(db: Db, caller: ReportCaller, kind: GridReportKind, q: { yearMonth: string; country?: string }): Promise<ReportRow[]> {
  return gridRows(db, kind, await gridFrame(db, caller, kind, q));
}

// ---- Sales data report and target analysis report

export type ModelReportKind = 'salesData' | 'targetAnalysis';

export interface ModelReportParams extends ModelFilters {
  yearMonth: string;
  country?: string;
  pageIndex: number;
  pageSize: number;
}

const dayEntries = (tuples: readonly ModelDayTuple[]) =>
  tuples.map(([salesDataDate, q, a]) => ({ salesDataDate, uploadQuantity: Number(q), uploadAmount: a === null ? null : Number(a) }));

/**
 * GetReportPage of the sales data report and of the target analysis report: a row per product model of the month,
 * its quantities per day, totals (and target and gap), paged, with the summary over all rows. Amounts are in the
 * country's currency for one country, in RMB (per company and day, null where a rate is missing) for several.
 */
export async function modelReport(db: Db, caller: ReportCaller, kind: ModelReportKind, q: ModelReportParams): Promise<ModelReportResult> {
  const { year, month } = periodParts(q.yearMonth);
  const companies = await reportCompanies(db, caller, q.country, true);
  const days = daysOf(year, month);
  const converted = companies.length > 1;
  const rates = converted ? await ratesOf(db, q.yearMonth, companies) : undefined;
  const currency = converted ? REPORT_CURRENCY : (companies[0]?.currency ?? REPORT_CURRENCY);
  const missingRates = converted ? companies.filter((c) => rates!.get(c.id) === null).map((c) => c.number) : [];
  const empty = { targetQuantity: 0, totalQuantity: 0, totalAmount: 0, gap: 0, salesDataDetailSubs: [] };
  if (!companies.length) return { items: [], count: 0, summary: empty, days, currency, missingRates };
  const data = await modelReportData(db, {
    target: kind === 'targetAnalysis',
    companyIds: companies.map((c) => c.id),
    yearMonth: periodOf(year, month),
    year,
    month,
    filters: { type: q.type, modelLevel: q.modelLevel, model: q.model },
    rates,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  // The gap is the target analysis report's column (total − target); the sales data report has no target (0, 0).
  const gapOf = (r: { totalQuantity: number; targetQuantity: number }) =>
    kind === 'targetAnalysis' ? Number(r.totalQuantity) - Number(r.targetQuantity) : 0;
  const items: ModelReportRow[] = data.items.map((r) => ({
    modelId: r.id,
    dataType: r.dataType,
    modelLevel: r.modelLevel,
    modelName: r.modelName,
    targetQuantity: Number(r.targetQuantity),
    totalQuantity: Number(r.totalQuantity),
    totalAmount: r.totalAmount === null ? null : Number(r.totalAmount),
    gap: gapOf(r),
    salesDataDetailSubs: dayEntries(data.itemDays.get(r.id) ?? []),
  }));
  const s = data.summary;
  const summary = {
    targetQuantity: Number(s.targetQuantity),
    totalQuantity: Number(s.totalQuantity),
    totalAmount: s.totalAmount === null ? null : Number(s.totalAmount),
    gap: gapOf(s),
    salesDataDetailSubs: dayEntries(data.summaryDays),
  };
  return { items, count: data.count, summary, days, currency, missingRates };
}

/** The current month as YYYY-MM (server time): the default month of the report mails. */
export const currentYearMonth = (now = new Date()) => `${now.getFullYear()}-${pad2(now.getMonth() + 1)}`;
