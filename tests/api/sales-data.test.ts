// Weekly sales and period sales data (spec part 1 §2, §5, §7; DESIGN §5–§7, §9): every call, the server's sums and
// amounts, one record per country and month or period, versions (staleVersion), toggles, the country scope (TW staff
// and head office against HK) and the data scope (own records without all-data), and the demo sales set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/server/plugins/permissions';
import { seedSalesDemo } from '@/server/db/seed/demo-sales';
import { cents, daysInMonth, periodOf, sundaysOf } from '@/shared/domain/sales';
import { CHANGED, client, startServer, type TestServer } from './helpers';

let s: TestServer;
let api: ReturnType<typeof client>;
let admin: string;
let tw: string;
let oih: string;
let hkUser: string;
/** A second TW user with the subsidiary role only: sees only the records they added. */
let twClerk: string;
/** A TW user whose role grants both sales screens with all-data. */
let twLead: string;
const model: Record<string, number> = {};

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await s.app.db.execute(query));
}
const fieldsOf = (data: unknown) => (data as Array<{ field: string }>).map((f) => f.field).sort();

const P = {
  weekPage: '/api/salesData/getweeksalesdatapage',
  weekPage2: '/api/salesData/getweeksalesdatapage2',
  week: '/api/salesData/getweeksalesdata',
  saveWeek: '/api/salesData/addoreditweeksalesdata',
  page: '/api/salesData/getsalesdatapage',
  byId: '/api/salesData/getsalesdatabyid',
  details: '/api/salesData/getsalesdatadetailbysalesdataid',
  exist: '/api/salesData/salesdataexist',
  save: '/api/salesData/addoreditsalesdata',
  toggle: '/api/salesData/disabledsalesdata',
  toggleRow: '/api/salesData/disabledsalesdatadetail',
};

/** A weekly form: amounts per Sunday of the month (the spec's keys, with a forged UserNumber the server ignores). */
const weekForm = (year: number, month: number, amounts: number[], over: Record<string, unknown> = {}) => ({
  Id: 0,
  Country: 'TW',
  YearS: year,
  MonthS: month,
  UserNumber: 'forged',
  SalesDataDetailEntities: sundaysOf(year, month)
    .slice(0, amounts.length)
    .map((d, i) => ({ Id: 0, SalesDataDetailSubs: [{ SalesDataDate: d, UploadAmount: String(amounts[i]) }] })),
  ...over,
});

/** A rule-1 row: a model and quantities on the first days of the period. */
const qtyRow = (productId: number | null, period: string, quantities: number[], over: Record<string, unknown> = {}) => ({
  Id: 0,
  ProductId: productId,
  SalesDataDetailSubs: quantities.map((q, i) => ({ SalesDataDate: `${period}-${String(i + 1).padStart(2, '0')}`, UploadQuantity: q })),
  ...over,
});

/** The rule-2 row: corporate and offline amounts on the first days of the period. */
const amountRow = (period: string, amounts: Array<[number, number]>, over: Record<string, unknown> = {}) => ({
  Id: 0,
  ProductId: '',
  SalesDataDetailSubs: amounts.map(([online, retail], i) => ({
    SalesDataDate: `${period}-${String(i + 1).padStart(2, '0')}`,
    UploadQuantity: '',
    OnlineAmount: online,
    RetailAmount: retail,
  })),
  ...over,
});

const salesForm = (period: string, rules: 1 | 2, details: unknown[], over: Record<string, unknown> = {}) => ({
  Id: 0,
  DatePeriod: period,
  Country: 'TW',
  UserNumber: 'forged',
  Rules: rules,
  SalesDataDetailEntities: details,
  ...over,
});

/** The unit price of the lowest-id TW product of a model number (the rule-1 price). */
async function twPrice(modelNo: string): Promise<number> {
  const [row] = await rows<{ unit_price: string }>(
    sql`select unit_price from products where model_no = ${modelNo} and 'TW' = any(companys) order by is_disabled, id limit 1`,
  );
  return row ? Number(row.unit_price) : 0;
}

beforeAll(async () => {
  s = await startServer();
  api = client(s.app);
  admin = await api.login('admin');
  tw = await api.login('tw.sales');
  oih = await api.login('oih.analyst');
  hkUser = await api.login('hk.sales');
  // tw.clerk and tw.lead get tw.sales's password hash, which login() has changed from the initial one.
  for (const number of ['tw.clerk', 'tw.lead'])
    await s.app.db.execute(sql`insert into users (number, account, name, password_hash, company_id, department_id)
      select ${number}, ${number}, ${number}, password_hash, company_id, department_id from users where number = 'tw.sales'`);
  await s.app.db.execute(sql`insert into roles (role_name) values ('TW sales leads')`);
  await s.app.db.execute(sql`insert into role_menus (role_id, menu_id, all_data)
    select r.id, m.id, true from roles r, menus m where r.role_name = 'TW sales leads'
      and m.code in ('route:/WeekSalesDataList', 'btn:WeekSalesDataList.add', 'btn:WeekSalesDataList.edit', 'route:/SalesDataList', 'btn:SalesDataList.edit')`);
  await s.app.db.execute(sql`insert into role_users (role_id, user_id)
    select r.id, u.id from roles r, users u where r.role_name = 'TW sales leads' and u.number = 'tw.lead'`);
  twClerk = await api.login('tw.clerk', CHANGED);
  twLead = await api.login('tw.lead', CHANGED);
  for (const m of await rows<{ id: number; product_mod_na: string }>(sql`select id, product_mod_na from product_mods`)) model[m.product_mod_na] = m.id;
  // A TW model no product belongs to (its amounts are 0), and a disabled TW model.
  await s.app.db.execute(sql`insert into product_mods (product_mod, product_mod_na, model_type, model_name, remarks, model_level, data_type)
    values ('CHAIR Priceless', 'OG-0001', 'CHAIR', 'Priceless', 'TW', 'Low', 'CHAIR'),
           ('CHAIR Retired', 'OG-0002', 'CHAIR', 'Retired', 'TW', 'Low', 'CHAIR')`);
  await s.app.db.execute(sql`update product_mods set is_disabled = true where product_mod_na = 'OG-0002'`);
  for (const m of await rows<{ id: number; product_mod_na: string }>(sql`select id, product_mod_na from product_mods where product_mod_na like 'OG-000%'`))
    model[m.product_mod_na] = m.id;
});
afterAll(() => s.close());

