// The sales target form's pure rules (spec part 1 §2, §5; DESIGN §6, §7): the form values and how a record, a copy
// and the list's query fill them; the checks before a save (required choices, zero rows, missing products); the
// payload saveEntry sends; the mode read from the query; and the totals. Unit-tested without a browser.
import type { ProductLookupItem } from '@/shared/contracts/product';
import type { SalesTargetFormInput, SalesTargetRecord } from '@/shared/contracts/sales-target';
import { DATA_STATUS, daysInMonth, nextMonth, oihCorporateAmount, pad2, sumAmounts, type Rule } from '@/shared/domain/sales';
import { amountOf, amountText, quantityOf, quantityText } from '@/app/components/sales/amounts';
import type { CalendarValues } from '@/app/components/sales/month-calendar';
import { intParam, readEntryQuery } from '@/app/components/sales/entry-query';

export type TargetMode = 'add' | 'edit' | 'copy' | 'query';

/** One rule-1 row: a product and its target quantity (typed text). `key` is stable for React while ids are 0. */
export interface ProductRow {
  key: string;
  id: number;
  productId: number | null;
  productName: string;
  modelName: string;
  targetQuantity: string;
  isDisabled: boolean;
}


export interface TargetValues {
  id: number;
  year: number | null;
  month: number | null;
  rule: Rule | null;
  country: string;
  dataStatus: number;
  /** The version the edit is based on (DESIGN §6: a stale one is refused). */
  version?: number;
  oihTargetAmount: string;
  brandCollaboration: string;
  webSales: string;
  headOffice: string;
  rows: ProductRow[];
  /** Rule-2 days by two-digit day ("05"): the calendar's added rows. */
  days: CalendarValues;
  /** Saved detail ids of the rule-2 days, so an edit keeps its rows. */
  dayIds: Record<string, number>;
}

let rowSeq = 0;
/** A fresh React key for a row. */
export const newRowKey = () => `r${Date.now().toString(36)}${(rowSeq++).toString(36)}`;

export const emptyRow = (): ProductRow => ({ key: newRowKey(), id: 0, productId: null, productName: '', modelName: '', targetQuantity: '', isDisabled: false });

export const emptyValues = (): TargetValues => ({
  id: 0,
  year: null,
  month: null,
  rule: null,
  country: '',
  dataStatus: DATA_STATUS.draft,
  oihTargetAmount: '',
  brandCollaboration: '',
  webSales: '',
  headOffice: '',
  rows: [],
  days: {},
  dayIds: {},
});

/** The form's mode from the query (readEntryQuery): readonly=true makes any mode a read-only query. */
export function modeOf(params: URLSearchParams): TargetMode {
  const q = readEntryQuery(params);
  return q.readOnly ? 'query' : q.operate;
}

/** The record id the query names (0: none). */
export const recordIdOf = (params: URLSearchParams) => readEntryQuery(params).id;

/** What the list's link says before the record loads (year, month, country, rule and the extras). */
export function valuesFromQuery(params: URLSearchParams): TargetValues {
  const q = readEntryQuery(params);
  const amount = (k: string) => {
    const n = Number(q.get(k));
    return Number.isFinite(n) && n > 0 ? amountText(n) : '';
  };
  return {
    ...emptyValues(),
    year: intParam(q.get('year'), 2000, 2100),
    month: intParam(q.get('month'), 1, 12),
    rule: intParam(q.get('rule'), 1, 2) as Rule | null,
    country: q.get('country'),
    oihTargetAmount: amount('oihTargetAmount'),
    brandCollaboration: amount('brandCollaboration'),
    webSales: amount('webSales'),
    headOffice: amount('headOffice'),
  };
}

