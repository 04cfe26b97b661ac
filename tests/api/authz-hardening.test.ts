// Issue 6 security items 1, 9 and 11 (users): the menu editor cannot hand out APIs, route paths are unique; vendors and
// product models follow the country scope like products; concurrent edits of one user are detected by its version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { menus, users } from '@/server/db/schema/index';
import { rowsOf } from '@/server/plugins/permissions';
import { client, productForm, startServer, type TestServer } from './helpers';

let s: TestServer;
let api: ReturnType<typeof client>;
let admin: string;
let oihAdmin: string;
let oih: string;
let tw: string;
let hk: string;
const ids: Record<string, number> = {};

const menuId = async (code: string) => (await s.app.db.select({ id: menus.id }).from(menus).where(eq(menus.code, code)))[0].id;
const userId = async (number: string) => (await s.app.db.select({ id: users.id }).from(users).where(eq(users.number, number)))[0].id;
const menuRow = async (id: number) => (await s.app.db.select().from(menus).where(eq(menus.id, id)))[0];
const menuCount = async () => (await s.app.db.select({ n: sql<number>`count(*)::int` }).from(menus))[0].n;

beforeAll(async () => {
  s = await startServer();
  api = client(s.app);
  admin = await api.login('admin');
  oihAdmin = await api.login('oih.admin');
  oih = await api.login('oih.analyst');
  tw = await api.login('tw.sales');
  ids.salesData = await menuId('route:/SalesDataList');
  ids.companyList = await menuId('route:/CompanyList');
  ids.salesApi = await menuId('api:route:/SalesDataList:/api/salesData/disabledsalesdata');
  ids.passwordApi = await menuId('api:btn:UserList.password:/api/user/edituserpassword');
  ids.salesEditButton = await menuId('btn:SalesDataList.edit');
  ids.twUser = await userId('tw.sales');
  // hk.sales also keeps the vendor screen, to see what a subsidiary user's vendor list holds.
  const vendorScreen = await menuId('route:/Vendor');
  const role = await api.post('/api/role/addoreditrole', { Id: 0, RoleName: 'HK vendors', Users: String(await userId('hk.sales')), MenuIds: String(vendorScreen) }, admin);
  expect(role.code).toBe(1);
  hk = await api.login('hk.sales');
});
afterAll(() => s.close());

/** Can tw.sales (subsidiary sales staff) set a user's password? Only holders of the user screens may. */
const twMaySetPasswords = async () => {
  const r = await api.post('/api/user/edituserpassword', { Id: ids.twUser, Password: 'Hacked12' }, tw);
  return r.status !== 403;
};

