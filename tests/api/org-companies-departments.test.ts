// Companies and departments (spec part 2 §2, §4, §5, §7; DESIGN §5 country scope): lists, saves, refusals, scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { companies, departments } from '@/server/db/schema/index';
import { client, startServer, type TestServer } from './helpers';

let s: TestServer;
let api: ReturnType<typeof client>;
let admin: string;
let tw: string;
let oih: string;
const ids: Record<string, number> = {};

interface TreeNode {
  id: number;
  submenuList: TreeNode[];
}
const subtree = (n: TreeNode): number[] => [n.id, ...n.submenuList.flatMap(subtree)];

async function userId(number: string) {
  const r = await api.get('/api/user/getuserpage', { keyword: number, pageSize: 5 }, admin);
  return (r.data.items as Array<{ id: number; number: string }>).find((u) => u.number === number)!.id;
}

async function companyId(number: string) {
  const [row] = await s.app.db.select({ id: companies.id }).from(companies).where(eq(companies.companyNumber, number));
  return row.id;
}

async function departmentId(number: string) {
  const [row] = await s.app.db.select({ id: departments.id }).from(departments).where(eq(departments.departmentNumber, number));
  return row.id;
}

beforeAll(async () => {
  s = await startServer();
  api = client(s.app);
  admin = await api.login('admin');
  // Roles are data: the organisation screens (group 331 with its screens and buttons) go to a TW and an OIH user.
  const tree = await api.get<TreeNode[]>('/api/menu/getmenutree', {}, admin);
  const org = tree.data.find((n) => n.id === 331)!;
  const role = await api.post(
    '/api/role/addoreditrole',
    { Id: 0, RoleName: 'Org test', Users: `${await userId('tw.sales')},${await userId('oih.analyst')}`, MenuIds: subtree(org).join(',') },
    admin,
  );
  expect(role.code).toBe(1);
  tw = await api.login('tw.sales');
  oih = await api.login('oih.analyst');
  for (const n of ['OIH', 'HK', 'TW', 'SG', 'FAC']) ids[n] = await companyId(n);
});
afterAll(() => s.close());

