// Exchange rates (spec part 1 §2 /ExchangeRateList, /ExchangeRateAdd, /ExchangeRateEdit, §7, §8; DESIGN §5, §7, §9):
// add and edit through addexchangerate, one rate per year-month, company and currency pair (dataDuplication, also
// for racing adds and an edit onto another rate), versions, validation, the list by month with paging, the country
// scope of every read and write, the menu grants, and the demo rates. Test rates are in 2033–2035, away from the demo
// months (the current one and the two before).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/server/plugins/permissions';
import { seedRatesDemo } from '@/server/db/seed/demo-rates';
import { periodOf } from '@/shared/domain/sales';
import { CHANGED, client, startServer, type TestServer } from './helpers';

let s: TestServer;
let api: ReturnType<typeof client>;
let admin: string;
let tw: string;
let oih: string;
/** A user of the factory, whom no role grants anything. */
let factory: string;

const P = {
  page: '/api/ExchangeRate/getexchangeratepage',
  byId: '/api/ExchangeRate/getexchangeratebyid',
  save: '/api/ExchangeRate/addexchangerate',
};

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await s.app.db.execute(query));
}
const rateCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from exchange_rates`))[0].n;
const fieldsOf = (data: unknown) => (data as Array<{ field: string }>).map((f) => f.field).sort();

/** An addexchangerate body with the spec's keys (and a forged UserNumber the server ignores). */
const form = (over: Record<string, unknown> = {}) => ({
  Id: 0,
  YearMonth: '2033-01',
  Country: 'TW',
  OriCurrency: 'RMB',
  LocCurrency: 'TWD',
  Exchangerate: 4.4,
  UserNumber: 'forged',
  ...over,
});

interface Item {
  id: number;
  yearMonth: string;
  country: string;
  countryName: string;
  oriCurrency: string;
  locCurrency: string;
  exchangerate: number;
  version: number;
  addUserNumber: string;
}

beforeAll(async () => {
  s = await startServer();
  api = client(s.app);
  admin = await api.login('admin');
  tw = await api.login('tw.sales');
  oih = await api.login('oih.analyst');
  await s.app.db.execute(sql`insert into users (number, account, name, password_hash, company_id)
    select 'fac.clerk', 'fac.clerk', 'fac.clerk', password_hash, (select id from companies where company_number = 'FAC') from users where number = 'tw.sales'`);
  factory = await api.login('fac.clerk', CHANGED);
});
afterAll(() => s.close());

describe('demo exchange rates', () => {
  const now = new Date();
  const month = (back: number) => {
    const d = new Date(now.getFullYear(), now.getMonth() - back, 1);
    return periodOf(d.getFullYear(), d.getMonth() + 1);
  };
  const BASE: Record<string, number> = { TWD: 4.4, SGD: 0.185, MYR: 0.62, AUD: 0.21, HKD: 1.08 };

  it('has a rate from RMB to the currency of every demo subsidiary for the current month and the two before, none for OIH', async () => {
    for (const back of [0, 1, 2]) {
      const r = await api.get<{ items: Item[]; count: number }>(P.page, { keyword: month(back) }, admin);
      expect(r.data.count).toBe(5);
      expect(r.data.items.map((i) => [i.country, i.oriCurrency, i.locCurrency])).toEqual([
        ['AU', 'RMB', 'AUD'],
        ['HK', 'RMB', 'HKD'],
        ['MY', 'RMB', 'MYR'],
        ['SG', 'RMB', 'SGD'],
        ['TW', 'RMB', 'TWD'],
      ]);
      for (const i of r.data.items) {
        expect(Math.abs(i.exchangerate / BASE[i.locCurrency] - 1)).toBeLessThanOrEqual(0.011);
      }
    }
    expect((await api.get(P.page, { keyword: month(3) }, admin)).data.count).toBe(0);
  });

  it('is seeded once: a second run adds nothing and keeps a changed rate', async () => {
    const [{ id }] = await rows<{ id: number }>(sql`select id from exchange_rates order by id limit 1`);
    await s.app.db.execute(sql`update exchange_rates set exchangerate = 9.9 where id = ${id}`);
    const before = await rateCount();
    await seedRatesDemo(s.app.db);
    expect(await rateCount()).toBe(before);
    expect((await api.get(P.byId, { Id: id }, admin)).data.exchangerate).toBe(9.9);
  });
});

describe('add and edit', () => {
  let rate: Item;

  it('adds a rate with the token’s user and version 1; currencies in any case are stored as their numbers', async () => {
    const r = await api.post<Item>(P.save, form({ OriCurrency: 'rmb', LocCurrency: 'twd', Exchangerate: '4.123456' }), admin);
    expect([r.status, r.code]).toEqual([200, 1]);
    expect(r.data).toMatchObject({
      yearMonth: '2033-01',
      country: 'TW',
      countryName: 'Taiwan',
      oriCurrency: 'RMB',
      locCurrency: 'TWD',
      exchangerate: 4.123456,
      version: 1,
      addUserNumber: 'admin',
    });
    rate = r.data;
    expect((await api.get(P.byId, { Id: rate.id }, admin)).data).toEqual(rate);
  });

  it('refuses a second rate for the same month, company and currency pair with dataDuplication', async () => {
    const before = await rateCount();
    for (const body of [form(), form({ LocCurrency: 'twd', Exchangerate: 5 })]) {
      const r = await api.post(P.save, body, admin);
      expect([r.status, r.code, r.msg, r.data]).toEqual([200, 0, 'dataDuplication', { id: rate.id, version: 1 }]);
    }
    expect(await rateCount()).toBe(before);
    // Another month, company or currency is another rate.
    expect((await api.post(P.save, form({ YearMonth: '2033-02' }), admin)).code).toBe(1);
    expect((await api.post(P.save, form({ Country: 'SG', LocCurrency: 'SGD', Exchangerate: 0.185 }), admin)).code).toBe(1);
    expect((await api.post(P.save, form({ LocCurrency: 'USD', Exchangerate: 0.14 }), admin)).code).toBe(1);
  });

  it('lets one of racing adds win and refuses the others with dataDuplication', async () => {
    const body = form({ YearMonth: '2033-03', Country: 'MY', LocCurrency: 'MYR', Exchangerate: 0.62 });
    const replies = await Promise.all([1, 2, 3, 4].map(() => api.post(P.save, body, admin)));
    expect(replies.map((r) => r.msg).sort()).toEqual(['dataDuplication', 'dataDuplication', 'dataDuplication', 'success']);
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from exchange_rates where year_month = '2033-03'`);
    expect(n).toBe(1);
  });

  it('edits by id, bumps the version, records the editor and refuses a stale version', async () => {
    const r = await api.post<Item>(P.save, form({ Id: rate.id, Exchangerate: 4.5, Version: 1 }), admin);
    expect([r.code, r.data.id, r.data.exchangerate, r.data.version]).toEqual([1, rate.id, 4.5, 2]);
    const [stored] = await rows<{ edit_user_number: string; add_user_number: string }>(
      sql`select edit_user_number, add_user_number from exchange_rates where id = ${rate.id}`,
    );
    expect(stored).toEqual({ edit_user_number: 'admin', add_user_number: 'admin' });
    const stale = await api.post(P.save, form({ Id: rate.id, Exchangerate: 4.6, Version: 1 }), admin);
    expect([stale.code, stale.msg, stale.data]).toEqual([0, 'staleVersion', { id: rate.id, version: 2 }]);
    // Without a version there is nothing to compare: the edit applies.
    const free = await api.post<Item>(P.save, form({ Id: rate.id, Exchangerate: 4.4 }), admin);
    expect([free.code, free.data.exchangerate, free.data.version]).toEqual([1, 4.4, 3]);
    rate = free.data;
  });

  it('refuses an edit onto another rate’s month, company and currency with dataDuplication, and keeps both', async () => {
    const feb = (await api.get<{ items: Item[] }>(P.page, { keyword: '2033-02' }, admin)).data.items.find((i) => i.country === 'TW')!;
    const r = await api.post(P.save, form({ Id: feb.id, YearMonth: '2033-01', Exchangerate: 4.7 }), admin);
    expect([r.code, r.msg, r.data]).toEqual([0, 'dataDuplication', { id: rate.id, version: rate.version }]);
    expect((await api.get(P.byId, { Id: feb.id }, admin)).data).toMatchObject({ yearMonth: '2033-02', exchangerate: 4.4, version: 1 });
    // An edit keeping its own key is no duplicate of itself; moving to a free month is allowed.
    expect((await api.post(P.save, form({ Id: feb.id, YearMonth: '2033-02', Exchangerate: 4.41 }), admin)).code).toBe(1);
    const moved = await api.post<Item>(P.save, form({ Id: feb.id, YearMonth: '2033-04', Exchangerate: 4.41 }), admin);
    expect([moved.code, moved.data.yearMonth, moved.data.version]).toEqual([1, '2033-04', 3]);
  });

  it('refuses an edit or a read of an unknown id with notFound', async () => {
    const before = await rateCount();
    const r = await api.post(P.save, form({ Id: 999_999, YearMonth: '2033-09' }), admin);
    expect([r.status, r.code, r.msg]).toEqual([200, 0, 'notFound']);
    expect(await rateCount()).toBe(before);
    const g = await api.get(P.byId, { Id: 999_999 }, admin);
    expect([g.status, g.code, g.msg]).toEqual([200, 0, 'notFound']);
  });
});

