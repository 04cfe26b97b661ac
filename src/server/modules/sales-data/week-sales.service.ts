// Weekly sales (spec part 1 §2 /WeekSalesDataList, /WeekSalesData; DESIGN §6–§7): the paged list, the month check
// (getweeksalesdatapage2), one record, and add/edit. One record per country and year-month (dataDuplication); its
// entries are Sundays of that month; weekAmount is their sum, by the server. Every call is country- and data-scoped.
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { ListResult } from '@/shared/contracts/endpoint';
import type { FieldError } from '@/shared/contracts/field-messages';
import type { weekSalesForm, WeekSalesItem, WeekSalesRecord } from '@/shared/contracts/sales-data';
import { MONEY_MAX } from '@/shared/contracts/fields';
import { cents, periodOf, sumAmounts, sundaysOf } from '@/shared/domain/sales';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { companies, weekSales, weekSalesDays } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { refuse } from '../../plugins/errors';
import { added, countExpr, edited, offsetOf, pageOf, withUniqueKeys, type ListCount } from '../common/query';
import { assertMayTouch, countryFilter, countryOf, invalid, sees, visible, type Access } from '../common/sales-access';

type WeekSalesForm = z.output<typeof weekSalesForm>;

const W = weekSales;
/** Every table a list row reads (its cached pages and counts are dropped when one of them is written). */
const LIST_TABLES = ['week_sales', 'companies'] as const;
const uniqueKeys = { week_sales_period_uq: 'dataDuplication' } as const;

const itemColumns = {
  id: W.id,
  companyId: W.companyId,
  country: companies.companyNumber,
  countryName: companies.companyName,
  yearS: W.yearS,
  monthS: W.monthS,
  datePeriod: W.datePeriod,
  weekAmount: W.weekAmount,
  releaseStatus: W.releaseStatus,
  version: W.version,
  addUserNumber: W.addUserNumber,
  addTime: W.addTime,
};
type ItemRow = { companyId: number; addTime: Date } & Omit<WeekSalesItem, 'addTime'>;

const toItem = ({ companyId: _c, addTime, ...r }: ItemRow): WeekSalesItem => ({ ...r, addTime: addTime.toISOString() });

const selectItems = (db: Db | Tx) => db.select(itemColumns).from(W).innerJoin(companies, eq(companies.id, W.companyId));

function listWhere(db: Db, a: Access, p: { year?: number; month?: number; country?: string }) {
  return and(
    visible(a, W.companyId, W.addUserNumber),
    p.year === undefined ? undefined : eq(W.yearS, p.year),
    p.month === undefined ? undefined : eq(W.monthS, p.month),
    countryFilter(db, W.companyId, p.country),
  );
}

/** The list, newest month first. An out-of-scope or unknown country filter gives an empty list. */
export async function weekSalesPage(
  db: Db,
  a: Access,
  p: { pageIndex: number; pageSize: number; year?: number; month?: number; country?: string },
): Promise<ListResult<WeekSalesItem>> {
  const where = listWhere(db, a, p);
  const count: ListCount = { tables: LIST_TABLES, where, run: async () => (await db.select({ n: countExpr }).from(W).where(where))[0].n };
  const rows = async () =>
    (
      await selectItems(db)
        .where(where)
        .orderBy(desc(W.datePeriod), desc(W.id))
        .limit(p.pageSize)
        .offset(offsetOf(p))
    ).map(toItem);
  return pageOf(db, p, rows, count);
}

/** The records of a year, month and country the caller sees: the form's and the outbox's duplicate-month check. */
export async function weekSalesOfMonth(db: Db, a: Access, p: { year?: number; month?: number; country?: string }) {
  return db
    .select({ id: W.id, datePeriod: W.datePeriod, weekAmount: W.weekAmount, version: W.version })
    .from(W)
    .where(listWhere(db, a, p))
    .orderBy(desc(W.datePeriod), desc(W.id));
}

async function storedItem(db: Db | Tx, id: number): Promise<ItemRow> {
  const [row] = await selectItems(db).where(eq(W.id, id));
  return row ?? refuse('notFound');
}

