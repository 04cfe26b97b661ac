// Sales targets (spec part 1 §2, §4, §5, §7, §8; DESIGN §5–§7): the paged list, one target with its rows, the
// existence check, add/edit/copy, release, and the two disable toggles. One target per year, month, rule and country;
// drafts until released; released ones change only for holders of "may always edit"; the amount-rule extras come only
// from holders of the extras permission. Every read and write is country-scoped and data-scoped (own records unless
// the role grants the screen with all data); every sum and the version are the server's.
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ListResult } from '@/shared/contracts/endpoint';
import type { FieldError } from '@/shared/contracts/field-messages';
import type { SalesTargetDetail, SalesTargetItem, SalesTargetRecord, salesTargetForm } from '@/shared/contracts/sales-target';
import { PERMISSION } from '@/shared/domain/constants';
import { FORM_TYPE } from '@/shared/domain/workflow';
import { cents, DATA_STATUS, daysInMonth, MAX_TARGET_AMOUNT_ROWS, oihCorporateAmount, pad2, RECORD_STATUS_NORMAL, RULE } from '@/shared/domain/sales';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { companies, productMods, products, salesTargetDetails, salesTargets } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { cacheOf } from '../../plugins/cache';
import { refuse } from '../../plugins/errors';
import { hasButton } from '../../plugins/permissions';
import type { Scope } from '../../plugins/scope';
import { accessOf as salesAccessOf, assertMayTouch, countryFilter, countryOf, invalid, sees, SCREEN as SALES_SCREEN, visible as visibleRecords, type Access } from '../common/sales-access';
import { added, countExpr, edited, offsetOf, pageOf, toggled, withUniqueKeys, type ListCount } from '../common/query';
import { submitForm, takesPart, type Notice } from '../workflow/engine.service';

type SalesTargetForm = z.output<typeof salesTargetForm>;

/** The screen whose all-data flag decides the data scope of every target call. */
const SCREEN = SALES_SCREEN.salesTarget;
/** Every table a list row reads: the list's cached pages and counts are dropped when one of them is written. */
const LIST_TABLES = ['sales_targets', 'sales_target_details', 'companies'] as const;
const uniqueKeys = { sales_targets_period_uq: 'hasTarget' } as const;

const D = salesTargetDetails;
const T = salesTargets;

/** Sum of the enabled rows of a target (a correlated subquery; numeric and bigint sums arrive as text). */
const enabledSum = (col: typeof D.targetQuantity | typeof D.targetAmount) =>
  sql<number>`coalesce((select sum(${col}) from ${D} where ${D.salesTargetId} = ${T.id} and not ${D.isDisabled}), 0)`.mapWith(Number);

const itemColumns = {
  id: T.id,
  year: T.year,
  month: T.month,
  rule: T.rule,
  companyId: T.companyId,
  country: companies.companyNumber,
  countryName: companies.companyName,
  oihTargetAmount: T.oihTargetAmount,
  oihCorporateAmount: T.oihCorporateAmount,
  brandCollaboration: T.brandCollaboration,
  webSales: T.webSales,
  headOffice: T.headOffice,
  totalQuantity: enabledSum(D.targetQuantity),
  totalAmount: enabledSum(D.targetAmount),
  isDisabled: T.isDisabled,
  dataStatus: T.dataStatus,
  recordStatus: T.recordStatus,
  version: T.version,
  addUserNumber: T.addUserNumber,
  addTime: T.addTime,
};

type ItemRow = { companyId: number; addTime: Date; totalAmount: number } & Omit<SalesTargetItem, 'addTime' | 'totalAmount'>;

const toItem = ({ companyId: _c, addTime, totalAmount, ...r }: ItemRow): SalesTargetItem => ({
  ...r,
  totalAmount: cents(totalAmount),
  addTime: addTime.toISOString(),
});

const selectItems = (db: Db | Tx) => db.select(itemColumns).from(T).innerJoin(companies, eq(companies.id, T.companyId));