describe('validation', () => {
  it('refuses bad months, rates and currencies on their fields and stores nothing', async () => {
    const before = await rateCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ YearMonth: '2026-13' }, 'yearMonth'],
      [{ YearMonth: '2026-1' }, 'yearMonth'],
      [{ YearMonth: '202601' }, 'yearMonth'],
      [{ YearMonth: '' }, 'yearMonth'],
      [{ Exchangerate: 0 }, 'exchangerate'],
      [{ Exchangerate: -4.4 }, 'exchangerate'],
      [{ Exchangerate: '4.1234567' }, 'exchangerate'],
      [{ Exchangerate: 4.1234567 }, 'exchangerate'],
      [{ Exchangerate: 'abc' }, 'exchangerate'],
      [{ Exchangerate: '' }, 'exchangerate'],
      [{ Exchangerate: 1_000_000 }, 'exchangerate'],
      [{ OriCurrency: 'USD' }, 'oriCurrency'],
      [{ LocCurrency: '' }, 'locCurrency'],
      [{ LocCurrency: 'XYZ' }, 'locCurrency'],
      [{ Country: '' }, 'country'],
      [{ Country: 'XX' }, 'country'],
      // A factory is no sales company.
      [{ Country: 'FAC', LocCurrency: 'RMB' }, 'country'],
    ];
    for (const [over, field] of cases) {
      const r = await api.post(P.save, form({ YearMonth: '2035-01', ...over }), admin);
      expect([r.status, r.msg, fieldsOf(r.data)], JSON.stringify(over)).toEqual([400, 'validationError', [field]]);
    }
    const unknown = await api.post(P.save, form({ YearMonth: '2035-01', LocCurrency: 'XYZ' }), admin);
    expect(unknown.data).toEqual([{ field: 'locCurrency', message: 'notFound' }]);
    const country = await api.post(P.save, form({ YearMonth: '2035-01', Country: 'XX' }), admin);
    expect(country.data).toEqual([{ field: 'country', message: 'notFound' }]);
    expect(await rateCount()).toBe(before);
    // The precision the column keeps: six decimals, up to RATE_MAX.
    const fine = await api.post<Item>(P.save, form({ YearMonth: '2035-01', Exchangerate: 999_999.999999 }), admin);
    expect([fine.code, fine.data.exchangerate]).toEqual([1, 999_999.999999]);
  });

  it('refuses a disabled currency on a new rate but keeps it on an edit of a rate that has it', async () => {
    await s.app.db.execute(sql`insert into currencies (currency, currency_number, remarks) values ('ZZD', 'ZZD', 'test')`);
    const r = await api.post<Item>(P.save, form({ YearMonth: '2035-02', LocCurrency: 'ZZD', Exchangerate: 2 }), admin);
    expect(r.code).toBe(1);
    await s.app.db.execute(sql`update currencies set is_disabled = true where currency_number = 'ZZD'`);
    const added = await api.post(P.save, form({ YearMonth: '2035-03', LocCurrency: 'ZZD', Exchangerate: 2 }), admin);
    expect([added.status, added.data]).toEqual([400, [{ field: 'locCurrency', message: 'disabled' }]]);
    const kept = await api.post<Item>(P.save, form({ Id: r.data.id, YearMonth: '2035-02', LocCurrency: 'ZZD', Exchangerate: 2.5 }), admin);
    expect([kept.code, kept.data.exchangerate]).toEqual([1, 2.5]);
    const moved = await api.post(P.save, form({ Id: r.data.id, YearMonth: '2035-02', LocCurrency: 'TWD', Exchangerate: 2.5 }), admin);
    expect(moved.code).toBe(1);
    const back = await api.post(P.save, form({ Id: r.data.id, YearMonth: '2035-02', LocCurrency: 'ZZD', Exchangerate: 2.5 }), admin);
    expect([back.status, back.data]).toEqual([400, [{ field: 'locCurrency', message: 'disabled' }]]);
  });
});

