// Country scope and data scope (DESIGN §5), computed on the server for every read and write.
import { eq, inArray, sql } from 'drizzle-orm';
import { allowedCompanies } from '@/shared/domain/country-scope';
import type { Db } from '../db/client';
import { companies, menus } from '../db/schema/index';
import type { AuthUser } from './auth';
import { HttpError } from './errors';
import { rolesOf, rowsOf } from './permissions';

export interface Scope {
  /** admin: every company. */
  all: boolean;
  companyNumbers: string[];
  companyIds: number[];
  hasCompanyNumber(n: string | null | undefined): boolean;
  hasCompanyId(id: number | null | undefined): boolean;
  /** Throws 403 (msg 401) when the company is outside the scope. */
  assertCompanyId(id: number | null | undefined): void;
  assertCompanyNumber(n: string | null | undefined): void;
}

export async function scopeOf(db: Db, user: AuthUser | null): Promise<Scope> {
  const all = await db.select({ id: companies.id, companyNumber: companies.companyNumber }).from(companies);
  const allowed = user ? new Set(allowedCompanies(user, all.map((c) => c.companyNumber)).map((c) => c.toUpperCase())) : new Set<string>();
  const inScope = all.filter((c) => allowed.has(c.companyNumber.toUpperCase()));
  const ids = new Set(inScope.map((c) => c.id));
  const scope: Scope = {
    all: Boolean(user?.isAdmin),
    companyNumbers: inScope.map((c) => c.companyNumber),
    companyIds: [...ids],
    hasCompanyNumber: (n) => !!n && allowed.has(n.toUpperCase()),
    hasCompanyId: (id) => id != null && ids.has(id),
    assertCompanyId: (id) => {
      if (!scope.hasCompanyId(id)) throw new HttpError(403, '401');
    },
    assertCompanyNumber: (n) => {
      if (!scope.hasCompanyNumber(n)) throw new HttpError(403, '401');
    },
  };
  return scope;
}

/**
 * Data scope of a screen: true when the user sees every record in their country scope
 * (admin, a screen without the isData flag, or a role granting the screen with all-data);
 * false when they see only the records they added.
 */
export async function seesAllData(db: Db, user: AuthUser, screenRoutePath: string): Promise<boolean> {
  if (user.isAdmin) return true;
  const menu = await db
    .select({ id: menus.id, isData: menus.isData })
    .from(menus)
    .where(eq(sql`lower(${menus.routePath})`, screenRoutePath.toLowerCase()));
  const screen = menu.find((m) => m.isData);
  if (!screen) return true;
  const rows = await db.execute(
    sql`select 1 from role_menus rm where rm.menu_id = ${screen.id} and rm.all_data and rm.role_id in ${rolesOf(user)} limit 1`,
  );
  return rowsOf(rows).length > 0;
}

/** Company ids for a list of company numbers (used when payloads carry numbers). */
export async function companyIdsOf(db: Db, numbers: string[]): Promise<number[]> {
  if (!numbers.length) return [];
  const rows = await db.select({ id: companies.id }).from(companies).where(inArray(companies.companyNumber, numbers));
  return rows.map((r) => r.id);
}
