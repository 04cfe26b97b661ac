// Query pieces every module shares: contains filters, country-scope conditions, paging with cached counts,
// unique-violation mapping and the audit fields (always from the token's user, never from a payload's UserNumber: DESIGN §4).
import { getTableName, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { ListParams, ListResult } from '@/shared/contracts/endpoint';
import type { MessageKey } from '@/shared/contracts/messages';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { cached, shareList } from '../../plugins/cache';
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

const dialect = new PgDialect();

/**
 * The count of a paged list: the tables it reads (the topics whose writes change it), what it counts (its filter,
 * or a key that says the same: the filter values, scope included), and its query.
 */
export interface ListCount {
  tables: readonly string[];
  where: SQL | undefined;
  key?: string;
  /** What else the rows (not the count) depend on, e.g. scopeKey(scope) when they show only names in scope. */
  vary?: string;
  run(): PromiseLike<number>;
}

/** The caller's scope as a key part. */
export const scopeKey = (scope: Scope) => (scope.all ? 'all' : scope.companyIds.join(','));

/** count(*) of one table under a filter. */
export function countOf(db: Db, table: PgTable, where: SQL | undefined): ListCount {
  return {
    tables: [getTableName(table)],
    where,
    run: async () => (await db.select({ n: countExpr }).from(table).where(where))[0].n,
  };
}

/** What a list counts, as a cache key: the given key, or the rendered filter (which carries the caller's scope). */
function filterKey(c: ListCount): string {
  if (c.key !== undefined) return c.key;
  const q = c.where ? dialect.sqlToQuery(c.where) : { sql: '', params: [] };
  return `${q.sql}\u0000${JSON.stringify(q.params)}`;
}

/**
 * A list's total, counted once per filter and kept until one of its tables is written (plugins/cache.ts): counting
 * every page was most of a list's cost. Two scopes never share a count; concurrent pages of one filter share one.
 */
export function cachedCount(db: Db, c: ListCount): Promise<number> {
  return cached(db, c.tables, `count:${filterKey(c)}`, async () => Number(await c.run()));
}

/**
 * {items, count} of a paged list, every list's one way. The page's rows and the total are each read once per
 * filter, scope and page and kept until a write to one of the list's tables (so `tables` must name every table
 * the rows read). Concurrent requests for one page share one read. A short page gives the exact count. The rows
 * are shared by every request that reads them: callers map them inside `rows`, never after.
 */
export async function pageOf<T>(
  db: Db,
  p: { pageIndex: number; pageSize: number },
  rows: () => PromiseLike<T[]>,
  count: ListCount,
): Promise<ListResult<T>> {
  const key = filterKey(count);
  const [items, n] = await Promise.all([
    cached(db, count.tables, `page:${p.pageIndex}:${p.pageSize}:${count.vary ?? ''}:${key}`, async () => shareList(await rows())),
    cached(db, count.tables, `count:${key}`, async () => Number(await count.run())),
  ]);
  const exact = items.length && items.length < p.pageSize ? offsetOf(p) + items.length : null;
  return { items, count: exact ?? n };
}

const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * A hot query built once per database and name (drizzle `.prepare(name)` with `sql.placeholder` values): its SQL is
 * not rebuilt on every call and, on PostgreSQL, each pooled connection parses and plans it once. Names are global on
 * a connection: one name, one SQL text.
 */
export function prepared<P>(db: Db, name: string, build: () => P): P {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name) as P | undefined;
  if (!statement) byName.set(name, (statement = build()));
  return statement;
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