/** A loaded record as form values. Rule-2 rows become calendar days keyed by their two-digit date. */
export function valuesFromRecord(r: SalesTargetRecord): TargetValues {
  const rows: ProductRow[] = [];
  const days: CalendarValues = {};
  const dayIds: Record<string, number> = {};
  for (const d of r.salesTargetDetailEntities) {
    if (r.rule === 2) {
      const day = d.date ? pad2(Number(d.date)) : '';
      if (!day || day === '00') continue;
      days[day] = { corporate: amountText(d.corporatAmount), offline: amountText(d.offlineAmount) };
      dayIds[day] = d.id;
    } else {
      rows.push({
        key: newRowKey(),
        id: d.id,
        productId: d.productId,
        productName: d.productName,
        modelName: d.modelName,
        targetQuantity: quantityText(d.targetQuantity),
        isDisabled: d.isDisabled,
      });
    }
  }
  return {
    id: r.id,
    year: r.year,
    month: r.month,
    rule: r.rule === 1 || r.rule === 2 ? r.rule : null,
    country: r.country,
    dataStatus: r.dataStatus,
    version: r.version,
    oihTargetAmount: amountText(r.oihTargetAmount),
    brandCollaboration: amountText(r.brandCollaboration),
    webSales: amountText(r.webSales),
    headOffice: amountText(r.headOffice),
    rows,
    days,
    dayIds,
  };
}

/** Copy (spec part 1 §2): a new draft (id 0, no version) of the next month with the same rows, none of them saved. */
export function copyOf(v: TargetValues): TargetValues {
  const next = v.year && v.month ? nextMonth(v.year, v.month) : { year: v.year, month: v.month };
  return {
    ...v,
    id: 0,
    version: undefined,
    dataStatus: DATA_STATUS.draft,
    year: next.year,
    month: next.month,
    rows: v.rows.map((r) => ({ ...r, id: 0, key: newRowKey() })),
    days: keepDaysOf(v.days, next.year, next.month),
    dayIds: {},
  };
}

/** Days that exist in the month (a copy from a 31-day month into a 30-day one drops the 31st). */
export function keepDaysOf<T>(days: Record<string, T>, year: number | null, month: number | null): Record<string, T> {
  if (!year || !month) return days;
  const last = daysInMonth(year, month);
  return Object.fromEntries(Object.entries(days).filter(([d]) => Number(d) >= 1 && Number(d) <= last));
}

/** The corporate amount of the extras: brand collaboration + web sales + head office (read-only in the form). */
export const corporateOf = (v: Pick<TargetValues, 'brandCollaboration' | 'webSales' | 'headOffice'>) =>
  oihCorporateAmount({ brandCollaboration: amountOf(v.brandCollaboration), webSales: amountOf(v.webSales), headOffice: amountOf(v.headOffice) });

export interface Totals {
  quantity: number;
  corporate: number;
  offline: number;
  combined: number;
}

export function totalsOf(v: Pick<TargetValues, 'rows' | 'days'>): Totals {
  const quantity = v.rows.reduce((s, r) => s + quantityOf(r.targetQuantity), 0);
  const corporate = sumAmounts(Object.values(v.days).map((d) => amountOf(d.corporate)));
  const offline = sumAmounts(Object.values(v.days).map((d) => amountOf(d.offline)));
  return { quantity, corporate, offline, combined: sumAmounts([corporate, offline]) };
}

/** A failed check: the field to mark (required choices) or a message key (errors.<key>). */
export type CheckResult = { ok: true } | { ok: false; missing: Array<'year' | 'month' | 'rule' | 'country'>; message?: string };

/**
 * The checks before a save (spec part 1 §5): year, month, rule and country required; rule 1 needs rows, each with a
 * product (detailError), none with quantity 0; rule 2 has no day whose amount is 0 (zeroMessage).
 */