describe('menu editor: API entries, no-requires-auth and moves are the super user\'s (item 1)', () => {
  const api3 = (over: Record<string, unknown> = {}) => ({
    Id: 0,
    Type: 3,
    MenuNameEN: '/api/user/edituserpassword',
    MenuNameZHTW: '/api/user/edituserpassword',
    RoutePath: '/api/user/edituserpassword',
    ...over,
  });

  it('refuses an administrator who is not the super user a new API entry, with or without noRequiresAuth', async () => {
    const before = await menuCount();
    for (const over of [{ NoRequiresAuth: true }, { ParentMenuId: ids.salesData }, { ParentMenuId: ids.salesData, NoRequiresAuth: true }]) {
      const r = await api.post('/api/menu/addoreditmenu', api3(over), oihAdmin);
      expect([r.status, r.code, r.msg]).toEqual([200, 0, 'menuSuperUserOnly']);
    }
    expect(await menuCount()).toBe(before);
    expect(await twMaySetPasswords()).toBe(false);
  });

  it('refuses setting noRequiresAuth on a screen, or changing isData', async () => {
    const entry = (await api.get('/api/menu/getmenubyid', { id: ids.companyList }, admin)).data;
    const open = await api.post('/api/menu/addoreditmenu', { ...entry, noRequiresAuth: true }, oihAdmin);
    expect([open.code, open.msg]).toEqual([0, 'menuSuperUserOnly']);
    const data = await api.post('/api/menu/addoreditmenu', { ...(await api.get('/api/menu/getmenubyid', { id: ids.salesData }, admin)).data, isData: false }, oihAdmin);
    expect([data.code, data.msg]).toEqual([0, 'menuSuperUserOnly']);
    const fresh = await api.post('/api/menu/addoreditmenu', { Id: 0, Type: 1, MenuNameEN: 'Open screen', MenuNameZHTW: '開放', NoRequiresAuth: true }, oihAdmin);
    expect([fresh.code, fresh.msg]).toEqual([0, 'menuSuperUserOnly']);
    expect((await menuRow(ids.companyList)).noRequiresAuth).toBe(false);
    expect((await menuRow(ids.salesData)).isData).toBe(true);
    const side = await api.get('/api/menu/getmenusbyuser', { routePath: '/CompanyList' }, tw);
    expect(side.msg).toBe('401');
  });

  it('refuses moving or rewriting an API entry under a screen others hold; the API stays theirs alone', async () => {
    const pw = (await api.get('/api/menu/getmenubyid', { id: ids.passwordApi }, admin)).data;
    const moved = await api.post('/api/menu/addoreditmenu', { ...pw, parentMenuId: ids.salesData }, oihAdmin);
    expect([moved.code, moved.msg]).toEqual([0, 'menuSuperUserOnly']);
    const opened = await api.post('/api/menu/addoreditmenu', { ...pw, noRequiresAuth: true }, oihAdmin);
    expect([opened.code, opened.msg]).toEqual([0, 'menuSuperUserOnly']);
    // An API entry the sales role already reaches, pointed at another path.
    const sales = (await api.get('/api/menu/getmenubyid', { id: ids.salesApi }, admin)).data;
    const rewritten = await api.post('/api/menu/addoreditmenu', { ...sales, routePath: '/api/user/edituserpassword' }, oihAdmin);
    expect([rewritten.code, rewritten.msg]).toEqual([0, 'menuSuperUserOnly']);
    const retyped = await api.post('/api/menu/addoreditmenu', { ...(await api.get('/api/menu/getmenubyid', { id: ids.salesEditButton }, admin)).data, type: 3, routePath: '/api/user/edituserpassword' }, oihAdmin);
    expect([retyped.code, retyped.msg]).toEqual([0, 'menuSuperUserOnly']);
    expect((await menuRow(ids.passwordApi)).parentMenuId).toBe(pw.parentMenuId);
    expect((await menuRow(ids.salesApi)).routePath).toBe('/api/salesData/disabledsalesdata');
    expect((await menuRow(ids.salesEditButton)).type).toBe(2);
    expect(await twMaySetPasswords()).toBe(false);
    // Disabling, enabling or deleting an API entry is the super user's too.
    expect((await api.post('/api/menu/disabledmenu', { Id: ids.passwordApi, IsDisabled: true }, oihAdmin)).msg).toBe('menuSuperUserOnly');
    expect((await api.post('/api/menu/delmenu', { Id: ids.salesApi }, oihAdmin)).msg).toBe('menuSuperUserOnly');
  });

  it('refuses moving a button or screen (its holders would see new ancestors)', async () => {
    const btn = (await api.get('/api/menu/getmenubyid', { id: ids.salesEditButton }, admin)).data;
    const r = await api.post('/api/menu/addoreditmenu', { ...btn, parentMenuId: ids.companyList }, oihAdmin);
    expect([r.code, r.msg]).toEqual([0, 'menuSuperUserOnly']);
    expect((await menuRow(ids.salesEditButton)).parentMenuId).toBe(ids.salesData);
  });

  it('still lets the administrator add and rename plain screens and buttons', async () => {
    const add = await api.post('/api/menu/addoreditmenu', { Id: 0, Type: 1, MenuNameEN: 'Archive', MenuNameZHTW: '封存', RoutePath: '/Archive', ParentMenuId: 331 }, oihAdmin);
    expect(add.code).toBe(1);
    ids.archive = add.data.id;
    const edit = await api.post('/api/menu/addoreditmenu', { Id: ids.archive, Type: 1, MenuNameEN: 'Archive 2', MenuNameZHTW: '封存', RoutePath: '/Archive', ParentMenuId: 331 }, oihAdmin);
    expect(edit.code).toBe(1);
    expect((await menuRow(ids.archive)).menuNameEN).toBe('Archive 2');
  });

  it('lets the super user do all of it', async () => {
    const add = await api.post('/api/menu/addoreditmenu', api3({ MenuNameEN: 'ping', MenuNameZHTW: 'ping', RoutePath: '/api/test/ping', NoRequiresAuth: true }), admin);
    expect(add.code).toBe(1);
    const moved = await api.post('/api/menu/addoreditmenu', { ...(await api.get('/api/menu/getmenubyid', { id: add.data.id }, admin)).data, parentMenuId: ids.salesData, noRequiresAuth: false }, admin);
    expect(moved.code).toBe(1);
    expect(await menuRow(add.data.id)).toMatchObject({ type: 3, parentMenuId: ids.salesData, noRequiresAuth: false });
    expect((await api.post('/api/menu/disabledmenu', { Id: add.data.id, IsDisabled: true }, admin)).code).toBe(1);
    expect((await api.post('/api/menu/delmenu', { Id: add.data.id }, admin)).code).toBe(1);
  });
});

