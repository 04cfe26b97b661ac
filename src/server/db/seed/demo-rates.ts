// Demo exchange rates (SEED_DEMO; DESIGN §7): for every demo sales company whose currency is not RMB, the rate of its
// currency (local units per 1 RMB) in the month the seed runs in and the two before it (the months of the demo sales
// data), near the real rates and moving a little from month to month, so the consolidated reports convert every
// company. OIH keeps its figures in RMB (rate 1 by rule, no row). Last year's actuals are converted with the report
// month's rate (constant currency), so last year's months need no rows.
// Idempotent: seeded only while the table is empty, so a rate an administrator entered or changed stays.
import { countExpr } from '../../modules/common/query';
import { REPORT_CURRENCY } from '@/shared/contracts/exchange-rate';
import { periodOf } from '@/shared/domain/sales';
import type { Db } from '../client';
import { companies, exchangeRates } from '../schema/index';
import { monthsUpTo } from './demo-sales';

/** Local units per 1 RMB, about. */
const BASE_RATES: Record<string, number> = { TWD: 4.4, SGD: 0.185, MYR: 0.62, AUD: 0.21, HKD: 1.08 };

/** The demo companies with rates. */
const DEMO_COUNTRIES = ['TW', 'SG', 'MY', 'AU', 'HK'];

/** A month's rate: the base moved by up to ±1%, the same for the same month on every seed, 4 decimals. */
export function demoRate(base: number, year: number, month: number): number {
  const step = ((year * 12 + month) * 37) % 11; // 0..10
  return Math.round(base * (1 + (step - 5) / 500) * 10_000) / 10_000;
}

export async function seedRatesDemo(db: Db, today = new Date()) {
  if ((await db.select({ n: countExpr }).from(exchangeRates))[0].n > 0) return;
  const rows = (await db.select({ id: companies.id, number: companies.companyNumber, currency: companies.currencyNumber }).from(companies)).flatMap(
    (c) => {
      const base = BASE_RATES[(c.currency ?? '').toUpperCase()];
      return DEMO_COUNTRIES.includes(c.number) && c.currency && base !== undefined ? [{ id: c.id, currency: c.currency, base }] : [];
    },
  );
  const values = monthsUpTo(today).flatMap((m) =>
    rows.map((c) => ({
      yearMonth: periodOf(m.year, m.month),
      companyId: c.id,
      oriCurrency: REPORT_CURRENCY,
      locCurrency: c.currency,
      exchangerate: demoRate(c.base, m.year, m.month),
      addUserNumber: 'oih.admin',
    })),
  );
  if (values.length) await db.insert(exchangeRates).values(values).onConflictDoNothing();
}
