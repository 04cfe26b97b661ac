// Period sales data (spec part 1 §2 /SalesDataList, /SalesDataEdit; DESIGN §6–§7): the paged list, one record and
// its rows, the existence check, add/edit, and the record and row toggles. One record per DatePeriod and country
// whatever its rule (hasSalesData). Rule 1: a row per product model with a quantity per day, whose amount is the
// quantity times the unit price of the country's product of that model. Rule 2: one row with corporate (online) and
// offline (retail) amounts per day. The server computes every amount, both sums (over enabled rows) and the version.
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ListResult } from '@/shared/contracts/endpoint';
import type { FieldError } from '@/shared/contracts/field-messages';
import { INT4_MAX, MONEY_MAX } from '@/shared/contracts/fields';
import type { SalesDataDetail, salesDataForm, SalesDataItem, SalesDataRecord } from '@/shared/contracts/sales-data';
import { splitCompanys } from '@/shared/domain/master-data';
import { cents, daysOf, parsePeriod, RULE } from '@/shared/domain/sales';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { companies, productMods, products, salesData, salesDataDays, salesDataDetails } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { refuse } from '../../plugins/errors';
import { added, countExpr, edited, offsetOf, pageOf, toggled, withUniqueKeys, type ListCount } from '../common/query';
import { assertMayTouch, countryFilter, countryOf, invalid, sees, visible, type Access } from '../common/sales-access';

type SalesDataForm = z.output<typeof salesDataForm>;
type InputRow = SalesDataForm['salesDataDetailEntities'][number];

const S = salesData;
const R = salesDataDetails;
const DAY = salesDataDays;
/** Every table a list row reads (its cached pages and counts are dropped when one of them is written). */
const LIST_TABLES = ['sales_data', 'companies'] as const;
const uniqueKeys = { sales_data_period_uq: 'hasSalesData' } as const;

const itemColumns = {
  id: S.id,
  companyId: S.companyId,
  datePeriod: S.datePeriod,
  country: companies.companyNumber,
  countryName: companies.companyName,
  rules: S.rules,
  yearS: S.yearS,
  monthS: S.monthS,
  sumQuantity: S.sumQuantity,
  sumAmount: S.sumAmount,
  isDisabled: S.isDisabled,
  version: S.version,
  addUserNumber: S.addUserNumber,
  addTime: S.addTime,
};
type ItemRow = { companyId: number; addTime: Date } & Omit<SalesDataItem, 'addTime'>;

const toItem = ({ companyId: _c, addTime, ...r }: ItemRow): SalesDataItem => ({ ...r, addTime: addTime.toISOString() });

const selectItems = (db: Db | Tx) => db.select(itemColumns).from(S).innerJoin(companies, eq(companies.id, S.companyId));

// ---- Reads

/**
 * The list, newest period first. addUserNumber is accepted and ignored: whose records a caller sees is the data
 * scope's business, not a filter's. An out-of-scope or unknown country filter gives an empty list.
 */
export async function salesDataPage(
  db: Db,
  a: Access,
  p: { pageIndex: number; pageSize: number; isDisabled?: boolean; year?: number; month?: number; country?: string },
): Promise<ListResult<SalesDataItem>> {
  const where = and(
    visible(a, S.companyId, S.addUserNumber),
    p.isDisabled === undefined ? undefined : eq(S.isDisabled, p.isDisabled),
    p.year === undefined ? undefined : eq(S.yearS, p.year),
    p.month === undefined ? undefined : eq(S.monthS, p.month),
    countryFilter(db, S.companyId, p.country),
  );
  const count: ListCount = { tables: LIST_TABLES, where, run: async () => (await db.select({ n: countExpr }).from(S).where(where))[0].n };
  const rows = async () =>
    (
      await selectItems(db)
        .where(where)
        .orderBy(desc(S.datePeriod), desc(S.id))
        .limit(p.pageSize)
        .offset(offsetOf(p))
    ).map(toItem);
  return pageOf(db, p, rows, count);
}

async function storedItem(db: Db | Tx, id: number): Promise<ItemRow> {
  const [row] = await selectItems(db).where(eq(S.id, id));
  return row ?? refuse('notFound');
}

