// The period sales data form's values and their mapping to and from the contract (spec part 1 §2–§5; DESIGN §7):
// rule 1 is a grid of product-model rows with a quantity per day, rule 2 one row of corporate (online) and offline
// (retail) amounts per day. Inputs hold strings; the payload carries numbers and only the days that hold something.
import type { CalendarValues } from '@/app/components/sales/month-calendar';
import { amountOf, amountText, quantityOf, quantityText } from '@/app/components/sales/amounts';
import type { SalesDataFormInput, SalesDataRecord } from '@/shared/contracts/sales-data';
import { dateOf, daysInMonth, pad2, parsePeriod, RULE, sumAmounts, type Rule } from '@/shared/domain/sales';

export interface GridRow {
  /** A key for React and the row's inputs, stable while the form is open. */
  key: string;
  /** The stored detail row's id; 0 for a row added in this form. */
  id: number;
  /** The product model's id. */
  productId: number;
  /** The model's full name. */
  productCode: string;
  isDisabled: boolean;
  /** Typed quantities by two-digit day. */
  qty: Record<string, string>;
}

export interface SalesDataValues {
  year: number | null;
  month: number | null;
  country: string;
  rules: Rule;
  rows: GridRow[];
  calendar: CalendarValues;
  /** The stored amount row's id (rule 2), kept so an edit updates it rather than adding one. */
  amountRowId: number;
}

let seq = 0;
export const rowKey = () => `r${Date.now().toString(36)}${(seq++).toString(36)}`;

/** Two-digit days of a month. */
export const monthDays = (year: number, month: number) => Array.from({ length: daysInMonth(year, month) }, (_, i) => pad2(i + 1));

const dayOf = (date: string) => date.slice(8, 10);

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const strings = (o: unknown): Record<string, string> =>
  isObj(o) ? Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};
const intOr = (v: unknown, min: number, max: number): number | null => (Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? (v as number) : null);

/** Stored draft values in the form's shape (a draft from an older version keeps what fits; odd rows are dropped). */
export function valuesFrom(v: unknown, base: SalesDataValues): SalesDataValues {
  const o = isObj(v) ? v : {};
  const rows = Array.isArray(o.rows)
    ? o.rows.filter(isObj).flatMap((r): GridRow[] => {
        const productId = intOr(r.productId, 1, 2_147_483_647);
        if (!productId) return [];
        return [
          {
            key: rowKey(),
            id: intOr(r.id, 0, 2_147_483_647) ?? 0,
            productId,
            productCode: typeof r.productCode === 'string' ? r.productCode : String(productId),
            isDisabled: r.isDisabled === true,
            qty: strings(r.qty),
          },
        ];
      })
    : base.rows;
  const calendar: CalendarValues = {};
  if (isObj(o.calendar))
    for (const [d, a] of Object.entries(o.calendar)) {
      const day = strings(a);
      calendar[d] = { corporate: day.corporate ?? '', offline: day.offline ?? '' };
    }
  return {
    year: intOr(o.year, 2000, 2100) ?? base.year,
    month: intOr(o.month, 1, 12) ?? base.month,
    country: typeof o.country === 'string' ? o.country : base.country,
    rules: o.rules === 1 || o.rules === 2 ? o.rules : base.rules,
    rows,
    calendar: isObj(o.calendar) ? calendar : base.calendar,
    amountRowId: intOr(o.amountRowId, 0, 2_147_483_647) ?? base.amountRowId,
  };
}

export function valuesOf(r: SalesDataRecord): SalesDataValues {
  const p = parsePeriod(r.datePeriod);
  const rules: Rule = r.rules === RULE.quantity ? 1 : 2;
  const rows: GridRow[] = [];
  const calendar: CalendarValues = {};
  let amountRowId = 0;
  for (const d of r.salesDataDetailEntities) {
    if (rules === 1) {
      const qty: Record<string, string> = {};
      for (const s of d.salesDataDetailSubs) qty[dayOf(s.salesDataDate)] = quantityText(s.uploadQuantity);
      rows.push({ key: rowKey(), id: d.id, productId: d.productId ?? 0, productCode: d.productCode, isDisabled: d.isDisabled, qty });
    } else {
      amountRowId = d.id;
      for (const s of d.salesDataDetailSubs) calendar[dayOf(s.salesDataDate)] = { corporate: amountText(s.onlineAmount), offline: amountText(s.retailAmount) };
    }
  }
  return { year: p?.year ?? r.yearS, month: p?.month ?? r.monthS, country: r.country, rules, rows, calendar, amountRowId };
}

/** A row's total quantity over the month's days. */
export const rowTotal = (row: GridRow, days: readonly string[]) => days.reduce((s, d) => s + quantityOf(row.qty[d]), 0);

/** The save payload. Only days of the month that hold a value are sent (a missing day is 0). */
export function payloadOf(v: SalesDataValues & { year: number; month: number }, id: number, version?: number): SalesDataFormInput {
  const days = monthDays(v.year, v.month);
  const datePeriod = `${v.year}-${pad2(v.month)}`;
  const at = (d: string) => dateOf(v.year, v.month, Number(d));
  const salesDataDetailEntities =
    v.rules === 1
      ? v.rows.map((r) => ({
          id: r.id,
          productId: r.productId,
          isDisabled: r.isDisabled,
          salesDataDetailSubs: days
            .filter((d) => quantityOf(r.qty[d]) > 0)
            .map((d) => ({ salesDataDate: at(d), uploadQuantity: quantityOf(r.qty[d]), onlineAmount: 0, retailAmount: 0 })),
        }))
      : [
          {
            id: v.amountRowId,
            salesDataDetailSubs: days
              .filter((d) => amountOf(v.calendar[d]?.corporate) > 0 || amountOf(v.calendar[d]?.offline) > 0)
              .map((d) => ({
                salesDataDate: at(d),
                uploadQuantity: 0,
                onlineAmount: amountOf(v.calendar[d]?.corporate),
                retailAmount: amountOf(v.calendar[d]?.offline),
              })),
          },
        ];
  return { id, datePeriod, country: v.country, rules: v.rules, version, salesDataDetailEntities };
}

/** Totals of a queued payload (the list's rows on this device): quantity over enabled rows; amount for rule 2. */
export function payloadTotals(p: SalesDataFormInput): { quantity: number; amount: number } {
  const rows = (p.salesDataDetailEntities ?? []).filter((r) => !r.isDisabled);
  const subs = rows.flatMap((r) => r.salesDataDetailSubs);
  return {
    quantity: subs.reduce((s, d) => s + (Number(d.uploadQuantity) || 0), 0),
    amount: sumAmounts(subs.map((d) => (Number(d.onlineAmount) || 0) + (Number(d.retailAmount) || 0))),
  };
}
