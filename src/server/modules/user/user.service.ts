// User management (spec part 2 §2 Users, §5; part 3 §2.9 picker): rules and queries, every call inside the country scope.
// Sign-in, sessions and passwords stay in modules/identity.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListParams } from '@/shared/contracts/endpoint';
import type { ServerFieldKind } from '@/shared/contracts/field-messages';
import type { UserForm, UserItem } from '@/shared/contracts/user';
import { isSuperUser } from '@/shared/domain/constants';
import type { Db } from '../../db/client';
import { companies, departments, users } from '../../db/schema/index';
import { endSessions, type AuthUser } from '../../plugins/auth';
import { forbidden, refuse } from '../../plugins/errors';
import type { Scope } from '../../plugins/scope';
import { added, contains, countExpr, edited, inScope, invalidFields, isUniqueViolation, pageOf, pageSlice, sameText, toggled } from '../common/query';
import { leaderNumberOf, payloadCompany } from '../department/department.service';
import { hashPassword } from '../identity/identity.service';

const leader = alias(users, 'leader');

const item = {
  id: users.id,
  companyId: users.companyId,
  companyName: companies.companyName,
  companyNumber: companies.companyNumber,
  departmentId: users.departmentId,
  departmentName: departments.departmentName,
  departmentNumber: departments.departmentNumber,
  number: users.number,
  account: users.account,
  name: users.name,
  language: users.language,
  sex: users.sex,
  address: users.address,
  email: users.email,
  rank: users.rank,
  grade: users.grade,
  leader: leader.name,
  leaderNumber: users.leaderNumber,
  isDisabled: users.isDisabled,
  version: users.version,
};

type Row = Omit<UserItem, 'language'> & { language: string };
const toItem = (r: Row): UserItem => ({ ...r, language: r.language === 'zh-tw' ? 'zh-tw' : 'en' });

function rowsQuery(db: Db, where: SQL | undefined) {
  return db
    .select(item)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(leader, sql`lower(${leader.number}) = lower(${users.leaderNumber})`)
    .where(where);
}

const keywordFilter = (k?: string) =>
  k
    ? sql`(${contains(users.name, k)} or ${contains(users.number, k)} or ${contains(users.account, k)} or ${contains(users.email, k)})`
    : undefined;

export async function userPage(
  db: Db,
  scope: Scope,
  q: ListParams & { isDisabled?: boolean; companyNumber?: string; departmentNumber?: string; keyword?: string },
) {
  const where = and(
    inScope(users.companyId, scope),
    q.isDisabled === undefined ? undefined : eq(users.isDisabled, q.isDisabled),
    q.companyNumber ? sameText(companies.companyNumber, q.companyNumber) : undefined,
    q.departmentNumber ? sameText(departments.departmentNumber, q.departmentNumber) : undefined,
    keywordFilter(q.keyword),
  );
  const { limit, offset } = pageSlice(q);
  const rows = async () => (await rowsQuery(db, where).orderBy(desc(users.id)).limit(limit).offset(offset)).map(toItem);
  const count = async () =>
    (
      await db
        .select({ count: countExpr })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .leftJoin(departments, eq(departments.id, users.departmentId))
        .where(where)
    )[0].count;
  return pageOf(db, q, rows, { tables: ['users', 'companies', 'departments'], where, run: count });
}