describe('list', () => {
  const M = '2034-03';
  const countries: Array<[string, string, number]> = [
    ['TW', 'TWD', 4.4],
    ['AU', 'AUD', 0.21],
    ['SG', 'SGD', 0.185],
    ['HK', 'HKD', 1.08],
    ['MY', 'MYR', 0.62],
  ];

  beforeAll(async () => {
    for (const [Country, LocCurrency, Exchangerate] of countries) {
      const r = await api.post(P.save, form({ YearMonth: M, Country, LocCurrency, Exchangerate }), admin);
      if (r.code !== 1) throw new Error(r.msg);
    }
  });

  it('lists a month exactly, by company number, a page at a time with the count of the month', async () => {
    const page = async (pageIndex: number) => (await api.get<{ items: Item[]; count: number }>(P.page, { keyword: M, pageIndex, pageSize: 2 }, admin)).data;
    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map((p) => p.items.map((i) => i.country))).toEqual([['AU', 'HK'], ['MY', 'SG'], ['TW']]);
    expect(pages.map((p) => p.count)).toEqual([5, 5, 5]);
    expect(pages[0].items[0]).toMatchObject({ yearMonth: M, countryName: 'Australia', oriCurrency: 'RMB', locCurrency: 'AUD', exchangerate: 0.21 });
    // The keyword is a month, matched exactly.
    expect((await api.get(P.page, { keyword: '2034-3' }, admin)).data).toEqual({ items: [], count: 0 });
    expect((await api.get(P.page, { keyword: '2034' }, admin)).data).toEqual({ items: [], count: 0 });
  });

  it('lists every month, newest first, ten a page by default, when the keyword is blank', async () => {
    const total = await rateCount();
    const r = await api.get<{ items: Item[]; count: number }>(P.page, { keyword: '' }, admin);
    expect(r.data.count).toBe(total);
    expect(r.data.items).toHaveLength(10);
    const months = r.data.items.map((i) => i.yearMonth);
    expect(months).toEqual([...months].sort().reverse());
    const [{ newest }] = await rows<{ newest: string }>(sql`select max(year_month) as newest from exchange_rates`);
    expect(months[0]).toBe(newest);
  });

  it('shows a new rate and a changed one in the next read', async () => {
    const before = (await api.get<{ items: Item[]; count: number }>(P.page, { keyword: '2034-04' }, admin)).data;
    expect(before.count).toBe(0);
    const r = await api.post<Item>(P.save, form({ YearMonth: '2034-04' }), admin);
    const after = (await api.get<{ items: Item[]; count: number }>(P.page, { keyword: '2034-04' }, admin)).data;
    expect([after.count, after.items.map((i) => i.exchangerate)]).toEqual([1, [4.4]]);
    await api.post(P.save, form({ Id: r.data.id, YearMonth: '2034-04', Exchangerate: 4.25 }), admin);
    expect((await api.get<{ items: Item[] }>(P.page, { keyword: '2034-04' }, admin)).data.items.map((i) => i.exchangerate)).toEqual([4.25]);
  });
});

