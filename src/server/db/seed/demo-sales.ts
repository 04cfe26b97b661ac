// Demo sales entry data (SEED_DEMO; DESIGN §7): for the month the seed runs in and the two before it, in TW, SG, MY,
// AU and HK: weekly sales on each Sunday up to today, period sales data (rule 1 quantities per model per day for some
// countries, rule 2 corporate/offline amounts per day for the others) up to today, and per month one released rule-1
// target and one rule-2 target. Also the period sales data of the same three months a year earlier (whole months,
// the same rules, about 10% lower), so the reports' "last year's actual" and growth rows have figures. Amounts are in
// each company's local currency; every sum follows the server's rules. Records are added by the country's demo user,
// so a subsidiary user without all-data sees their country's data.
// Idempotent: each kind is seeded only while its table is empty.
import { countExpr } from '../../modules/common/query';
import { unitPricesOf } from '../../modules/sales-data/sales-data.service';
import { splitCompanys } from '@/shared/domain/master-data';
import { cents, DATA_STATUS, daysInMonth, daysOf, MAX_TARGET_AMOUNT_ROWS, oihCorporateAmount, pad2, periodOf, sumAmounts, sundaysOf, weekdayOf } from '@/shared/domain/sales';
import type { Db } from '../client';
import { companies, productMods, products, salesData, salesDataDays, salesDataDetails, salesTargetDetails, salesTargets, weekSales, weekSalesDays } from '../schema/index';

interface DemoCountry {
  number: string;
  user: string;
  /** Rule of its period sales data. */
  rule: 1 | 2;
  /** A day's corporate (online) and offline (retail) amounts, local currency, [low, high]. */
  corporate: [number, number];
  offline: [number, number];
}

const COUNTRIES: DemoCountry[] = [
  { number: 'TW', user: 'tw.sales', rule: 1, corporate: [40_000, 90_000], offline: [120_000, 260_000] },
  { number: 'SG', user: 'sg.sales', rule: 2, corporate: [1_500, 5_000], offline: [4_000, 12_000] },
  { number: 'MY', user: 'my.sales', rule: 2, corporate: [4_000, 12_000], offline: [10_000, 30_000] },
  { number: 'AU', user: 'au.sales', rule: 1, corporate: [1_500, 4_500], offline: [4_000, 10_000] },
  { number: 'HK', user: 'hk.sales', rule: 1, corporate: [8_000, 20_000], offline: [25_000, 60_000] },
];

/** Units a day of a model sells, by its data type, [low, high]. */
const DAILY_UNITS: Record<string, [number, number]> = { CHAIR: [0, 3], FOOT: [0, 5], OTHES: [0, 8] };

/** Deterministic pseudo-random numbers, so a demo database looks the same for the same day. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** Last year's figures are about this share of this year's (a growth of about 10%). */
const LAST_YEAR_SCALE = 0.9;

export interface Month {
  year: number;
  month: number;
  /** The days with sales so far: the whole month, or up to today in the current one. */
  days: string[];
  current: boolean;
}

/** The month of `today` and the two before it (also the months of the demo exchange rates). */
export function monthsUpTo(today: Date): Month[] {
  const out: Month[] = [];
  for (let back = 2; back >= 0; back--) {
    const d = new Date(today.getFullYear(), today.getMonth() - back, 1);
    const year = d.getFullYear();
    const month = d.getMonth() + 1;
    const last = back === 0 ? today.getDate() : daysInMonth(year, month);
    out.push({ year, month, days: daysOf(year, month).slice(0, last), current: back === 0 });
  }
  return out;
}

const isEmpty = async (db: Db, table: typeof weekSales | typeof salesData | typeof salesTargets) =>
  (await db.select({ n: countExpr }).from(table))[0].n === 0;

