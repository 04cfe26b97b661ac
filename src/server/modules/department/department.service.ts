// Departments (spec part 2 §2, §4, §5): numbers and paths made here, the tree kept consistent, every call country-scoped.
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DepartmentForm } from '@/shared/contracts/department';
import type { ListParams } from '@/shared/contracts/endpoint';
import type { Db, Tx } from '../../db/client';
import { companies, departments, users } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { forbidden, refuse } from '../../plugins/errors';
import { rowsOf } from '../../plugins/permissions';
import type { Scope } from '../../plugins/scope';
import { added, contains, countExpr, edited, inScope, isUniqueViolation, pageOf, pageSlice, sameText, toggled } from '../common/query';

const parent = alias(departments, 'parent');
const leader = alias(users, 'leader');

const item = {
  id: departments.id,
  companyId: departments.companyId,
  companyName: companies.companyName,
  companyNumber: companies.companyNumber,
  parentId: departments.parentId,
  parentName: parent.departmentName,
  departmentName: departments.departmentName,
  departmentNumber: departments.departmentNumber,
  departmentPath: departments.departmentPath,
  leader: leader.name,
  leaderNumber: departments.leaderNumber,
  isDisabled: departments.isDisabled,
};

function rowsQuery(db: Db, where: SQL | undefined) {
  return db
    .select(item)
    .from(departments)
    .innerJoin(companies, eq(companies.id, departments.companyId))
    .leftJoin(parent, eq(parent.id, departments.parentId))
    .leftJoin(leader, sql`lower(${leader.number}) = lower(${departments.leaderNumber})`)
    .where(where);
}

const companyFilter = (q: { companyId?: number; companyNumber?: string }) =>
  and(q.companyId ? eq(departments.companyId, q.companyId) : undefined, q.companyNumber ? sameText(companies.companyNumber, q.companyNumber) : undefined);

const keywordFilter = (k?: string) =>
  k
    ? sql`(${contains(departments.departmentName, k)} or ${contains(departments.departmentNumber, k)} or ${contains(departments.departmentPath, k)})`
    : undefined;

export async function departmentPage(
  db: Db,
  scope: Scope,
  q: ListParams & { isDisabled?: boolean; companyId?: number; companyNumber?: string; keyword?: string },
) {
  const where = and(
    inScope(departments.companyId, scope),
    companyFilter(q),
    q.isDisabled === undefined ? undefined : eq(departments.isDisabled, q.isDisabled),
    keywordFilter(q.keyword),
  );
  const { limit, offset } = pageSlice(q);
  const rows = () => rowsQuery(db, where).orderBy(desc(departments.id)).limit(limit).offset(offset);
  // The rows name their company, parent and leader: those tables' writes make a page stale.
  return pageOf(db, q, rows, {
    tables: ['departments', 'companies', 'users'],
    where,
    run: async () => (await db.select({ count: countExpr }).from(departments).innerJoin(companies, eq(companies.id, departments.companyId)).where(where))[0].count,
  });
}

export async function departmentList(db: Db, scope: Scope, q: { companyId?: number; companyNumber?: string; keyword?: string; isAll?: boolean }) {
  return db
    .select({
      id: departments.id,
      departmentNumber: departments.departmentNumber,
      departmentName: departments.departmentName,
      departmentPath: departments.departmentPath,
      parentId: departments.parentId,
      companyId: departments.companyId,
      companyNumber: companies.companyNumber,
    })
    .from(departments)
    .innerJoin(companies, eq(companies.id, departments.companyId))
    .where(and(inScope(departments.companyId, scope), companyFilter(q), q.isAll ? undefined : eq(departments.isDisabled, false), keywordFilter(q.keyword)))
    .orderBy(asc(companies.id), asc(departments.departmentPath), asc(departments.id));
}

/** A department in scope: notFound when missing, 403 when its company is outside the scope. */
export async function departmentInScope(db: Db, scope: Scope, id: number) {
  const [row] = await rowsQuery(db, eq(departments.id, id));
  if (!row) return refuse('notFound');
  scope.assertCompanyId(row.companyId);
  return row;
}

/** The company a payload names by id and/or number; each one given must be in scope (403), whatever it carries. */
export async function payloadCompany(db: Db, scope: Scope, companyId?: number, companyNumber?: string) {
  const byId = companyId ? (await db.select().from(companies).where(eq(companies.id, companyId)))[0] : undefined;
  const byNumber = companyNumber ? (await db.select().from(companies).where(sameText(companies.companyNumber, companyNumber)))[0] : undefined;
  if ((companyId && !scope.hasCompanyId(companyId)) || (companyNumber && !scope.hasCompanyNumber(companyNumber))) {
    if (!scope.all) return forbidden();
  }
  if ((companyId && !byId) || (companyNumber && !byNumber)) return refuse('notFound');
  return (byId ?? byNumber)!;
}

/** The ids of a department's descendants, from the company's departments. */
function descendantsOf(all: Array<{ id: number; parentId: number | null }>, id: number): Set<number> {
  const out = new Set<number>();
  const queue = [id];
  while (queue.length) {
    const cur = queue.shift()!;
    for (const d of all) {
      if (d.parentId !== cur || out.has(d.id)) continue;
      out.add(d.id);
      queue.push(d.id);
    }
  }
  return out;
}

