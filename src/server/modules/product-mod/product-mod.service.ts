// Product models: paged list, the two lookups, add/edit, disable toggle. The full name is made by the server from
// type and name; the model number is fixed once added (products refer to it). Country scope follows the company list
// kept in remarks (common/company-list-scope.ts): empty means group-wide.
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ProductModForm, ProductModItem } from '@/shared/contracts/product-mod';
import { joinCompanys, modelFullName, OGAWA_MODEL_YES, splitCompanys } from '@/shared/domain/master-data';
import type { Db } from '../../db/client';
import { productMods } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { forbidden, refuse } from '../../plugins/errors';
import type { Scope } from '../../plugins/scope';
import { assertMayChangeCompanys, assertOwnsNewCompanys, companyListVisible, seesCompanys } from '../common/company-list-scope';
import { added, containsPattern, edited, offsetOf, text, countOf, pageOf, toggled, withUniqueKeys } from '../common/query';

const item = {
  id: productMods.id,
  productMod: productMods.productMod,
  productModNa: productMods.productModNa,
  modelType: productMods.modelType,
  modelName: productMods.modelName,
  remarks: productMods.remarks,
  modelLevel: productMods.modelLevel,
  dataType: productMods.dataType,
  ogawaModel: productMods.ogawaModel,
  isDisabled: productMods.isDisabled,
};

const lookup = {
  id: productMods.id,
  productMod: productMods.productMod,
  productModNa: productMods.productModNa,
  modelName: productMods.modelName,
  modelType: productMods.modelType,
  modelLevel: productMods.modelLevel,
  dataType: productMods.dataType,
  remarks: productMods.remarks,
};

const uniqueKeys = { product_mods_name_uq: 'modelExists', product_mods_number_uq: 'modelNumberExists' } as const;

const search = (s: string | undefined): SQL | undefined => {
  if (!s) return undefined;
  const p = containsPattern(s);
  return or(ilike(productMods.productMod, p), ilike(productMods.modelName, p), ilike(productMods.productModNa, p));
};

const enabledUnless = (isAll: boolean | undefined) => (isAll ? undefined : eq(productMods.isDisabled, false));

/** OgawaModel "YES" / "NO" narrows; anything else (or nothing) means all. */
function ogawa(v: string | undefined): SQL | undefined {
  const u = (v ?? '').toUpperCase();
  if (u === OGAWA_MODEL_YES || u === 'TRUE') return eq(productMods.ogawaModel, true);
  if (u === 'NO' || u === 'FALSE') return eq(productMods.ogawaModel, false);
  return undefined;
}

export async function productModPage(
  db: Db,
  scope: Scope,
  p: { pageIndex: number; pageSize: number; isDisabled?: boolean; productMod?: string; ogawaModel?: string },
) {
  const where = and(
    companyListVisible(productMods.remarks, scope),
    p.isDisabled === undefined ? undefined : eq(productMods.isDisabled, p.isDisabled),
    search(p.productMod),
    ogawa(p.ogawaModel),
  );
  const rows = () => db.select(item).from(productMods).where(where).orderBy(desc(productMods.id)).limit(p.pageSize).offset(offsetOf(p));
  return pageOf(db, p, rows, countOf(db, productMods, where));
}

export async function productModList(db: Db, scope: Scope, p: { keyword?: string; isAll?: boolean }) {
  return db
    .select(lookup)
    .from(productMods)
    .where(and(companyListVisible(productMods.remarks, scope), enabledUnless(p.isAll), search(p.keyword)))
    .orderBy(asc(productMods.productMod));
}

/** The reports' model choices: by level and by "category type", which is the model's dataType (or its modelType). */
export async function productModList2(db: Db, scope: Scope, p: { modelLevel?: string; modelType?: string; isAll?: boolean }) {
  return db
    .select(lookup)
    .from(productMods)
    .where(
      and(
        companyListVisible(productMods.remarks, scope),
        enabledUnless(p.isAll),
        p.modelLevel ? sql`lower(${productMods.modelLevel}) = lower(${p.modelLevel})` : undefined,
        p.modelType
          ? or(sql`lower(${productMods.dataType}) = lower(${p.modelType})`, sql`lower(${productMods.modelType}) = lower(${p.modelType})`)
          : undefined,
      ),
    )
    .orderBy(asc(productMods.dataType), asc(productMods.modelLevel), asc(productMods.productMod));
}

async function storedModel(db: Db, id: number): Promise<ProductModItem> {
  const [row] = await db.select(item).from(productMods).where(eq(productMods.id, id));
  return row ?? refuse('notFound');
}

/** A model in scope: notFound when missing, 403 when none of its companies (remarks) is in the scope. */
export async function productModById(db: Db, scope: Scope, id: number): Promise<ProductModItem> {
  const row = await storedModel(db, id);
  if (!seesCompanys(scope, row.remarks)) forbidden();
  return row;
}

async function taken(db: Db, column: typeof productMods.modelName | typeof productMods.productModNa, value: string, exceptId: number) {
  const rows = await db
    .select({ id: productMods.id })
    .from(productMods)
    .where(and(sql`lower(${column}) = lower(${value})`, exceptId ? ne(productMods.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function saveProductMod(db: Db, user: AuthUser, scope: Scope, input: ProductModForm): Promise<ProductModItem> {
  const remarks = splitCompanys(input.remarks);
  const fields = {
    modelType: text(input.modelType),
    modelName: input.modelName,
    productMod: modelFullName(input.modelType, input.modelName),
    modelLevel: input.modelLevel,
    dataType: input.dataType,
    remarks: joinCompanys(remarks),
  };
  if (input.id) assertMayChangeCompanys(scope, (await storedModel(db, input.id)).remarks);
  assertOwnsNewCompanys(scope, remarks, 'remarks');
  if (input.id) {
    if (await taken(db, productMods.modelName, input.modelName, input.id)) refuse('modelExists');
    const [row] = await withUniqueKeys(
      () => db.update(productMods).set({ ...fields, ...edited(user) }).where(eq(productMods.id, input.id)).returning(item),
      uniqueKeys,
    );
    return row;
  }
  if (await taken(db, productMods.modelName, input.modelName, 0)) refuse('modelExists');
  if (await taken(db, productMods.productModNa, input.productModNa, 0)) refuse('modelNumberExists');
  const [row] = await withUniqueKeys(
    () =>
      db
        .insert(productMods)
        .values({ ...fields, productModNa: input.productModNa, ogawaModel: true, ...added(user) })
        .returning(item),
    uniqueKeys,
  );
  return row;
}

export async function toggleProductMod(db: Db, user: AuthUser, scope: Scope, id: number, isDisabled: boolean) {
  assertMayChangeCompanys(scope, (await storedModel(db, id)).remarks);
  await db.update(productMods).set(toggled(user, isDisabled)).where(eq(productMods.id, id));
}
