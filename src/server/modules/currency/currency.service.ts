// Currencies: paged list, lookup, add/edit, disable toggle. The number is the upper-cased code, made on add and
// fixed afterwards because products, companies and exchange rates refer to it.
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CurrencyForm, CurrencyItem } from '@/shared/contracts/currency';
import type { Db } from '../../db/client';
import { currencies } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { refuse } from '../../plugins/errors';
import { added, containsPattern, edited, offsetOf, text, countOf, pageOf, toggled, withUniqueKeys } from '../common/query';

const item = {
  id: currencies.id,
  currency: currencies.currency,
  currencyNumber: currencies.currencyNumber,
  remarks: currencies.remarks,
  isDisabled: currencies.isDisabled,
};

const uniqueKeys = { currencies_currency_uq: 'currencyExists', currencies_number_uq: 'currencyNumberExists' } as const;

const search = (s: string | undefined): SQL | undefined =>
  s ? or(ilike(currencies.currency, containsPattern(s)), ilike(currencies.currencyNumber, containsPattern(s))) : undefined;

export async function currencyPage(db: Db, p: { pageIndex: number; pageSize: number; isDisabled?: boolean; currency?: string }) {
  const where = and(p.isDisabled === undefined ? undefined : eq(currencies.isDisabled, p.isDisabled), search(p.currency));
  const rows = () => db.select(item).from(currencies).where(where).orderBy(desc(currencies.id)).limit(p.pageSize).offset(offsetOf(p));
  return pageOf(db, p, rows, countOf(db, currencies, where));
}

export async function currencyList(db: Db, p: { keyword?: string; isAll?: boolean }) {
  return db
    .select({ id: currencies.id, currency: currencies.currency, currencyNumber: currencies.currencyNumber })
    .from(currencies)
    .where(and(p.isAll ? undefined : eq(currencies.isDisabled, false), search(p.keyword)))
    .orderBy(asc(currencies.currency));
}

export async function currencyById(db: Db, id: number): Promise<CurrencyItem> {
  const [row] = await db.select(item).from(currencies).where(eq(currencies.id, id));
  return row ?? refuse('notFound');
}

async function taken(db: Db, column: typeof currencies.currency | typeof currencies.currencyNumber, value: string, exceptId: number) {
  const rows = await db
    .select({ id: currencies.id })
    .from(currencies)
    .where(and(sql`lower(${column}) = lower(${value})`, exceptId ? ne(currencies.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function saveCurrency(db: Db, user: AuthUser, input: CurrencyForm): Promise<CurrencyItem> {
  const remarks = text(input.remarks);
  if (input.id) {
    await currencyById(db, input.id);
    if (await taken(db, currencies.currency, input.currency, input.id)) refuse('currencyExists');
    const [row] = await withUniqueKeys(
      () =>
        db
          .update(currencies)
          .set({ currency: input.currency, remarks, ...edited(user) })
          .where(eq(currencies.id, input.id))
          .returning(item),
      uniqueKeys,
    );
    return row;
  }
  const currencyNumber = input.currency.toUpperCase();
  if (await taken(db, currencies.currency, input.currency, 0)) refuse('currencyExists');
  if (await taken(db, currencies.currencyNumber, currencyNumber, 0)) refuse('currencyNumberExists');
  const [row] = await withUniqueKeys(
    () => db.insert(currencies).values({ currency: input.currency, currencyNumber, remarks, ...added(user) }).returning(item),
    uniqueKeys,
  );
  return row;
}

export async function toggleCurrency(db: Db, user: AuthUser, id: number, isDisabled: boolean) {
  const rows = await db.update(currencies).set(toggled(user, isDisabled)).where(eq(currencies.id, id)).returning({ id: currencies.id });
  if (!rows.length) refuse('notFound');
}
