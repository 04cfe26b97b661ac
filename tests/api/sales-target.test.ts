// Sales targets (spec part 1 §2, §4, §5, §7, §8; DESIGN §5–§7): the list and its filters and sums, reads with the
// products' models, the existence check, add/edit/copy and their refusals, release, the toggles, versions, the two
// button permissions granted through a role, and the country and data scopes on every read and write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { invalidate } from '@/server/plugins/cache';
import { rowsOf } from '@/server/plugins/permissions';
import { PERMISSION } from '@/shared/domain/constants';
import { MAX_TARGET_AMOUNT_ROWS } from '@/shared/domain/sales';
import { CHANGED, client, startServer, type Reply, type TestServer } from './helpers';

let s: TestServer;
let api: ReturnType<typeof client>;
let admin: string;
let tw: string;
/** A second TW sales user: same country and role, own records only. */
let twClerk: string;
let hk: string;
let oih: string;
const ids: Record<string, number> = {};

const PAGE = '/api/salestarget/getsalestargetpage';
const BY_ID = '/api/salestarget/getsalestargetbyid';
const DETAILS = '/api/salestarget/getsalestargetdetailbysalestargetid';
const EXIST = '/api/salestarget/salestargetexist';
const SAVE = '/api/salestarget/addoreditsalestarget';
const COPY = '/api/salestarget/copysalestarget';
const RELEASE = '/api/salestarget/releasesalestarget';
const DISABLE = '/api/salestarget/disabledsalestarget';
const DISABLE_ROW = '/api/salestarget/disabledsalestargetdetail';

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await s.app.db.execute(query));
}
const fieldsOf = (r: Reply) => (r.data as Array<{ field: string }>).map((f) => f.field).sort();
const messagesOf = (r: Reply) => (r.data as Array<{ message: string }>).map((f) => f.message);
const outcome = (r: Reply) => [r.status, r.code, r.msg];
const forbidden = [403, 0, '401'];

type Row = Record<string, unknown>;
/** Rule-1 rows: [productId, quantity]. */
const qty = (...pairs: Array<[number, number]>): Row[] => pairs.map(([ProductId, TargetQuantity]) => ({ Id: 0, ProductId, TargetQuantity }));
/** Rule-2 rows: [day, corporate, offline]. */
const days = (...r: Array<[string, number, number]>): Row[] => r.map(([Date, CorporatAmount, OfflineAmount]) => ({ Id: 0, Date, CorporatAmount, OfflineAmount }));

/** An addoreditsalestarget body in the spec's casing, with a forged acting user and a forged status. */
const form = (over: Row = {}): Row => ({
  Id: 0,
  Year: 2040,
  Month: 1,
  Rule: 1,
  Country: 'TW',
  UserNumber: 'forged',
  DataStatus: 1,
  SalesTargetDetailEntities: qty([ids.chair, 5], [ids.foot, 7]),
  ...over,
});

