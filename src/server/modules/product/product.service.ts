// Products: paged list, lookup, read by code, add/edit (one call), disable toggle, with the country scope and the
// unit-price permission of DESIGN §5. A product is visible when its companys overlap the user's scope and may be
// changed only when all of its companys (stored and new) lie inside it. Changing a product the user sees in the list
// but shares with a country outside the scope is a business refusal (outOfScope: the switch stays, the form says
// why); a product the user cannot see at all, or companys a form never offers, are refused 403.
import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ProductForm, ProductItem } from '@/shared/contracts/product';
import { PERMISSION } from '@/shared/domain/constants';
import type { Db } from '../../db/client';
import { categories, companies, currencies, productCols, productMods, products } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { forbidden, refuse } from '../../plugins/errors';
import { hasButton } from '../../plugins/permissions';
import type { Scope } from '../../plugins/scope';
import { added, containsPattern, edited, invalidFields, offsetOf, text, toggled, withUniqueKeys } from '../common/query';

const item = {
  id: products.id,
  productType: products.productType,
  productCode: products.productCode,
  itemCode: products.itemCode,
  factoryCode: products.factoryCode,
  category: products.category,
  categoryName: categories.category,
  modelNo: products.modelNo,
  productMod: productMods.productMod,
  productName: products.productName,
  productColour: products.productColour,
  productCol: productCols.productCol,
  currency: products.currency,
  unitPrice: products.unitPrice,
  price: products.price,
  uom: products.uom,
  companys: sql<string>`array_to_string(${products.companys}, ',')`,
  isDisabled: products.isDisabled,
};

const uniqueKeys = { products_code_uq: 'productCodeExists' } as const;

const textArray = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

/** The rows a scope sees: admin all; others those whose companys overlap the scope (GIN index products_companys_idx). */
const visible = (scope: Scope): SQL | undefined => (scope.all ? undefined : sql`${products.companys} && ${textArray(scope.companyNumbers)}`);

/** Products with the names of their category, model and colour. */
function selectItems(db: Db) {
  return db
    .select(item)
    .from(products)
    .leftJoin(categories, eq(categories.categoryNumber, products.category))
    .leftJoin(productMods, eq(productMods.productModNa, products.modelNo))
    .leftJoin(productCols, eq(productCols.productColNa, products.productColour));
}

export interface ProductPageParams {
  pageIndex: number;
  pageSize: number;
  isDisabled?: boolean;
  category?: string;
  productCategory?: string;
  modelNo?: string;
  productCode?: string;
  productColour?: string;
  country?: string;
}