describe('menu route paths are unique (item 1)', () => {
  it('refuses a route path another screen or button has, whatever its case, on add and on edit', async () => {
    const add = await api.post('/api/menu/addoreditmenu', { Id: 0, Type: 1, MenuNameEN: 'Copy', MenuNameZHTW: '複本', RoutePath: '/salesdatalist ' }, admin);
    expect([add.status, add.code, add.msg]).toEqual([200, 0, 'menuRouteExists']);
    const btn = await api.post('/api/menu/addoreditmenu', { Id: 0, Type: 2, MenuNameEN: 'Copy', MenuNameZHTW: '複本', RoutePath: '/ARCHIVE', ParentMenuId: ids.salesData }, oihAdmin);
    expect([btn.code, btn.msg]).toEqual([0, 'menuRouteExists']);
    const entry = (await api.get('/api/menu/getmenubyid', { id: ids.companyList }, admin)).data;
    const edit = await api.post('/api/menu/addoreditmenu', { ...entry, routePath: '/SalesDataList' }, admin);
    expect([edit.code, edit.msg]).toEqual([0, 'menuRouteExists']);
    expect((await menuRow(ids.companyList)).routePath).toBe('/CompanyList');
    // Keeping its own path, and entries without a path, are fine.
    expect((await api.post('/api/menu/addoreditmenu', { ...entry, menuNameEN: 'Companies' }, admin)).code).toBe(1);
    for (const n of [1, 2]) {
      expect((await api.post('/api/menu/addoreditmenu', { Id: 0, Type: 2, MenuNameEN: `No route ${n}`, MenuNameZHTW: '無', ParentMenuId: ids.archive }, admin)).code).toBe(1);
    }
  });

  it('allows an API path under several parents (each grants it) but once per parent', async () => {
    const under = (parent: number) => ({ Id: 0, Type: 3, MenuNameEN: 'x', MenuNameZHTW: 'x', RoutePath: '/api/test/twice', ParentMenuId: parent });
    expect((await api.post('/api/menu/addoreditmenu', under(ids.salesData), admin)).code).toBe(1);
    expect((await api.post('/api/menu/addoreditmenu', under(ids.companyList), admin)).code).toBe(1);
    expect((await api.post('/api/menu/addoreditmenu', under(ids.salesData), admin)).msg).toBe('menuRouteExists');
  });

  it('the seeded menus have no duplicate screen or button routes', async () => {
    const dups = await s.app.db.execute(sql`select lower(route_path) from menus where type <> 3 and trim(route_path) <> ''
      group by lower(route_path) having count(*) > 1`);
    expect(rowsOf(dups)).toEqual([]);
  });
});