const accessOf = (db: Db, user: AuthUser, scope: Scope) => salesAccessOf(db, user, scope, SCREEN);

/** What the caller sees of the targets: their countries, and their own records unless they see all data. */
const visible = (a: Access) => visibleRecords(a, T.companyId, T.addUserNumber);

// ---- Reads

export async function salesTargetPage(
  db: Db,
  user: AuthUser,
  scope: Scope,
  p: { pageIndex: number; pageSize: number; isDisabled?: boolean; rule?: number; year?: number; month?: number; country?: string },
): Promise<ListResult<SalesTargetItem>> {
  const a = await accessOf(db, user, scope);
  // addUserNumber is accepted and ignored: whose records a caller sees is the data scope's business, not a filter's.
  const where = and(
    visible(a),
    p.isDisabled === undefined ? undefined : eq(T.isDisabled, p.isDisabled),
    p.rule === undefined ? undefined : eq(T.rule, p.rule),
    p.year === undefined ? undefined : eq(T.year, p.year),
    p.month === undefined ? undefined : eq(T.month, p.month),
    countryFilter(db, T.companyId, p.country),
  );
  const count: ListCount = {
    tables: LIST_TABLES,
    where,
    run: async () => (await db.select({ n: countExpr }).from(T).where(where))[0].n,
  };
  const rows = async () =>
    (
      await selectItems(db)
        .where(where)
        .orderBy(desc(T.addTime), desc(T.id))
        .limit(p.pageSize)
        .offset(offsetOf(p))
    ).map(toItem);
  return pageOf(db, p, rows, count);
}

async function detailRows(db: Db | Tx, salesTargetId: number): Promise<SalesTargetDetail[]> {
  const rows = await db
    .select({
      id: D.id,
      salesTargetId: D.salesTargetId,
      date: D.date,
      productId: D.productId,
      productCode: products.productCode,
      productName: products.productName,
      modelId: productMods.id,
      modelName: productMods.productMod,
      targetQuantity: D.targetQuantity,
      targetAmount: D.targetAmount,
      corporatAmount: D.corporatAmount,
      offlineAmount: D.offlineAmount,
      isDisabled: D.isDisabled,
    })
    .from(D)
    .leftJoin(products, eq(products.id, D.productId))
    .leftJoin(productMods, eq(productMods.productModNa, products.modelNo))
    .where(eq(D.salesTargetId, salesTargetId))
    .orderBy(asc(D.date), asc(D.id));
  return rows.map(({ productCode, productName, modelId, modelName, ...r }) => ({
    ...r,
    productName: [productCode, productName].filter(Boolean).join(' '),
    modelId: modelId ?? null,
    modelName: modelName ?? '',
  }));
}

async function storedItem(db: Db | Tx, id: number) {
  const [row] = await selectItems(db).where(eq(T.id, id));
  return row ?? refuse('notFound');
}

/**
 * Reading one target: in the caller's country and data scope, or the caller takes part in its approval (an approver
 * in another country reads what they approve; writing stays in scope).
 */
async function assertMayRead(db: Db, user: AuthUser, scope: Scope, row: { id: number; companyId: number; addUserNumber: string | null }) {
  const a = await accessOf(db, user, scope);
  if (sees(a, row) || (await takesPart(db, user, FORM_TYPE.salesTarget, row.id))) return;
  assertMayTouch(a, row);
}

export async function salesTargetById(db: Db, user: AuthUser, scope: Scope, id: number): Promise<SalesTargetRecord> {
  const row = await storedItem(db, id);
  await assertMayRead(db, user, scope, row);
  return { ...toItem(row), salesTargetDetailEntities: await detailRows(db, id) };
}

export async function salesTargetRows(db: Db, user: AuthUser, scope: Scope, salesTargetId: number): Promise<SalesTargetDetail[]> {
  await assertMayRead(db, user, scope, await storedItem(db, salesTargetId));
  return detailRows(db, salesTargetId);
}