describe('companies', () => {
  it('pages companies newest first, with the keyword and disabled filters', async () => {
    const all = await api.get('/api/company/getcompanypage', { pageIndex: 1, pageSize: 3 }, admin);
    expect(all.code).toBe(1);
    expect(all.data.count).toBe(7);
    expect(all.data.items).toHaveLength(3);
    expect(all.data.items[0].id).toBeGreaterThan(all.data.items[1].id);
    const page3 = await api.get('/api/company/getcompanypage', { pageIndex: 3, pageSize: 3 }, admin);
    expect(page3.data.items).toHaveLength(1);
    const tai = await api.get('/api/company/getcompanypage', { keyword: 'TAIW', isDisabled: 'false' }, admin);
    expect(tai.data.items.map((c: { companyNumber: string }) => c.companyNumber)).toEqual(['TW']);
    expect(tai.data.items[0]).toMatchObject({ companyName: 'Taiwan', paymentterm: 'T/T 45 days', isFactory: 2, isDisabled: false });
    const byNumber = await api.get('/api/company/getcompanypage', { keyword: 'fac' }, admin);
    expect(byNumber.data.count).toBe(1);
    const wildcard = await api.get('/api/company/getcompanypage', { keyword: '%' }, admin);
    expect(wildcard.data.count).toBe(0);
    const disabled = await api.get('/api/company/getcompanypage', { isDisabled: true }, admin);
    expect(disabled.data.count).toBe(0);
  });

  it('lists sales companies, factories or all, by keyword', async () => {
    const sales = await api.get('/api/company/getcompanylist', { isFactory: 2 }, admin);
    expect(sales.data.map((c: { companyNumber: string }) => c.companyNumber)).toEqual(['OIH', 'HK', 'TW', 'SG', 'MY', 'AU']);
    expect(sales.data[0]).toEqual({ id: ids.OIH, companyNumber: 'OIH', companyName: 'OIH Head Office' });
    const factories = await api.get('/api/company/getcompanylist', { isFactory: 1 }, admin);
    expect(factories.data.map((c: { companyNumber: string }) => c.companyNumber)).toEqual(['FAC']);
    expect((await api.get('/api/company/getcompanylist', { isFactory: 0 }, admin)).data).toHaveLength(7);
    expect((await api.get('/api/company/getcompanylist', { isFactory: '' }, admin)).data).toHaveLength(7);
    const kw = await api.get('/api/company/getcompanylist', { keyword: 'singa' }, admin);
    expect(kw.data.map((c: { companyNumber: string }) => c.companyNumber)).toEqual(['SG']);
  });

  it('adds a company (sales by default), refuses a duplicate number and missing fields', async () => {
    const add = await api.post('/api/company/addoreditcompany', { Id: 0, companyName: 'New Zealand', CompanyNumber: 'NZ', Paymentterm: 'T/T 30 days', UserNumber: 'forged' }, admin);
    expect(add.code).toBe(1);
    ids.NZ = add.data.id;
    const got = await api.get('/api/company/getcompany', { Id: ids.NZ }, admin);
    expect(got.data).toMatchObject({ companyName: 'New Zealand', companyNumber: 'NZ', paymentterm: 'T/T 30 days', isFactory: 2, isDisabled: false });
    const [row] = await s.app.db.select().from(companies).where(eq(companies.id, ids.NZ));
    expect(row.addUserNumber).toBe('admin');

    const dup = await api.post('/api/company/addoreditcompany', { Id: 0, companyName: 'Other', CompanyNumber: 'nz' }, admin);
    expect([dup.status, dup.code, dup.msg]).toEqual([200, 0, 'companyNumberExists']);

    const noName = await api.post('/api/company/addoreditcompany', { Id: 0, companyName: '', CompanyNumber: 'XX' }, admin);
    expect([noName.status, noName.msg]).toEqual([400, 'validationError']);
    expect(noName.data.map((f: { field: string }) => f.field)).toEqual(['companyName']);
    const noNumber = await api.post('/api/company/addoreditcompany', { Id: 0, companyName: 'X' }, admin);
    expect(noNumber.status).toBe(400);
    expect(noNumber.data.map((f: { field: string }) => f.field)).toEqual(['companyNumber']);
    const badKind = await api.post('/api/company/addoreditcompany', { Id: 0, companyName: 'X', CompanyNumber: 'XX', IsFactory: 3 }, admin);
    expect(badKind.data.map((f: { field: string }) => f.field)).toEqual(['isFactory']);
    const factory = await api.post('/api/company/addoreditcompany', { Id: 0, companyName: 'Second factory', CompanyNumber: 'FAC2', IsFactory: '1' }, admin);
    expect((await api.get('/api/company/getcompany', { id: factory.data.id }, admin)).data.isFactory).toBe(1);
  });

  it('edits a company; its number is fixed; audit comes from the token', async () => {
    const edit = await api.post('/api/company/addoreditcompany', { Id: ids.NZ, companyName: 'Aotearoa NZ', CompanyNumber: 'NZ', Paymentterm: 'T/T 60 days', UserNumber: 'forged' }, admin);
    expect(edit.code).toBe(1);
    const got = await api.get('/api/company/getcompany', { Id: ids.NZ }, admin);
    expect(got.data).toMatchObject({ companyName: 'Aotearoa NZ', paymentterm: 'T/T 60 days' });
    const [row] = await s.app.db.select().from(companies).where(eq(companies.id, ids.NZ));
    expect(row.editUserNumber).toBe('admin');
    const renumber = await api.post('/api/company/addoreditcompany', { Id: ids.NZ, companyName: 'NZ', CompanyNumber: 'NZL' }, admin);
    expect([renumber.code, renumber.msg]).toEqual([0, 'companyNumberLocked']);
    const toOther = await api.post('/api/company/addoreditcompany', { Id: ids.NZ, companyName: 'NZ', CompanyNumber: 'SG' }, admin);
    expect(toOther.msg).toBe('companyNumberExists');
    const missing = await api.get('/api/company/getcompany', { Id: 99999 }, admin);
    expect([missing.code, missing.msg]).toEqual([0, 'notFound']);
  });

  it('refuses to disable a company with enabled departments; disables and enables one without', async () => {
    const refused = await api.post('/api/company/disabledcompany', { Id: ids.TW, IsDisabled: true }, admin);
    expect([refused.status, refused.code, refused.msg]).toEqual([200, 0, 'companyHasDepartments']);
    const ok = await api.post('/api/company/disabledcompany', { Id: ids.NZ, IsDisabled: true, UserNumber: 'forged' }, admin);
    expect(ok.code).toBe(1);
    const [row] = await s.app.db.select().from(companies).where(eq(companies.id, ids.NZ));
    expect([row.isDisabled, row.disabledUserNumber]).toEqual([true, 'admin']);
    expect(row.disabledTime).toBeInstanceOf(Date);
    expect((await api.get('/api/company/getcompanypage', { isDisabled: true }, admin)).data.items.map((c: { id: number }) => c.id)).toEqual([ids.NZ]);
    const list = await api.get('/api/company/getcompanylist', {}, admin);
    expect(list.data.some((c: { id: number }) => c.id === ids.NZ)).toBe(false);
    const withAll = await api.get('/api/company/getcompanylist', { isAll: true }, admin);
    expect(withAll.data.some((c: { id: number }) => c.id === ids.NZ)).toBe(true);
    expect((await api.post('/api/company/disabledcompany', { Id: ids.NZ, IsDisabled: false }, admin)).code).toBe(1);
  });
});

