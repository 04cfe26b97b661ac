// Sales-entry rules both sides use (spec part 1 §2, §5, §9; DESIGN §7): rules and statuses, the Monday-first month
// calendar, the Sundays of a month, periods, and the amount and quantity formats.

export const RULE = { none: 0, quantity: 1, amount: 2 } as const;
export type Rule = 1 | 2;
export const RULES: readonly Rule[] = [1, 2];

/** Sales target dataStatus: 0 draft, 1 released (2 in approval, for the workflow issue). Weekly release status: 0, 1. */
export const DATA_STATUS = { draft: 0, released: 1, inApproval: 2 } as const;
/** A target record in its normal state; release is offered only for these (spec part 1 §2). */
export const RECORD_STATUS_NORMAL = 1;

/** Rule-2 target calendars take at most this many added rows (spec part 1 §5). */
export const MAX_TARGET_AMOUNT_ROWS = 28;

/** Default page sizes of the sales screens (spec part 1 §9). */
export const SALES_PAGE_SIZE = { weekSales: 10, salesData: 10, salesTarget: 24 } as const;

export const pad2 = (n: number) => String(n).padStart(2, '0');

/** "YYYY-MM" of a year and month (1–12). */
export const periodOf = (year: number, month: number) => `${year}-${pad2(month)}`;

/** Year and month of "YYYY-MM" (or "YYYY-M"); null when it is not one. */
export function parsePeriod(period: string): { year: number; month: number } | null {
  const m = /^(\d{4})-(\d{1,2})$/.exec(period.trim());
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? { year, month } : null;
}

export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** "YYYY-MM-DD" of a day. */
export const dateOf = (year: number, month: number, day: number) => `${year}-${pad2(month)}-${pad2(day)}`;

/** Every day of the month as "YYYY-MM-DD". */
export const daysOf = (year: number, month: number) => Array.from({ length: daysInMonth(year, month) }, (_, i) => dateOf(year, month, i + 1));

/** ISO weekday of a day: 1 Monday … 7 Sunday. */
export function weekdayOf(year: number, month: number, day: number): number {
  const d = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The Sundays of a month as "YYYY-MM-DD": the weekly sales columns (DESIGN §7). */
export const sundaysOf = (year: number, month: number) =>
  daysOf(year, month).filter((_, i) => weekdayOf(year, month, i + 1) === 7);

/**
 * The Monday-first month calendar: 35 cells, or 42 when the 1st falls on a Friday, Saturday or Sunday (spec part 1 §2).
 * A cell holds its day of the month, or null before the 1st and after the last day.
 */
export function monthCalendar(year: number, month: number): Array<number | null> {
  const lead = weekdayOf(year, month, 1) - 1;
  const size = weekdayOf(year, month, 1) >= 5 ? 42 : 35;
  const days = daysInMonth(year, month);
  return Array.from({ length: size }, (_, i) => {
    const day = i - lead + 1;
    return day >= 1 && day <= days ? day : null;
  });
}

/** The month after a year and month. */
export const nextMonth = (year: number, month: number) => (month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 });

/** Amount inputs: digits with at most two decimals (spec part 1 §5). */
export const AMOUNT_PATTERN = /^\d{0,12}(\.\d{0,2})?$/;
/** Quantity inputs: digits only. */
export const QUANTITY_PATTERN = /^\d{0,9}$/;

/** Money rounded to cents, as numeric(14,2) stores it. */
export const cents = (n: number) => Math.round(n * 100) / 100;

/** Sum of amounts, to cents. */
export const sumAmounts = (values: Array<number | null | undefined>) => cents(values.reduce<number>((s, v) => s + (Number(v) || 0), 0));

/** OIH corporate amount = brand collaboration + web sales + head office (spec part 1 §2). */
export const oihCorporateAmount = (v: { brandCollaboration: number; webSales: number; headOffice: number }) =>
  sumAmounts([v.brandCollaboration, v.webSales, v.headOffice]);