const clashOf = async (db: Db | Tx, t: { companyId: number; year: number; month: number; rule: number }, exceptId = 0) =>
  (
    await db
      .select({ id: T.id })
      .from(T)
      .where(and(eq(T.companyId, t.companyId), eq(T.year, t.year), eq(T.month, t.month), eq(T.rule, t.rule), exceptId ? ne(T.id, exceptId) : undefined))
      .limit(1)
  ).length > 0;

/** Does a target exist for this year, month, rule and country (anyone's: the add would be refused either way)? */
export async function salesTargetExists(db: Db, scope: Scope, p: { year: number; month: number; rule: number; country: string }): Promise<boolean> {
  const company = await countryOf(db, scope, p.country);
  return clashOf(db, { ...p, companyId: company.id });
}

// ---- Saves

interface RowValues {
  date: string;
  productId: number | null;
  targetQuantity: number;
  targetAmount: number;
  corporatAmount: number;
  offlineAmount: number;
}

type InputRow = SalesTargetForm['salesTargetDetailEntities'][number];
const rowField = (i: number, key: string) => `salesTargetDetailEntities.${i}.${key}`;

/** Rule 1: a product and its quantity per row; every row names a product once (spec part 1 §5). */
function quantityRows(rows: InputRow[]): RowValues[] {
  if (!rows.length || rows.some((r) => !r.productId)) refuse('detailError');
  if (new Set(rows.map((r) => r.productId)).size !== rows.length) refuse('dataDuplication');
  if (rows.some((r) => r.targetQuantity === 0)) refuse('zeroMessage');
  return rows.map((r) => ({ date: '', productId: r.productId!, targetQuantity: r.targetQuantity, targetAmount: 0, corporatAmount: 0, offlineAmount: 0 }));
}

/** Rule 2: a day of the month per row (at most 28 rows), its amount the sum of corporate and offline. */
function amountRows(rows: InputRow[], year: number, month: number): RowValues[] {
  if (!rows.length) refuse('detailError');
  if (rows.length > MAX_TARGET_AMOUNT_ROWS)
    invalid([{ field: 'salesTargetDetailEntities', message: 'crud.validation.tooLong', params: { max: MAX_TARGET_AMOUNT_ROWS } }]);
  const last = daysInMonth(year, month);
  const errors: FieldError[] = [];
  const out = rows.map((r, i) => {
    const day = Number(r.date);
    if (!r.date) errors.push({ field: rowField(i, 'date'), message: 'crud.validation.required' });
    else if (!(day >= 1 && day <= last)) errors.push({ field: rowField(i, 'date'), message: 'crud.validation.invalid' });
    const corporatAmount = cents(r.corporatAmount);
    const offlineAmount = cents(r.offlineAmount);
    return { date: pad2(day), productId: null, targetQuantity: 0, targetAmount: cents(corporatAmount + offlineAmount), corporatAmount, offlineAmount };
  });
  if (errors.length) invalid(errors);
  if (new Set(out.map((r) => r.date)).size !== out.length) refuse('dataDuplication');
  if (out.some((r) => r.targetAmount === 0)) refuse('zeroMessage');
  return out;
}

/** Each product exists, is sold in the target's country, and is enabled (unless the target already had it). */
async function checkProducts(tx: Tx, rows: RowValues[], country: string, kept: Set<number>) {
  const ids = rows.map((r) => r.productId!);
  const found = await tx
    .select({ id: products.id, companys: products.companys, isDisabled: products.isDisabled })
    .from(products)
    .where(inArray(products.id, ids));
  const errors: FieldError[] = [];
  ids.forEach((id, i) => {
    const p = found.find((f) => f.id === id);
    if (!p) errors.push({ field: rowField(i, 'productId'), message: 'notFound' });
    else if (!p.companys.some((c) => c.toUpperCase() === country.toUpperCase())) errors.push({ field: rowField(i, 'productId'), message: 'notInCompany' });
    else if (p.isDisabled && !kept.has(id)) errors.push({ field: rowField(i, 'productId'), message: 'disabled' });
  });
  if (errors.length) invalid(errors);
}