describe('departments', () => {
  it('adds departments with server-made numbers and paths; rows carry company, parent and leader names', async () => {
    const sales = await api.post('/api/department/addoreditdepartment', { Id: 0, CompanyId: ids.NZ, DepartmentName: 'Sales', LeaderNumber: 'OIH.ANALYST' }, admin);
    expect(sales.code).toBe(1);
    ids.nzSales = sales.data.id;
    const retail = await api.post('/api/department/addoreditdepartment', { Id: 0, CompanyNumber: 'NZ', DepartmentName: 'Retail', ParentId: ids.nzSales, ParentName: 'ignored' }, admin);
    ids.nzRetail = retail.data.id;
    const north = await api.post('/api/department/addoreditdepartment', { Id: 0, CompanyNumber: 'NZ', DepartmentName: 'North', ParentId: ids.nzRetail }, admin);
    ids.nzNorth = north.data.id;
    const got = await api.get('/api/department/getdepartment', { id: ids.nzNorth }, admin);
    expect(got.data).toMatchObject({
      companyId: ids.NZ,
      companyName: 'Aotearoa NZ',
      companyNumber: 'NZ',
      parentId: ids.nzRetail,
      parentName: 'Retail',
      departmentName: 'North',
      departmentNumber: `NZ-D${String(ids.nzNorth).padStart(3, '0')}`,
      departmentPath: 'Sales/Retail/North',
      leader: null,
      isDisabled: false,
    });
    const top = await api.get('/api/department/getdepartment', { id: ids.nzSales }, admin);
    expect(top.data).toMatchObject({ parentId: null, parentName: null, departmentPath: 'Sales', leader: 'Olivia Chen', leaderNumber: 'oih.analyst' });
  });

  it('refuses a duplicate name under the same parent, and missing or invalid fields', async () => {
    const dup = await api.post('/api/department/addoreditdepartment', { Id: 0, CompanyId: ids.NZ, DepartmentName: 'RETAIL', ParentId: ids.nzSales }, admin);
    expect([dup.status, dup.code, dup.msg]).toEqual([200, 0, 'departmentExists']);
    const dupTop = await api.post('/api/department/addoreditdepartment', { Id: 0, CompanyId: ids.NZ, DepartmentName: 'sales' }, admin);
    expect(dupTop.msg).toBe('departmentExists');
    const elsewhere = await api.post('/api/department/addoreditdepartment', { Id: 0, CompanyId: ids.NZ, DepartmentName: 'Retail' }, admin);
    expect(elsewhere.code).toBe(1);
    ids.nzRetailTop = elsewhere.data.id;

    const noName = await api.post('/api/department/addoreditdepartment', { Id: 0, CompanyId: ids.NZ, DepartmentName: '  ' }, admin);
    expect([noName.status, noName.msg]).toEqual([400, 'validationError']);
    expect(noName.data.map((f: { field: string }) => f.field)).toEqual(['departmentName']);
    const noCompany = await api.post('/api/department/addoreditdepartment', { Id: 0, DepartmentName: 'X' }, admin);
    expect(noCompany.status).toBe(400);
    expect(noCompany.data.map((f: { field: string }) => f.field)).toEqual(['companyId']);
    const badLeader = await api.post('/api/department/addoreditdepartment', { Id: 0, CompanyId: ids.NZ, DepartmentName: 'X', LeaderNumber: 'nobody' }, admin);
    expect(badLeader.msg).toBe('userNotExist');
  });

  it('refuses a parent of another company, itself or a descendant', async () => {
    const other = await api.post('/api/department/addoreditdepartment', { Id: 0, CompanyId: ids.NZ, DepartmentName: 'X', ParentId: await departmentId('TW-SALES') }, admin);
    expect([other.code, other.msg]).toEqual([0, 'departmentParentInvalid']);
    const self = await api.post('/api/department/addoreditdepartment', { Id: ids.nzRetail, CompanyId: ids.NZ, DepartmentName: 'Retail', ParentId: ids.nzRetail }, admin);
    expect(self.msg).toBe('departmentParentInvalid');
    const below = await api.post('/api/department/addoreditdepartment', { Id: ids.nzSales, CompanyId: ids.NZ, DepartmentName: 'Sales', ParentId: ids.nzNorth }, admin);
    expect(below.msg).toBe('departmentParentInvalid');
    const missing = await api.post('/api/department/addoreditdepartment', { Id: 0, CompanyId: ids.NZ, DepartmentName: 'X', ParentId: 99999 }, admin);
    expect(missing.msg).toBe('departmentParentInvalid');
  });

  it('rewrites the paths below a renamed or moved department', async () => {
    const rename = await api.post('/api/department/addoreditdepartment', { Id: ids.nzSales, CompanyId: ids.NZ, DepartmentName: 'Sales NZ', LeaderNumber: '' }, admin);
    expect(rename.code).toBe(1);
    expect((await api.get('/api/department/getdepartment', { id: ids.nzNorth }, admin)).data.departmentPath).toBe('Sales NZ/Retail/North');
    expect((await api.get('/api/department/getdepartment', { id: ids.nzSales }, admin)).data.leaderNumber).toBeNull();
    const move = await api.post('/api/department/addoreditdepartment', { Id: ids.nzNorth, CompanyId: ids.NZ, DepartmentName: 'North', ParentId: ids.nzRetailTop }, admin);
    expect(move.code).toBe(1);
    const moved = await api.get('/api/department/getdepartment', { id: ids.nzNorth }, admin);
    expect(moved.data).toMatchObject({ departmentPath: 'Retail/North', parentName: 'Retail', parentId: ids.nzRetailTop });
    const back = await api.post('/api/department/addoreditdepartment', { Id: ids.nzNorth, CompanyId: ids.NZ, DepartmentName: 'North', ParentId: ids.nzRetail }, admin);
    expect(back.code).toBe(1);
  });

  it('pages departments by company, keyword and disabled flag; the company details read them by company number', async () => {
    const nz = await api.get('/api/department/getdepartmentpage', { companyNumber: 'nz', pageSize: 50 }, admin);
    expect(nz.data.count).toBe(4);
    expect(nz.data.items.map((d: { id: number }) => d.id)).toEqual([ids.nzRetailTop, ids.nzNorth, ids.nzRetail, ids.nzSales]);
    const paged = await api.get('/api/department/getdepartmentpage', { companyNumber: 'NZ', pageIndex: 2, pageSize: 3 }, admin);
    expect([paged.data.count, paged.data.items.length]).toEqual([4, 1]);
    const kw = await api.get('/api/department/getdepartmentpage', { companyNumber: 'NZ', keyword: 'nort' }, admin);
    expect(kw.data.items.map((d: { departmentName: string }) => d.departmentName)).toEqual(['North']);
    const byPath = await api.get('/api/department/getdepartmentpage', { keyword: 'Sales NZ/Retail' }, admin);
    expect(byPath.data.count).toBe(2);
    const row = (await api.get('/api/department/getdepartmentpage', { keyword: 'TW-SALES' }, admin)).data.items[0];
    expect(row).toMatchObject({ companyName: 'Taiwan', leader: 'Tina Huang', departmentPath: 'Sales' });
    const tws = await api.get('/api/department/getdepartmentpage', { companyNumber: 'TW', isDisabled: false, pageSize: 50 }, admin);
    expect(tws.data.items.map((d: { departmentNumber: string }) => d.departmentNumber).sort()).toEqual(['TW-MKT', 'TW-RETAIL', 'TW-SALES']);
    expect(tws.data.items.find((d: { departmentNumber: string }) => d.departmentNumber === 'TW-RETAIL')).toMatchObject({ parentName: 'Sales', departmentPath: 'Sales/Retail' });
    const list = await api.get('/api/department/getdepartmentlist', { companyId: ids.NZ, keyword: 'retail' }, admin);
    // The keyword matches the path too, so North (under Retail) is listed.
    expect(list.data.map((d: { departmentPath: string }) => d.departmentPath)).toEqual(['Retail', 'Sales NZ/Retail', 'Sales NZ/Retail/North']);
    expect(list.data[0]).toMatchObject({ companyNumber: 'NZ', companyId: ids.NZ });
  });

  it('refuses disabling with enabled sub-departments, then with enabled users', async () => {
    const subs = await api.post('/api/department/disableddepartment', { Id: ids.nzRetail, CompanyNumber: 'NZ', IsDisabled: true }, admin);
    expect([subs.code, subs.msg]).toEqual([0, 'departmentHasSubDepartments']);
    const user = await api.post(
      '/api/user/addoredituser',
      { Id: 0, CompanyId: ids.NZ, DepartmentId: ids.nzNorth, Name: 'Nia Kahu', Account: 'nz.north', Password: 'secret1', Language: 'en', Sex: 2 },
      admin,
    );
    expect(user.code).toBe(1);
    const people = await api.post('/api/department/disableddepartment', { Id: ids.nzNorth, IsDisabled: true }, admin);
    expect([people.code, people.msg]).toEqual([0, 'departmentHasUsers']);
    // A disabled user no longer counts.
    expect((await api.post('/api/user/disableduser', { Id: user.data.id, IsDisabled: true }, admin)).code).toBe(1);
    const ok = await api.post('/api/department/disableddepartment', { Id: ids.nzNorth, IsDisabled: true, UserNumber: 'forged' }, admin);
    expect(ok.code).toBe(1);
    const [row] = await s.app.db.select().from(departments).where(eq(departments.id, ids.nzNorth));
    expect([row.isDisabled, row.disabledUserNumber]).toEqual([true, 'admin']);
    // A disabled sub-department no longer counts either.
    expect((await api.post('/api/department/disableddepartment', { Id: ids.nzRetail, IsDisabled: true }, admin)).code).toBe(1);
    const disabled = await api.get('/api/department/getdepartmentpage', { companyNumber: 'NZ', isDisabled: true }, admin);
    expect(disabled.data.items.map((d: { id: number }) => d.id)).toEqual([ids.nzNorth, ids.nzRetail]);
    expect((await api.get('/api/department/getdepartmentlist', { companyNumber: 'NZ' }, admin)).data).toHaveLength(2);
    expect((await api.get('/api/department/getdepartmentlist', { companyNumber: 'NZ', isAll: true }, admin)).data).toHaveLength(4);
  });

  it('refuses enabling under a disabled parent, and in a disabled company', async () => {
    const parent = await api.post('/api/department/disableddepartment', { Id: ids.nzNorth, IsDisabled: false }, admin);
    expect([parent.code, parent.msg]).toEqual([0, 'departmentParentDisabled']);
    const underDisabled = await api.post('/api/department/addoreditdepartment', { Id: 0, CompanyId: ids.NZ, DepartmentName: 'South', ParentId: ids.nzRetail }, admin);
    expect(underDisabled.msg).toBe('departmentParentDisabled');

    for (const id of [ids.nzSales, ids.nzRetailTop]) expect((await api.post('/api/department/disableddepartment', { Id: id, IsDisabled: true }, admin)).code).toBe(1);
    expect((await api.post('/api/company/disabledcompany', { Id: ids.NZ, IsDisabled: true }, admin)).code).toBe(1);
    const company = await api.post('/api/department/disableddepartment', { Id: ids.nzSales, IsDisabled: false }, admin);
    expect([company.code, company.msg]).toEqual([0, 'departmentCompanyDisabled']);
    const addInDisabled = await api.post('/api/department/addoreditdepartment', { Id: 0, CompanyId: ids.NZ, DepartmentName: 'New' }, admin);
    expect(addInDisabled.msg).toBe('departmentCompanyDisabled');
    // Enabling works again, top-down, once the company is enabled.
    expect((await api.post('/api/company/disabledcompany', { Id: ids.NZ, IsDisabled: false }, admin)).code).toBe(1);
    for (const id of [ids.nzSales, ids.nzRetail, ids.nzNorth]) expect((await api.post('/api/department/disableddepartment', { Id: id, IsDisabled: false }, admin)).code).toBe(1);
  });
});