/** Rewrites the paths under a department after its name or place changed. */
async function rewritePaths(tx: Tx, companyId: number, rootId: number, rootPath: string) {
  const all = await tx
    .select({ id: departments.id, parentId: departments.parentId, name: departments.departmentName })
    .from(departments)
    .where(eq(departments.companyId, companyId));
  const paths = new Map([[rootId, rootPath]]);
  const queue = [rootId];
  while (queue.length) {
    const cur = queue.shift()!;
    for (const d of all.filter((x) => x.parentId === cur)) {
      const path = `${paths.get(cur)}/${d.name}`;
      paths.set(d.id, path);
      queue.push(d.id);
      await tx.update(departments).set({ departmentPath: path }).where(eq(departments.id, d.id));
    }
  }
}

/** The leader must be an existing user inside the caller's scope; answers the stored number. */
export async function leaderNumberOf(db: Db, scope: Scope, number?: string): Promise<string | null> {
  if (!number) return null;
  const [u] = await db.select({ number: users.number, companyId: users.companyId }).from(users).where(sameText(users.number, number));
  if (!u) return refuse('userNotExist');
  if (!scope.all) scope.assertCompanyId(u.companyId);
  return u.number;
}

export async function saveDepartment(db: Db, user: AuthUser, scope: Scope, input: DepartmentForm): Promise<number> {
  const company = await payloadCompany(db, scope, input.companyId, input.companyNumber);
  const current = input.id ? await departmentInScope(db, scope, input.id) : undefined;
  const companyChanged = !current || current.companyId !== company.id;
  if (companyChanged && company.isDisabled) return refuse('departmentCompanyDisabled');

  const siblings = await db
    .select({ id: departments.id, parentId: departments.parentId, name: departments.departmentName, path: departments.departmentPath, isDisabled: departments.isDisabled })
    .from(departments)
    .where(eq(departments.companyId, company.id));
  if (current && companyChanged) {
    // Moving to another company would leave its sub-departments and people behind.
    if (await hasChildren(db, current.id, false)) return refuse('departmentHasSubDepartments');
    if (await hasUsers(db, current.id, false)) return refuse('departmentHasUsers');
  }

  const parentId = input.parentId ?? null;
  let parentPath = '';
  if (parentId !== null) {
    const p = siblings.find((d) => d.id === parentId);
    const own = current && !companyChanged ? descendantsOf(siblings, current.id) : new Set<number>();
    if (!p || p.id === current?.id || own.has(p.id)) return refuse('departmentParentInvalid');
    if (p.isDisabled && (companyChanged || current?.parentId !== parentId)) return refuse('departmentParentDisabled');
    parentPath = p.path;
  }
  const name = input.departmentName;
  const dup = siblings.find((d) => d.id !== current?.id && d.parentId === parentId && d.name.toLowerCase() === name.toLowerCase());
  if (dup) return refuse('departmentExists');
  const leaderNumber = await leaderNumberOf(db, scope, input.leaderNumber);
  const departmentPath = parentPath ? `${parentPath}/${name}` : name;

  try {
    return await db.transaction(async (tx) => {
      if (!current) {
        // The number carries the row's id, so take the id first.
        const [next] = rowsOf<{ id: number }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('departments', 'id'))::int as id`));
        const id = Number(next.id);
        await tx.insert(departments).values({
          id,
          companyId: company.id,
          departmentNumber: `${company.companyNumber}-D${String(id).padStart(3, '0')}`,
          departmentName: name,
          parentId,
          departmentPath,
          leaderNumber,
          ...added(user),
        });
        return id;
      }
      await tx
        .update(departments)
        .set({ companyId: company.id, departmentName: name, parentId, departmentPath, leaderNumber, ...edited(user) })
        .where(eq(departments.id, current.id));
      if (departmentPath !== current.departmentPath) await rewritePaths(tx, company.id, current.id, departmentPath);
      return current.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return refuse('departmentExists');
    throw err;
  }
}

async function hasChildren(db: Db, id: number, enabledOnly: boolean) {
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.parentId, id), enabledOnly ? eq(departments.isDisabled, false) : undefined))
    .limit(1);
  return rows.length > 0;
}

async function hasUsers(db: Db, id: number, enabledOnly: boolean) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.departmentId, id), enabledOnly ? eq(users.isDisabled, false) : undefined))
    .limit(1);
  return rows.length > 0;
}

/**
 * Disabling needs no enabled sub-department and no enabled user in it; enabling needs the company and the parent enabled
 * (spec part 2 §4, checked in that order).
 */
export async function toggleDepartment(db: Db, user: AuthUser, scope: Scope, id: number, isDisabled: boolean, companyNumber?: string) {
  if (companyNumber && !scope.hasCompanyNumber(companyNumber) && !scope.all) return forbidden();
  const d = await departmentInScope(db, scope, id);
  if (isDisabled) {
    if (await hasChildren(db, id, true)) return refuse('departmentHasSubDepartments');
    if (await hasUsers(db, id, true)) return refuse('departmentHasUsers');
  } else {
    const [c] = await db.select({ isDisabled: companies.isDisabled }).from(companies).where(eq(companies.id, d.companyId));
    if (c.isDisabled) return refuse('departmentCompanyDisabled');
    if (d.parentId !== null) {
      const [p] = await db.select({ isDisabled: departments.isDisabled }).from(departments).where(and(eq(departments.id, d.parentId), ne(departments.id, id)));
      if (p?.isDisabled) return refuse('departmentParentDisabled');
    }
  }
  await db.update(departments).set(toggled(user, isDisabled)).where(eq(departments.id, id));
}