describe('demo sales data', () => {
  const now = new Date();
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  const countries = ['AU', 'HK', 'MY', 'SG', 'TW'];

  it('has weekly, period and target records of every demo country for the current month', async () => {
    const week = await api.get(P.weekPage, { Year: year, Month: month, pageSize: 50 }, admin);
    expect(week.data.items.map((r: { country: string }) => r.country).sort()).toEqual(countries);
    const period = await api.get(P.page, { Year: year, Month: month, pageSize: 50 }, admin);
    expect(period.data.items.map((r: { country: string }) => r.country).sort()).toEqual(countries);
    expect(new Set(period.data.items.map((r: { rules: number }) => r.rules))).toEqual(new Set([1, 2]));
    expect(period.data.items.every((r: { sumAmount: number }) => r.sumAmount > 0)).toBe(true);
    const targets = await rows<{ country: string; rule: number; data_status: number; n: number }>(sql`
      select c.company_number as country, t.rule, t.data_status, (select count(*)::int from sales_target_details d where d.sales_target_id = t.id) as n
      from sales_targets t join companies c on c.id = t.company_id where t.year = ${year} and t.month = ${month} order by 1, 2`);
    expect(targets.map((t) => `${t.country}${t.rule}`)).toEqual(countries.flatMap((c) => [`${c}1`, `${c}2`]));
    expect(targets.every((t) => t.n > 0)).toBe(true);
    expect(targets.filter((t) => t.rule === 1).every((t) => t.data_status === 1)).toBe(true);
  });

  const back = (n: number) => {
    const d = new Date(year, month - 1 - n, 1);
    return periodOf(d.getFullYear(), d.getMonth() + 1);
  };

  it('covers three months (and last year’s same three in period data), with days only up to today and Sundays only', async () => {
    const periods = await rows<{ date_period: string }>(sql`select distinct date_period from sales_data order by 1`);
    expect(periods.map((p) => p.date_period)).toEqual([back(14), back(13), back(12), back(2), back(1), back(0)]);
    const weekly = await rows<{ date_period: string }>(sql`select distinct date_period from week_sales order by 1`);
    expect(weekly.map((p) => p.date_period)).toEqual([back(2), back(1), back(0)]);
    const today = periodOf(year, month) + '-' + String(now.getDate()).padStart(2, '0');
    const [{ last }] = await rows<{ last: string }>(sql`select max(sales_data_date) as last from sales_data_days`);
    expect(last).toBe(today);
    const weekDays = await rows<{ d: string }>(sql`select sales_data_date as d from week_sales_days`);
    expect(weekDays.length).toBeGreaterThan(0);
    expect(weekDays.every((w) => new Date(`${w.d}T00:00:00Z`).getUTCDay() === 0 && w.d <= today)).toBe(true);
  });

  it('has last year’s same months whole, per country with this year’s rule, and somewhat lower', async () => {
    const records = await rows<{ country: string; date_period: string; rules: number; days: number; month: number; year: number }>(sql`
      select c.company_number as country, s.date_period, s.rules, s.year_s as year, s.month_s as month,
        (select count(distinct d.sales_data_date)::int from sales_data_days d join sales_data_details r on r.id = d.sales_data_detail_id where r.sales_data_id = s.id) as days
      from sales_data s join companies c on c.id = s.company_id order by 1, 2`);
    const lastYear = records.filter((r) => r.date_period <= back(12));
    expect(lastYear.map((r) => `${r.country} ${r.date_period}`)).toEqual(countries.flatMap((c) => [14, 13, 12].map((n) => `${c} ${back(n)}`)));
    for (const r of lastYear) {
      expect(r.days).toBe(daysInMonth(r.year, r.month));
      expect(r.rules).toBe(records.find((t) => t.country === r.country && t.date_period === back(0))!.rules);
    }
    // The two whole months of this year against the same two of last year, in units sold under rule 1.
    const units = async (periods: string[]) =>
      (await rows<{ n: number }>(sql`select coalesce(sum(d.upload_quantity), 0)::int as n from sales_data_days d
        join sales_data_details r on r.id = d.sales_data_detail_id join sales_data s on s.id = r.sales_data_id
        where s.rules = 1 and s.date_period in (${sql.join(periods.map((p) => sql`${p}`), sql`, `)})`))[0].n;
    const [now2, then2] = [await units([back(2), back(1)]), await units([back(14), back(13)])];
    expect(then2).toBeGreaterThan(now2 * 0.7);
    expect(then2).toBeLessThan(now2);
  });

  it('keeps the sums and amounts the server would compute', async () => {
    const badWeeks = await rows(sql`select w.id from week_sales w
      where w.week_amount <> coalesce((select sum(upload_amount) from week_sales_days d where d.week_sales_id = w.id), 0)`);
    expect(badWeeks).toEqual([]);
    const badSums = await rows(sql`select s.id from sales_data s where
      s.sum_amount <> coalesce((select sum(d.upload_amount) from sales_data_days d join sales_data_details r on r.id = d.sales_data_detail_id where r.sales_data_id = s.id and not r.is_disabled), 0)
      or s.sum_quantity <> coalesce((select sum(d.upload_quantity) from sales_data_days d join sales_data_details r on r.id = d.sales_data_detail_id where r.sales_data_id = s.id and not r.is_disabled), 0)`);
    expect(badSums).toEqual([]);
    const badRule1 = await rows(sql`select d.id from sales_data_days d join sales_data_details r on r.id = d.sales_data_detail_id
      join sales_data s on s.id = r.sales_data_id join companies c on c.id = s.company_id join product_mods m on m.id = r.product_mod_id
      where s.rules = 1 and d.upload_amount <> d.upload_quantity * coalesce((select p.unit_price from products p
        where p.model_no = m.product_mod_na and c.company_number = any(p.companys) order by p.is_disabled, p.id limit 1), 0)`);
    expect(badRule1).toEqual([]);
    const badRule2 = await rows(sql`select d.id from sales_data_days d join sales_data_details r on r.id = d.sales_data_detail_id
      join sales_data s on s.id = r.sales_data_id where s.rules = 2 and (d.upload_amount <> d.online_amount + d.retail_amount or r.product_mod_id is not null)`);
    expect(badRule2).toEqual([]);
    const badTargets = await rows(sql`select d.id from sales_target_details d join sales_targets t on t.id = d.sales_target_id
      where (t.rule = 1 and (d.product_id is null or d.target_quantity <= 0))
         or (t.rule = 2 and (d.target_amount <> d.corporat_amount + d.offline_amount or d.target_amount <= 0 or d.date !~ '^\\d{2}$'))`);
    expect(badTargets).toEqual([]);
  });

  it('is added by each country’s sales user, who sees it without all-data; head office never sees HK', async () => {
    const mine = await api.get(P.page, { Year: year, Month: month }, tw);
    expect(mine.data.items.map((r: { country: string; addUserNumber: string }) => [r.country, r.addUserNumber])).toEqual([['TW', 'tw.sales']]);
    const head = await api.get(P.weekPage, { Year: year, Month: month, pageSize: 50 }, oih);
    expect(head.data.items.map((r: { country: string }) => r.country).sort()).toEqual(['AU', 'MY', 'SG', 'TW']);
  });

  it('is seeded once: a second run adds nothing', async () => {
    const count = async () => rows<{ w: number; s: number; t: number }>(sql`select (select count(*)::int from week_sales_days) as w,
      (select count(*)::int from sales_data_days) as s, (select count(*)::int from sales_target_details) as t`);
    const before = await count();
    await seedSalesDemo(s.app.db);
    expect(await count()).toEqual(before);
  });
});

