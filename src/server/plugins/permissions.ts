// Menus are the permission model (DESIGN §5): roles grant menu entries to companies, departments and users.
// A type-3 (API) entry is granted directly or through its granted parent (the screen or button that uses it).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface GrantSubject {
  id: number;
  companyId: number | null;
  departmentId: number | null;
  isAdmin: boolean;
}

/** The ids of the enabled roles that reach a user through the user, their department or their company. */
export function rolesOf(u: GrantSubject): SQL {
  return sql`(select r.id from roles r where not r.is_disabled and (
    exists (select 1 from role_users x where x.role_id = r.id and x.user_id = ${u.id})
    or exists (select 1 from role_departments x where x.role_id = r.id and x.department_id = ${u.departmentId ?? -1})
    or exists (select 1 from role_companies x where x.role_id = r.id and x.company_id = ${u.companyId ?? -1})))`;
}

/** Ids of the menu entries a user's roles grant, with their all-data flag. */
export async function grantedMenus(db: Db, u: GrantSubject): Promise<Map<number, boolean>> {
  const rows = await db.execute<{ menu_id: number; all_data: boolean }>(
    sql`select rm.menu_id, bool_or(rm.all_data) as all_data from role_menus rm where rm.role_id in ${rolesOf(u)} group by rm.menu_id`,
  );
  return new Map(rowsOf<{ menu_id: number; all_data: boolean }>(rows).map((r) => [Number(r.menu_id), Boolean(r.all_data)]));
}

/** May the user call this API path? admin: always; no-requires-auth entries: any signed-in user. */
export async function hasApiGrant(db: Db, u: GrantSubject, path: string): Promise<boolean> {
  if (u.isAdmin) return true;
  const rows = await db.execute(sql`select 1 from menus m
    where m.type = 3 and not m.is_disabled and lower(m.route_path) = ${path.toLowerCase()}
      and (m.no_requires_auth or exists (
        select 1 from role_menus rm where rm.menu_id in (m.id, m.parent_menu_id) and rm.role_id in ${rolesOf(u)}))
    limit 1`);
  return rowsOf(rows).length > 0;
}

/** Does the user hold a button permission (a type-2 entry, by its seed code)? */
export async function hasButton(db: Db, u: GrantSubject, code: string): Promise<boolean> {
  if (u.isAdmin) return true;
  const rows = await db.execute(sql`select 1 from menus m join role_menus rm on rm.menu_id = m.id
    where m.code = ${code} and not m.is_disabled and rm.role_id in ${rolesOf(u)} limit 1`);
  return rowsOf(rows).length > 0;
}

/** node-postgres returns {rows}, PGlite returns {rows} too, but typed apart: one accessor. */
export function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}