export async function userList(
  db: Db,
  scope: Scope,
  q: { companyId?: number; companyNumber?: string; departmentId?: number; departmentNumber?: string; keyword?: string; isAll?: boolean },
) {
  return db
    .select({
      id: users.id,
      number: users.number,
      name: users.name,
      account: users.account,
      email: users.email,
      companyNumber: companies.companyNumber,
      companyName: companies.companyName,
      departmentNumber: departments.departmentNumber,
      departmentName: departments.departmentName,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(
      and(
        inScope(users.companyId, scope),
        q.companyId ? eq(users.companyId, q.companyId) : undefined,
        q.companyNumber ? sameText(companies.companyNumber, q.companyNumber) : undefined,
        q.departmentId ? eq(users.departmentId, q.departmentId) : undefined,
        q.departmentNumber ? sameText(departments.departmentNumber, q.departmentNumber) : undefined,
        q.isAll ? undefined : eq(users.isDisabled, false),
        keywordFilter(q.keyword),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/** A user in scope: userNotExist when missing, 403 when the user's company is outside the scope. */
export async function userInScope(db: Db, scope: Scope, id: number): Promise<UserItem> {
  const [row] = await rowsQuery(db, eq(users.id, id));
  if (!row) return refuse('userNotExist');
  if (!scope.all) scope.assertCompanyId(row.companyId);
  return toItem(row);
}

/** Every change of a user bumps its version (edit, disable toggle, password set). */
const nextVersion = { version: sql`${users.version} + 1` };

const invalid = (field: string, message: ServerFieldKind): never => invalidFields([{ field, message }]);

export async function saveUser(db: Db, user: AuthUser, scope: Scope, input: UserForm): Promise<number> {
  const company = await payloadCompany(db, scope, input.companyId, input.companyNumber);
  const current = input.id ? await userInScope(db, scope, input.id) : undefined;
  // The super user's record is theirs alone: a head-office user (whose scope includes OIH) must not rewrite it.
  if (current && isSuperUser(current.number) && !user.isAdmin) return forbidden();

  const [dep] = await db
    .select()
    .from(departments)
    .where(input.departmentId ? eq(departments.id, input.departmentId) : sameText(departments.departmentNumber, input.departmentNumber ?? ''));
  if (!dep || dep.companyId !== company.id) return invalid(input.departmentId ? 'departmentId' : 'departmentNumber', 'notInCompany');
  // A user may stay where they are when their department or company is later disabled, but nobody is newly placed there.
  if (current?.departmentId !== dep.id && (dep.isDisabled || company.isDisabled)) return invalid('departmentId', 'disabled');

  const account = input.account;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`(lower(${users.account}) = ${account.toLowerCase()} or lower(${users.number}) = ${account.toLowerCase()}) and ${users.id} <> ${current?.id ?? 0}`);
  // The account is the sign-in number, which sessions, leaders and the records a user added refer to: fixed once made.
  if (current && current.account.toLowerCase() !== account.toLowerCase()) return refuse(taken ? 'accountExists' : 'accountLocked');
  if (taken) return refuse('accountExists');

  const leaderNumber = await leaderNumberOf(db, scope, input.leaderNumber);
  if (leaderNumber && leaderNumber.toLowerCase() === account.toLowerCase()) return invalid('leaderNumber', 'self');

  const fields = {
    companyId: company.id,
    departmentId: dep.id,
    name: input.name,
    language: input.language,
    sex: input.sex,
    email: input.email,
    leaderNumber,
    rank: input.rank,
    grade: input.grade,
    address: input.address,
  };
  try {
    if (current) {
      // Atomic: of two edits based on the same version exactly one matches; without a version there is no check.
      const rows = await db
        .update(users)
        .set({ ...fields, ...edited(user), ...nextVersion })
        .where(and(eq(users.id, current.id), input.version === undefined ? undefined : eq(users.version, input.version)))
        .returning({ id: users.id });
      if (!rows.length) return refuse(input.version === undefined ? 'userNotExist' : 'staleVersion');
      return current.id;
    }
    const [row] = await db
      .insert(users)
      .values({ ...fields, number: account, account, passwordHash: await hashPassword(input.password), ...added(user) })
      .returning({ id: users.id });
    return row.id;
  } catch (err) {
    if (isUniqueViolation(err)) return refuse('accountExists');
    throw err;
  }
}

/** Disabling ends the user's sessions; nobody disables the super user or their own account. */
export async function toggleUser(db: Db, user: AuthUser, scope: Scope, id: number, isDisabled: boolean) {
  const target = await userInScope(db, scope, id);
  if (isDisabled && isSuperUser(target.number)) return refuse('userCannotDisableSuperUser');
  if (isDisabled && target.id === user.id) return refuse('userCannotDisableSelf');
  // A disabled department has no enabled people (spec part 2 §4 refuses disabling it otherwise); keep it that way.
  if (!isDisabled) {
    const [home] = await db
      .select({ off: sql<boolean>`${departments.isDisabled} or ${companies.isDisabled}` })
      .from(users)
      .innerJoin(departments, eq(departments.id, users.departmentId))
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, id));
    if (home?.off) return refuse('userDepartmentDisabled');
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set({ ...toggled(user, isDisabled), ...nextVersion }).where(eq(users.id, id));
    if (isDisabled) await endSessions(tx as unknown as Db, id);
  });
}