describe('vendors follow the country scope (item 9)', () => {
  const vendor = (over: Record<string, unknown> = {}) => ({
    Id: 0,
    VendorName: 'Scope Vendor',
    VendorNumber: 'VS-0',
    VendorAddress: '1 Scope Road',
    Paymentterm: 'T/T 30 days',
    VendorContact: 'Sam',
    Companys: 'TW',
    ...over,
  });
  const numbers = (r: { data: { items: Array<{ vendorNumber: string }> } }) => r.data.items.map((v) => v.vendorNumber);

  beforeAll(async () => {
    for (const [number, companys] of [['VS-HK', 'HK'], ['VS-TWHK', 'TW,HK'], ['VS-GROUP', ''], ['VS-TW', 'TW']]) {
      const r = await api.post('/api/Vendor/addvendor', vendor({ VendorNumber: number, Companys: companys }), admin);
      expect(r.code).toBe(1);
      ids[number] = r.data.id;
    }
  });

  it('refuses head office adding a vendor of HK (403) or a group-wide one (companys required), and accepts one inside its scope', async () => {
    for (const companys of ['HK', 'TW,HK']) {
      const r = await api.post('/api/Vendor/addvendor', vendor({ VendorNumber: `VS-NEW-${companys}`, Companys: companys }), oih);
      expect([companys, r.status, r.msg]).toEqual([companys, 403, '401']);
    }
    const groupWide = await api.post('/api/Vendor/addvendor', vendor({ VendorNumber: 'VS-NEW-', Companys: ' , ' }), oih);
    expect([groupWide.status, groupWide.msg, groupWide.data]).toEqual([400, 'validationError', [{ field: 'companys', message: 'required' }]]);
    expect((await api.post('/api/Vendor/addvendor', vendor({ VendorNumber: 'VS-OIH', Companys: 'tw,sg' }), oih)).code).toBe(1);
    const rows = await s.app.db.execute(sql`select vendor_number from vendors where vendor_number like 'VS-NEW%'`);
    expect(rowsOf(rows)).toEqual([]);
  });

  it('hides an HK-only vendor from head office: not listed, 403 to read, edit and toggle', async () => {
    const page = await api.get('/api/Vendor/getvendorpage', { pageSize: 100, vendorNumber: 'VS-' }, oih);
    expect(numbers(page).sort()).toEqual(['VS-GROUP', 'VS-OIH', 'VS-TW', 'VS-TWHK']);
    expect(page.data.count).toBe(4);
    expect((await api.get('/api/Vendor/getvendorbyid', { id: ids['VS-HK'] }, oih)).status).toBe(403);
    const edit = await api.post('/api/Vendor/addvendor', vendor({ Id: ids['VS-HK'], VendorName: 'Taken', Companys: 'TW' }), oih);
    expect([edit.status, edit.msg]).toEqual([403, '401']);
    expect((await api.post('/api/Vendor/disabledvendor', { id: ids['VS-HK'], isDisabled: true }, oih)).status).toBe(403);
    expect((await api.post('/api/Vendor/disabledvendor', { VendorNumber: 'vs-hk', isDisabled: true }, oih)).status).toBe(403);
    expect((await api.get('/api/Vendor/getvendorbyid', { id: ids['VS-HK'] }, admin)).data).toMatchObject({ vendorName: 'Scope Vendor', companys: 'HK', isDisabled: false });
  });

  it('shows a vendor shared with HK, or group-wide, but refuses changing it (outOfScope)', async () => {
    for (const n of ['VS-TWHK', 'VS-GROUP']) {
      expect((await api.get('/api/Vendor/getvendorbyid', { id: ids[n] }, oih)).code).toBe(1);
      const edit = await api.post('/api/Vendor/addvendor', vendor({ Id: ids[n], VendorName: 'Changed', Companys: 'TW' }), oih);
      expect([n, edit.status, edit.code, edit.msg]).toEqual([n, 200, 0, 'outOfScope']);
      const off = await api.post('/api/Vendor/disabledvendor', { id: ids[n], isDisabled: true }, oih);
      expect([off.code, off.msg]).toEqual([0, 'outOfScope']);
      expect((await api.get('/api/Vendor/getvendorbyid', { id: ids[n] }, admin)).data).toMatchObject({ vendorName: 'Scope Vendor', isDisabled: false });
    }
  });

  it('lets head office change its own vendors, but not add HK to them', async () => {
    const add = await api.post('/api/Vendor/addvendor', vendor({ Id: ids['VS-TW'], Companys: 'TW,HK' }), oih);
    expect([add.status, add.msg]).toEqual([403, '401']);
    const ok = await api.post('/api/Vendor/addvendor', vendor({ Id: ids['VS-TW'], VendorName: 'Renamed', Companys: 'TW,SG' }), oih);
    expect(ok.data).toMatchObject({ vendorName: 'Renamed', companys: 'TW,SG' });
    expect((await api.post('/api/Vendor/disabledvendor', { id: ids['VS-TW'], isDisabled: true }, oih)).code).toBe(1);
  });

  it('shows hk.sales only the vendors of HK and the group-wide ones', async () => {
    const page = await api.get('/api/Vendor/getvendorpage', { pageSize: 100 }, hk);
    expect(page.data.items.length).toBeGreaterThan(0);
    for (const v of page.data.items as Array<{ companys: string }>) expect(v.companys === '' || v.companys.split(',').includes('HK')).toBe(true);
    expect(numbers(page)).toEqual(expect.arrayContaining(['VS-HK', 'VS-TWHK', 'VS-GROUP', 'V1001']));
    expect(numbers(page)).not.toContain('V2003');
    expect((await api.get('/api/Vendor/getvendorbyid', { id: ids['VS-TW'] }, hk)).status).toBe(403);
  });
});

