// Monthly exchange rates (spec part 1 §2 /ExchangeRateList, /ExchangeRateAdd, /ExchangeRateEdit; DESIGN §7): the
// paged list, one rate, and add/edit. A rate is local units per 1 RMB for a company's currency in a year-month; one
// per year-month, company and currency pair (dataDuplication, also when two saves race: the unique index decides).
// Country scope on every read and write (DESIGN §5): a list is filtered, a rate of another country is 403. The
// screen has no all-data flag, so whoever may open it sees every rate of their countries, whoever added it.
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { ListResult } from '@/shared/contracts/endpoint';
import { REPORT_CURRENCY, type exchangeRateForm, type ExchangeRateItem } from '@/shared/contracts/exchange-rate';
import type { FieldError } from '@/shared/contracts/field-messages';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { companies, currencies, exchangeRates } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { refuse } from '../../plugins/errors';
import type { Scope } from '../../plugins/scope';
import { added, countExpr, edited, inScope, offsetOf, pageOf, sameText, withUniqueKeys, type ListCount } from '../common/query';
import { countryOf, invalid } from '../common/sales-access';

type ExchangeRateForm = z.output<typeof exchangeRateForm>;

const E = exchangeRates;
/** Every table a list row reads (its cached pages and counts are dropped when one of them is written). */
const LIST_TABLES = ['exchange_rates', 'companies'] as const;
const uniqueKeys = { exchange_rates_key_uq: 'dataDuplication' } as const;

const itemColumns = {
  id: E.id,
  companyId: E.companyId,
  yearMonth: E.yearMonth,
  country: companies.companyNumber,
  countryName: companies.companyName,
  oriCurrency: E.oriCurrency,
  locCurrency: E.locCurrency,
  exchangerate: E.exchangerate,
  version: E.version,
  addUserNumber: E.addUserNumber,
  addTime: E.addTime,
};
type ItemRow = { companyId: number; addTime: Date } & Omit<ExchangeRateItem, 'addTime'>;

const toItem = ({ companyId: _c, addTime, ...r }: ItemRow): ExchangeRateItem => ({ ...r, addTime: addTime.toISOString() });

const selectItems = (db: Db | Tx) => db.select(itemColumns).from(E).innerJoin(companies, eq(companies.id, E.companyId));

/** A company outside the caller's country scope is 403 (msg 401), as if it did not exist. */
const assertInScope = (scope: Scope, companyId: number) => {
  if (!scope.all) scope.assertCompanyId(companyId);
};

// ---- Reads

/**
 * The list of the caller's countries, newest month first, then by company number. keyword is a year-month matched
 * exactly (the spec's filter is a month picker); blank lists every month.
 */
export async function exchangeRatePage(db: Db, scope: Scope, p: { pageIndex: number; pageSize: number; keyword?: string }): Promise<ListResult<ExchangeRateItem>> {
  const where = and(inScope(E.companyId, scope), p.keyword === undefined ? undefined : eq(E.yearMonth, p.keyword));
  const count: ListCount = { tables: LIST_TABLES, where, run: async () => (await db.select({ n: countExpr }).from(E).where(where))[0].n };
  const rows = async () =>
    (
      await selectItems(db)
        .where(where)
        .orderBy(desc(E.yearMonth), asc(companies.companyNumber), asc(E.locCurrency), asc(E.id))
        .limit(p.pageSize)
        .offset(offsetOf(p))
    ).map(toItem);
  return pageOf(db, p, rows, count);
}

async function storedItem(db: Db | Tx, id: number): Promise<ItemRow> {
  const [row] = await selectItems(db).where(eq(E.id, id));
  return row ?? refuse('notFound');
}

export async function exchangeRateById(db: Db, scope: Scope, id: number): Promise<ExchangeRateItem> {
  const row = await storedItem(db, id);
  assertInScope(scope, row.companyId);
  return toItem(row);
}

// ---- Save

/**
 * The stored number of the local currency: an existing currency (any case), enabled unless the rate already had it
 * (an edit of an old rate whose currency has since been disabled keeps it).
 */
async function localCurrencyOf(tx: Tx, given: string, kept: string | undefined, errors: FieldError[]): Promise<string> {
  const [row] = await tx
    .select({ number: currencies.currencyNumber, isDisabled: currencies.isDisabled })
    .from(currencies)
    .where(sameText(currencies.currencyNumber, given));
  if (!row) errors.push({ field: 'locCurrency', message: 'notFound' });
  else if (row.isDisabled && row.number.toUpperCase() !== kept?.toUpperCase()) errors.push({ field: 'locCurrency', message: 'disabled' });
  return row?.number ?? given;
}

/**
 * Add (id 0) or edit (id > 0; an unknown one is refused notFound). The rate's company, before and after an edit,
 * must be in the caller's scope (403). An edit carrying a version other than the stored one is refused
 * (staleVersion, with the stored id and version). A second rate for the same year-month, company and currency pair,
 * by an add or an edit, is refused (dataDuplication, with that rate's id and version). Replies with the stored rate.
 */
export async function saveExchangeRate(db: Db, user: AuthUser, scope: Scope, input: ExchangeRateForm): Promise<ExchangeRateItem> {
  const savedId = await withUniqueKeys(
    () =>
      db.transaction(async (tx) => {
        const [stored] = input.id ? await tx.select().from(E).where(eq(E.id, input.id)).for('update') : [];
        if (input.id && !stored) refuse('notFound');
        if (stored) {
          assertInScope(scope, stored.companyId);
          if (input.version !== undefined && input.version !== stored.version) refuse('staleVersion', { id: stored.id, version: stored.version });
        }
        const company = await countryOf(tx, scope, input.country, stored?.companyId);
        const errors: FieldError[] = [];
        // The original currency is the reporting currency, always (spec: read-only RMB).
        if (input.oriCurrency.toUpperCase() !== REPORT_CURRENCY) errors.push({ field: 'oriCurrency', message: 'crud.validation.invalid' });
        const locCurrency = await localCurrencyOf(tx, input.locCurrency, stored?.locCurrency, errors);
        if (errors.length) invalid(errors);

        const [clash] = await tx
          .select({ id: E.id, version: E.version })
          .from(E)
          .where(
            and(
              eq(E.yearMonth, input.yearMonth),
              eq(E.companyId, company.id),
              sql`upper(${E.oriCurrency}) = ${REPORT_CURRENCY}`,
              sql`upper(${E.locCurrency}) = ${locCurrency.toUpperCase()}`,
              stored ? ne(E.id, stored.id) : undefined,
            ),
          )
          .limit(1);
        if (clash) refuse('dataDuplication', { id: clash.id, version: clash.version });

        const fields = { yearMonth: input.yearMonth, companyId: company.id, oriCurrency: REPORT_CURRENCY, locCurrency, exchangerate: input.exchangerate };
        if (stored) {
          await tx
            .update(E)
            .set({ ...fields, ...edited(user), version: sql`${E.version} + 1` })
            .where(eq(E.id, stored.id));
          return stored.id;
        }
        const [row] = await tx
          .insert(E)
          .values({ ...fields, ...added(user) })
          .returning({ id: E.id });
        return row.id;
      }),
    uniqueKeys,
  );
  return toItem(await storedItem(db, savedId));
}
