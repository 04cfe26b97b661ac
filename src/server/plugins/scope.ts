// Country scope and data scope (DESIGN §5), computed on the server for every read and write, from cached companies
// and grants (plugins/cache.ts).
import { inArray } from 'drizzle-orm';
import { allowedCompanies } from '@/shared/domain/country-scope';
import type { Db } from '../db/client';
import { companies } from '../db/schema/index';
import type { AuthUser } from './auth';
import { HttpError } from './errors';
import { cached } from './cache';
import { seesAllDataOn } from './permissions';

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

/** Every company's id and number, cached until a company is written (topic 'companies'). */
const allCompanies = (db: Db) =>
  cached(db, 'companies', 'all', () => db.select({ id: companies.id, companyNumber: companies.companyNumber }).from(companies));

/** The scope of a user, made once per user until a company is written. */
export function scopeOf(db: Db, user: AuthUser | null): Promise<Scope> {
  if (!user) return buildScope(db, null);
  return cached(db, 'companies', `scope:${user.id}:${user.number}:${user.companyNumber}`, () => buildScope(db, user));
}

async function buildScope(db: Db, user: AuthUser | null): Promise<Scope> {
  const all = await allCompanies(db);
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
  return seesAllDataOn(db, user, screenRoutePath);
}

/** Company ids for a list of company numbers (used when payloads carry numbers). */
export async function companyIdsOf(db: Db, numbers: string[]): Promise<number[]> {
  if (!numbers.length) return [];
  const rows = await db.select({ id: companies.id }).from(companies).where(inArray(companies.companyNumber, numbers));
  return rows.map((r) => r.id);
}