/** The rows of a record with their days; productCode is the model's full name ('' for the rule-2 row). */
async function detailRows(db: Db | Tx, salesDataId: number): Promise<SalesDataDetail[]> {
  const rows = await db
    .select({ id: R.id, salesDataId: R.salesDataId, productId: R.productModId, productCode: productMods.productMod, isDisabled: R.isDisabled })
    .from(R)
    .leftJoin(productMods, eq(productMods.id, R.productModId))
    .where(eq(R.salesDataId, salesDataId))
    .orderBy(asc(R.id));
  const days = rows.length
    ? await db
        .select({
          id: DAY.id,
          salesDataDetailId: DAY.salesDataDetailId,
          salesDataDate: DAY.salesDataDate,
          uploadQuantity: DAY.uploadQuantity,
          uploadAmount: DAY.uploadAmount,
          onlineAmount: DAY.onlineAmount,
          retailAmount: DAY.retailAmount,
        })
        .from(DAY)
        .where(
          inArray(
            DAY.salesDataDetailId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(DAY.salesDataDate))
    : [];
  return rows.map((r) => ({ ...r, productCode: r.productCode ?? '', salesDataDetailSubs: days.filter((d) => d.salesDataDetailId === r.id) }));
}

async function recordOf(db: Db | Tx, row: ItemRow): Promise<SalesDataRecord> {
  return { ...toItem(row), salesDataDetailEntities: await detailRows(db, row.id) };
}

export async function salesDataById(db: Db, a: Access, id: number): Promise<SalesDataRecord> {
  const row = await storedItem(db, id);
  assertMayTouch(a, row);
  return recordOf(db, row);
}

/** The rows of a record. The spec's `country` parameter is accepted and ignored: the record says its country. */
export async function salesDataRows(db: Db, a: Access, salesDataId: number): Promise<SalesDataDetail[]> {
  assertMayTouch(a, await storedItem(db, salesDataId));
  return detailRows(db, salesDataId);
}

/** The record of this period and country other than `exceptId`, whoever added it. */
async function clashOf(db: Db | Tx, companyId: number, datePeriod: string, exceptId: number) {
  const [row] = await db
    .select({ id: S.id, version: S.version, companyId: S.companyId, addUserNumber: S.addUserNumber })
    .from(S)
    .where(and(eq(S.companyId, companyId), eq(S.datePeriod, datePeriod), exceptId ? ne(S.id, exceptId) : undefined))
    .limit(1);
  return row;
}

/**
 * Does a record exist for this period and country? Anyone's, not only the caller's: the add would be refused either
 * way. A country outside the caller's scope is 403.
 */
export async function salesDataExists(db: Db, a: Access, p: { datePeriod: string; country: string }): Promise<boolean> {
  const company = await countryOf(db, a.scope, p.country);
  return (await clashOf(db, company.id, p.datePeriod, 0)) !== undefined;
}

/**
 * The unit price of the country's product of each model number (products.modelNo = the model's productModNa, sold
 * by the country): enabled products first, then the lowest id; a model with none is absent (its amounts are 0).
 */
export async function unitPricesOf(db: Db | Tx, countryNumber: string, modelNumbers: string[]): Promise<Map<string, number>> {
  if (!modelNumbers.length) return new Map();
  const rows = await db
    .selectDistinctOn([sql`lower(${products.modelNo})`], { modelNo: sql<string>`lower(${products.modelNo})`, unitPrice: products.unitPrice })
    .from(products)
    .where(
      and(
        inArray(
          sql`lower(${products.modelNo})`,
          modelNumbers.map((m) => m.toLowerCase()),
        ),
        sql`${products.companys} @> array[${countryNumber}]::text[]`,
      ),
    )
    .orderBy(sql`lower(${products.modelNo})`, asc(products.isDisabled), asc(products.id));
  return new Map(rows.map((r) => [r.modelNo, r.unitPrice]));
}

// ---- Saves

interface DayValues {
  salesDataDate: string;
  uploadQuantity: number;
  uploadAmount: number;
  onlineAmount: number;
  retailAmount: number;
}
interface RowValues {
  productModId: number | null;
  isDisabled: boolean | undefined;
  days: DayValues[];
}

const rowField = (i: number, key: string) => `salesDataDetailEntities.${i}.${key}`;

/** The days of each row: days of the period, each at most once per row. */
function checkDays(rows: InputRow[], year: number, month: number, errors: FieldError[]) {
  const period = new Set(daysOf(year, month));
  rows.forEach((r, i) => {
    const seen = new Set<string>();
    r.salesDataDetailSubs.forEach((d, j) => {
      if (!period.has(d.salesDataDate) || seen.has(d.salesDataDate))
        errors.push({ field: rowField(i, `salesDataDetailSubs.${j}.salesDataDate`), message: 'crud.validation.invalid' });
      seen.add(d.salesDataDate);
    });
  });
}

/**
 * Rule 1: every row names a product model, once, that exists and is offered in the country (its remarks are empty
 * or list the country); a disabled model only when the record already had it. Amounts are quantity × unit price.
 */
async function quantityRows(tx: Tx, rows: InputRow[], country: string, kept: Set<number>, errors: FieldError[]): Promise<RowValues[]> {
  if (!rows.length) errors.push({ field: 'salesDataDetailEntities', message: 'required' });
  const ids = [...new Set(rows.map((r) => r.productId).filter((id): id is number => !!id))];
  const models = ids.length
    ? await tx
        .select({ id: productMods.id, number: productMods.productModNa, remarks: productMods.remarks, isDisabled: productMods.isDisabled })
        .from(productMods)
        .where(inArray(productMods.id, ids))
    : [];
  const seen = new Set<number>();
  rows.forEach((r, i) => {
    const field = rowField(i, 'productId');
    const m = models.find((x) => x.id === r.productId);
    const offered = (remarks: string) => {
      const list = splitCompanys(remarks);
      return !list.length || list.some((c) => c.toUpperCase() === country.toUpperCase());
    };
    if (!r.productId) errors.push({ field, message: 'required' });
    // A model not offered in the country is, for that country, no model at all.
    else if (!m || !offered(m.remarks)) errors.push({ field, message: 'notFound' });
    else if (m.isDisabled && !kept.has(m.id)) errors.push({ field, message: 'disabled' });
    else if (seen.has(m.id)) errors.push({ field, message: 'crud.validation.invalid' });
    if (r.productId) seen.add(r.productId);
  });
  if (errors.length) invalid(errors);
  const prices = await unitPricesOf(
    tx,
    country,
    models.map((m) => m.number),
  );
  return rows.map((r) => {
    const price = prices.get(models.find((m) => m.id === r.productId)!.number.toLowerCase()) ?? 0;
    return {
      productModId: r.productId!,
      isDisabled: r.isDisabled,
      days: r.salesDataDetailSubs.map((d) => ({
        salesDataDate: d.salesDataDate,
        uploadQuantity: d.uploadQuantity,
        uploadAmount: cents(d.uploadQuantity * price),
        onlineAmount: 0,
        retailAmount: 0,
      })),
    };
  });
}

/** Rule 2: exactly one row, without a model; a day's amount is its corporate plus its offline amount. */
function amountRows(rows: InputRow[], errors: FieldError[]): RowValues[] {
  if (rows.length !== 1) errors.push({ field: 'salesDataDetailEntities', message: rows.length ? 'crud.validation.invalid' : 'required' });
  rows.forEach((r, i) => {
    if (r.productId) errors.push({ field: rowField(i, 'productId'), message: 'crud.validation.invalid' });
  });
  if (errors.length) invalid(errors);
  return rows.map((r) => ({
    productModId: null,
    isDisabled: r.isDisabled,
    days: r.salesDataDetailSubs.map((d) => {
      const onlineAmount = cents(d.onlineAmount);
      const retailAmount = cents(d.retailAmount);
      return { salesDataDate: d.salesDataDate, uploadQuantity: 0, uploadAmount: cents(onlineAmount + retailAmount), onlineAmount, retailAmount };
    }),
  }));
}

/** Every amount and both sums (even were every row enabled) must fit their columns. */
function checkTotals(rows: RowValues[]) {
  const all = rows.flatMap((r) => r.days);
  const tooBig =
    all.some((d) => d.uploadAmount > MONEY_MAX) ||
    all.reduce((s, d) => s + d.uploadAmount, 0) > MONEY_MAX ||
    all.reduce((s, d) => s + d.uploadQuantity, 0) > INT4_MAX;
  if (tooBig) invalid([{ field: 'salesDataDetailEntities', message: 'crud.validation.max', params: { max: MONEY_MAX } }]);
}

const enabledDays = (salesDataId: number): SQL =>
  sql`${DAY} join ${R} on ${R.id} = ${DAY.salesDataDetailId} where ${R.salesDataId} = ${salesDataId} and not ${R.isDisabled}`;

/** The record's sums over its enabled rows, and its next version. */
async function recompute(tx: Tx, salesDataId: number, extra: Partial<typeof S.$inferInsert> = {}) {
  await tx
    .update(S)
    .set({
      sumQuantity: sql`(select coalesce(sum(${DAY.uploadQuantity}), 0)::int from ${enabledDays(salesDataId)})`,
      sumAmount: sql`(select coalesce(sum(${DAY.uploadAmount}), 0) from ${enabledDays(salesDataId)})`,
      version: sql`${S.version} + 1`,
      ...extra,
    })
    .where(eq(S.id, salesDataId));
}

const lockRecord = async (tx: Tx, id: number) => {
  const [row] = await tx.select().from(S).where(eq(S.id, id)).for('update');
  return row ?? refuse('notFound');
};

/**
 * Add (id 0) or edit. An edit carrying a version other than the stored one is refused (staleVersion, with the stored
 * id and version); an add of an existing period and country, or an edit moving onto one, is refused (hasSalesData,
 * with that record's id and version when the caller may see it). An edit replaces the rows: a given row whose id is
 * one of the record's keeps its id (unless the rule changes), the others are added, the missing ones removed.
 * Replies with the stored record.
 */
export async function saveSalesData(db: Db, user: AuthUser, a: Access, input: SalesDataForm): Promise<SalesDataRecord> {
  const { year, month } = parsePeriod(input.datePeriod)!;
  const savedId = await withUniqueKeys(
    () =>
      db.transaction(async (tx) => {
        const stored = input.id ? await lockRecord(tx, input.id) : null;
        if (stored) {
          assertMayTouch(a, stored);
          if (input.version !== undefined && input.version !== stored.version) refuse('staleVersion', { id: stored.id, version: stored.version });
        }
        const company = await countryOf(tx, a.scope, input.country, stored?.companyId);
        const clash = await clashOf(tx, company.id, input.datePeriod, stored?.id ?? 0);
        if (clash) refuse('hasSalesData', sees(a, clash) ? { id: clash.id, version: clash.version } : null);

        const sameRule = stored?.rules === input.rules;
        const before = stored && sameRule ? await tx.select({ id: R.id, productModId: R.productModId, isDisabled: R.isDisabled }).from(R).where(eq(R.salesDataId, stored.id)) : [];
        const errors: FieldError[] = [];
        checkDays(input.salesDataDetailEntities, year, month, errors);
        const rows =
          input.rules === RULE.quantity
            ? await quantityRows(tx, input.salesDataDetailEntities, company.number, new Set(before.map((r) => r.productModId ?? 0)), errors)
            : amountRows(input.salesDataDetailEntities, errors);
        checkTotals(rows);

        const fields = { companyId: company.id, datePeriod: input.datePeriod, yearS: year, monthS: month, rules: input.rules };
        let id: number;
        if (stored) {
          id = stored.id;
          await tx
            .update(S)
            .set({ ...fields, ...edited(user) })
            .where(eq(S.id, id));
          // Rows of another rule are gone with the rule.
          if (!sameRule) await tx.delete(R).where(eq(R.salesDataId, id));
        } else {
          [{ id }] = await tx
            .insert(S)
            .values({ ...fields, ...added(user) })
            .returning({ id: S.id });
        }
        const unused = new Map(before.map((r) => [r.id, r]));
        for (const [i, values] of rows.entries()) {
          const given = input.salesDataDetailEntities[i];
          const old = given.id ? unused.get(given.id) : undefined;
          let rowId: number;
          if (old) {
            unused.delete(old.id);
            rowId = old.id;
            const isDisabled = values.isDisabled ?? old.isDisabled;
            await tx
              .update(R)
              .set({ productModId: values.productModId, ...(isDisabled !== old.isDisabled ? toggled(user, isDisabled) : {}), ...edited(user) })
              .where(eq(R.id, rowId));
            await tx.delete(DAY).where(eq(DAY.salesDataDetailId, rowId));
          } else {
            [{ id: rowId }] = await tx
              .insert(R)
              .values({ salesDataId: id, productModId: values.productModId, isDisabled: values.isDisabled ?? false, ...added(user) })
              .returning({ id: R.id });
          }
          if (values.days.length) await tx.insert(DAY).values(values.days.map((d) => ({ ...d, salesDataDetailId: rowId })));
        }
        if (unused.size) await tx.delete(R).where(inArray(R.id, [...unused.keys()]));
        // An add keeps version 1; an edit moves on from the stored one.
        if (stored) await recompute(tx, id);
        else await recompute(tx, id, { version: 1 });
        return id;
      }),
    uniqueKeys,
  );
  return recordOf(db, await storedItem(db, savedId));
}

export async function toggleSalesData(db: Db, user: AuthUser, a: Access, id: number, isDisabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    assertMayTouch(a, await lockRecord(tx, id));
    await tx
      .update(S)
      .set({ ...toggled(user, isDisabled), version: sql`${S.version} + 1` })
      .where(eq(S.id, id));
  });
}

/** A row's toggle changes its record: the sums over enabled rows, and the version. */
export async function toggleSalesDataDetail(db: Db, user: AuthUser, a: Access, id: number, isDisabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ salesDataId: R.salesDataId }).from(R).where(eq(R.id, id));
    if (!row) refuse('notFound');
    assertMayTouch(a, await lockRecord(tx, row.salesDataId));
    await tx.update(R).set(toggled(user, isDisabled)).where(eq(R.id, id));
    await recompute(tx, row.salesDataId, edited(user));
  });
}