export async function seedSalesDemo(db: Db, today = new Date()) {
  const companyRows = await db.select({ id: companies.id, number: companies.companyNumber }).from(companies);
  const countries = COUNTRIES.map((c) => ({ ...c, companyId: companyRows.find((r) => r.number === c.number)?.id })).filter(
    (c): c is DemoCountry & { companyId: number } => c.companyId !== undefined,
  );
  const models = await db
    .select({ id: productMods.id, number: productMods.productModNa, remarks: productMods.remarks, dataType: productMods.dataType })
    .from(productMods)
    .orderBy(productMods.id);
  const productRows = await db.select({ id: products.id, modelNo: products.modelNo, companys: products.companys }).from(products).orderBy(products.id);
  const modelsOf = (country: string) =>
    models.filter((m) => {
      const list = splitCompanys(m.remarks);
      return !list.length || list.includes(country);
    });
  const months = monthsUpTo(today);
  const [seedWeekly, seedPeriod, seedTargets] = [await isEmpty(db, weekSales), await isEmpty(db, salesData), await isEmpty(db, salesTargets)];

  const inRange = (random: () => number, [lo, hi]: [number, number], step = 100) => Math.round((lo + random() * (hi - lo)) / step) * step;

  /** One period record of a country and month, its figures drawn from `random` and multiplied by `scale`. */
  async function addPeriod(c: DemoCountry & { companyId: number }, m: Month, random: () => number, scale: number) {
    const who = { addUserNumber: c.user };
    const weekend = (date: string) => weekdayOf(m.year, m.month, Number(date.slice(8))) >= 6;
    const rows: Array<{ productModId: number | null; days: Array<typeof salesDataDays.$inferInsert> }> = [];
    if (c.rule === 1) {
      const sold = modelsOf(c.number);
      const prices = await unitPricesOf(
        db,
        c.number,
        sold.map((s) => s.number),
      );
      for (const model of sold) {
        const [lo, hi] = DAILY_UNITS[model.dataType] ?? [0, 3];
        const price = prices.get(model.number.toLowerCase()) ?? 0;
        const days = m.days.map((salesDataDate) => {
          const uploadQuantity = Math.floor(lo + random() * (hi - lo + 1) * scale) + (weekend(salesDataDate) ? 1 : 0);
          return { salesDataDetailId: 0, salesDataDate, uploadQuantity, uploadAmount: cents(uploadQuantity * price) };
        });
        rows.push({ productModId: model.id, days });
      }
    } else {
      const days = m.days.map((salesDataDate) => {
        const boost = (weekend(salesDataDate) ? 1.4 : 1) * scale;
        const onlineAmount = cents(inRange(random, c.corporate) * boost);
        const retailAmount = cents(inRange(random, c.offline) * boost);
        return { salesDataDetailId: 0, salesDataDate, onlineAmount, retailAmount, uploadAmount: cents(onlineAmount + retailAmount) };
      });
      rows.push({ productModId: null, days });
    }
    const allDays = rows.flatMap((r) => r.days);
    const [record] = await db
      .insert(salesData)
      .values({
        companyId: c.companyId,
        datePeriod: periodOf(m.year, m.month),
        yearS: m.year,
        monthS: m.month,
        rules: c.rule,
        sumQuantity: allDays.reduce((s, d) => s + (d.uploadQuantity ?? 0), 0),
        sumAmount: sumAmounts(allDays.map((d) => d.uploadAmount)),
        ...who,
      })
      .returning({ id: salesData.id });
    const details = await db
      .insert(salesDataDetails)
      .values(rows.map((r) => ({ salesDataId: record.id, productModId: r.productModId, ...who })))
      .returning({ id: salesDataDetails.id });
    const dayRows = rows.flatMap((r, i) => r.days.map((d) => ({ ...d, salesDataDetailId: details[i].id })));
    if (dayRows.length) await db.insert(salesDataDays).values(dayRows);
  }

  /**
   * The factor that brings a country's amount ranges to what it sells: for a rule-1 country its actuals are units ×
   * unit prices, so its amount targets and weekly uploads follow the expected daily sales (about 5% above), not the
   * ranges; 1 for a rule-2 country, whose actuals come from the ranges themselves.
   */
  async function amountScale(c: DemoCountry): Promise<number> {
    if (c.rule !== 1) return 1;
    const sold = modelsOf(c.number);
    const prices = await unitPricesOf(
      db,
      c.number,
      sold.map((s) => s.number),
    );
    const expected = sold.reduce((sum, model) => {
      const [lo, hi] = DAILY_UNITS[model.dataType] ?? [0, 3];
      return sum + ((lo + hi) / 2 + 2 / 7) * (prices.get(model.number.toLowerCase()) ?? 0);
    }, 0);
    const ranges = (c.corporate[0] + c.corporate[1]) / 2 + (c.offline[0] + c.offline[1]) / 2;
    return expected > 0 ? (expected * 1.05) / ranges : 1;
  }

  for (const [ci, c] of countries.entries()) {
    const who = { addUserNumber: c.user };
    const scale = await amountScale(c);
    /** An amount of the country's ranges, brought to its sales. */
    const amount = (random: () => number, range: [number, number]) => Math.round((inRange(random, range) * scale) / 100) * 100;
    for (const m of months) {
      const random = rng(m.year * 100 + m.month + ci * 7919);
      const datePeriod = periodOf(m.year, m.month);

      if (seedWeekly) {
        const sundays = sundaysOf(m.year, m.month).filter((d) => m.days.includes(d));
        const entries = sundays.map((salesDataDate) => ({
          salesDataDate,
          uploadAmount: cents(7 * (amount(random, c.corporate) + amount(random, c.offline))),
        }));
        const [week] = await db
          .insert(weekSales)
          .values({ companyId: c.companyId, yearS: m.year, monthS: m.month, datePeriod, weekAmount: sumAmounts(entries.map((e) => e.uploadAmount)), ...who })
          .returning({ id: weekSales.id });
        if (entries.length) await db.insert(weekSalesDays).values(entries.map((e) => ({ ...e, weekSalesId: week.id })));
      }

      if (seedPeriod) await addPeriod(c, m, random, 1);

      if (seedTargets) {
        // Rule 1, released: the country's first product of each model it sells, about a month's units plus 10%.
        const targetRows = modelsOf(c.number).flatMap((model) => {
          const product = productRows.find((p) => p.modelNo === model.number && p.companys.includes(c.number));
          if (!product) return [];
          const [lo, hi] = DAILY_UNITS[model.dataType] ?? [0, 3];
          const perDay = (lo + hi) / 2 + 2 / 7;
          return [{ productId: product.id, targetQuantity: Math.max(1, Math.round(perDay * daysInMonth(m.year, m.month) * (1 + random() * 0.2))) }];
        });
        if (targetRows.length) {
          const [target] = await db
            .insert(salesTargets)
            .values({ companyId: c.companyId, year: m.year, month: m.month, rule: 1, dataStatus: DATA_STATUS.released, ...who })
            .returning({ id: salesTargets.id });
          await db.insert(salesTargetDetails).values(targetRows.map((r) => ({ ...r, salesTargetId: target.id, ...who })));
        }
        // Rule 2: amounts per day (the target form takes at most 28 day rows); released, a draft in the current month.
        const amountRows = Array.from({ length: Math.min(MAX_TARGET_AMOUNT_ROWS, daysInMonth(m.year, m.month)) }, (_, i) => {
          const corporatAmount = amount(random, c.corporate);
          const offlineAmount = amount(random, c.offline);
          return { date: pad2(i + 1), corporatAmount, offlineAmount, targetAmount: cents(corporatAmount + offlineAmount) };
        });
        const corporate = sumAmounts(amountRows.map((r) => r.corporatAmount));
        const extras = { brandCollaboration: cents(corporate * 0.2), webSales: cents(corporate * 0.5), headOffice: cents(corporate * 0.3) };
        const [target] = await db
          .insert(salesTargets)
          .values({
            companyId: c.companyId,
            year: m.year,
            month: m.month,
            rule: 2,
            dataStatus: m.current ? DATA_STATUS.draft : DATA_STATUS.released,
            oihTargetAmount: sumAmounts(amountRows.map((r) => r.targetAmount)),
            ...extras,
            oihCorporateAmount: oihCorporateAmount(extras),
            ...who,
          })
          .returning({ id: salesTargets.id });
        await db.insert(salesTargetDetails).values(amountRows.map((r) => ({ ...r, salesTargetId: target.id, ...who })));
      }
    }
  }

  // Last year's same months, whole, after this year's records (whose ids and figures stay as they were). Their own
  // random stream: this year's figures do not depend on them.
  if (seedPeriod) {
    for (const [ci, c] of countries.entries()) {
      for (const m of months) {
        const year = m.year - 1;
        const random = rng(year * 100 + m.month + ci * 7919 + 104_729);
        await addPeriod(c, { year, month: m.month, days: daysOf(year, m.month), current: false }, random, LAST_YEAR_SCALE);
      }
    }
  }
}