type Extras = Pick<SalesTargetItem, 'oihTargetAmount' | 'brandCollaboration' | 'webSales' | 'headOffice'>;
const NO_EXTRAS: Extras = { oihTargetAmount: 0, brandCollaboration: 0, webSales: 0, headOffice: 0 };

/** The amount-rule extras to store: the payload's from holders of the permission on a rule-2 target, else as they were. */
function extrasOf(input: SalesTargetForm, mayEnter: boolean, stored: Extras | null) {
  const src: Extras = mayEnter && input.rule === RULE.amount ? input : (stored ?? NO_EXTRAS);
  const e = {
    oihTargetAmount: cents(src.oihTargetAmount),
    brandCollaboration: cents(src.brandCollaboration),
    webSales: cents(src.webSales),
    headOffice: cents(src.headOffice),
  };
  return { ...e, oihCorporateAmount: oihCorporateAmount(e) };
}

const lockTarget = async (tx: Tx, id: number) => {
  const [row] = await tx.select().from(T).where(eq(T.id, id)).for('update');
  return row ?? refuse('notFound');
};

const bumped = { version: sql`${T.version} + 1` };

/**
 * Add (id 0), edit, or copy (always a new draft). An edit replaces the rows: a row whose id is one of the target's
 * keeps it, the others are added, the missing ones removed. Replies with the stored record.
 */
export async function saveSalesTarget(db: Db, user: AuthUser, scope: Scope, input: SalesTargetForm, mode: 'save' | 'copy'): Promise<SalesTargetRecord> {
  const a = await accessOf(db, user, scope);
  const [alwaysEdit, extras] = await Promise.all([hasButton(db, user, PERMISSION.alwaysEditTarget), hasButton(db, user, PERMISSION.amountRuleExtras)]);
  const id = mode === 'copy' ? 0 : input.id;
  const savedId = await withUniqueKeys(
    () =>
      db.transaction(async (tx) => {
        const stored = id ? await lockTarget(tx, id) : null;
        if (stored) {
          assertMayTouch(a, stored);
          if (stored.dataStatus !== DATA_STATUS.draft && !alwaysEdit) refuse('targetReleased');
          if (input.version !== undefined && input.version !== stored.version) refuse('staleVersion', { id: stored.id, version: stored.version });
        }
        const company = await countryOf(tx, scope, input.country);
        const key = { companyId: company.id, year: input.year, month: input.month, rule: input.rule };
        if (await clashOf(tx, key, id)) refuse('hasTarget');
        const rows =
          input.rule === RULE.quantity ? quantityRows(input.salesTargetDetailEntities) : amountRows(input.salesTargetDetailEntities, input.year, input.month);
        const before = stored ? await tx.select().from(D).where(eq(D.salesTargetId, stored.id)) : [];
        if (input.rule === RULE.quantity) await checkProducts(tx, rows, company.number, new Set(before.map((r) => r.productId ?? 0)));
        const fields = { ...key, ...extrasOf(input, extras, stored) };

        let targetId: number;
        if (stored) {
          targetId = stored.id;
          await tx.update(T).set({ ...fields, ...bumped, ...edited(user) }).where(eq(T.id, targetId));
        } else {
          const [row] = await tx
            .insert(T)
            .values({ ...fields, dataStatus: DATA_STATUS.draft, recordStatus: RECORD_STATUS_NORMAL, ...added(user) })
            .returning({ id: T.id });
          targetId = row.id;
        }
        const unused = new Map(before.map((r) => [r.id, r]));
        for (const [i, values] of rows.entries()) {
          const given = input.salesTargetDetailEntities[i];
          const old = given.id ? unused.get(given.id) : undefined;
          if (old) {
            unused.delete(old.id);
            await tx
              .update(D)
              .set({ ...values, isDisabled: given.isDisabled ?? old.isDisabled, ...edited(user) })
              .where(eq(D.id, old.id));
          } else {
            await tx.insert(D).values({ ...values, salesTargetId: targetId, isDisabled: given.isDisabled ?? false, ...added(user) });
          }
        }
        if (unused.size) await tx.delete(D).where(inArray(D.id, [...unused.keys()]));
        return targetId;
      }),
    uniqueKeys,
  );
  const row = await storedItem(db, savedId);
  return { ...toItem(row), salesTargetDetailEntities: await detailRows(db, savedId) };
}