export async function productPage(db: Db, scope: Scope, p: ProductPageParams) {
  const category = p.category ?? p.productCategory;
  const code = p.productCode ? containsPattern(p.productCode) : undefined;
  const where = and(
    visible(scope),
    p.isDisabled === undefined ? undefined : eq(products.isDisabled, p.isDisabled),
    category ? eq(products.category, category) : undefined,
    p.modelNo ? eq(products.modelNo, p.modelNo) : undefined,
    p.productColour ? eq(products.productColour, p.productColour) : undefined,
    p.country ? sql`${products.companys} @> ${textArray([p.country.toUpperCase()])}` : undefined,
    code ? ilike(products.productCode, code) : undefined,
  );
  // Two cheap queries: the page walks the primary key backwards and joins only its rows; the count needs no joins.
  const [items, [{ count }]] = await Promise.all([
    selectItems(db).where(where).orderBy(desc(products.id)).limit(p.pageSize).offset(offsetOf(p)),
    db.select({ count: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  return { items, count };
}

/** Lookup rows: enabled unless isAll, inside the scope, optionally of one company; capped (a picker, not an export). */
export async function productList(db: Db, scope: Scope, p: { keyword?: string; company?: string; isAll?: boolean }) {
  const k = p.keyword ? containsPattern(p.keyword) : undefined;
  const rows = await selectItems(db)
    .where(
      and(
        visible(scope),
        p.isAll ? undefined : eq(products.isDisabled, false),
        p.company ? sql`${products.companys} @> ${textArray([p.company.toUpperCase()])}` : undefined,
        k
          ? or(ilike(products.productCode, k), ilike(products.productName, k), ilike(products.itemCode, k), ilike(products.modelNo, k), ilike(productMods.productMod, k))
          : undefined,
      ),
    )
    .orderBy(asc(products.productCode))
    .limit(2000);
  return rows.map((r) => ({
    id: r.id,
    productType: r.productType,
    productCode: r.productCode,
    itemCode: r.itemCode,
    productName: r.productName,
    category: r.category,
    modelNo: r.modelNo,
    productMod: r.productMod,
    productColour: r.productColour,
    productCol: r.productCol,
    currency: r.currency,
    unitPrice: r.unitPrice,
    price: r.price,
    uom: r.uom,
    companys: r.companys,
  }));
}

async function findProduct(db: Db, where: SQL): Promise<(ProductItem & { companyList: string[] }) | null> {
  const [row] = await selectItems(db).where(where).limit(1);
  if (!row) return null;
  return { ...row, companyList: row.companys ? row.companys.split(',') : [] };
}

const byCode = (code: string) => sql`lower(${products.productCode}) = lower(${code})`;

/** Visible: some company inside the scope. Changeable: every company inside it. */
const sees = (scope: Scope, list: string[]) => scope.all || list.some((c) => scope.hasCompanyNumber(c));
const owns = (scope: Scope, list: string[]) => scope.all || list.every((c) => scope.hasCompanyNumber(c));

export async function productByCode(db: Db, scope: Scope, code: string): Promise<ProductItem> {
  const found = (await findProduct(db, byCode(code))) ?? refuse('notFound');
  if (!sees(scope, found.companyList)) forbidden();
  const { companyList: _list, ...product } = found;
  return product;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The canonical spelling of a referenced number, checking it exists and (unless unchanged) is enabled. */
async function resolveRefs(db: Db, input: ProductForm, stored: ProductItem | null) {
  const errors: Parameters<typeof invalidFields>[0] = [];
  const check = async (
    field: 'category' | 'modelNo' | 'productColour' | 'currency',
    value: string,
    lookup: (v: string) => Promise<Array<{ number: string; isDisabled: boolean }>>,
  ): Promise<string> => {
    if (!value) return '';
    const [ref] = await lookup(value);
    if (!ref) errors.push({ field, message: 'notFound' });
    else if (ref.isDisabled && ref.number !== stored?.[field]) errors.push({ field, message: 'disabled' });
    return ref?.number ?? value;
  };
  const refs = {
    category: await check('category', input.category, (v) =>
      db.select({ number: categories.categoryNumber, isDisabled: categories.isDisabled }).from(categories).where(sql`lower(${categories.categoryNumber}) = lower(${v})`),
    ),
    modelNo: await check('modelNo', input.modelNo, (v) =>
      db.select({ number: productMods.productModNa, isDisabled: productMods.isDisabled }).from(productMods).where(sql`lower(${productMods.productModNa}) = lower(${v})`),
    ),
    productColour: await check('productColour', input.productColour, (v) =>
      db.select({ number: productCols.productColNa, isDisabled: productCols.isDisabled }).from(productCols).where(sql`lower(${productCols.productColNa}) = lower(${v})`),
    ),
    currency: await check('currency', text(input.currency), (v) =>
      db.select({ number: currencies.currencyNumber, isDisabled: currencies.isDisabled }).from(currencies).where(sql`lower(${currencies.currencyNumber}) = lower(${v})`),
    ),
  };
  const known = await db.select({ n: companies.companyNumber }).from(companies).where(inArray(sql`upper(${companies.companyNumber})`, input.companys));
  const unknown = input.companys.filter((c) => !known.some((k) => k.n.toUpperCase() === c));
  if (unknown.length) errors.push({ field: 'companys', message: `notFound:${unknown.join(',')}` });
  if (errors.length) invalidFields(errors);
  return { ...refs, companys: input.companys.map((c) => known.find((k) => k.n.toUpperCase() === c)!.n) };
}

/** May this user change a product with these stored companys? Unseen: 403; seen but shared outside the scope: outOfScope. */
function mayChange(scope: Scope, companyList: string[]) {
  if (!sees(scope, companyList)) forbidden();
  if (!owns(scope, companyList)) refuse('outOfScope');
}

export async function saveProduct(db: Db, user: AuthUser, scope: Scope, input: ProductForm): Promise<ProductItem> {
  const mayEditUnitPrice = () => hasButton(db, user, PERMISSION.editUnitPrice);
  const unitPrice = round2(input.unitPrice);
  const stored = input.id ? ((await findProduct(db, eq(products.id, input.id))) ?? refuse('notFound')) : null;
  if (stored) mayChange(scope, stored.companyList);
  if (!owns(scope, input.companys)) forbidden();
  const dup = await db
    .select({ id: products.id })
    .from(products)
    .where(and(byCode(input.productCode), stored ? ne(products.id, stored.id) : undefined))
    .limit(1);
  if (dup.length) refuse('productCodeExists');
  if (stored && unitPrice !== stored.unitPrice && !(await mayEditUnitPrice())) forbidden();
  const refs = await resolveRefs(db, input, stored);
  const fields = {
    productType: input.productType,
    productCode: input.productCode,
    itemCode: text(input.itemCode),
    factoryCode: text(input.factoryCode),
    productName: text(input.productName),
    price: round2(input.price),
    uom: text(input.uom),
    ...refs,
  };
  let id: number;
  if (stored) {
    id = stored.id;
    await withUniqueKeys(() => db.update(products).set({ ...fields, unitPrice, ...edited(user) }).where(eq(products.id, id)), uniqueKeys);
  } else {
    const keptPrice = (await mayEditUnitPrice()) ? unitPrice : 0;
    const [row] = await withUniqueKeys(
      () => db.insert(products).values({ ...fields, unitPrice: keptPrice, ...added(user) }).returning({ id: products.id }),
      uniqueKeys,
    );
    id = row.id;
  }
  const { companyList: _list, ...saved } = (await findProduct(db, eq(products.id, id)))!;
  return saved;
}

/** By id when given, else by product code (what the original front end sends). */
export async function toggleProduct(db: Db, user: AuthUser, scope: Scope, key: { id?: number; productCode?: string }, isDisabled: boolean) {
  const where = key.id ? eq(products.id, key.id) : key.productCode ? byCode(key.productCode) : undefined;
  const found = where ? await findProduct(db, where) : null;
  if (!found) return refuse('notFound');
  mayChange(scope, found.companyList);
  await db.update(products).set(toggled(user, isDisabled)).where(eq(products.id, found.id));
}