describe('weekly sales', () => {
  const Y = 2030;
  let twJune: { id: number; version: number };
  let hkJune: number;

  it('adds a month of Sundays with the server’s sum, the token’s user and version 1', async () => {
    const r = await api.post(P.saveWeek, weekForm(Y, 6, [1000.5, 2000.25, 300]), tw);
    expect([r.status, r.code]).toEqual([200, 1]);
    expect(r.data).toMatchObject({
      country: 'TW',
      countryName: 'Taiwan',
      yearS: Y,
      monthS: 6,
      datePeriod: '2030-06',
      weekAmount: 3300.75,
      releaseStatus: 0,
      version: 1,
      addUserNumber: 'tw.sales',
    });
    const sundays = sundaysOf(Y, 6);
    expect(r.data.salesDataDetailEntities).toEqual(
      [1000.5, 2000.25, 300].map((a, i) => ({ id: expect.any(Number), salesDataId: r.data.id, salesDataDetailSubs: [{ salesDataDate: sundays[i], uploadAmount: a }] })),
    );
    twJune = r.data;
    const read = await api.get(P.week, { Id: twJune.id }, tw);
    expect(read.data).toEqual(r.data);
    const hk = await api.post(P.saveWeek, weekForm(Y, 6, [5000], { Country: 'HK' }), admin);
    expect(hk.code).toBe(1);
    hkJune = hk.data.id;
  });

  it('refuses entries that are not Sundays of the chosen month, or twice the same Sunday', async () => {
    const sunday = sundaysOf(Y, 7)[0];
    const monday = `${Y}-07-${String(Number(sunday.slice(8)) + 1).padStart(2, '0')}`;
    const otherMonth = sundaysOf(Y, 8)[0];
    const sub = (d: string) => ({ SalesDataDetailSubs: [{ SalesDataDate: d, UploadAmount: 1 }] });
    const r = await api.post(P.saveWeek, { Country: 'TW', YearS: Y, MonthS: 7, SalesDataDetailEntities: [sub(sunday), sub(monday), sub(otherMonth), sub(sunday)] }, tw);
    expect([r.status, r.msg]).toEqual([400, 'validationError']);
    expect(fieldsOf(r.data)).toEqual([1, 2, 3].map((i) => `salesDataDetailEntities.${i}.salesDataDetailSubs.0.salesDataDate`));
    expect((await api.get(P.weekPage2, { Year: Y, Month: 7, Country: 'TW' }, tw)).data).toEqual([]);
  });

  it('refuses a second record of the same country and month (dataDuplication, with the stored id and version)', async () => {
    const r = await api.post(P.saveWeek, weekForm(Y, 6, [1]), tw);
    expect([r.status, r.code, r.msg]).toEqual([200, 0, 'dataDuplication']);
    expect(r.data).toEqual({ id: twJune.id, version: 1 });
  });

  it('edits with the version it was based on, refuses a stale one, and checks none when none is sent', async () => {
    const edit = await api.post(P.saveWeek, weekForm(Y, 6, [10, 20], { Id: twJune.id, Version: 1 }), tw);
    expect(edit.data).toMatchObject({ id: twJune.id, version: 2, weekAmount: 30 });
    expect(edit.data.salesDataDetailEntities).toHaveLength(2);
    const stale = await api.post(P.saveWeek, weekForm(Y, 6, [99], { Id: twJune.id, Version: 1 }), tw);
    expect([stale.code, stale.msg, stale.data]).toEqual([0, 'staleVersion', { id: twJune.id, version: 2 }]);
    expect((await api.get(P.week, { Id: twJune.id }, tw)).data.weekAmount).toBe(30);
    const unchecked = await api.post(P.saveWeek, weekForm(Y, 6, [5, 5, 5], { Id: twJune.id }), tw);
    expect(unchecked.data).toMatchObject({ version: 3, weekAmount: 15 });
  });

  it('moves to another month, but not onto one that exists', async () => {
    const may = await api.post(P.saveWeek, weekForm(Y, 5, [7], { Id: 0 }), tw);
    expect(may.code).toBe(1);
    const onto = await api.post(P.saveWeek, weekForm(Y, 6, [7], { Id: may.data.id }), tw);
    expect([onto.code, onto.msg, onto.data]).toEqual([0, 'dataDuplication', { id: twJune.id, version: 3 }]);
    const moved = await api.post(P.saveWeek, weekForm(Y, 4, [8], { Id: may.data.id }), tw);
    expect(moved.data).toMatchObject({ id: may.data.id, datePeriod: '2030-04', monthS: 4, weekAmount: 8, version: 2 });
    expect(moved.data.salesDataDetailEntities[0].salesDataDetailSubs[0].salesDataDate).toBe(sundaysOf(Y, 4)[0]);
  });

  it('lists newest month first with year, month and country filters; page2 answers the month check', async () => {
    const list = await api.get(P.weekPage, { Year: Y, pageSize: 10 }, admin);
    expect(list.data.items.map((r: { datePeriod: string; country: string }) => `${r.datePeriod} ${r.country}`)).toEqual([
      '2030-06 HK',
      '2030-06 TW',
      '2030-04 TW',
    ]);
    expect(list.data.count).toBe(3);
    const june = await api.get(P.weekPage, { Year: Y, Month: 6, Country: 'tw' }, admin);
    expect(june.data.items.map((r: { id: number }) => r.id)).toEqual([twJune.id]);
    const paged = await api.get(P.weekPage, { Year: Y, pageIndex: 2, pageSize: 2 }, admin);
    expect([paged.data.items.length, paged.data.count]).toEqual([1, 3]);
    const check = await api.get(P.weekPage2, { Year: Y, Month: 6, Country: 'TW' }, tw);
    expect(check.data).toEqual([{ id: twJune.id, datePeriod: '2030-06', weekAmount: 15, version: 3 }]);
    expect((await api.get(P.weekPage2, { Year: Y, Month: 3, Country: 'TW' }, tw)).data).toEqual([]);
  });

  it('refuses an unknown country or a factory as a 400 on the field', async () => {
    for (const country of ['XX', 'FAC']) {
      const r = await api.post(P.saveWeek, weekForm(Y, 9, [1], { Country: country }), admin);
      expect([r.status, fieldsOf(r.data)]).toEqual([400, ['country']]);
    }
  });

  it('keeps TW staff and head office away from HK: by id, by payload and by filter', async () => {
    for (const token of [tw, oih]) {
      expect((await api.get(P.week, { Id: hkJune }, token)).status).toBe(403);
      const add = await api.post(P.saveWeek, weekForm(Y, 9, [1], { Country: 'HK' }), token);
      expect([add.status, add.msg]).toEqual([403, '401']);
      // Editing the HK record, even when claiming it is TW's.
      expect((await api.post(P.saveWeek, weekForm(Y, 9, [1], { Id: hkJune, Country: 'TW' }), token)).status).toBe(403);
      // Moving an own record to HK.
      expect((await api.post(P.saveWeek, weekForm(Y, 6, [1], { Id: twJune.id, Country: 'HK' }), token)).status).toBe(403);
      const filtered = await api.get(P.weekPage, { Year: Y, Country: 'HK' }, token);
      expect([filtered.code, filtered.data]).toEqual([1, { items: [], count: 0 }]);
      expect((await api.get(P.weekPage2, { Year: Y, Month: 6, Country: 'HK' }, token)).data).toEqual([]);
      const all = await api.get(P.weekPage, { Year: Y }, token);
      expect(all.data.items.some((r: { country: string }) => r.country === 'HK')).toBe(false);
    }
    expect((await api.get(P.week, { Id: hkJune }, admin)).data.weekAmount).toBe(5000);
    expect((await api.get(P.week, { Id: twJune.id }, hkUser)).status).toBe(403);
    // Nothing changed.
    expect((await api.get(P.week, { Id: twJune.id }, tw)).data).toMatchObject({ country: 'TW', version: 3 });
  });

  it('shows and changes only own records without all-data; a lead with all-data sees and changes them all', async () => {
    expect((await api.get(P.weekPage, { Year: Y }, twClerk)).data).toEqual({ items: [], count: 0 });
    expect((await api.get(P.week, { Id: twJune.id }, twClerk)).status).toBe(403);
    expect((await api.post(P.saveWeek, weekForm(Y, 6, [1], { Id: twJune.id }), twClerk)).status).toBe(403);
    // The month is taken by a record the clerk may not see: refused without saying which.
    const dup = await api.post(P.saveWeek, weekForm(Y, 6, [1]), twClerk);
    expect([dup.code, dup.msg, dup.data]).toEqual([0, 'dataDuplication', null]);
    const own = await api.post(P.saveWeek, weekForm(Y, 10, [4]), twClerk);
    expect(own.data.addUserNumber).toBe('tw.clerk');
    expect((await api.get(P.weekPage, { Year: Y }, twClerk)).data.items.map((r: { id: number }) => r.id)).toEqual([own.data.id]);
    expect((await api.get(P.week, { Id: own.data.id }, tw)).status).toBe(403);
    const lead = await api.get(P.weekPage, { Year: Y }, twLead);
    expect(lead.data.count).toBe(3);
    const edited = await api.post(P.saveWeek, weekForm(Y, 10, [6], { Id: own.data.id, Version: 1 }), twLead);
    expect(edited.data).toMatchObject({ version: 2, weekAmount: 6, addUserNumber: 'tw.clerk' });
  });
});