async function add(token: string, over: Row = {}) {
  const r = await api.post(SAVE, form(over), token);
  expect(outcome(r)).toEqual([200, 1, 'success']);
  return r.data;
}
const targetCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from sales_targets`))[0].n;

/** A role granting tw.sales one button; saved through the role API, so grants are re-read at once. */
async function grantToTw(roleName: string, code: string): Promise<number> {
  const [menu] = await rows<{ id: number }>(sql`select id from menus where code = ${code}`);
  const r = await api.post('/api/role/addoreditrole', { Id: 0, RoleName: roleName, Users: String(ids.twUser), MenuIds: String(menu.id) }, admin);
  expect(r.code).toBe(1);
  return r.data.id;
}
const setRole = async (roleId: number, enabled: boolean) =>
  expect((await api.post('/api/role/disabledrole', { Id: roleId, IsDisabled: !enabled }, admin)).code).toBe(1);

beforeAll(async () => {
  s = await startServer();
  api = client(s.app);
  admin = await api.login('admin');
  tw = await api.login('tw.sales');
  hk = await api.login('hk.sales');
  oih = await api.login('oih.analyst');
  // Release here is the immediate one (spec part 1): the demo approval template is off (workflow-engine.test.ts tests approval).
  await s.app.db.execute(sql`update workflow_templates set is_disabled = true`);
  await s.app.db.execute(sql`insert into users (number, account, name, password_hash, company_id, department_id)
    select 'tw.clerk', 'tw.clerk', 'Terry Clerk', password_hash, company_id, department_id from users where number = 'tw.sales'`);
  // tw.clerk was given tw.sales's password hash, which login() has changed from the initial one.
  twClerk = await api.login('tw.clerk', CHANGED);
  const product = async (code: string) => (await rows<{ id: number }>(sql`select id from products where product_code = ${code}`))[0].id;
  ids.chair = await product('OG-7598'); // sold everywhere
  ids.foot = await product('OF-1808'); // sold everywhere
  ids.jazz = await product('OG-5568'); // OIH, TW, SG, MY
  ids.vogue = await product('OG-5628'); // HK, SG, MY, AU: not TW
  ids.twUser = (await rows<{ id: number }>(sql`select id from users where number = 'tw.sales'`))[0].id;
});
afterAll(() => s.close());

describe('add and read', () => {
  it('adds a rule-1 draft with the token user as author, whatever the payload says of user and status', async () => {
    const t = await add(tw, { Month: 1 });
    expect(t).toMatchObject({
      year: 2040,
      month: 1,
      rule: 1,
      country: 'TW',
      countryName: 'Taiwan',
      dataStatus: 0,
      recordStatus: 1,
      isDisabled: false,
      version: 1,
      addUserNumber: 'tw.sales',
      totalQuantity: 12,
      totalAmount: 0,
      oihTargetAmount: 0,
      oihCorporateAmount: 0,
    });
    expect(t.salesTargetDetailEntities).toHaveLength(2);
    ids.t1 = t.id;
  });

  it('reads a target and its rows with the product code and name and the product model', async () => {
    const byId = await api.get(BY_ID, { id: ids.t1 }, tw);
    expect(byId.code).toBe(1);
    const [model] = await rows<{ id: number; product_mod: string }>(sql`select id, product_mod from product_mods where product_mod_na = 'OG-7598'`);
    const chairRow = byId.data.salesTargetDetailEntities.find((d: { productId: number }) => d.productId === ids.chair);
    expect(chairRow).toMatchObject({
      salesTargetId: ids.t1,
      date: '',
      productName: 'OG-7598 Master Drive',
      modelId: model.id,
      modelName: model.product_mod,
      targetQuantity: 5,
      targetAmount: 0,
      isDisabled: false,
    });
    const details = await api.get(DETAILS, { salesTargetId: ids.t1, country: 'TW' }, tw);
    expect(details.data).toEqual(byId.data.salesTargetDetailEntities);
    expect((await api.get(BY_ID, { id: 999999 }, admin)).msg).toBe('notFound');
    expect((await api.get(DETAILS, { salesTargetId: 999999 }, admin)).msg).toBe('notFound');
  });

  it('says whether a target exists for a year, month, rule and country', async () => {
    const exist = (q: Row, token = tw) => api.post(EXIST, q, token);
    expect((await exist({ Year: 2040, Month: 1, Rule: 1, Country: 'tw' })).data).toBe(true);
    expect((await exist({ Year: 2040, Month: 1, Rule: 2, Country: 'TW' })).data).toBe(false);
    expect((await exist({ Year: 2040, Month: 2, Rule: 1, Country: 'TW' })).data).toBe(false);
    const bad = await exist({ Year: 2040, Month: 13, Rule: 3, Country: '' });
    expect([bad.status, fieldsOf(bad)]).toEqual([400, ['country', 'month', 'rule']]);
  });

  it('refuses a second target of the same year, month, rule and country (hasTarget), also to a racing pair', async () => {
    const before = await targetCount();
    const again = await api.post(SAVE, form({ Month: 1 }), tw);
    expect(outcome(again)).toEqual([200, 0, 'hasTarget']);
    expect(await targetCount()).toBe(before);
    const pair = await Promise.all([api.post(SAVE, form({ Month: 9 }), tw), api.post(SAVE, form({ Month: 9 }), tw)]);
    expect(pair.map((r) => r.msg).sort()).toEqual(['hasTarget', 'success']);
    expect(await targetCount()).toBe(before + 1);
    // Another rule of the same month is another target.
    await add(tw, { Month: 1, Rule: 2, SalesTargetDetailEntities: days(['01', 100, 50]) });
  });

  it('requires year, month, rule and country, and a country that is an existing sales company', async () => {
    const missing = await api.post(SAVE, { Id: 0, SalesTargetDetailEntities: qty([ids.chair, 1]) }, admin);
    expect([missing.status, missing.msg, fieldsOf(missing)]).toEqual([400, 'validationError', ['country', 'month', 'rule', 'year']]);
    for (const Country of ['XX', 'FAC']) {
      const r = await api.post(SAVE, form({ Month: 3, Country }), admin);
      expect([r.status, fieldsOf(r), messagesOf(r)]).toEqual([400, ['country'], ['notFound']]);
    }
    const oihTarget = await api.post(SAVE, form({ Month: 3, Country: 'oih' }), admin);
    expect([oihTarget.code, oihTarget.data.country]).toEqual([1, 'OIH']);
  });
});

describe('rule 1 rows', () => {
  it('needs at least one row and a product in the first row (detailError)', async () => {
    const before = await targetCount();
    expect((await api.post(SAVE, form({ Month: 4, SalesTargetDetailEntities: [] }), tw)).msg).toBe('detailError');
    expect((await api.post(SAVE, form({ Month: 4, SalesTargetDetailEntities: [{ TargetQuantity: 3 }, ...qty([ids.chair, 1])] }), tw)).msg).toBe(
      'detailError',
    );
    expect(await targetCount()).toBe(before);
  });

  it('refuses a zero quantity (zeroMessage) and a product twice (dataDuplication)', async () => {
    const zero = await api.post(SAVE, form({ Month: 4, SalesTargetDetailEntities: qty([ids.chair, 2], [ids.foot, 0]) }), tw);
    expect(outcome(zero)).toEqual([200, 0, 'zeroMessage']);
    const dup = await api.post(SAVE, form({ Month: 4, SalesTargetDetailEntities: qty([ids.chair, 2], [ids.chair, 3]) }), tw);
    expect(outcome(dup)).toEqual([200, 0, 'dataDuplication']);
  });

  it('refuses (400, on the row) a product that does not exist, is not sold in the country, or is disabled', async () => {
    const before = await targetCount();
    const r = await api.post(SAVE, form({ Month: 4, SalesTargetDetailEntities: qty([ids.chair, 1], [ids.vogue, 2], [999999, 3]) }), tw);
    expect(r.status).toBe(400);
    expect(r.data).toEqual([
      { field: 'salesTargetDetailEntities.1.productId', message: 'notInCompany' },
      { field: 'salesTargetDetailEntities.2.productId', message: 'notFound' },
    ]);
    // The same product is fine for a country that sells it.
    expect((await api.post(SAVE, form({ Month: 4, Country: 'HK', SalesTargetDetailEntities: qty([ids.vogue, 2]) }), admin)).code).toBe(1);
    expect(await targetCount()).toBe(before + 1);
    const [{ id: jazzB }] = await rows<{ id: number }>(sql`select id from products where product_code = 'OG-5568-B'`);
    expect((await api.post('/api/Product/disabledproduct', { Id: jazzB, IsDisabled: true }, admin)).code).toBe(1);
    const off = await api.post(SAVE, form({ Month: 4, SalesTargetDetailEntities: qty([jazzB, 2]) }), tw);
    expect([off.status, messagesOf(off)]).toEqual([400, ['disabled']]);
    expect((await api.post('/api/Product/disabledproduct', { Id: jazzB, IsDisabled: false }, admin)).code).toBe(1);
  });
});

describe('rule 2 rows', () => {
  it('stores days with the target amount computed by the server, ignoring a sent one', async () => {
    const t = await add(tw, {
      Month: 2,
      Rule: 2,
      SalesTargetDetailEntities: [
        { Date: '3', CorporatAmount: '100.25', OfflineAmount: 50, TargetAmount: 9999, ProductId: ids.chair, TargetQuantity: 4 },
        { Date: '28', CorporatAmount: 0, OfflineAmount: 10.1 },
      ],
    });
    expect(t.salesTargetDetailEntities).toEqual([
      expect.objectContaining({ date: '03', productId: null, productName: '', modelName: '', targetQuantity: 0, corporatAmount: 100.25, offlineAmount: 50, targetAmount: 150.25 }),
      expect.objectContaining({ date: '28', corporatAmount: 0, offlineAmount: 10.1, targetAmount: 10.1 }),
    ]);
    expect([t.totalAmount, t.totalQuantity]).toEqual([160.35, 0]);
    ids.t2 = t.id;
  });

  it(`takes at most ${MAX_TARGET_AMOUNT_ROWS} rows (400 beyond)`, async () => {
    const month = (n: number) => Array.from({ length: n }, (_, i) => [String(i + 1).padStart(2, '0'), 10, 0] as [string, number, number]);
    const over = await api.post(SAVE, form({ Month: 3, Rule: 2, SalesTargetDetailEntities: days(...month(29)) }), tw);
    expect([over.status, fieldsOf(over)]).toEqual([400, ['salesTargetDetailEntities']]);
    const full = await api.post(SAVE, form({ Month: 3, Rule: 2, SalesTargetDetailEntities: days(...month(28)) }), tw);
    expect([full.code, full.data.salesTargetDetailEntities.length, full.data.totalAmount]).toEqual([1, 28, 280]);
  });

  it('refuses a day the month does not have or none (400), a day twice, a zero amount and no rows', async () => {
    const before = await targetCount();
    const bad = await api.post(SAVE, form({ Year: 2041, Month: 2, Rule: 2, SalesTargetDetailEntities: days(['29', 1, 1], ['', 1, 1], ['00', 1, 1]) }), tw);
    expect([bad.status, fieldsOf(bad)]).toEqual([
      400,
      ['salesTargetDetailEntities.0.date', 'salesTargetDetailEntities.1.date', 'salesTargetDetailEntities.2.date'],
    ]);
    // 2040 is a leap year.
    const leap = await api.post(SAVE, form({ Year: 2040, Month: 2, Rule: 2, Country: 'SG', SalesTargetDetailEntities: days(['29', 1, 1]) }), admin);
    expect(leap.code).toBe(1);
    expect((await api.post(SAVE, form({ Year: 2041, Month: 2, Rule: 2, SalesTargetDetailEntities: days(['05', 1, 1], ['5', 2, 2]) }), tw)).msg).toBe(
      'dataDuplication',
    );
    expect((await api.post(SAVE, form({ Year: 2041, Month: 2, Rule: 2, SalesTargetDetailEntities: days(['05', 1, 1], ['06', 0, 0]) }), tw)).msg).toBe(
      'zeroMessage',
    );
    expect((await api.post(SAVE, form({ Year: 2041, Month: 2, Rule: 2, SalesTargetDetailEntities: [] }), tw)).msg).toBe('detailError');
    expect(await targetCount()).toBe(before + 1);
  });
});

describe('amount-rule extras', () => {
  const extras = { OIHTargetAmount: 1000, OIHCorporateAmount: 1, BrandCollaboration: 10.5, WebSales: 20, HeadOffice: 30.25 };

  it('are stored 0 on add from a user without the permission', async () => {
    const t = await add(tw, { Year: 2042, Month: 1, Rule: 2, SalesTargetDetailEntities: days(['01', 1, 0]), ...extras });
    expect(t).toMatchObject({ oihTargetAmount: 0, oihCorporateAmount: 0, brandCollaboration: 0, webSales: 0, headOffice: 0 });
  });

  it('are kept from a holder (head office, through its role) for rule 2, with the corporate amount their sum', async () => {
    const granted = await rows(sql`select 1 from role_menus rm join menus m on m.id = rm.menu_id join roles r on r.id = rm.role_id
      where m.code = ${PERMISSION.amountRuleExtras} and r.role_name = 'Head office'`);
    expect(granted).toHaveLength(1);
    const t = await add(oih, { Year: 2042, Month: 1, Rule: 2, Country: 'SG', SalesTargetDetailEntities: days(['01', 1, 0]), ...extras });
    expect(t).toMatchObject({ oihTargetAmount: 1000, brandCollaboration: 10.5, webSales: 20, headOffice: 30.25, oihCorporateAmount: 60.75 });
    ids.sgExtras = t.id;
    const quantityRule = await add(oih, { Year: 2042, Month: 1, Rule: 1, Country: 'SG', ...extras });
    expect(quantityRule).toMatchObject({ oihTargetAmount: 0, oihCorporateAmount: 0, brandCollaboration: 0, webSales: 0, headOffice: 0 });
  });

  it('stay unchanged when a user without the permission edits; a role granting it to tw.sales lets them set them', async () => {
    const mine = await add(tw, { Year: 2042, Month: 2, Rule: 2, SalesTargetDetailEntities: days(['01', 1, 0]) });
    const asAdmin = await api.post(SAVE, form({ Id: mine.id, Year: 2042, Month: 2, Rule: 2, SalesTargetDetailEntities: days(['01', 1, 0]), ...extras }), admin);
    expect(asAdmin.data).toMatchObject({ oihTargetAmount: 1000, oihCorporateAmount: 60.75 });
    const plain = await api.post(
      SAVE,
      form({ Id: mine.id, Year: 2042, Month: 2, Rule: 2, SalesTargetDetailEntities: days(['02', 5, 0]), OIHTargetAmount: 1, WebSales: 0, HeadOffice: 0, BrandCollaboration: 0 }),
      tw,
    );
    expect(plain.code).toBe(1);
    expect(plain.data).toMatchObject({ oihTargetAmount: 1000, brandCollaboration: 10.5, webSales: 20, headOffice: 30.25, oihCorporateAmount: 60.75 });
    const role = await grantToTw('Target extras', PERMISSION.amountRuleExtras);
    const held = await api.post(SAVE, form({ Id: mine.id, Year: 2042, Month: 2, Rule: 2, SalesTargetDetailEntities: days(['02', 5, 0]), OIHTargetAmount: 7, WebSales: 3, HeadOffice: 0, BrandCollaboration: 1 }), tw);
    expect(held.data).toMatchObject({ oihTargetAmount: 7, webSales: 3, headOffice: 0, brandCollaboration: 1, oihCorporateAmount: 4 });
    await setRole(role, false);
    const withheld = await api.post(SAVE, form({ Id: mine.id, Year: 2042, Month: 2, Rule: 2, SalesTargetDetailEntities: days(['02', 5, 0]), ...extras }), tw);
    expect(withheld.data).toMatchObject({ oihTargetAmount: 7, webSales: 3, brandCollaboration: 1, oihCorporateAmount: 4 });
  });
});

describe('edit', () => {
  it('replaces the rows, keeping the ids of the rows it was given, and bumps the version', async () => {
    const t = await add(tw, { Year: 2043, Month: 1, SalesTargetDetailEntities: qty([ids.chair, 1], [ids.foot, 2]) });
    const [chairRow, footRow] = t.salesTargetDetailEntities;
    const r = await api.post(
      SAVE,
      form({
        Id: t.id,
        Year: 2043,
        Month: 1,
        Version: 1,
        SalesTargetDetailEntities: [
          { Id: chairRow.id, ProductId: ids.chair, TargetQuantity: 10 },
          { Id: 0, ProductId: ids.jazz, TargetQuantity: 4 },
        ],
      }),
      tw,
    );
    expect(r.code).toBe(1);
    expect([r.data.version, r.data.totalQuantity, r.data.dataStatus]).toEqual([2, 14, 0]);
    const rowIds = r.data.salesTargetDetailEntities.map((d: { id: number }) => d.id);
    expect(rowIds).toContain(chairRow.id);
    expect(rowIds).not.toContain(footRow.id);
    expect(await rows(sql`select 1 from sales_target_details where id = ${footRow.id}`)).toHaveLength(0);
    ids.t3 = t.id;
  });

  it('refuses a stale version with the stored id and version, and changes nothing', async () => {
    const r = await api.post(SAVE, form({ Id: ids.t3, Year: 2043, Month: 1, Version: 1, SalesTargetDetailEntities: qty([ids.chair, 99]) }), tw);
    expect(outcome(r)).toEqual([200, 0, 'staleVersion']);
    expect(r.data).toEqual({ id: ids.t3, version: 2 });
    expect((await api.get(BY_ID, { id: ids.t3 }, tw)).data.totalQuantity).toBe(14);
    // Without a version there is nothing to compare.
    expect((await api.post(SAVE, form({ Id: ids.t3, Year: 2043, Month: 1, SalesTargetDetailEntities: qty([ids.chair, 3]) }), tw)).data.version).toBe(3);
  });

  it('refuses moving onto an existing year, month, rule and country (hasTarget) and a missing id', async () => {
    await add(tw, { Year: 2043, Month: 2 });
    const move = await api.post(SAVE, form({ Id: ids.t3, Year: 2043, Month: 2 }), tw);
    expect(move.msg).toBe('hasTarget');
    const moved = await api.post(SAVE, form({ Id: ids.t3, Year: 2043, Month: 3 }), tw);
    expect([moved.code, moved.data.month]).toEqual([1, 3]);
    expect((await api.post(SAVE, form({ Id: 999999, Year: 2043, Month: 5 }), tw)).msg).toBe('notFound');
  });
});

describe('release', () => {
  it('releases a draft: the list shows it at once, the version moves, and a second release is refused', async () => {
    const t = await add(tw, { Year: 2044, Month: 1 });
    const listed = async () => (await api.get(PAGE, { Year: 2044, Month: 1 }, tw)).data.items[0];
    expect((await listed()).dataStatus).toBe(0);
    const r = await api.get(RELEASE, { id: t.id, year: 2044, month: 1, country: 'TW', addUserNumber: 'forged' }, tw);
    expect(outcome(r)).toEqual([200, 1, 'success']);
    expect(await listed()).toMatchObject({ id: t.id, dataStatus: 1, version: 2 });
    expect(outcome(await api.get(RELEASE, { id: t.id }, tw))).toEqual([200, 0, 'targetReleased']);
    expect((await api.get(RELEASE, { id: 999999 }, admin)).msg).toBe('notFound');
    ids.released = t.id;
  });

  it('refuses a disabled target (salesTargetInvalid) and one without enabled rows or with a zero row (targetNotMaintained)', async () => {
    const off = await add(tw, { Year: 2044, Month: 2 });
    expect((await api.post(DISABLE, { Id: off.id, IsDisabled: true }, tw)).code).toBe(1);
    expect((await api.get(RELEASE, { id: off.id }, tw)).msg).toBe('salesTargetInvalid');

    const empty = await add(tw, { Year: 2044, Month: 3, SalesTargetDetailEntities: qty([ids.chair, 1]) });
    expect((await api.post(DISABLE_ROW, { Id: empty.salesTargetDetailEntities[0].id, IsDisabled: true }, tw)).code).toBe(1);
    expect((await api.get(RELEASE, { id: empty.id }, tw)).msg).toBe('targetNotMaintained');

    // A zero row cannot be saved; one written before the rule (or by hand) still blocks the release.
    const zero = await add(tw, { Year: 2044, Month: 4, Rule: 2, SalesTargetDetailEntities: days(['01', 1, 1], ['02', 1, 1]) });
    await s.app.db.execute(sql`update sales_target_details set corporat_amount = 0, offline_amount = 0, target_amount = 0
      where id = ${zero.salesTargetDetailEntities[1].id}`);
    expect((await api.get(RELEASE, { id: zero.id }, tw)).msg).toBe('targetNotMaintained');
    expect((await api.get(BY_ID, { id: zero.id }, tw)).data.dataStatus).toBe(0);
  });

  it('makes a target read-only except for holders of "may always edit", granted through a role', async () => {
    const body = form({ Id: ids.released, Year: 2044, Month: 1, SalesTargetDetailEntities: qty([ids.chair, 50]) });
    expect(outcome(await api.post(SAVE, body, tw))).toEqual([200, 0, 'targetReleased']);
    const rowId = (await api.get(DETAILS, { salesTargetId: ids.released }, tw)).data[0].id;
    expect((await api.post(DISABLE_ROW, { Id: rowId, IsDisabled: true }, tw)).msg).toBe('targetReleased');
    const role = await grantToTw('Target editors', PERMISSION.alwaysEditTarget);
    const edited = await api.post(SAVE, body, tw);
    expect(edited.code).toBe(1);
    expect(edited.data).toMatchObject({ dataStatus: 1, totalQuantity: 50, version: 3 });
    const row = edited.data.salesTargetDetailEntities[0].id;
    expect((await api.post(DISABLE_ROW, { Id: row, IsDisabled: true }, tw)).code).toBe(1);
    expect((await api.get(BY_ID, { id: ids.released }, tw)).data).toMatchObject({ version: 4, totalQuantity: 0 });
    await setRole(role, false);
    expect((await api.post(DISABLE_ROW, { Id: row, IsDisabled: false }, tw)).msg).toBe('targetReleased');
    expect((await api.post(SAVE, body, tw)).msg).toBe('targetReleased');
    // Head office holds it through its role.
    expect((await api.post(DISABLE_ROW, { Id: row, IsDisabled: false }, oih)).code).toBe(1);
  });
});

describe('copy', () => {
  it('makes a new draft of the given month with the given rows, leaving the source alone', async () => {
    const source = await api.get(BY_ID, { id: ids.released }, tw);
    const r = await api.post(
      COPY,
      form({ Id: ids.released, Year: 2044, Month: 2, Rule: 1, DataStatus: 1, Version: 1, SalesTargetDetailEntities: qty([ids.chair, 8], [ids.jazz, 2]) }),
      tw,
    );
    // 2044-02 rule 1 exists (the disabled one above).
    expect(r.msg).toBe('hasTarget');
    const copied = await api.post(
      COPY,
      form({ Id: ids.released, Year: 2044, Month: 6, Version: 1, SalesTargetDetailEntities: qty([ids.chair, 8], [ids.jazz, 2]) }),
      tw,
    );
    expect(copied.code).toBe(1);
    expect(copied.data).toMatchObject({ year: 2044, month: 6, dataStatus: 0, version: 1, totalQuantity: 10, addUserNumber: 'tw.sales' });
    expect(copied.data.id).not.toBe(ids.released);
    expect((await api.get(BY_ID, { id: ids.released }, tw)).data).toEqual(source.data);
    const zero = await api.post(COPY, form({ Year: 2044, Month: 7, SalesTargetDetailEntities: qty([ids.chair, 0]) }), tw);
    expect(zero.msg).toBe('zeroMessage');
  });
});

describe('toggles', () => {
  it('disables and enables a target, bumping its version; the list filters on the flag', async () => {
    const t = await add(tw, { Year: 2045, Month: 1 });
    expect((await api.post(DISABLE, { Id: t.id, IsDisabled: true, DisabledUserNumber: 'forged' }, tw)).code).toBe(1);
    const stored = await rows<{ is_disabled: boolean; version: number; disabled_user_number: string }>(
      sql`select is_disabled, version, disabled_user_number from sales_targets where id = ${t.id}`,
    );
    expect(stored[0]).toEqual({ is_disabled: true, version: 2, disabled_user_number: 'tw.sales' });
    const list = async (isDisabled: boolean) => (await api.get(PAGE, { Year: 2045, isDisabled }, tw)).data.items.map((i: { id: number }) => i.id);
    expect(await list(true)).toContain(t.id);
    expect(await list(false)).not.toContain(t.id);
    expect((await api.post(DISABLE, { Id: t.id, IsDisabled: false }, tw)).code).toBe(1);
    expect(await list(false)).toContain(t.id);
    expect((await api.post(DISABLE, { Id: 999999, IsDisabled: true }, admin)).msg).toBe('notFound');
  });

  it('disables a row: the totals count enabled rows only and the target version moves', async () => {
    const t = await add(tw, { Year: 2045, Month: 2, Rule: 2, SalesTargetDetailEntities: days(['01', 10, 5], ['02', 20, 0]) });
    expect(t.totalAmount).toBe(35);
    expect((await api.post(DISABLE_ROW, { Id: t.salesTargetDetailEntities[0].id, IsDisabled: true }, tw)).code).toBe(1);
    const item = (await api.get(PAGE, { Year: 2045, Month: 2 }, tw)).data.items[0];
    expect(item).toMatchObject({ id: t.id, totalAmount: 20, version: 2 });
    expect((await api.post(DISABLE_ROW, { Id: 999999, IsDisabled: true }, admin)).msg).toBe('notFound');
  });
});

describe('list', () => {
  it('pages 24 by default, newest first, with filters on rule, year, month, country; addUserNumber is ignored', async () => {
    await s.app.db.execute(sql`insert into sales_targets (company_id, year, month, rule, add_user_number, add_time)
      select c.id, 2050, m, r, 'tw.sales', now() - make_interval(secs => m * 10 + r)
      from companies c, generate_series(1, 12) m, generate_series(1, 2) r where c.company_number in ('TW', 'SG') and (c.company_number = 'TW' or m <= 2)`);
    await invalidate(s.app.db, 'sales_targets');
    const page = await api.get(PAGE, { Year: 2050, addUserNumber: 'someone.else' }, admin);
    expect([page.data.items.length, page.data.count]).toEqual([24, 28]);
    const times = page.data.items.map((i: { addTime: string }) => i.addTime);
    expect(times).toEqual([...times].sort().reverse());
    const count = async (q: Row) => (await api.get(PAGE, { Year: 2050, ...q }, admin)).data.count;
    expect(await count({ Rule: 2 })).toBe(14);
    expect(await count({ Month: 2 })).toBe(4);
    expect(await count({ Country: 'sg' })).toBe(4);
    expect(await count({ Country: 'SG', Month: 1, Rule: 1 })).toBe(1);
    expect(await count({ Country: 'HK' })).toBe(0);
    const second = await api.get(PAGE, { Year: 2050, pageIndex: 2 }, admin);
    expect([second.data.items.length, second.data.count]).toEqual([4, 28]);
    expect(second.data.items[0]).toMatchObject({ year: 2050, countryName: expect.any(String), totalQuantity: 0, totalAmount: 0, version: 1 });
  });

  it('sums the enabled rows of each target', async () => {
    const item = (await api.get(PAGE, { Year: 2040, Month: 2, Rule: 2, Country: 'TW' }, tw)).data.items[0];
    expect(item).toMatchObject({ id: ids.t2, totalQuantity: 0, totalAmount: 160.35, country: 'TW', countryName: 'Taiwan' });
    const rule1 = (await api.get(PAGE, { Year: 2040, Month: 1, Rule: 1 }, tw)).data.items[0];
    expect(rule1).toMatchObject({ id: ids.t1, totalQuantity: 12, totalAmount: 0 });
  });
});

describe('country scope', () => {
  beforeAll(async () => {
    const t = await add(hk, { Year: 2046, Month: 1, Country: 'HK', SalesTargetDetailEntities: qty([ids.vogue, 3]) });
    ids.hkTarget = t.id;
    ids.hkRow = t.salesTargetDetailEntities[0].id;
  });

  for (const who of ['tw.sales', 'oih.analyst'] as const) {
    const token = () => (who === 'tw.sales' ? tw : oih);
    it(`${who} cannot read, add, change, disable or release HK targets by id, payload or filter`, async () => {
      expect(outcome(await api.get(BY_ID, { id: ids.hkTarget }, token()))).toEqual(forbidden);
      expect(outcome(await api.get(DETAILS, { salesTargetId: ids.hkTarget }, token()))).toEqual(forbidden);
      expect(outcome(await api.post(EXIST, { Year: 2046, Month: 1, Rule: 1, Country: 'HK' }, token()))).toEqual(forbidden);
      const before = await targetCount();
      expect(outcome(await api.post(SAVE, form({ Year: 2046, Month: 2, Country: 'HK', SalesTargetDetailEntities: qty([ids.chair, 1]) }), token()))).toEqual(forbidden);
      expect(outcome(await api.post(COPY, form({ Year: 2046, Month: 2, Country: 'hk', SalesTargetDetailEntities: qty([ids.chair, 1]) }), token()))).toEqual(forbidden);
      expect(await targetCount()).toBe(before);
      expect(outcome(await api.post(SAVE, form({ Id: ids.hkTarget, Year: 2046, Month: 1, Country: 'HK', SalesTargetDetailEntities: qty([ids.chair, 9]) }), token()))).toEqual(forbidden);
      // Moving the HK target into the caller's own country is no way in either.
      expect(outcome(await api.post(SAVE, form({ Id: ids.hkTarget, Year: 2046, Month: 1, Country: 'TW', SalesTargetDetailEntities: qty([ids.chair, 9]) }), token()))).toEqual(forbidden);
      expect(outcome(await api.post(DISABLE, { Id: ids.hkTarget, IsDisabled: true }, token()))).toEqual(forbidden);
      expect(outcome(await api.post(DISABLE_ROW, { Id: ids.hkRow, IsDisabled: true }, token()))).toEqual(forbidden);
      expect(outcome(await api.get(RELEASE, { id: ids.hkTarget }, token()))).toEqual(forbidden);
      const filtered = await api.get(PAGE, { Country: 'HK' }, token());
      expect([filtered.code, filtered.data.count, filtered.data.items]).toEqual([1, 0, []]);
      const all = await api.get(PAGE, { pageSize: 1000 }, token());
      expect(all.data.items.some((i: { country: string }) => i.country === 'HK')).toBe(false);
      const hkState = await rows<{ is_disabled: boolean; data_status: number; version: number }>(
        sql`select is_disabled, data_status, version from sales_targets where id = ${ids.hkTarget}`,
      );
      expect(hkState[0]).toEqual({ is_disabled: false, data_status: 0, version: 1 });
    });
  }

  it('keeps tw.sales out of every other country, OIH included, and shows them only TW', async () => {
    const sg = (await api.get(PAGE, { Country: 'SG', Year: 2040 }, admin)).data.items[0];
    expect(outcome(await api.get(BY_ID, { id: sg.id }, tw))).toEqual(forbidden);
    expect(outcome(await api.post(SAVE, form({ Year: 2046, Month: 3, Country: 'OIH' }), tw))).toEqual(forbidden);
    const mine = await api.get(PAGE, { pageSize: 1000 }, tw);
    expect(mine.data.items.length).toBeGreaterThan(0);
    expect(mine.data.items.every((i: { country: string }) => i.country === 'TW')).toBe(true);
  });

  it('lets head office read and change other countries (but HK) and hk.sales its own', async () => {
    expect((await api.get(BY_ID, { id: ids.t1 }, oih)).code).toBe(1);
    expect((await api.get(PAGE, { Country: 'TW', Year: 2040 }, oih)).data.count).toBeGreaterThan(0);
    expect((await api.get(BY_ID, { id: ids.hkTarget }, hk)).code).toBe(1);
    expect((await api.get(BY_ID, { id: ids.hkTarget }, admin)).code).toBe(1);
    expect(outcome(await api.get(BY_ID, { id: ids.t1 }, hk))).toEqual(forbidden);
  });
});

describe('data scope', () => {
  it('shows a user without all data only the records they added, and refuses the others by id (403)', async () => {
    const clerks = await add(twClerk, { Year: 2047, Month: 1 });
    expect(clerks.addUserNumber).toBe('tw.clerk');
    const seen = async (token: string) => (await api.get(PAGE, { Year: 2047 }, token)).data.items.map((i: { id: number }) => i.id);
    expect(await seen(twClerk)).toEqual([clerks.id]);
    expect(await seen(tw)).toEqual([]);
    expect(await seen(oih)).toEqual([clerks.id]);
    expect(outcome(await api.get(BY_ID, { id: clerks.id }, tw))).toEqual(forbidden);
    expect(outcome(await api.get(DETAILS, { salesTargetId: clerks.id }, tw))).toEqual(forbidden);
    expect(outcome(await api.post(SAVE, form({ Id: clerks.id, Year: 2047, Month: 1 }), tw))).toEqual(forbidden);
    expect(outcome(await api.post(DISABLE, { Id: clerks.id, IsDisabled: true }, tw))).toEqual(forbidden);
    expect(outcome(await api.post(DISABLE_ROW, { Id: clerks.salesTargetDetailEntities[0].id, IsDisabled: true }, tw))).toEqual(forbidden);
    expect(outcome(await api.get(RELEASE, { id: clerks.id }, tw))).toEqual(forbidden);
    // The month is taken all the same: the existence check and the add say so.
    expect((await api.post(EXIST, { Year: 2047, Month: 1, Rule: 1, Country: 'TW' }, tw)).data).toBe(true);
    expect((await api.post(SAVE, form({ Year: 2047, Month: 1 }), tw)).msg).toBe('hasTarget');
    // Head office sees all data on the screen and may change it.
    const edited = await api.post(SAVE, form({ Id: clerks.id, Year: 2047, Month: 1, SalesTargetDetailEntities: qty([ids.chair, 2]) }), oih);
    expect([edited.code, edited.data.addUserNumber, edited.data.version]).toEqual([1, 'tw.clerk', 2]);
    expect((await api.get(RELEASE, { id: clerks.id }, oih)).code).toBe(1);
  });
});