export function checkValues(v: TargetValues): CheckResult {
  const missing = (['year', 'month', 'rule', 'country'] as const).filter((k) => v[k] === null || v[k] === '');
  if (missing.length) return { ok: false, missing };
  if (v.rule === 1) {
    if (v.rows.length === 0 || v.rows.some((r) => !r.productId)) return { ok: false, missing: [], message: 'detailError' };
    if (v.rows.some((r) => quantityOf(r.targetQuantity) === 0)) return { ok: false, missing: [], message: 'zeroMessage' };
  } else {
    const days = keepDaysOf(v.days, v.year, v.month);
    if (Object.values(days).some((d) => sumAmounts([amountOf(d.corporate), amountOf(d.offline)]) === 0)) return { ok: false, missing: [], message: 'zeroMessage' };
  }
  return { ok: true };
}

/**
 * The payload saveEntry sends (addoreditsalestarget / copysalestarget). Only the chosen rule's rows go; the extras
 * only under rule 2 and for holders of the extras permission (the server keeps them only from those anyway).
 */
export function payloadOf(v: TargetValues, opts: { extras: boolean }): SalesTargetFormInput {
  const extras = opts.extras && v.rule === 2;
  const details: SalesTargetFormInput['salesTargetDetailEntities'] =
    v.rule === 1
      ? v.rows.map((r) => ({
          id: r.id,
          date: '',
          productId: r.productId ?? undefined,
          targetQuantity: quantityOf(r.targetQuantity),
          targetAmount: 0,
          corporatAmount: 0,
          offlineAmount: 0,
          isDisabled: r.isDisabled,
        }))
      : Object.entries(keepDaysOf(v.days, v.year, v.month))
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([day, d]) => {
            const corporatAmount = amountOf(d.corporate);
            const offlineAmount = amountOf(d.offline);
            return {
              id: v.dayIds[day] ?? 0,
              date: day,
              targetQuantity: 0,
              targetAmount: sumAmounts([corporatAmount, offlineAmount]),
              corporatAmount,
              offlineAmount,
              isDisabled: false,
            };
          });
  return {
    id: v.id,
    year: v.year ?? 0,
    month: v.month ?? 0,
    rule: v.rule ?? 0,
    country: v.country,
    dataStatus: v.dataStatus,
    version: v.id > 0 ? v.version : undefined,
    oihTargetAmount: extras ? amountOf(v.oihTargetAmount) : 0,
    oihCorporateAmount: extras ? corporateOf(v) : 0,
    brandCollaboration: extras ? amountOf(v.brandCollaboration) : 0,
    webSales: extras ? amountOf(v.webSales) : 0,
    headOffice: extras ? amountOf(v.headOffice) : 0,
    salesTargetDetailEntities: details,
  };
}

/** The outbox label: "TW 2026-11 R1". */
export const labelOf = (v: Pick<TargetValues, 'country' | 'year' | 'month' | 'rule'>) => `${v.country} ${v.year ?? ''}-${v.month ? pad2(v.month) : ''} R${v.rule ?? ''}`;

/** The draft key of a mode (DESIGN §6): salesTarget:add:new, salesTarget:edit:<id>, salesTarget:copy:<id>. */
export function draftKeyOf(mode: TargetMode, id: number): string | null {
  if (mode === 'query') return null;
  if (mode === 'add') return 'salesTarget:add:new';
  return `salesTarget:${mode}:${id}`;
}

/** Did the values change since they were loaded? (Row keys are React's, not data.) */
export function sameValues(a: TargetValues, b: TargetValues): boolean {
  const strip = (v: TargetValues) => ({ ...v, rows: v.rows.map(({ key: _key, ...r }) => r) });
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
}

/** The earliest month the month picker offers: yesterday's (spec part 1 §5 "refuses dates before yesterday"). */
export function minPeriodOf(now: Date = new Date()): { year: number; month: number } {
  const y = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  return { year: y.getFullYear(), month: y.getMonth() + 1 };
}

/** "CODE name" of a product as the rows show it. */
export const productLabel = (p: Pick<ProductLookupItem, 'productCode' | 'productName'>) => [p.productCode, p.productName].filter(Boolean).join(' ');