describe('country scope', () => {
  it('shows a TW user only TW, in lists, pages and lookups', async () => {
    const page = await api.get('/api/company/getcompanypage', { pageSize: 50 }, tw);
    expect(page.data.items.map((c: { companyNumber: string }) => c.companyNumber)).toEqual(['TW']);
    expect(page.data.count).toBe(1);
    expect((await api.get('/api/company/getcompanylist', { isFactory: 2, userNumber: 'admin' }, tw)).data.map((c: { companyNumber: string }) => c.companyNumber)).toEqual(['TW']);
    const deps = await api.get('/api/department/getdepartmentpage', { pageSize: 100 }, tw);
    expect(new Set(deps.data.items.map((d: { companyNumber: string }) => d.companyNumber))).toEqual(new Set(['TW']));
    expect((await api.get('/api/department/getdepartmentpage', { companyNumber: 'HK' }, tw)).data.count).toBe(0);
    expect((await api.get('/api/department/getdepartmentlist', { companyNumber: 'HK' }, tw)).data).toEqual([]);
  });

  it('refuses a TW user any direct read or write of HK with 403', async () => {
    const hkDep = await departmentId('HK-SALES');
    const calls: Array<[string, Record<string, unknown>]> = [
      ['/api/company/getcompany', { Id: ids.HK }],
      ['/api/company/addoreditcompany', { Id: ids.HK, companyName: 'Mine', CompanyNumber: 'HK' }],
      ['/api/company/addoreditcompany', { Id: 0, companyName: 'New country', CompanyNumber: 'XX' }],
      ['/api/company/disabledcompany', { Id: ids.HK, IsDisabled: true }],
      ['/api/department/getdepartment', { id: hkDep }],
      ['/api/department/addoreditdepartment', { Id: 0, CompanyNumber: 'HK', DepartmentName: 'Mine' }],
      ['/api/department/addoreditdepartment', { Id: 0, CompanyId: ids.HK, DepartmentName: 'Mine' }],
      ['/api/department/addoreditdepartment', { Id: 0, CompanyId: ids.TW, CompanyNumber: 'HK', DepartmentName: 'Mine' }],
      ['/api/department/addoreditdepartment', { Id: hkDep, CompanyId: ids.TW, DepartmentName: 'Mine' }],
      ['/api/department/addoreditdepartment', { Id: 0, CompanyId: ids.TW, DepartmentName: 'Mine', LeaderNumber: 'hk.sales' }],
      ['/api/department/disableddepartment', { Id: hkDep, CompanyNumber: 'TW', IsDisabled: true }],
      ['/api/department/disableddepartment', { Id: await departmentId('TW-MKT'), CompanyNumber: 'HK', IsDisabled: true }],
    ];
    for (const [path, input] of calls) {
      const r = path.includes('/get') ? await api.get(path, input, tw) : await api.post(path, input, tw);
      expect([path, r.status, r.msg]).toEqual([path, 403, '401']);
    }
    const [hk] = await s.app.db.select().from(companies).where(eq(companies.id, ids.HK));
    expect([hk.companyName, hk.isDisabled]).toEqual(['Hong Kong', false]);
    const count = await s.app.db.execute(sql`select count(*)::int as n from departments where department_name = 'Mine'`);
    expect(Number((count as unknown as { rows: Array<{ n: number }> }).rows[0].n)).toBe(0);
  });

  it('lets a TW user manage TW departments', async () => {
    const add = await api.post('/api/department/addoreditdepartment', { Id: 0, CompanyNumber: 'TW', DepartmentName: 'Service', LeaderNumber: 'tw.sales' }, tw);
    expect(add.code).toBe(1);
    expect((await api.get('/api/department/getdepartment', { id: add.data.id }, tw)).data).toMatchObject({ departmentPath: 'Service', leader: 'Tina Huang' });
    expect((await api.post('/api/department/disableddepartment', { Id: add.data.id, CompanyNumber: 'TW', IsDisabled: true }, tw)).code).toBe(1);
    const [row] = await s.app.db.select().from(departments).where(eq(departments.id, add.data.id));
    expect([row.addUserNumber, row.disabledUserNumber]).toEqual(['tw.sales', 'tw.sales']);
  });

  it('shows an OIH user every company but HK', async () => {
    const page = await api.get('/api/company/getcompanypage', { pageSize: 50 }, oih);
    const numbers = page.data.items.map((c: { companyNumber: string }) => c.companyNumber);
    expect(numbers).toContain('OIH');
    expect(numbers).toContain('TW');
    expect(numbers).toContain('NZ');
    expect(numbers).not.toContain('HK');
    expect(page.data.count).toBe(8);
    expect((await api.get('/api/company/getcompany', { Id: ids.HK }, oih)).status).toBe(403);
    expect((await api.get('/api/company/getcompany', { Id: ids.SG }, oih)).code).toBe(1);
    const deps = await api.get('/api/department/getdepartmentpage', { pageSize: 100 }, oih);
    const depCompanies = new Set(deps.data.items.map((d: { companyNumber: string }) => d.companyNumber));
    expect(depCompanies.has('HK')).toBe(false);
    expect(depCompanies.has('TW') && depCompanies.has('OIH')).toBe(true);
    const hkAdd = await api.post('/api/company/addoreditcompany', { Id: 0, companyName: 'HK again', CompanyNumber: 'hk' }, oih);
    expect(hkAdd.status).toBe(403);
  });
});
