// Query pieces every module shares: contains filters, country-scope conditions, paging, unique-violation mapping and
// the audit fields (always from the token's user, never from a payload's UserNumber: DESIGN §4).
import { inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ListParams, ListResult } from '@/shared/contracts/endpoint';
import type { MessageKey } from '@/shared/contracts/messages';
import type { AuthUser } from '../../plugins/auth';
import { HttpError, refuse } from '../../plugins/errors';
import type { Scope } from '../../plugins/scope';
import type { ServerFieldKind } from '@/shared/contracts/field-messages';

/** Escapes LIKE wildcards so a user's %, _ or backslash matches itself. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern for "contains". */
export const containsPattern = (s: string) => `%${likeEscape(s)}%`;

/** Case-insensitive "contains". */
export const contains = (col: SQLWrapper, text: string): SQL => sql`${col} ilike ${containsPattern(text)}`;

/** Case-insensitive equality of text. */
export const sameText = (col: SQLWrapper, text: string): SQL => sql`lower(${col}) = ${text.toLowerCase()}`;

/** Rows whose company column is in the caller's country scope (admin: no condition). */
export function inScope(companyIdCol: SQLWrapper, scope: Scope): SQL | undefined {
  if (scope.all) return undefined;
  if (!scope.companyIds.length) return sql`false`;
  return inArray(companyIdCol, scope.companyIds);
}

/** The offset of a page (pageIndex starts at 1). */
export const offsetOf = (p: { pageIndex: number; pageSize: number }) => (p.pageIndex - 1) * p.pageSize;
export const pageSlice = (p: ListParams) => ({ limit: p.pageSize, offset: offsetOf(p) });

export const countExpr = sql<number>`count(*)::int`;

/**
 * Rows selected with `total: count(*) over()` become {items, count}. A page past the end has no rows to carry
 * the total, so then (only) the count is asked for separately.
 */
export async function toPage<R extends { total: number }>(
  rows: R[],
  p: { pageIndex: number },
  recount: () => Promise<number>,
): Promise<ListResult<Omit<R, 'total'>>> {
  const count = rows.length ? Number(rows[0].total) : p.pageIndex > 1 ? await recount() : 0;
  return { items: rows.map(({ total: _total, ...item }) => item), count };
}

/** The name of the unique index a PostgreSQL error (pg or PGlite, possibly wrapped by drizzle) violated. */
export function violatedUnique(err: unknown): string | null {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
    e = e.cause as typeof e;
  }
  return null;
}

/**
 * Runs a write and turns a unique violation into the business refusal of its index (spec part 2 §8), so two
 * requests racing past the existence checks still get the right message.
 */
export async function withUniqueKeys<T>(write: () => Promise<T>, keys: Record<string, MessageKey>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const index = violatedUnique(err);
    if (index !== null) return refuse(keys[index] ?? 'dataDuplication');
    throw err;
  }
}

/** A unique index said no (a concurrent save won the race). */
export const isUniqueViolation = (err: unknown): boolean => violatedUnique(err) !== null;

export const added = (user: AuthUser) => ({ addUserNumber: user.number, addTime: new Date() });
export const edited = (user: AuthUser) => ({ editUserNumber: user.number, editTime: new Date() });
/** The fields a disable toggle writes: the flag, and who flipped it when. */
export const toggled = (user: AuthUser, isDisabled: boolean) => ({
  isDisabled,
  disabledTime: new Date(),
  disabledUserNumber: user.number,
});

/** 400 validationError with field errors, for rules a schema cannot check (references to other records). */
export const invalidFields = (fields: Array<{ field: string; message: ServerFieldKind | `${ServerFieldKind}:${string}` }>): never => {
  throw new HttpError(400, 'validationError', fields);
};

/** Trimmed optional text as stored ('' when not given). */
export const text = (v: string | null | undefined) => (v ?? '').trim();
