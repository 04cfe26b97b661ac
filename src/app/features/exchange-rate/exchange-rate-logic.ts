// Pure rules of the exchange-rate screens (spec part 1 §2 ExchangeRateList/Add/Edit; DESIGN §7): the current month as
// the list's default, the add link that carries the list's month over, the rate as shown, and which local currency a
// company's new rate starts with.
import type { ExchangeRateItem } from '@/shared/contracts/exchange-rate';
import { periodOf } from '@/shared/domain/sales';

/** The default page size of the exchange-rate list (spec part 1 §9). */
export const EXCHANGE_RATE_PAGE_SIZE = 10;

/** "YYYY-MM" of this month (local time: the month the user is in). */
export const currentPeriod = (now = new Date()) => periodOf(now.getFullYear(), now.getMonth() + 1);

/** A "YYYY-MM" text as it is, anything else as ''. */
export const validPeriod = (v: string | null | undefined) => (v && /^\d{4}-(0[1-9]|1[0-2])$/.test(v.trim()) ? v.trim() : '');

/** The add form, starting on the list's month (spec: Add new goes to /ExchangeRateAdd with id=0 and yearmonthcondition). */
export const addLink = (yearMonth: string) => `/ExchangeRateAdd?id=0&yearmonthcondition=${encodeURIComponent(validPeriod(yearMonth))}`;

export const editLink = (id: number) => `/ExchangeRateEdit?Id=${id}`;

const rateFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 6 });

/** A rate for reading: grouped, every stored decimal (up to 6), no trailing zeros. */
export const formatRate = (n: number | null | undefined) => (n === null || n === undefined || !Number.isFinite(Number(n)) ? '' : rateFormat.format(Number(n)));

/** Each company's local currency in its newest rate, from a list ordered newest month first (the server's order). */
export function latestCurrencies(items: readonly Pick<ExchangeRateItem, 'country' | 'locCurrency'>[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of items) if (!out.has(r.country)) out.set(r.country, r.locCurrency);
  return out;
}

/**
 * The local currency after the company changes: when the field is empty or still holds the previous company's usual
 * one (it was following the company), the new company's usual one ('' when it has none yet); otherwise the user's
 * own choice stays.
 */
export function followCurrency(prevCountry: string, nextCountry: string, locCurrency: string, usual: ReadonlyMap<string, string>): string {
  const followed = !locCurrency || (!!prevCountry && usual.get(prevCountry)?.toUpperCase() === locCurrency.toUpperCase());
  // A currency that only followed the previous company is not kept for a company it may not belong to.
  return followed ? (usual.get(nextCountry) ?? '') : locCurrency;
}
