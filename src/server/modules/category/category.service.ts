// Categories: paged list, lookup, add/edit (the number is fixed once added), disable toggle.
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CategoryForm, CategoryItem } from '@/shared/contracts/category';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { refuse } from '../../plugins/errors';
import { added, containsPattern, edited, offsetOf, countOf, pageOf, toggled, withUniqueKeys } from '../common/query';

const item = {
  id: categories.id,
  category: categories.category,
  categoryNumber: categories.categoryNumber,
  isDisabled: categories.isDisabled,
};

const uniqueKeys = { categories_category_uq: 'categoryExists', categories_number_uq: 'categoryNumberExists' } as const;

const search = (s: string | undefined): SQL | undefined =>
  s ? or(ilike(categories.category, containsPattern(s)), ilike(categories.categoryNumber, containsPattern(s))) : undefined;

export async function categoryPage(db: Db, p: { pageIndex: number; pageSize: number; isDisabled?: boolean; category?: string }) {
  const where = and(p.isDisabled === undefined ? undefined : eq(categories.isDisabled, p.isDisabled), search(p.category));
  const rows = () => db.select(item).from(categories).where(where).orderBy(desc(categories.id)).limit(p.pageSize).offset(offsetOf(p));
  return pageOf(db, p, rows, countOf(db, categories, where));
}

export async function categoryList(db: Db, p: { keyword?: string; isAll?: boolean }) {
  return db
    .select({ id: categories.id, category: categories.category, categoryNumber: categories.categoryNumber })
    .from(categories)
    .where(and(p.isAll ? undefined : eq(categories.isDisabled, false), search(p.keyword)))
    .orderBy(asc(categories.category));
}

export async function categoryById(db: Db, id: number): Promise<CategoryItem> {
  const [row] = await db.select(item).from(categories).where(eq(categories.id, id));
  return row ?? refuse('notFound');
}

async function taken(db: Db, column: typeof categories.category | typeof categories.categoryNumber, value: string, exceptId: number) {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(sql`lower(${column}) = lower(${value})`, exceptId ? ne(categories.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function saveCategory(db: Db, user: AuthUser, input: CategoryForm): Promise<CategoryItem> {
  if (input.id) {
    await categoryById(db, input.id);
    if (await taken(db, categories.category, input.category, input.id)) refuse('categoryExists');
    const [row] = await withUniqueKeys(
      () => db.update(categories).set({ category: input.category, ...edited(user) }).where(eq(categories.id, input.id)).returning(item),
      uniqueKeys,
    );
    return row;
  }
  if (await taken(db, categories.category, input.category, 0)) refuse('categoryExists');
  if (await taken(db, categories.categoryNumber, input.categoryNumber, 0)) refuse('categoryNumberExists');
  const [row] = await withUniqueKeys(
    () =>
      db
        .insert(categories)
        .values({ category: input.category, categoryNumber: input.categoryNumber, ...added(user) })
        .returning(item),
    uniqueKeys,
  );
  return row;
}

export async function toggleCategory(db: Db, user: AuthUser, id: number, isDisabled: boolean) {
  const rows = await db.update(categories).set(toggled(user, isDisabled)).where(eq(categories.id, id)).returning({ id: categories.id });
  if (!rows.length) refuse('notFound');
}