describe('product models follow the country scope through their remarks (item 9)', () => {
  const model = (over: Record<string, unknown> = {}) => ({ Id: 0, ModelType: 'CHAIR', ModelName: 'Scope', ProductModNa: 'SC-0', ModelLevel: 'High', DataType: 'CHAIR', Remarks: 'TW', ...over });
  const numbers = (rows: Array<{ productModNa: string }>) => rows.map((m) => m.productModNa);

  beforeAll(async () => {
    for (const [number, remarks] of [['SC-HK', 'HK'], ['SC-TWHK', 'TW,HK'], ['SC-GROUP', ''], ['SC-TW', 'TW']]) {
      const r = await api.post('/api/ProductMod/addproductmod', model({ ModelName: `Scope ${number}`, ProductModNa: number, Remarks: remarks }), admin);
      expect(r.code).toBe(1);
      ids[number] = r.data.id;
    }
  });

  it('refuses head office adding a model of HK (403) or a group-wide one (remarks required)', async () => {
    for (const remarks of ['HK', 'SG,HK']) {
      const r = await api.post('/api/ProductMod/addproductmod', model({ ModelName: `New ${remarks}`, ProductModNa: `SC-NEW-${remarks}`, Remarks: remarks }), oih);
      expect([remarks, r.status, r.msg]).toEqual([remarks, 403, '401']);
    }
    const groupWide = await api.post('/api/ProductMod/addproductmod', model({ ModelName: 'New', ProductModNa: 'SC-NEW', Remarks: '' }), oih);
    expect([groupWide.status, groupWide.data]).toEqual([400, [{ field: 'remarks', message: 'required' }]]);
    expect((await api.post('/api/ProductMod/addproductmod', model({ ModelName: 'Scope OIH', ProductModNa: 'SC-OIH', Remarks: 'SG' }), oih)).code).toBe(1);
  });

  it('hides an HK-only model from head office in the page, the lookups, read, edit and toggle', async () => {
    const page = await api.get('/api/ProductMod/getproductmodpage', { pageSize: 100, productMod: 'scope' }, oih);
    expect(numbers(page.data.items).sort()).toEqual(['SC-GROUP', 'SC-OIH', 'SC-TW', 'SC-TWHK']);
    expect(numbers((await api.get('/api/ProductMod/getproductmodlist', { keyword: 'scope' }, oih)).data).sort()).toEqual(['SC-GROUP', 'SC-OIH', 'SC-TW', 'SC-TWHK']);
    expect(numbers((await api.get('/api/ProductMod/getproductmodlist2', { modelLevel: 'High', modelType: 'CHAIR' }, oih)).data)).not.toContain('SC-HK');
    expect((await api.get('/api/ProductMod/getproductmodbyid', { id: ids['SC-HK'] }, oih)).status).toBe(403);
    const edit = await api.post('/api/ProductMod/addproductmod', model({ Id: ids['SC-HK'], ModelName: 'Taken', ProductModNa: 'SC-HK', Remarks: 'TW' }), oih);
    expect([edit.status, edit.msg]).toEqual([403, '401']);
    expect((await api.post('/api/ProductMod/disabledproductmod', { id: ids['SC-HK'], isDisabled: true }, oih)).status).toBe(403);
    expect((await api.get('/api/ProductMod/getproductmodbyid', { id: ids['SC-HK'] }, admin)).data).toMatchObject({ modelName: 'Scope SC-HK', remarks: 'HK', isDisabled: false });
  });

  it('refuses changing a model remarked HK as well (outOfScope), a seeded one included', async () => {
    const seeded = (await api.get('/api/ProductMod/getproductmodpage', { productMod: 'OG-7808' }, oih)).data.items[0];
    expect(seeded.remarks).toBe('OIH,HK,TW,SG');
    for (const [id, name] of [[ids['SC-TWHK'], 'Scope SC-TWHK'], [ids['SC-GROUP'], 'Scope SC-GROUP'], [seeded.id, seeded.modelName]] as const) {
      const edit = await api.post('/api/ProductMod/addproductmod', model({ Id: id, ModelName: `${name} 2`, ProductModNa: 'x', Remarks: 'TW' }), oih);
      expect([edit.status, edit.code, edit.msg]).toEqual([200, 0, 'outOfScope']);
      const off = await api.post('/api/ProductMod/disabledproductmod', { id, isDisabled: true }, oih);
      expect([off.code, off.msg]).toEqual([0, 'outOfScope']);
      expect((await api.get('/api/ProductMod/getproductmodbyid', { id }, admin)).data).toMatchObject({ modelName: name, isDisabled: false });
    }
    const own = await api.post('/api/ProductMod/addproductmod', model({ Id: ids['SC-TW'], ModelName: 'Scope SC-TW', ProductModNa: 'SC-TW', Remarks: 'TW,HK' }), oih);
    expect(own.status).toBe(403);
  });

  it('refuses head office a product on a model it cannot see (the model is not found for it)', async () => {
    const product = (modelNo: string, productCode: string) => productForm({ modelNo, productCode });
    const hidden = await api.post('/api/Product/addproduct', product('SC-HK', 'SCOPE-P1'), oih);
    expect([hidden.status, hidden.data]).toEqual([400, [{ field: 'modelNo', message: 'notFound' }]]);
    expect((await api.post('/api/Product/addproduct', product('SC-TW', 'SCOPE-P2'), oih)).code).toBe(1);
  });

  it('gives hk.sales only the models of HK and the group-wide ones', async () => {
    const list = (await api.get('/api/ProductMod/getproductmodlist', {}, hk)).data as Array<{ productModNa: string; remarks: string }>;
    for (const m of list) expect(m.remarks === '' || m.remarks.split(',').includes('HK')).toBe(true);
    expect(numbers(list)).toEqual(expect.arrayContaining(['SC-HK', 'SC-TWHK', 'SC-GROUP', 'OG-7808']));
    expect(numbers(list)).not.toContain('OG-5568');
    const two = (await api.get('/api/ProductMod/getproductmodlist2', { isAll: true }, hk)).data as Array<{ remarks: string }>;
    for (const m of two) expect(m.remarks === '' || m.remarks.split(',').includes('HK')).toBe(true);
  });
});

