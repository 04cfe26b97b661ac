// Products: paged list, lookup, read by code, add/edit (one call), disable toggle, with the country scope and the
// The list is the hot path: a prepared statement per filter shape, a cached count, names from cached maps.
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
import { cached } from '../../plugins/cache';
import { seesCompanys } from '../common/company-list-scope';
import {
  added,
  containsPattern,
  countExpr,
  edited,
  invalidFields,
  offsetOf,
  pageOf,
  prepared,
  text,
  toggled,
  withUniqueKeys,
  type ListCount,
} from '../common/query';

/** A product's own columns; the names of its category, model and colour come from cached maps (lookupNames). */
const columns = {
  id: products.id,
  productType: products.productType,
  productCode: products.productCode,
  itemCode: products.itemCode,
  factoryCode: products.factoryCode,
  category: products.category,
  modelNo: products.modelNo,
  productName: products.productName,
  productColour: products.productColour,
  currency: products.currency,
  unitPrice: products.unitPrice,
  price: products.price,
  uom: products.uom,
  companys: sql<string>`array_to_string(${products.companys}, ',')`,
  isDisabled: products.isDisabled,
};
const selectColumns = (db: Db) => db.select(columns).from(products);
type ProductRow = Awaited<ReturnType<typeof selectColumns>>[number];

const uniqueKeys = { products_code_uq: 'productCodeExists' } as const;

const textArray = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

/** The rows a scope sees: admin all; others those whose companys overlap the scope (GIN index products_companys_idx). */
const visible = (scope: Scope): SQL | undefined => (scope.all ? undefined : sql`${products.companys} && ${textArray(scope.companyNumbers)}`);

/** Number → name of the categories, models and colours: a few hundred rows read once per write of their table. */
interface LookupNames {
  categories: Map<string, string>;
  models: Map<string, string>;
  colours: Map<string, string>;
}

async function lookupNames(db: Db): Promise<LookupNames> {
  const [c, m, k] = await Promise.all([
    cached(db, 'categories', 'names', () => db.select({ n: categories.categoryNumber, name: categories.category }).from(categories)),
    cached(db, 'product_mods', 'names', () => db.select({ n: productMods.productModNa, name: productMods.productMod }).from(productMods)),
    cached(db, 'product_cols', 'names', () => db.select({ n: productCols.productColNa, name: productCols.productCol }).from(productCols)),
  ]);
  const map = (rows: Array<{ n: string; name: string }>) => new Map(rows.map((r) => [r.n, r.name]));
  return { categories: map(c), models: map(m), colours: map(k) };
}

