// Who may see and change which sales entry records (DESIGN §5): the caller's country scope and, per screen, whether
// they see every record of it or only those they added. Shared by the weekly, period and target services.
import { and, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FieldError } from '@/shared/contracts/field-messages';
import type { Db, Tx } from '../../db/client';
import { companies } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { forbidden, HttpError } from '../../plugins/errors';
import { seesAllData, type Scope } from '../../plugins/scope';
import { inScope, sameText } from '../common/query';

/** The screens whose all-data flag decides the data scope of their calls. */
export const SCREEN = { weekSales: '/WeekSalesDataList', salesData: '/SalesDataList', salesTarget: '/SalesTargetList' } as const;

export interface Access {
  user: AuthUser;
  scope: Scope;
  /** Sees every record of the country scope (else only the records the user added). */
  allData: boolean;
}

/** Read before any transaction: scope and grants are cached per database handle, which a transaction is not. */
export const accessOf = async (db: Db, user: AuthUser, scope: Scope, screen: string): Promise<Access> => ({
  user,
  scope,
  allData: await seesAllData(db, user, screen),
});

const isOwn = (a: Access, addUserNumber: string | null) => (addUserNumber ?? '').toLowerCase() === a.user.number.toLowerCase();

/** Would the caller see this record in a list? */
export const sees = (a: Access, row: { companyId: number; addUserNumber: string | null }) =>
  (a.scope.all || a.scope.hasCompanyId(row.companyId)) && (a.allData || isOwn(a, row.addUserNumber));

/** A record outside the caller's country scope, or another user's without all data: 403 (msg 401), as if unseen. */
export function assertMayTouch(a: Access, row: { companyId: number; addUserNumber: string | null }) {
  if (!a.scope.all) a.scope.assertCompanyId(row.companyId);
  if (!a.allData && !isOwn(a, row.addUserNumber)) forbidden();
}

/** The list condition: records of the caller's countries, and only their own unless they see all data. */
export const visible = (a: Access, companyCol: SQLWrapper, addUserCol: SQLWrapper): SQL | undefined =>
  and(inScope(companyCol, a.scope), a.allData ? undefined : sql`${addUserCol} = ${a.user.number}`);

/**
 * A list filter by country number. An unknown country, or one outside the scope (excluded by `visible`), gives an
 * empty list: lists are filtered, never refused (DESIGN §5).
 */
export const countryFilter = (db: Db, companyCol: SQLWrapper, country: string | undefined): SQL | undefined =>
  country === undefined ? undefined : inArray(companyCol, db.select({ id: companies.id }).from(companies).where(sameText(companies.companyNumber, country)));

/** 400 validationError with field errors the form shows under its inputs. */
export const invalid = (errors: FieldError[]): never => {
  throw new HttpError(400, 'validationError', errors);
};

export interface Country {
  id: number;
  number: string;
}

/**
 * The company of a payload's Country: an existing, enabled sales company (isFactory 2, OIH among them), else a 400
 * on the field; a disabled one is still accepted when the record already belongs to it (`keepId`). One outside the
 * caller's country scope is 403.
 */
export async function countryOf(db: Db | Tx, scope: Scope, country: string, keepId = 0): Promise<Country> {
  const [row] = await db
    .select({ id: companies.id, number: companies.companyNumber, isFactory: companies.isFactory, isDisabled: companies.isDisabled })
    .from(companies)
    .where(sameText(companies.companyNumber, country));
  if (!row || row.isFactory !== 2) invalid([{ field: 'country', message: 'notFound' }]);
  if (row.isDisabled && row.id !== keepId) invalid([{ field: 'country', message: 'disabled' }]);
  if (!scope.all) scope.assertCompanyId(row.id);
  return { id: row.id, number: row.number };
}