describe('period sales data', () => {
  const JUNE = '2030-06';
  let rec: { id: number; version: number; salesDataDetailEntities: Array<{ id: number; productId: number | null }> };
  let hkRec: { id: number; salesDataDetailEntities: Array<{ id: number }> };

  it('adds rule 1 with amounts of quantity × the TW product’s unit price, and the server’s sums', async () => {
    const r = await api.post(
      P.save,
      salesForm(JUNE, 1, [qtyRow(model['OG-7598'], JUNE, [1, 2, 0]), qtyRow(model['OG-5568'], JUNE, [3]), qtyRow(model['OG-0001'], JUNE, [4])]),
      tw,
    );
    expect([r.status, r.code]).toEqual([200, 1]);
    const [p1, p2] = [await twPrice('OG-7598'), await twPrice('OG-5568')];
    expect(p1 * p2).toBeGreaterThan(0);
    expect(await twPrice('OG-0001')).toBe(0);
    expect(r.data).toMatchObject({
      datePeriod: JUNE,
      country: 'TW',
      countryName: 'Taiwan',
      rules: 1,
      yearS: 2030,
      monthS: 6,
      sumQuantity: 10,
      sumAmount: cents(3 * p1 + 3 * p2),
      isDisabled: false,
      version: 1,
      addUserNumber: 'tw.sales',
    });
    const [first, second, third] = r.data.salesDataDetailEntities;
    expect(first).toMatchObject({ productId: model['OG-7598'], productCode: 'CHAIR Master Drive', isDisabled: false, salesDataId: r.data.id });
    expect(first.salesDataDetailSubs.map((d: { uploadQuantity: number; uploadAmount: number }) => [d.uploadQuantity, d.uploadAmount])).toEqual([
      [1, p1],
      [2, cents(2 * p1)],
      [0, 0],
    ]);
    expect(second.salesDataDetailSubs[0]).toMatchObject({ salesDataDate: '2030-06-01', uploadQuantity: 3, uploadAmount: cents(3 * p2), onlineAmount: 0, retailAmount: 0 });
    expect(third.salesDataDetailSubs[0]).toMatchObject({ uploadQuantity: 4, uploadAmount: 0 });
    rec = r.data;
    expect((await api.get(P.byId, { Id: rec.id }, tw)).data).toEqual(r.data);
    expect((await api.get(P.details, { salesDataId: rec.id, country: 'TW' }, tw)).data).toEqual(r.data.salesDataDetailEntities);
  });

  it('refuses models that are missing, not offered in the country, disabled, repeated or not given, and days outside the period', async () => {
    const r = await api.post(
      P.save,
      salesForm('2030-07', 1, [
        qtyRow(999_999, '2030-07', [1]),
        qtyRow(model['OG-5628'], '2030-07', [1]),
        qtyRow(model['OG-0002'], '2030-07', [1]),
        qtyRow(model['OG-7598'], '2030-07', [1]),
        qtyRow(model['OG-7598'], '2030-07', [1]),
        qtyRow(null, '2030-07', [1]),
        qtyRow(model['OF-1808'], '2030-07', [1], { SalesDataDetailSubs: [{ SalesDataDate: '2030-06-30', UploadQuantity: 1 }] }),
      ]),
      tw,
    );
    expect([r.status, r.msg]).toEqual([400, 'validationError']);
    expect(r.data).toEqual(
      expect.arrayContaining([
        { field: 'salesDataDetailEntities.0.productId', message: 'notFound' },
        { field: 'salesDataDetailEntities.1.productId', message: 'notFound' },
        { field: 'salesDataDetailEntities.2.productId', message: 'disabled' },
        { field: 'salesDataDetailEntities.4.productId', message: 'crud.validation.invalid' },
        { field: 'salesDataDetailEntities.5.productId', message: 'required' },
        { field: 'salesDataDetailEntities.6.salesDataDetailSubs.0.salesDataDate', message: 'crud.validation.invalid' },
      ]),
    );
    expect(r.data).toHaveLength(6);
    const none = await api.post(P.save, salesForm('2030-07', 1, []), tw);
    expect([none.status, fieldsOf(none.data)]).toEqual([400, ['salesDataDetailEntities']]);
    const twice = await api.post(P.save, salesForm('2030-07', 1, [qtyRow(model['OF-1808'], '2030-07', [1], { SalesDataDetailSubs: [{ SalesDataDate: '2030-07-02' }, { SalesDataDate: '2030-07-02' }] })]), tw);
    expect(fieldsOf(twice.data)).toEqual(['salesDataDetailEntities.0.salesDataDetailSubs.1.salesDataDate']);
    const fraction = await api.post(P.save, salesForm('2030-07', 1, [qtyRow(model['OF-1808'], '2030-07', [1.5])]), tw);
    expect(fraction.status).toBe(400);
    expect((await api.post(P.exist, { DatePeriod: '2030-07', Country: 'TW' }, tw)).data).toBe(false);
  });

  it('answers salesdataexist for the period and country, and refuses a second record whatever its rule', async () => {
    expect((await api.post(P.exist, { DatePeriod: JUNE, Country: 'TW' }, tw)).data).toBe(true);
    expect((await api.post(P.exist, { DatePeriod: '2030-05', Country: 'TW' }, tw)).data).toBe(false);
    expect((await api.post(P.exist, { DatePeriod: JUNE, Country: 'XX' }, admin)).status).toBe(400);
    for (const form of [salesForm(JUNE, 1, [qtyRow(model['OF-1808'], JUNE, [1])]), salesForm(JUNE, 2, [amountRow(JUNE, [[1, 2]])])]) {
      const r = await api.post(P.save, form, tw);
      expect([r.code, r.msg, r.data]).toEqual([0, 'hasSalesData', { id: rec.id, version: 1 }]);
    }
  });

  it('lets one of two racing adds of a period win and refuses the other', async () => {
    const form = salesForm('2030-08', 2, [amountRow('2030-08', [[1, 1]])]);
    const replies = await Promise.all([api.post(P.save, form, tw), api.post(P.save, form, tw)]);
    expect(replies.map((r) => r.msg).sort()).toEqual(['hasSalesData', 'success']);
  });

  it('edits by replacing the rows (given ids kept), bumps the version and refuses a stale one', async () => {
    const [first] = rec.salesDataDetailEntities;
    const r = await api.post(
      P.save,
      salesForm(JUNE, 1, [qtyRow(model['OG-7598'], JUNE, [5], { Id: first.id }), qtyRow(model['OF-1808'], JUNE, [0, 2])], { Id: rec.id, Version: 1 }),
      tw,
    );
    expect(r.code).toBe(1);
    const price = await twPrice('OF-1808');
    expect(r.data).toMatchObject({ id: rec.id, version: 2, sumQuantity: 7, sumAmount: cents(5 * (await twPrice('OG-7598')) + 2 * price) });
    expect(r.data.salesDataDetailEntities.map((d: { id: number; productId: number }) => d.productId)).toEqual([model['OG-7598'], model['OF-1808']]);
    expect(r.data.salesDataDetailEntities[0].id).toBe(first.id);
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from sales_data_details where sales_data_id = ${rec.id}`);
    expect(n).toBe(2);
    const stale = await api.post(P.save, salesForm(JUNE, 1, [qtyRow(model['OG-7598'], JUNE, [1])], { Id: rec.id, Version: 1 }), tw);
    expect([stale.code, stale.msg, stale.data]).toEqual([0, 'staleVersion', { id: rec.id, version: 2 }]);
    expect((await api.get(P.byId, { Id: rec.id }, tw)).data.sumQuantity).toBe(7);
    rec = r.data;
  });

  it('disables a row: the sums leave it out and the version moves on; enabling brings it back', async () => {
    const row = rec.salesDataDetailEntities[1];
    const off = await api.post(P.toggleRow, { Id: row.id, IsDisabled: true, UserNumber: 'forged' }, tw);
    expect(off.code).toBe(1);
    let got = (await api.get(P.byId, { Id: rec.id }, tw)).data;
    expect(got).toMatchObject({ version: 3, sumQuantity: 5, sumAmount: cents(5 * (await twPrice('OG-7598'))) });
    expect(got.salesDataDetailEntities[1].isDisabled).toBe(true);
    const [audit] = await rows<{ disabled_user_number: string }>(sql`select disabled_user_number from sales_data_details where id = ${row.id}`);
    expect(audit.disabled_user_number).toBe('tw.sales');
    // An edit that does not say keeps the row disabled.
    const edit = await api.post(P.save, salesForm(JUNE, 1, [qtyRow(model['OG-7598'], JUNE, [5], { Id: rec.salesDataDetailEntities[0].id }), qtyRow(model['OF-1808'], JUNE, [0, 2], { Id: row.id })], { Id: rec.id, Version: 3 }), tw);
    expect(edit.data).toMatchObject({ version: 4, sumQuantity: 5 });
    expect(await api.post(P.toggleRow, { Id: row.id, IsDisabled: false }, tw)).toMatchObject({ code: 1 });
    got = (await api.get(P.byId, { Id: rec.id }, tw)).data;
    expect(got).toMatchObject({ version: 5, sumQuantity: 7 });
    expect((await api.post(P.toggleRow, { Id: 999_999, IsDisabled: true }, tw)).msg).toBe('notFound');
    rec = got;
  });

  it('changes the rule on edit by replacing the rows; rule 2 takes one row of corporate and offline amounts', async () => {
    const r = await api.post(
      P.save,
      salesForm(JUNE, 2, [amountRow(JUNE, [[100.5, 200.25], [0, 50]], { Id: rec.salesDataDetailEntities[0].id })], { Id: rec.id, Version: 5 }),
      tw,
    );
    expect(r.data).toMatchObject({ rules: 2, version: 6, sumQuantity: 0, sumAmount: 350.75 });
    expect(r.data.salesDataDetailEntities).toHaveLength(1);
    const [row] = r.data.salesDataDetailEntities;
    expect(row).toMatchObject({ productId: null, productCode: '' });
    expect(rec.salesDataDetailEntities.map((d) => d.id)).not.toContain(row.id);
    expect(row.salesDataDetailSubs.map((d: Record<string, number>) => [d.onlineAmount, d.retailAmount, d.uploadAmount, d.uploadQuantity])).toEqual([
      [100.5, 200.25, 300.75, 0],
      [0, 50, 50, 0],
    ]);
    rec = r.data;
  });

  it('refuses rule 2 without its one row, with two rows, or with a model', async () => {
    const none = await api.post(P.save, salesForm('2030-09', 2, []), tw);
    expect([none.status, fieldsOf(none.data)]).toEqual([400, ['salesDataDetailEntities']]);
    const two = await api.post(P.save, salesForm('2030-09', 2, [amountRow('2030-09', [[1, 1]]), amountRow('2030-09', [[1, 1]])]), tw);
    expect([two.status, fieldsOf(two.data)]).toEqual([400, ['salesDataDetailEntities']]);
    const withModel = await api.post(P.save, salesForm('2030-09', 2, [amountRow('2030-09', [[1, 1]], { ProductId: model['OG-7598'] })]), tw);
    expect([withModel.status, fieldsOf(withModel.data)]).toEqual([400, ['salesDataDetailEntities.0.productId']]);
  });

  it('moves to another period, but not onto one that exists', async () => {
    const may = await api.post(P.save, salesForm('2030-10', 2, [amountRow('2030-10', [[1, 1]])]), tw);
    const onto = await api.post(P.save, salesForm(JUNE, 2, [amountRow(JUNE, [[1, 1]])], { Id: may.data.id }), tw);
    expect([onto.code, onto.msg, onto.data]).toEqual([0, 'hasSalesData', { id: rec.id, version: 6 }]);
    const moved = await api.post(P.save, salesForm('2030-11', 2, [amountRow('2030-11', [[1, 1]])], { Id: may.data.id }), tw);
    expect(moved.data).toMatchObject({ datePeriod: '2030-11', monthS: 11, version: 2 });
  });

  it('disables and enables a record (audit, version), and lists by disabled flag, year, month and country', async () => {
    const off = await api.post(P.toggle, { Id: rec.id, IsDisabled: true, DisabledUserNumber: 'forged' }, tw);
    expect(off.code).toBe(1);
    const [audit] = await rows<{ disabled_user_number: string; version: number }>(sql`select disabled_user_number, version from sales_data where id = ${rec.id}`);
    expect(audit).toEqual({ disabled_user_number: 'tw.sales', version: 7 });
    const disabled = await api.get(P.page, { isDisabled: true, Year: 2030 }, tw);
    expect(disabled.data.items.map((r: { id: number }) => r.id)).toEqual([rec.id]);
    const enabled = await api.get(P.page, { isDisabled: false, Year: 2030, Month: '', addUserNumber: 'someone.else' }, tw);
    expect(enabled.data.items.map((r: { datePeriod: string }) => r.datePeriod)).toEqual(['2030-11', '2030-08']);
    expect((await api.get(P.page, { Year: 2030, Month: 8, Country: 'TW' }, tw)).data.count).toBe(1);
    expect((await api.get(P.page, { Year: 2030, Month: 6 }, tw)).data.items[0]).toMatchObject({ id: rec.id, isDisabled: true, version: 7 });
    await api.post(P.toggle, { Id: rec.id, IsDisabled: false }, tw);
    expect((await api.get(P.byId, { Id: rec.id }, tw)).data).toMatchObject({ isDisabled: false, version: 8 });
  });

  it('keeps TW staff and head office away from HK: by id, by payload and by filter', async () => {
    const hk = await api.post(P.save, salesForm(JUNE, 1, [qtyRow(model['OG-7598'], JUNE, [2])], { Country: 'HK' }), hkUser);
    expect(hk.data).toMatchObject({ country: 'HK', addUserNumber: 'hk.sales' });
    hkRec = hk.data;
    const hkRow = hkRec.salesDataDetailEntities[0].id;
    for (const token of [tw, oih]) {
      const denied = [
        await api.get(P.byId, { Id: hkRec.id }, token),
        await api.get(P.details, { salesDataId: hkRec.id, country: 'TW' }, token),
        await api.post(P.exist, { DatePeriod: JUNE, Country: 'HK' }, token),
        await api.post(P.save, salesForm('2030-12', 2, [amountRow('2030-12', [[1, 1]])], { Country: 'HK' }), token),
        await api.post(P.save, salesForm('2030-12', 2, [amountRow('2030-12', [[1, 1]])], { Id: hkRec.id, Country: 'TW' }), token),
        await api.post(P.save, salesForm(JUNE, 2, [amountRow(JUNE, [[1, 1]])], { Id: rec.id, Country: 'HK' }), token),
        await api.post(P.toggle, { Id: hkRec.id, IsDisabled: true }, token),
        await api.post(P.toggleRow, { Id: hkRow, IsDisabled: true }, token),
      ];
      expect(denied.map((r) => `${r.status} ${r.msg}`)).toEqual(denied.map(() => '403 401'));
      expect((await api.get(P.page, { Country: 'HK' }, token)).data).toEqual({ items: [], count: 0 });
      expect((await api.get(P.page, { Year: 2030, pageSize: 100 }, token)).data.items.some((r: { country: string }) => r.country === 'HK')).toBe(false);
    }
    const after = (await api.get(P.byId, { Id: hkRec.id }, admin)).data;
    expect(after).toMatchObject({ version: 1, isDisabled: false, rules: 1 });
    expect(after.salesDataDetailEntities[0].isDisabled).toBe(false);
    // The HK record priced with HK's product, not TW's.
    const [{ unit_price: hkPrice }] = await rows<{ unit_price: string }>(
      sql`select unit_price from products where model_no = 'OG-7598' and 'HK' = any(companys) order by is_disabled, id limit 1`,
    );
    expect(after.sumAmount).toBe(cents(2 * Number(hkPrice)));
    expect((await api.get(P.byId, { Id: rec.id }, hkUser)).status).toBe(403);
  });

  it('head office works on the countries of its scope', async () => {
    expect((await api.post(P.exist, { DatePeriod: JUNE, Country: 'TW' }, oih)).data).toBe(true);
    const sg = await api.post(P.save, salesForm(JUNE, 2, [amountRow(JUNE, [[10, 20]])], { Country: 'sg' }), oih);
    expect(sg.data).toMatchObject({ country: 'SG', sumAmount: 30, addUserNumber: 'oih.analyst' });
    expect((await api.get(P.byId, { Id: rec.id }, oih)).code).toBe(1);
  });

  it('shows and changes only own records without all-data; a lead with all-data sees and changes them all', async () => {
    const row = rec.salesDataDetailEntities[0].id;
    const denied = [
      await api.get(P.byId, { Id: rec.id }, twClerk),
      await api.get(P.details, { salesDataId: rec.id }, twClerk),
      await api.post(P.save, salesForm(JUNE, 2, [amountRow(JUNE, [[1, 1]])], { Id: rec.id }), twClerk),
      await api.post(P.toggle, { Id: rec.id, IsDisabled: true }, twClerk),
      await api.post(P.toggleRow, { Id: row, IsDisabled: true }, twClerk),
    ];
    expect(denied.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect((await api.get(P.page, { Year: 2030 }, twClerk)).data).toEqual({ items: [], count: 0 });
    // The existence check and the refusal speak for the period, whoever added it; the refusal does not say which.
    expect((await api.post(P.exist, { DatePeriod: JUNE, Country: 'TW' }, twClerk)).data).toBe(true);
    const dup = await api.post(P.save, salesForm(JUNE, 2, [amountRow(JUNE, [[1, 1]])]), twClerk);
    expect([dup.code, dup.msg, dup.data]).toEqual([0, 'hasSalesData', null]);
    const own = await api.post(P.save, salesForm('2030-12', 2, [amountRow('2030-12', [[3, 4]])]), twClerk);
    expect((await api.get(P.page, { Year: 2030 }, twClerk)).data.items.map((r: { id: number }) => r.id)).toEqual([own.data.id]);
    const lead = await api.get(P.page, { Year: 2030, pageSize: 50 }, twLead);
    expect(lead.data.items.map((r: { datePeriod: string }) => r.datePeriod)).toEqual(['2030-12', '2030-11', '2030-08', '2030-06']);
    expect(await api.post(P.toggle, { Id: own.data.id, IsDisabled: true }, twLead)).toMatchObject({ code: 1 });
    expect((await api.get(P.byId, { Id: own.data.id }, twClerk)).data).toMatchObject({ isDisabled: true, version: 2 });
  });

  it('refuses an unknown country or a factory as a 400 on the field, and an id that does not exist as notFound', async () => {
    for (const country of ['XX', 'FAC']) {
      const r = await api.post(P.save, salesForm('2031-01', 2, [amountRow('2031-01', [[1, 1]])], { Country: country }), admin);
      expect([r.status, fieldsOf(r.data)]).toEqual([400, ['country']]);
    }
    expect((await api.get(P.byId, { Id: 999_999 }, admin)).msg).toBe('notFound');
    expect((await api.post(P.save, salesForm('2031-01', 2, [amountRow('2031-01', [[1, 1]])], { Id: 999_999 }), admin)).msg).toBe('notFound');
    const bad = await api.post(P.save, salesForm('2031-13', 2, []), admin);
    expect(fieldsOf(bad.data)).toEqual(['datePeriod']);
  });
});
