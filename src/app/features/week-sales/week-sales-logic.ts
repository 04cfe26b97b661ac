// The weekly sales form's values and their mapping to and from the contract (spec part 1 §2, §5; DESIGN §7): one
// amount per Sunday of the month, typed as text and sent as numbers, one detail row per Sunday as the server stores them.
import { amountOf, amountText } from '@/app/components/sales/amounts';
import type { WeekSalesFormInput, WeekSalesRecord } from '@/shared/contracts/sales-data';
import { sundaysOf } from '@/shared/domain/sales';

export interface WeekValues {
  year: number | null;
  month: number | null;
  country: string;
  /** Typed amounts by date (YYYY-MM-DD): a month change shows that month's Sundays and keeps the others aside. */
  amounts: Record<string, string>;
}

const strings = (o: unknown): Record<string, string> =>
  o && typeof o === 'object' ? Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};
const intOr = (v: unknown, min: number, max: number): number | null => (Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? (v as number) : null);

/** Stored draft values in the form's shape (a draft from an older version or another form keeps what fits). */
export function weekValuesFrom(v: unknown, base: WeekValues): WeekValues {
  const o = (v && typeof v === 'object' ? v : {}) as Partial<Record<keyof WeekValues, unknown>>;
  return {
    year: intOr(o.year, 2000, 2100) ?? base.year,
    month: intOr(o.month, 1, 12) ?? base.month,
    country: typeof o.country === 'string' ? o.country : base.country,
    amounts: { ...base.amounts, ...strings(o.amounts) },
  };
}

export function weekValuesOf(r: WeekSalesRecord): WeekValues {
  const amounts: Record<string, string> = {};
  for (const d of r.salesDataDetailEntities) for (const s of d.salesDataDetailSubs) amounts[s.salesDataDate] = amountText(s.uploadAmount);
  return { year: r.yearS, month: r.monthS, country: r.country, amounts };
}

/** The save payload: one detail row per Sunday of the month, each with its one amount (as the server stores them). */
export function weekPayload(v: WeekValues & { year: number; month: number }, id: number, version?: number): WeekSalesFormInput {
  return {
    id,
    country: v.country,
    yearS: v.year,
    monthS: v.month,
    version,
    salesDataDetailEntities: sundaysOf(v.year, v.month).map((d) => ({ id: 0, salesDataDetailSubs: [{ salesDataDate: d, uploadAmount: amountOf(v.amounts[d]) }] })),
  };
}

/** The record's amounts in date order. */
export const amountsOf = (r: WeekSalesRecord) =>
  r.salesDataDetailEntities
    .flatMap((d) => d.salesDataDetailSubs)
    .sort((a, b) => a.salesDataDate.localeCompare(b.salesDataDate))
    .map((s) => s.uploadAmount);

/**
 * The record moved to another month: amounts by Sunday position. null when the new month lacks a Sunday that holds a
 * non-zero amount (moving would lose it).
 */
export function movedPayload(r: WeekSalesRecord, year: number, month: number): WeekSalesFormInput | null {
  const amounts = amountsOf(r);
  const sundays = sundaysOf(year, month);
  if (amounts.slice(sundays.length).some((a) => a !== 0)) return null;
  return {
    id: r.id,
    country: r.country,
    yearS: year,
    monthS: month,
    version: r.version,
    salesDataDetailEntities: sundays.map((d, i) => ({ id: 0, salesDataDetailSubs: [{ salesDataDate: d, uploadAmount: amounts[i] ?? 0 }] })),
  };
}
