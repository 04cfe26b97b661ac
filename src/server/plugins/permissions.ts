// Menus are the permission model (DESIGN §5): roles grant menu entries to companies, departments and users.
// A type-3 (API) entry is granted directly or through its granted parent (the screen or button that uses it).
// What a user holds is read once and cached per user (plugins/cache.ts, topic 'grants').
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cached } from './cache';

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

/** What a user's roles grant, read once per user and kept in the 'grants' cache until a role, menu, user,
 * department or company is written (modules/index.ts). */
interface Grants {
  /** Menu id → all-data flag. */
  menus: Map<number, boolean>;
  /** Lower-cased paths of the type-3 entries the user may call. */
  apis: Set<string>;
  /** Codes of the granted entries (button permissions). */
  buttons: Set<string>;
  /** Lower-cased route paths of data-scoped screens on which the user sees only the records they added. */
  ownDataOnly: Set<string>;
}

async function loadGrants(db: Db, u: GrantSubject): Promise<Grants> {
  const roles = rolesOf(u);
  const [menuRows, apiRows, buttonRows, screenRows] = await Promise.all([
    db.execute(sql`select rm.menu_id, bool_or(rm.all_data) as all_data from role_menus rm where rm.role_id in ${roles} group by rm.menu_id`),
    db.execute(sql`select distinct lower(m.route_path) as path from menus m
      where m.type = 3 and not m.is_disabled and (m.no_requires_auth or exists (
        select 1 from role_menus rm where rm.menu_id in (m.id, m.parent_menu_id) and rm.role_id in ${roles}))`),
    db.execute(sql`select distinct m.code from menus m join role_menus rm on rm.menu_id = m.id
      where m.code is not null and not m.is_disabled and rm.role_id in ${roles}`),
    // The first data-scoped entry of each route path decides, as a lookup by path would.
    db.execute(sql`select distinct on (lower(m.route_path)) lower(m.route_path) as path,
        exists (select 1 from role_menus rm where rm.menu_id = m.id and rm.all_data and rm.role_id in ${roles}) as all_data
      from menus m where m.is_data and m.route_path is not null order by lower(m.route_path), m.id`),
  ]);
  return {
    menus: new Map(rowsOf<{ menu_id: number; all_data: boolean }>(menuRows).map((r) => [Number(r.menu_id), Boolean(r.all_data)])),
    apis: new Set(rowsOf<{ path: string }>(apiRows).map((r) => r.path)),
    buttons: new Set(rowsOf<{ code: string }>(buttonRows).map((r) => r.code)),
    ownDataOnly: new Set(rowsOf<{ path: string; all_data: boolean }>(screenRows).filter((r) => !r.all_data).map((r) => r.path)),
  };
}

const grantsOf = (db: Db, u: GrantSubject) => cached(db, 'grants', `${u.id}:${u.companyId}:${u.departmentId}`, () => loadGrants(db, u));

/** Ids of the menu entries a user's roles grant, with their all-data flag (a copy the caller may change). */
export async function grantedMenus(db: Db, u: GrantSubject): Promise<Map<number, boolean>> {
  return new Map((await grantsOf(db, u)).menus);
}

/** May the user call this API path? admin: always; no-requires-auth entries: any signed-in user. */
export async function hasApiGrant(db: Db, u: GrantSubject, path: string): Promise<boolean> {
  if (u.isAdmin) return true;
  return (await grantsOf(db, u)).apis.has(path.toLowerCase());
}

/** Does the user hold a button permission (a type-2 entry, by its seed code)? */
export async function hasButton(db: Db, u: GrantSubject, code: string): Promise<boolean> {
  if (u.isAdmin) return true;
  return (await grantsOf(db, u)).buttons.has(code);
}

/**
 * Data scope of a screen: true when the user sees every record in their country scope (admin, a screen without the
 * isData flag, or a role granting the screen with all-data); false when they see only the records they added.
 */
export async function seesAllDataOn(db: Db, u: GrantSubject, screenRoutePath: string): Promise<boolean> {
  if (u.isAdmin) return true;
  return !(await grantsOf(db, u)).ownDataOnly.has(screenRoutePath.toLowerCase());
}

/** node-postgres returns {rows}, PGlite returns {rows} too, but typed apart: one accessor. */
export function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}