describe('concurrent edits of one user (item 11)', () => {
  const form = (u: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
    Id: u.id,
    CompanyId: u.companyId,
    DepartmentId: u.departmentId,
    Name: u.name,
    Account: u.account,
    Language: u.language,
    Sex: u.sex,
    Email: u.email,
    Address: u.address,
    Rank: u.rank,
    Grade: u.grade,
    LeaderNumber: u.leaderNumber,
    ...over,
  });
  const load = async () => (await api.get('/api/user/getuserbyid', { id: ids.twUser }, admin)).data;

  it('refuses an edit based on a stale version and changes nothing', async () => {
    const u = await load();
    expect(typeof u.version).toBe('number');
    const ok = await api.post('/api/user/addoredituser', form(u, { Name: 'Tina One', Version: u.version }), admin);
    expect(ok.code).toBe(1);
    const after = await load();
    expect([after.name, after.version]).toEqual(['Tina One', u.version + 1]);
    const stale = await api.post('/api/user/addoredituser', form(u, { Name: 'Tina Stale', Version: u.version }), admin);
    expect([stale.status, stale.code, stale.msg]).toEqual([200, 0, 'staleVersion']);
    expect(await load()).toEqual(after);
    // The original front end sends no version: no check.
    expect((await api.post('/api/user/addoredituser', form(after, { Name: 'Tina Huang' }), admin)).code).toBe(1);
  });

  it('of two concurrent edits with the same version, exactly one wins', async () => {
    const u = await load();
    const replies = await Promise.all(
      ['Tina A', 'Tina B'].map((name) => api.post('/api/user/addoredituser', form(u, { Name: name, Version: u.version }), admin)),
    );
    expect(replies.map((r) => r.msg).sort()).toEqual(['staleVersion', 'success']);
    const winner = replies.findIndex((r) => r.code === 1);
    const after = await load();
    expect([after.name, after.version]).toEqual([['Tina A', 'Tina B'][winner], u.version + 1]);
  });

  it('bumps the version on the disable toggle and on a password set', async () => {
    const v0 = (await load()).version;
    expect((await api.post('/api/user/disableduser', { id: ids.twUser, isDisabled: false }, admin)).code).toBe(1);
    expect((await load()).version).toBe(v0 + 1);
    expect((await api.post('/api/user/edituserpassword', { id: ids.twUser, password: 'Passw0rd9' }, admin)).code).toBe(1);
    const v2 = (await load()).version;
    expect(v2).toBe(v0 + 2);
    const stale = await api.post('/api/user/addoredituser', form(await load(), { Version: v0 }), admin);
    expect(stale.msg).toBe('staleVersion');
  });
});