describe('country scope and grants', () => {
  const M = '2034-05';
  let sgRate: Item;
  let hkRate: Item;
  let twRate: Item;

  beforeAll(async () => {
    sgRate = (await api.post<Item>(P.save, form({ YearMonth: M, Country: 'SG', LocCurrency: 'SGD', Exchangerate: 0.18 }), admin)).data;
    hkRate = (await api.post<Item>(P.save, form({ YearMonth: M, Country: 'HK', LocCurrency: 'HKD', Exchangerate: 1.1 }), admin)).data;
  });

  it('gives subsidiary staff the exchange-rate screen, its add and edit (the seeded subsidiary role), and a factory user nothing', async () => {
    const menu = await api.get('/api/menu/getmenusbyuser', {}, tw);
    const routes = menu.data.sideMenuList.flatMap((g: { submenuList: Array<{ routePath: string }> }) => g.submenuList.map((m) => m.routePath));
    expect(routes).toContain('/ExchangeRateList');
    for (const route of ['/ExchangeRateAdd', '/ExchangeRateEdit']) {
      expect((await api.get('/api/menu/getmenusbyuser', { routePath: route }, tw)).data.currentMenu).toMatchObject({ routeParentName: 'ExchangeRateList' });
    }
    const list = await api.get(P.page, {}, factory);
    expect([list.status, list.msg.startsWith('401')]).toEqual([403, true]);
    const add = await api.post(P.save, form({ YearMonth: M }), factory);
    expect([add.status, add.msg.startsWith('401')]).toEqual([403, true]);
  });

  it('lets a TW user add and edit a TW rate', async () => {
    const r = await api.post<Item>(P.save, form({ YearMonth: M }), tw);
    expect([r.code, r.data.country, r.data.addUserNumber]).toEqual([1, 'TW', 'tw.sales']);
    twRate = r.data;
    const e = await api.post<Item>(P.save, form({ Id: twRate.id, YearMonth: M, Exchangerate: 4.45, Version: 1 }), tw);
    expect([e.code, e.data.exchangerate, e.data.version]).toEqual([1, 4.45, 2]);
    twRate = e.data;
  });

  it('refuses a TW user another country’s rate by payload or by id with 403, and changes nothing', async () => {
    const before = await rateCount();
    const denied = (r: { status: number; msg: string }) => expect([r.status, r.msg]).toEqual([403, '401']);
    denied(await api.post(P.save, form({ YearMonth: '2034-06', Country: 'SG', LocCurrency: 'SGD', Exchangerate: 0.18 }), tw));
    denied(await api.get(P.byId, { Id: sgRate.id }, tw));
    // Editing an SG rate, whatever country the payload names.
    denied(await api.post(P.save, form({ Id: sgRate.id, YearMonth: M, Country: 'TW', LocCurrency: 'TWD', Exchangerate: 9 }), tw));
    denied(await api.post(P.save, form({ Id: sgRate.id, YearMonth: M, Country: 'SG', LocCurrency: 'SGD', Exchangerate: 9 }), tw));
    // Moving its own TW rate to SG.
    denied(await api.post(P.save, form({ Id: twRate.id, YearMonth: M, Country: 'SG', LocCurrency: 'SGD', Exchangerate: 9 }), tw));
    expect(await rateCount()).toBe(before);
    expect((await api.get(P.byId, { Id: sgRate.id }, admin)).data).toMatchObject({ exchangerate: 0.18, version: 1 });
    expect((await api.get(P.byId, { Id: twRate.id }, admin)).data).toMatchObject({ country: 'TW', exchangerate: 4.45, version: 2 });
  });

  it('lists only the TW rates to a TW user, with their count', async () => {
    const month = await api.get<{ items: Item[]; count: number }>(P.page, { keyword: M }, tw);
    expect([month.data.count, month.data.items.map((i) => i.id)]).toEqual([1, [twRate.id]]);
    const all = await api.get<{ items: Item[]; count: number }>(P.page, { keyword: '', pageSize: 100 }, tw);
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from exchange_rates r join companies c on c.id = r.company_id where c.company_number = 'TW'`);
    expect(all.data.count).toBe(n);
    expect(new Set(all.data.items.map((i) => i.country))).toEqual(new Set(['TW']));
  });

  it('gives head office every country but HK, and admin every one', async () => {
    const head = await api.get<{ items: Item[] }>(P.page, { keyword: M }, oih);
    expect(head.data.items.map((i) => i.country)).toEqual(['SG', 'TW']);
    expect((await api.get(P.byId, { Id: hkRate.id }, oih)).status).toBe(403);
    expect((await api.get(P.byId, { Id: sgRate.id }, oih)).code).toBe(1);
    expect((await api.post(P.save, form({ YearMonth: '2034-06', Country: 'HK', LocCurrency: 'HKD', Exchangerate: 1.1 }), oih)).status).toBe(403);
    expect((await api.get<{ items: Item[] }>(P.page, { keyword: M }, admin)).data.items.map((i) => i.country)).toEqual(['HK', 'SG', 'TW']);
  });
});
