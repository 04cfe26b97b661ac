// Companies (spec part 2 §2, §4, §5): rules and queries. Every read and write stays inside the caller's country scope.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CompanyForm } from '@/shared/contracts/company';
import type { ListParams } from '@/shared/contracts/endpoint';
import { allowedCompanies } from '@/shared/domain/country-scope';
import type { Db } from '../../db/client';
import { companies, departments } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { forbidden, refuse } from '../../plugins/errors';
import type { Scope } from '../../plugins/scope';
import { added, contains, countOf, edited, inScope, pageOf, pageSlice, sameText, toggled } from '../common/query';

const item = {
  id: companies.id,
  companyNumber: companies.companyNumber,
  companyName: companies.companyName,
  paymentterm: companies.paymentterm,
  isFactory: companies.isFactory,
  isDisabled: companies.isDisabled,
};

export async function companyList(db: Db, scope: Scope, q: { isFactory?: number; keyword?: string; isAll?: boolean }) {
  const where = and(
    inScope(companies.id, scope),
    q.isFactory ? eq(companies.isFactory, q.isFactory) : undefined,
    q.isAll ? undefined : eq(companies.isDisabled, false),
    q.keyword ? sql`(${contains(companies.companyName, q.keyword)} or ${contains(companies.companyNumber, q.keyword)})` : undefined,
  );
  return db
    .select({ id: companies.id, companyNumber: companies.companyNumber, companyName: companies.companyName })
    .from(companies)
    .where(where)
    .orderBy(asc(companies.id));
}

export async function companyPage(db: Db, scope: Scope, q: ListParams & { isDisabled?: boolean; keyword?: string }) {
  const where = and(
    inScope(companies.id, scope),
    q.isDisabled === undefined ? undefined : eq(companies.isDisabled, q.isDisabled),
    q.keyword ? sql`(${contains(companies.companyName, q.keyword)} or ${contains(companies.companyNumber, q.keyword)})` : undefined,
  );
  const { limit, offset } = pageSlice(q);
  const rows = () => db.select(item).from(companies).where(where).orderBy(desc(companies.id)).limit(limit).offset(offset);
  return pageOf(db, q, rows, countOf(db, companies, where));
}

/** A company in scope: notFound when missing, 403 when outside the scope. */
export async function companyInScope(db: Db, scope: Scope, id: number) {
  const [row] = await db.select(item).from(companies).where(eq(companies.id, id));
  if (!row) return refuse('notFound');
  scope.assertCompanyId(row.id);
  return row;
}

export async function saveCompany(db: Db, user: AuthUser, scope: Scope, input: CompanyForm): Promise<number> {
  const number = input.companyNumber;
  const fields = { companyName: input.companyName, paymentterm: input.paymentterm, isFactory: input.isFactory };
  const [dup] = await db.select({ id: companies.id }).from(companies).where(sameText(companies.companyNumber, number));
  if (input.id === 0) {
    // A new company must fall inside the caller's scope once made (admin: any; head office: any but HK; others: none).
    if (!allowedCompanies(user, [number]).length) return forbidden();
    if (dup) return refuse('companyNumberExists');
    const [row] = await db
      .insert(companies)
      .values({ ...fields, companyNumber: number, ...added(user) })
      .returning({ id: companies.id });
    return row.id;
  }
  const current = await companyInScope(db, scope, input.id);
  // Products, vendors, models and sales data refer to companies by number: the number is fixed once made.
  if (current.companyNumber.toLowerCase() !== number.toLowerCase()) return refuse(dup ? 'companyNumberExists' : 'companyNumberLocked');
  await db.update(companies).set({ ...fields, ...edited(user) }).where(eq(companies.id, input.id));
  return input.id;
}

export async function toggleCompany(db: Db, user: AuthUser, scope: Scope, id: number, isDisabled: boolean) {
  await companyInScope(db, scope, id);
  if (isDisabled) {
    const [dep] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.companyId, id), eq(departments.isDisabled, false)))
      .limit(1);
    if (dep) return refuse('companyHasDepartments');
  }
  await db.update(companies).set(toggled(user, isDisabled)).where(eq(companies.id, id));
}
