// Roles (spec part 2 §2 Roles, §6; DESIGN §5): a role grants menu entries, with an all-data flag each, to companies,
// departments and users. Grants are read on every request, so a change applies to the affected users' next call.
// Country scope: a caller sees and edits the grantees inside their scope; grantees outside it are kept as they are,
// and the rights of a role that reaches outside the caller's scope (its menus and all-data flags) are not theirs to change.
import { and, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ListParams } from '@/shared/contracts/endpoint';
import type { RoleForm } from '@/shared/contracts/role';
import type { Db } from '../../db/client';
import { companies, departments, menus, roleCompanies, roleDepartments, roleMenus, roles, roleUsers, users } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { forbidden, HttpError, refuse } from '../../plugins/errors';
import { grantedMenus } from '../../plugins/permissions';
import type { Scope } from '../../plugins/scope';
import { added, contains, countOf, edited, isUniqueViolation, pageOf, pageSlice, sameText, scopeKey, toggled } from '../common/query';

/** `col in (ids)` for the scope's companies; no condition for admin. */
function scopeIn(col: SQLWrapper, scope: Scope): SQL {
  if (scope.all) return sql`true`;
  if (!scope.companyIds.length) return sql`false`;
  return sql`${col} in (${sql.join(
    scope.companyIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** Comma-joined names of a role's grantees inside the scope. */
const names = (scope: Scope) => ({
  companyNames: sql<string>`coalesce((select string_agg(c.company_name, ',' order by c.id) from role_companies x
    join companies c on c.id = x.company_id where x.role_id = roles.id and ${scopeIn(sql`c.id`, scope)}), '')`,
  departmentNames: sql<string>`coalesce((select string_agg(d.department_name, ',' order by d.id) from role_departments x
    join departments d on d.id = x.department_id where x.role_id = roles.id and ${scopeIn(sql`d.company_id`, scope)}), '')`,
  userNames: sql<string>`coalesce((select string_agg(u.name, ',' order by u.id) from role_users x
    join users u on u.id = x.user_id where x.role_id = roles.id and ${scopeIn(sql`u.company_id`, scope)}), '')`,
});

export async function rolePage(
  db: Db,
  scope: Scope,
  q: ListParams & { isDisabled?: boolean; companyNumber?: string; departmentNumber?: string; userNumber?: string; roleName?: string },
) {
  const where = and(
    q.isDisabled === undefined ? undefined : eq(roles.isDisabled, q.isDisabled),
    q.roleName ? contains(roles.roleName, q.roleName) : undefined,
    q.companyNumber
      ? sql`exists (select 1 from role_companies x join companies c on c.id = x.company_id
          where x.role_id = roles.id and lower(c.company_number) = ${q.companyNumber.toLowerCase()})`
      : undefined,
    q.departmentNumber
      ? sql`exists (select 1 from role_departments x join departments d on d.id = x.department_id
          where x.role_id = roles.id and lower(d.department_number) = ${q.departmentNumber.toLowerCase()})`
      : undefined,
    q.userNumber
      ? sql`exists (select 1 from role_users x join users u on u.id = x.user_id
          where x.role_id = roles.id and lower(u.number) = ${q.userNumber.toLowerCase()})`
      : undefined,
  );
  const { limit, offset } = pageSlice(q);
  const rows = () =>
    db
      .select({ id: roles.id, roleName: roles.roleName, ...names(scope), isDisabled: roles.isDisabled })
      .from(roles)
      .where(where)
      .orderBy(desc(roles.id))
      .limit(limit)
      .offset(offset);
  // The rows name grantees inside the caller's scope (not in the filter: in `vary`), from the tables listed.
  return pageOf(db, q, rows, { ...countOf(db, roles, where), tables: ['roles', 'companies', 'departments', 'users'], vary: scopeKey(scope) });
}

/** The grantees of a role, with the company each belongs to (for the scope). */
async function granteesOf(db: Db, roleId: number) {
  const [cs, ds, us, ms] = await Promise.all([
    db.select({ id: roleCompanies.companyId, companyId: roleCompanies.companyId }).from(roleCompanies).where(eq(roleCompanies.roleId, roleId)),
    db
      .select({ id: roleDepartments.departmentId, companyId: departments.companyId })
      .from(roleDepartments)
      .innerJoin(departments, eq(departments.id, roleDepartments.departmentId))
      .where(eq(roleDepartments.roleId, roleId)),
    db
      .select({ id: roleUsers.userId, companyId: users.companyId })
      .from(roleUsers)
      .innerJoin(users, eq(users.id, roleUsers.userId))
      .where(eq(roleUsers.roleId, roleId)),
    db.select({ id: roleMenus.menuId, allData: roleMenus.allData }).from(roleMenus).where(eq(roleMenus.roleId, roleId)),
  ]);
  return { companys: cs, departments: ds, users: us, menus: ms };
}

async function roleRow(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select({ id: roles.id, roleName: roles.roleName, ...names(scope), isDisabled: roles.isDisabled })
    .from(roles)
    .where(eq(roles.id, id));
  return row ?? refuse('roleNotExist');
}

const joinIds = (rows: Array<{ id: number }>) => rows.map((r) => r.id).sort((a, b) => a - b).join(',');

export async function roleById(db: Db, scope: Scope, id: number) {
  const row = await roleRow(db, scope, id);
  const g = await granteesOf(db, id);
  const mine = (r: { companyId: number | null }) => scope.all || scope.hasCompanyId(r.companyId);
  return {
    ...row,
    companys: joinIds(g.companys.filter(mine)),
    departments: joinIds(g.departments.filter(mine)),
    users: joinIds(g.users.filter(mine)),
    menuIds: joinIds(g.menus),
    menuAllData: joinIds(g.menus.filter((m) => m.allData)),
  };
}

/** Ids that do not exist: a validation error naming the field. */
async function assertExist(db: Db, field: string, table: typeof companies | typeof departments | typeof users | typeof menus, ids: number[]) {
  if (!ids.length) return;
  const found = new Set((await db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id));
  const missing = ids.filter((i) => !found.has(i));
  if (missing.length) throw new HttpError(400, 'validationError', [{ field, message: `notFound:${missing.join(',')}` }]);
}

/**
 * The grantee ids to store: the payload's ids (each inside the scope, or already on the role, else 403)
 * plus the role's current grantees outside the scope, which the caller can neither see nor remove.
 */
async function scopedIds(
  scope: Scope,
  wanted: number[],
  current: Array<{ id: number; companyId: number | null }>,
  companyOf: (ids: number[]) => Promise<Array<{ id: number; companyId: number | null }>>,
): Promise<number[]> {
  if (scope.all) return wanted;
  const had = new Set(current.map((c) => c.id));
  const rows = await companyOf(wanted);
  for (const r of rows) if (!scope.hasCompanyId(r.companyId) && !had.has(r.id)) forbidden();
  const hidden = current.filter((c) => !scope.hasCompanyId(c.companyId)).map((c) => c.id);
  return [...new Set([...wanted, ...hidden])];
}

export async function saveRole(db: Db, user: AuthUser, scope: Scope, input: RoleForm): Promise<number> {
  const current = input.id ? await roleRow(db, scope, input.id) : undefined;
  const [dup] = await db.select({ id: roles.id }).from(roles).where(sameText(roles.roleName, input.roleName));
  if (dup && dup.id !== current?.id) return refuse('roleNameExists');

  await assertExist(db, 'companys', companies, input.companys);
  await assertExist(db, 'departments', departments, input.departments);
  await assertExist(db, 'users', users, input.users);
  const menuIds = [...new Set([...input.menuIds, ...input.menuAllData])];
  await assertExist(db, 'menuIds', menus, menuIds);

  const g = current ? await granteesOf(db, current.id) : undefined;
  const companyIds = await scopedIds(scope, input.companys, g?.companys ?? [], async (ids) => ids.map((id) => ({ id, companyId: id })));
  const departmentIds = await scopedIds(scope, input.departments, g?.departments ?? [], (ids) =>
    ids.length ? db.select({ id: departments.id, companyId: departments.companyId }).from(departments).where(inArray(departments.id, ids)) : Promise.resolve([]),
  );
  const userIds = await scopedIds(scope, input.users, g?.users ?? [], (ids) =>
    ids.length ? db.select({ id: users.id, companyId: users.companyId }).from(users).where(inArray(users.id, ids)) : Promise.resolve([]),
  );
  const allData = new Set(input.menuAllData);
  if (g && !scope.all) assertSameRightsOutsideScope(scope, g, menuIds, allData);
  if (!user.isAdmin) await assertWithinOwnRights(db, user, g, menuIds, allData);

  try {
    return await db.transaction(async (tx) => {
      let roleId: number;
      if (current) {
        roleId = current.id;
        await tx.update(roles).set({ roleName: input.roleName, ...edited(user) }).where(eq(roles.id, roleId));
        await tx.delete(roleCompanies).where(eq(roleCompanies.roleId, roleId));
        await tx.delete(roleDepartments).where(eq(roleDepartments.roleId, roleId));
        await tx.delete(roleUsers).where(eq(roleUsers.roleId, roleId));
        await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
      } else {
        const [row] = await tx.insert(roles).values({ roleName: input.roleName, ...added(user) }).returning({ id: roles.id });
        roleId = row.id;
      }
      if (companyIds.length) await tx.insert(roleCompanies).values(companyIds.map((companyId) => ({ roleId, companyId })));
      if (departmentIds.length) await tx.insert(roleDepartments).values(departmentIds.map((departmentId) => ({ roleId, departmentId })));
      if (userIds.length) await tx.insert(roleUsers).values(userIds.map((userId) => ({ roleId, userId })));
      if (menuIds.length) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId, menuId, allData: allData.has(menuId) })));
      return roleId;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return refuse('roleNameExists');
    throw err;
  }
}

type Grantees = Awaited<ReturnType<typeof granteesOf>>;

const reachesOutside = (scope: Scope, g: Grantees) =>
  [...g.companys, ...g.departments, ...g.users].some((r) => !scope.hasCompanyId(r.companyId));

/** Changing the menus or all-data flags of a role that reaches another country would change that country's rights. */
function assertSameRightsOutsideScope(scope: Scope, g: Grantees, menuIds: number[], allData: Set<number>) {
  if (!reachesOutside(scope, g)) return;
  const before = new Map(g.menus.map((m) => [m.id, m.allData]));
  const same = before.size === menuIds.length && menuIds.every((id) => before.has(id) && before.get(id) === allData.has(id));
  if (!same) forbidden();
}

/** Nobody but the super user grants more than they hold: an entry the role did not have must be one of the caller's,
 * and an all-data flag it did not have one the caller has on that entry. What the role already had may stay. */
async function assertWithinOwnRights(db: Db, user: AuthUser, g: Grantees | undefined, menuIds: number[], allData: Set<number>) {
  const before = new Map((g?.menus ?? []).map((m) => [m.id, m.allData]));
  const held = await grantedMenus(db, user);
  const beyond = menuIds.some((id) => (!before.has(id) && !held.has(id)) || (allData.has(id) && !before.get(id) && !held.get(id)));
  if (beyond) refuse('roleGrantBeyondOwn');
}

/** Deleting or disabling a role changes the rights of its grantees: every grantee must be inside the caller's scope. */
async function assertWholeRoleInScope(db: Db, scope: Scope, id: number) {
  await roleRow(db, scope, id);
  if (scope.all) return;
  if (reachesOutside(scope, await granteesOf(db, id))) forbidden();
}

export async function deleteRole(db: Db, scope: Scope, id: number) {
  await assertWholeRoleInScope(db, scope, id);
  // The join rows go with the role (on delete cascade).
  await db.delete(roles).where(eq(roles.id, id));
}

export async function toggleRole(db: Db, user: AuthUser, scope: Scope, id: number, isDisabled: boolean) {
  await assertWholeRoleInScope(db, scope, id);
  await db.update(roles).set(toggled(user, isDisabled)).where(eq(roles.id, id));
}