/**
 * Release (draft → released). Refused when released already, disabled, or not maintained (no enabled row, or an
 * enabled row with a zero quantity (rule 1) or amount (rule 2)). When a workflow template with a flow matches the
 * target's author, Release submits it into approval instead (dataStatus 2; the last approval releases it, DESIGN §10)
 * and answers the engine's mails for the caller to send after the commit. A GET that writes, so the POST-only
 * invalidation hook of modules/index.ts does not see it: the lists are invalidated here, after the commit.
 */
export async function releaseSalesTarget(db: Db, user: AuthUser, scope: Scope, id: number): Promise<{ dataStatus: number; notices: Notice[] }> {
  const a = await accessOf(db, user, scope);
  const released = await db.transaction(async (tx) => {
    const t = await lockTarget(tx, id);
    assertMayTouch(a, t);
    if (t.dataStatus !== DATA_STATUS.draft) refuse('targetReleased');
    if (t.isDisabled || t.recordStatus !== RECORD_STATUS_NORMAL) refuse('salesTargetInvalid');
    const rows = await tx.select({ q: D.targetQuantity, a: D.targetAmount }).from(D).where(and(eq(D.salesTargetId, id), eq(D.isDisabled, false)));
    const zero = (r: { q: number; a: number }) => (t.rule === RULE.quantity ? r.q <= 0 : r.a <= 0);
    if (!rows.length || rows.some(zero)) refuse('targetNotMaintained');
    // The engine's submit hook sets dataStatus 2; edited() records who released.
    await tx.update(T).set(edited(user)).where(eq(T.id, id));
    const submitted = await submitForm(tx, user, FORM_TYPE.salesTarget, id);
    if (submitted) return { dataStatus: DATA_STATUS.inApproval, notices: submitted };
    await tx
      .update(T)
      .set({ dataStatus: DATA_STATUS.released, ...bumped })
      .where(eq(T.id, id));
    return { dataStatus: DATA_STATUS.released, notices: [] };
  });
  await cacheOf(db)?.invalidate(['sales_targets']);
  return released;
}

export async function toggleSalesTarget(db: Db, user: AuthUser, scope: Scope, id: number, isDisabled: boolean): Promise<void> {
  const a = await accessOf(db, user, scope);
  await db.transaction(async (tx) => {
    assertMayTouch(a, await lockTarget(tx, id));
    await tx
      .update(T)
      .set({ ...toggled(user, isDisabled), ...bumped })
      .where(eq(T.id, id));
  });
}

/** A row's toggle changes its target (the totals, the version); a released target's rows only with "may always edit". */
export async function toggleSalesTargetDetail(db: Db, user: AuthUser, scope: Scope, id: number, isDisabled: boolean): Promise<void> {
  const a = await accessOf(db, user, scope);
  const alwaysEdit = await hasButton(db, user, PERMISSION.alwaysEditTarget);
  await db.transaction(async (tx) => {
    const [detail = refuse('notFound')] = await tx.select({ salesTargetId: D.salesTargetId }).from(D).where(eq(D.id, id));
    const t = await lockTarget(tx, detail.salesTargetId);
    assertMayTouch(a, t);
    if (t.dataStatus !== DATA_STATUS.draft && !alwaysEdit) refuse('targetReleased');
    await tx.update(D).set(toggled(user, isDisabled)).where(eq(D.id, id));
    await tx
      .update(T)
      .set({ ...bumped, ...edited(user) })
      .where(eq(T.id, t.id));
  });
}