/** A row as the contracts show it, with the names (null when the number names nothing, as a left join gave). */
function named(r: ProductRow, names: LookupNames): ProductItem {
  return {
    id: r.id,
    productType: r.productType,
    productCode: r.productCode,
    itemCode: r.itemCode,
    factoryCode: r.factoryCode,
    category: r.category,
    categoryName: names.categories.get(r.category) ?? null,
    modelNo: r.modelNo,
    productMod: names.models.get(r.modelNo) ?? null,
    productName: r.productName,
    productColour: r.productColour,
    productCol: names.colours.get(r.productColour) ?? null,
    currency: r.currency,
    unitPrice: r.unitPrice,
    price: r.price,
    uom: r.uom,
    companys: r.companys,
    isDisabled: r.isDisabled,
  };
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

/** The filters of a page, in the order of the prepared statements' names. */
const pageFilters = ['scope', 'isDisabled', 'category', 'modelNo', 'productColour', 'country', 'code'] as const;
type PageFilter = (typeof pageFilters)[number];

const pageConditions: Record<PageFilter, SQL> = {
  scope: sql`${products.companys} && ${sql.placeholder('scope')}::text[]`,
  isDisabled: sql`${products.isDisabled} = ${sql.placeholder('isDisabled')}`,
  category: sql`${products.category} = ${sql.placeholder('category')}`,
  modelNo: sql`${products.modelNo} = ${sql.placeholder('modelNo')}`,
  productColour: sql`${products.productColour} = ${sql.placeholder('productColour')}`,
  country: sql`${products.companys} @> ${sql.placeholder('country')}::text[]`,
  // Lower-cased on both sides: the trigram index products_code_lower_trgm_idx serves it (migration 0005).
  code: sql`lower(${products.productCode}) like ${sql.placeholder('code')}`,
};

/**
 * Prepared statements per combination of filters (at most 2^7, a handful in use): each is planned for its own shape.
 * The page walks the primary key backwards (or the index of a selective filter); the count runs once per filter
 * until products are written.
 */
function pageStatements(db: Db, used: PageFilter[]) {
  const name = `product_page_${used.map((f) => pageFilters.indexOf(f)).join('_') || 'all'}`;
  const where = () => and(...used.map((f) => pageConditions[f]));
  // A code pattern's selectivity decides the plan ('%bench-012345%': the trigram index; '%b%': the primary key), and
  // a generic plan cannot see it (checked with EXPLAIN: 14 ms instead of 0.5): those statements stay unnamed, so
  // PostgreSQL plans each with its pattern; their SQL is still built once.
  const server = (n: string) => (used.includes('code') ? '' : n);
  return prepared(db, name, () => ({
    rows: selectColumns(db).where(where()).orderBy(desc(products.id)).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(server(name)),
    count: db.select({ n: countExpr }).from(products).where(where()).prepare(server(`${name}_count`)),
  }));
}

export async function productPage(db: Db, scope: Scope, q: ProductPageParams) {
  const category = q.category ?? q.productCategory;
  const values: Partial<Record<PageFilter, unknown>> = {
    scope: scope.all ? undefined : scope.companyNumbers,
    isDisabled: q.isDisabled,
    category: category || undefined,
    modelNo: q.modelNo || undefined,
    productColour: q.productColour || undefined,
    country: q.country ? [q.country.toUpperCase()] : undefined,
    code: q.productCode ? containsPattern(q.productCode.toLowerCase()) : undefined,
  };
  const used = pageFilters.filter((f) => values[f] !== undefined);
  const statements = pageStatements(db, used);
  const count: ListCount = {
    // The rows carry the names of categories, models and colours: their writes make a page stale too.
    tables: ['products', 'categories', 'product_mods', 'product_cols'],
    where: undefined,
    key: JSON.stringify(values),
    run: async () => (await statements.count.execute(values))[0].n,
  };
  const rows = async () => {
    const [found, names] = await Promise.all([statements.rows.execute({ ...values, limit: q.pageSize, offset: offsetOf(q) }), lookupNames(db)]);
    return found.map((r) => named(r, names));
  };
  return pageOf(db, q, rows, count);
}

/** Lookup rows: enabled unless isAll, inside the scope, optionally of one company; capped (a picker, not an export). */
export async function productList(db: Db, scope: Scope, q: { keyword?: string; company?: string; isAll?: boolean }) {
  const names = await lookupNames(db);
  const k = q.keyword ? containsPattern(q.keyword) : undefined;
  // The model's name matches through the model numbers whose name contains the keyword (no join).
  const lower = q.keyword?.toLowerCase();
  const models = lower ? [...names.models].filter(([, name]) => name.toLowerCase().includes(lower)).map(([n]) => n) : [];
  const rows = await selectColumns(db)
    .where(
      and(
        visible(scope),
        q.isAll ? undefined : eq(products.isDisabled, false),
        q.company ? sql`${products.companys} @> ${textArray([q.company.toUpperCase()])}` : undefined,
        k
          ? or(ilike(products.productCode, k), ilike(products.productName, k), ilike(products.itemCode, k), ilike(products.modelNo, k), models.length ? inArray(products.modelNo, models) : undefined)
          : undefined,
      ),
    )
    .orderBy(asc(products.productCode))
    .limit(2000);
  return rows.map((row) => {
    const r = named(row, names);
    return {
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
    };
  });
}

async function findProduct(db: Db, where: SQL): Promise<(ProductItem & { companyList: string[] }) | null> {
  const [row] = await selectColumns(db).where(where).limit(1);
  if (!row) return null;
  const product = named(row, await lookupNames(db));
  return { ...product, companyList: product.companys ? product.companys.split(',') : [] };
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
async function resolveRefs(db: Db, scope: Scope, input: ProductForm, stored: ProductItem | null) {
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
    // A model outside the caller's country scope is, for them, no model at all (like its list and lookups).
    modelNo: await check('modelNo', input.modelNo, async (v) =>
      (
        await db
          .select({ number: productMods.productModNa, isDisabled: productMods.isDisabled, remarks: productMods.remarks })
          .from(productMods)
          .where(sql`lower(${productMods.productModNa}) = lower(${v})`)
      ).filter((m) => m.number === stored?.modelNo || seesCompanys(scope, m.remarks)),
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
  const refs = await resolveRefs(db, scope, input, stored);
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
