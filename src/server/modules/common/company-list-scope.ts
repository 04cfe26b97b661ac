// Country scope (DESIGN §5, §9) of master data that keeps its companies as a comma-separated text column: vendors'
// `companys` and product models' `remarks`. The rule is the products' one: a row is visible when its companies overlap
// the scope and may be changed only when all of them lie inside it. An empty list means group-wide: visible to
// everyone, changeable only by a user whose scope is every company (the super user).
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { splitCompanys } from '@/shared/domain/master-data';
import { forbidden, refuse } from '../../plugins/errors';
import type { Scope } from '../../plugins/scope';
import { invalidFields } from './query';

/** The column as an upper-case array of company numbers (spaces around commas ignored). */
const asArray = (col: SQLWrapper) => sql`regexp_split_to_array(upper(trim(${col})), '\\s*,\\s*')`;

/** Rows the scope sees: group-wide ones and those sharing a company with the scope (admin: no condition). */
export function companyListVisible(col: SQLWrapper, scope: Scope): SQL | undefined {
  if (scope.all) return undefined;
  const groupWide = sql`trim(${col}) = ''`;
  const mine = scope.companyNumbers.map((c) => c.toUpperCase());
  if (!mine.length) return groupWide;
  return sql`(${groupWide} or ${asArray(col)} && array[${sql.join(
    mine.map((c) => sql`${c}`),
    sql`, `,
  )}]::text[])`;
}

/** Visible: group-wide, or some company inside the scope. */
export function seesCompanys(scope: Scope, stored: string): boolean {
  const list = splitCompanys(stored);
  return scope.all || !list.length || list.some((c) => scope.hasCompanyNumber(c));
}

/** Changeable: every company inside the scope; a group-wide row only with every company in scope. */
export function ownsCompanys(scope: Scope, list: readonly string[]): boolean {
  return scope.all || (list.length > 0 && list.every((c) => scope.hasCompanyNumber(c)));
}

/** A stored row the caller may change: unseen → 403 (msg 401); seen but shared outside the scope → outOfScope. */
export function assertMayChangeCompanys(scope: Scope, stored: string) {
  if (!seesCompanys(scope, stored)) forbidden();
  if (!ownsCompanys(scope, splitCompanys(stored))) refuse('outOfScope');
}

/**
 * The companies a save would store must all lie in the scope (a form offers no others): 403 otherwise. Only the
 * super user stores an empty (group-wide) list; for anyone else the field is required (400, shown under the input).
 */
export function assertOwnsNewCompanys(scope: Scope, list: readonly string[], field: string) {
  if (!scope.all && !list.length) invalidFields([{ field, message: 'required' }]);
  if (!ownsCompanys(scope, list)) forbidden();
}