/** One entry per Sunday: the spec's detail row with its one sub-entry. */
async function recordOf(db: Db | Tx, row: ItemRow): Promise<WeekSalesRecord> {
  const days = await db
    .select({ id: weekSalesDays.id, salesDataDate: weekSalesDays.salesDataDate, uploadAmount: weekSalesDays.uploadAmount })
    .from(weekSalesDays)
    .where(eq(weekSalesDays.weekSalesId, row.id))
    .orderBy(asc(weekSalesDays.salesDataDate));
  return {
    ...toItem(row),
    salesDataDetailEntities: days.map((d) => ({
      id: d.id,
      salesDataId: row.id,
      salesDataDetailSubs: [{ salesDataDate: d.salesDataDate, uploadAmount: d.uploadAmount }],
    })),
  };
}

export async function weekSalesById(db: Db, a: Access, id: number): Promise<WeekSalesRecord> {
  const row = await storedItem(db, id);
  assertMayTouch(a, row);
  return recordOf(db, row);
}

/** The entries of a form: every sub-entry of every detail row, each a distinct Sunday of the month. */
function entriesOf(input: WeekSalesForm): Array<{ salesDataDate: string; uploadAmount: number }> {
  const sundays = new Set(sundaysOf(input.yearS, input.monthS));
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  const out: Array<{ salesDataDate: string; uploadAmount: number }> = [];
  input.salesDataDetailEntities.forEach((d, i) =>
    d.salesDataDetailSubs.forEach((s, j) => {
      const field = `salesDataDetailEntities.${i}.salesDataDetailSubs.${j}.salesDataDate`;
      if (!sundays.has(s.salesDataDate) || seen.has(s.salesDataDate)) errors.push({ field, message: 'crud.validation.invalid' });
      seen.add(s.salesDataDate);
      out.push({ salesDataDate: s.salesDataDate, uploadAmount: cents(s.uploadAmount) });
    }),
  );
  if (errors.length) invalid(errors);
  return out.sort((x, y) => x.salesDataDate.localeCompare(y.salesDataDate));
}

/** The record of this country and month other than `exceptId`, if any. */
async function clashOf(db: Db | Tx, companyId: number, datePeriod: string, exceptId: number) {
  const [row] = await db
    .select({ id: W.id, version: W.version, companyId: W.companyId, addUserNumber: W.addUserNumber })
    .from(W)
    .where(and(eq(W.companyId, companyId), eq(W.datePeriod, datePeriod), exceptId ? ne(W.id, exceptId) : undefined))
    .limit(1);
  return row;
}

/**
 * Add (id 0) or edit. An edit carrying a version other than the stored one is refused (staleVersion, with the stored
 * id and version); an add of an existing country and month, or an edit moving onto one, is refused
 * (dataDuplication, with that record's id and version when the caller may see it). The entries are replaced.
 * Replies with the stored record.
 */
export async function saveWeekSales(db: Db, user: AuthUser, a: Access, input: WeekSalesForm): Promise<WeekSalesRecord> {
  const entries = entriesOf(input);
  const weekAmount = sumAmounts(entries.map((e) => e.uploadAmount));
  if (weekAmount > MONEY_MAX) invalid([{ field: 'salesDataDetailEntities', message: 'crud.validation.max', params: { max: MONEY_MAX } }]);
  const datePeriod = periodOf(input.yearS, input.monthS);
  const savedId = await withUniqueKeys(
    () =>
      db.transaction(async (tx) => {
        const [stored] = input.id ? await tx.select().from(W).where(eq(W.id, input.id)).for('update') : [null];
        if (input.id && !stored) refuse('notFound');
        if (stored) {
          assertMayTouch(a, stored);
          if (input.version !== undefined && input.version !== stored.version) refuse('staleVersion', { id: stored.id, version: stored.version });
        }
        const company = await countryOf(tx, a.scope, input.country, stored?.companyId);
        const clash = await clashOf(tx, company.id, datePeriod, stored?.id ?? 0);
        if (clash) refuse('dataDuplication', sees(a, clash) ? { id: clash.id, version: clash.version } : null);
        const fields = { companyId: company.id, yearS: input.yearS, monthS: input.monthS, datePeriod, weekAmount };
        let id: number;
        if (stored) {
          id = stored.id;
          await tx
            .update(W)
            .set({ ...fields, version: stored.version + 1, ...edited(user) })
            .where(eq(W.id, id));
          await tx.delete(weekSalesDays).where(eq(weekSalesDays.weekSalesId, id));
        } else {
          [{ id }] = await tx
            .insert(W)
            .values({ ...fields, ...added(user) })
            .returning({ id: W.id });
        }
        if (entries.length) await tx.insert(weekSalesDays).values(entries.map((e) => ({ ...e, weekSalesId: id })));
        return id;
      }),
    uniqueKeys,
  );
  return recordOf(db, await storedItem(db, savedId));
}
