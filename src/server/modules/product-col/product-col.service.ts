// Product colours: paged list, lookup, add/edit, disable toggle. The colour number is made by the server on add
// (C + the row id, zero-padded) and never changed by the client.
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ProductColForm, ProductColItem } from '@/shared/contracts/product-col';
import { colourNumber } from '@/shared/domain/master-data';
import type { Db } from '../../db/client';
import { productCols } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { refuse } from '../../plugins/errors';
import { rowsOf } from '../../plugins/permissions';
import {
  added,
  containsPattern,
  edited,
  offsetOf,
  countOf,
  pageOf,
  toggled,
  violatedUnique,
  withUniqueKeys,
} from '../common/query';

const item = {
  id: productCols.id,
  productCol: productCols.productCol,
  productColNa: productCols.productColNa,
  isDisabled: productCols.isDisabled,
};

const uniqueKeys = { product_cols_col_uq: 'colourExists', product_cols_number_uq: 'colourNumberExists' } as const;

const search = (s: string | undefined): SQL | undefined =>
  s ? or(ilike(productCols.productCol, containsPattern(s)), ilike(productCols.productColNa, containsPattern(s))) : undefined;

export async function productColPage(db: Db, p: { pageIndex: number; pageSize: number; isDisabled?: boolean; productCol?: string }) {
  const where = and(p.isDisabled === undefined ? undefined : eq(productCols.isDisabled, p.isDisabled), search(p.productCol));
  const rows = () => db.select(item).from(productCols).where(where).orderBy(desc(productCols.id)).limit(p.pageSize).offset(offsetOf(p));
  return pageOf(db, p, rows, countOf(db, productCols, where));
}

export async function productColList(db: Db, p: { keyword?: string; isAll?: boolean }) {
  return db
    .select({ id: productCols.id, productCol: productCols.productCol, productColNa: productCols.productColNa })
    .from(productCols)
    .where(and(p.isAll ? undefined : eq(productCols.isDisabled, false), search(p.keyword)))
    .orderBy(asc(productCols.productCol));
}

export async function productColById(db: Db, id: number): Promise<ProductColItem> {
  const [row] = await db.select(item).from(productCols).where(eq(productCols.id, id));
  return row ?? refuse('notFound');
}

async function nameTaken(db: Db, name: string, exceptId: number) {
  const rows = await db
    .select({ id: productCols.id })
    .from(productCols)
    .where(and(sql`lower(${productCols.productCol}) = lower(${name})`, exceptId ? ne(productCols.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

/** Takes the next id and makes the number from it; a number already used by hand moves on to the next id. */
async function insertColour(db: Db, user: AuthUser, productCol: string): Promise<ProductColItem> {
  for (let attempt = 0; ; attempt++) {
    const [{ id }] = rowsOf<{ id: number }>(await db.execute(sql`select nextval(pg_get_serial_sequence('product_cols', 'id'))::int as id`));
    try {
      const [row] = await db
        .insert(productCols)
        .values({ id: Number(id), productCol, productColNa: colourNumber(Number(id)), ...added(user) })
        .returning(item);
      return row;
    } catch (err) {
      if (violatedUnique(err) !== 'product_cols_number_uq' || attempt >= 20) throw err;
    }
  }
}

export async function saveProductCol(db: Db, user: AuthUser, input: ProductColForm): Promise<ProductColItem> {
  if (input.id) await productColById(db, input.id);
  if (await nameTaken(db, input.productCol, input.id)) refuse('colourExists');
  if (input.id) {
    const [row] = await withUniqueKeys(
      () =>
        db
          .update(productCols)
          .set({ productCol: input.productCol, ...edited(user) })
          .where(eq(productCols.id, input.id))
          .returning(item),
      uniqueKeys,
    );
    return row;
  }
  return withUniqueKeys(() => insertColour(db, user, input.productCol), uniqueKeys);
}

/** By id when given, else by the (unique) colour name the original front end sends. */
export async function toggleProductCol(db: Db, user: AuthUser, key: { id?: number; productCol?: string }, isDisabled: boolean) {
  const where = key.id
    ? eq(productCols.id, key.id)
    : key.productCol
      ? sql`lower(${productCols.productCol}) = lower(${key.productCol})`
      : undefined;
  if (!where) return refuse('notFound');
  const rows = await db.update(productCols).set(toggled(user, isDisabled)).where(where).returning({ id: productCols.id });
  if (!rows.length) refuse('notFound');
}
