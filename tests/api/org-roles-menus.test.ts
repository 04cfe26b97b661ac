// Roles and menus (spec part 2 §2 Roles/Menus, §4, §5, §7; DESIGN §5 menus as the permission model, country scope).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Endpoint } from '@/shared/contracts/endpoint';
import * as companyApi from '@/shared/contracts/company';
import * as departmentApi from '@/shared/contracts/department';
import * as roleApi from '@/shared/contracts/role';
import * as menuApi from '@/shared/contracts/menu';
import * as userApi from '@/shared/contracts/user';
import { companies, departments, menus, roleMenus, roles, users } from '@/server/db/schema/index';
import { client, startServer, type TestServer } from './helpers';

let s: TestServer;
let api: ReturnType<typeof client>;
let admin: string;
const ids: Record<string, number> = {};

interface TreeNode {
  id: number;
  type: number;
  isData: boolean;
  menuNameEN: string;
  menuNameZHTW: string;
  submenuList: TreeNode[];
}
const flat = (n: TreeNode): TreeNode[] => [n, ...n.submenuList.flatMap(flat)];
const fields = (r: { data: Array<{ field: string }> }) => r.data.map((f) => f.field).sort();

async function menuId(code: string) {
  return (await s.app.db.select({ id: menus.id }).from(menus).where(eq(menus.code, code)))[0].id;
}
async function userId(number: string) {
  return (await s.app.db.select({ id: users.id }).from(users).where(eq(users.number, number)))[0].id;
}

beforeAll(async () => {
  s = await startServer();
  api = client(s.app);
  admin = await api.login('admin');
  for (const c of ['TW', 'HK', 'SG', 'MY', 'FAC']) ids[c] = (await s.app.db.select({ id: companies.id }).from(companies).where(eq(companies.companyNumber, c)))[0].id;
  for (const d of ['TW-SALES', 'HK-SALES', 'SG-SALES']) ids[d] = (await s.app.db.select({ id: departments.id }).from(departments).where(eq(departments.departmentNumber, d)))[0].id;
  for (const u of ['tw.sales', 'hk.sales', 'sg.sales', 'my.sales', 'oih.analyst']) ids[u] = await userId(u);
  ids.companyList = await menuId('route:/CompanyList');
  ids.roleList = await menuId('route:/RoleList');
  ids.salesData = await menuId('route:/SalesDataList');
});
afterAll(() => s.close());

describe('menu tree and pages', () => {
  it('gives the role form a tree of side menus and buttons only', async () => {
    const r = await api.get<TreeNode[]>('/api/menu/getmenutree', {}, admin);
    expect(r.code).toBe(1);
    expect(r.data.map((n) => n.id)).toEqual([1, 69, 200, 331, 451]);
    const all = r.data.flatMap(flat);
    expect(all.every((n) => n.type === 1 || n.type === 2)).toBe(true);
    const org = r.data.find((n) => n.id === 331)!;
    expect(org.submenuList.map((n) => n.menuNameEN)).toEqual(['Companies', 'Departments', 'Users', 'Roles', 'Menus']);
    const sales = all.find((n) => n.id === ids.salesData)!;
    expect(sales).toMatchObject({ type: 1, isData: true, menuNameZHTW: '銷售資料上傳' });
    expect(sales.submenuList.map((n) => n.type)).toEqual([2]);
  });

  it('pages menu entries under a parent (empty: top level) by sort, with the disabled filter', async () => {
    const top = await api.get('/api/menu/getmenupage', { pageIndex: 1, pageSize: 100, parentMenuId: '' }, admin);
    expect(top.data.items.every((m: { parentMenuId: number | null }) => m.parentMenuId === null)).toBe(true);
    const sorts = top.data.items.map((m: { sort: number }) => m.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    const groups = top.data.items.filter((m: { type: number }) => m.type === 1).map((m: { id: number }) => m.id);
    expect(groups).toEqual([1, 69, 200, 331, 451]);
    const org = await api.get('/api/menu/getmenupage', { parentMenuId: 331, pageSize: 2, pageIndex: 2 }, admin);
    expect(org.data.count).toBe(5);
    expect(org.data.items.map((m: { routePath: string }) => m.routePath)).toEqual(['/UserList', '/RoleList']);
    expect(org.data.items[0]).toMatchObject({ type: 1, routeName: 'UserList', routeComponent: 'UserList', routeParentName: 'Home', sort: 30, code: 'route:/UserList', isDisabled: false });
    expect(org.data.items[0].submenuCount).toBeGreaterThan(0);
    expect((await api.get('/api/menu/getmenupage', { parentMenuId: 331, isDisabled: true }, admin)).data.count).toBe(0);
    const byId = await api.get('/api/menu/getmenubyid', { id: ids.companyList }, admin);
    expect(byId.data).toMatchObject({ id: ids.companyList, parentMenuId: 331, menuNameEN: 'Companies', menuNameZHTW: '公司', routePath: '/CompanyList' });
    expect((await api.get('/api/menu/getmenubyid', { id: 999999 }, admin)).msg).toBe('notFound');
  });
});

describe('menu entries', () => {
  it('adds a submenu with defaults; refuses missing names, a sort out of range and a bad type', async () => {
    const add = await api.post(
      '/api/menu/addoreditmenu',
      { Id: 0, Type: 1, MenuNameEN: 'Reports archive', MenuNameZHTW: '報表封存', MenuNameZHCN: '报表封存', RoutePath: '/ReportArchive', RouteName: 'ReportArchive', RouteComponent: 'ReportArchive', RouteParentName: '', Sort: '', ParentMenuId: 331, NoRequiresAuth: false, IsData: '', Code: 'route:/Hijack', UserNumber: 'forged' },
      admin,
    );
    expect(add.code).toBe(1);
    ids.archive = add.data.id;
    const got = await api.get('/api/menu/getmenubyid', { id: ids.archive }, admin);
    expect(got.data).toMatchObject({ code: null, type: 1, parentMenuId: 331, routeParentName: 'Home', sort: 0, isData: false, noRequiresAuth: false, submenuCount: 0 });
    const [row] = await s.app.db.select().from(menus).where(eq(menus.id, ids.archive));
    expect(row.addUserNumber).toBe('admin');

    const noNames = await api.post('/api/menu/addoreditmenu', { Id: 0, Type: 1, MenuNameEN: '', MenuNameZHTW: ' ' }, admin);
    expect([noNames.status, noNames.msg, fields(noNames)]).toEqual([400, 'validationError', ['menuNameEN', 'menuNameZHTW']]);
    for (const bad of [{ Sort: 100000 }, { Sort: -1 }, { Sort: 'x' }, { Type: 4 }, { Type: '' }]) {
      const r = await api.post('/api/menu/addoreditmenu', { Id: 0, Type: 2, MenuNameEN: 'a', MenuNameZHTW: 'b', ...bad }, admin);
      expect(r.status).toBe(400);
      expect(fields(r)).toEqual([Object.keys(bad)[0].toLowerCase()]);
    }
    const max = await api.post('/api/menu/addoreditmenu', { Id: 0, Type: 2, MenuNameEN: 'Export', MenuNameZHTW: '匯出', Sort: 99999, ParentMenuId: ids.archive }, admin);
    expect(max.code).toBe(1);
    ids.archiveExport = max.data.id;
  });

  it('refuses a parent that is missing, the entry itself or one of its descendants', async () => {
    const base = { Type: 1, MenuNameEN: 'Reports archive', MenuNameZHTW: '報表封存' };
    expect((await api.post('/api/menu/addoreditmenu', { Id: 0, ...base, ParentMenuId: 999999 }, admin)).msg).toBe('menuParentInvalid');
    expect((await api.post('/api/menu/addoreditmenu', { Id: ids.archive, ...base, ParentMenuId: ids.archive }, admin)).msg).toBe('menuParentInvalid');
    const below = await api.post('/api/menu/addoreditmenu', { Id: ids.archive, ...base, ParentMenuId: ids.archiveExport }, admin);
    expect([below.code, below.msg]).toEqual([0, 'menuParentInvalid']);
    const deep = await api.post('/api/menu/addoreditmenu', { Id: 331, Type: 1, MenuNameEN: 'Org', MenuNameZHTW: '組織', ParentMenuId: ids.archiveExport }, admin);
    expect(deep.msg).toBe('menuParentInvalid');
  });

  it('edits a seeded entry without touching its code', async () => {
    const r = await api.post(
      '/api/menu/addoreditmenu',
      { Id: ids.companyList, Type: 1, MenuNameEN: 'Companies and countries', MenuNameZHTW: '公司與國家', RoutePath: '/CompanyList', RouteName: 'CompanyList', RouteComponent: 'CompanyList', Sort: 10, ParentMenuId: 331, Code: null },
      admin,
    );
    expect(r.code).toBe(1);
    const [row] = await s.app.db.select().from(menus).where(eq(menus.id, ids.companyList));
    expect([row.code, row.menuNameEN, row.editUserNumber]).toEqual(['route:/CompanyList', 'Companies and countries', 'admin']);
  });

  it('refuses deleting an entry with submenus; deleting a leaf removes its grants', async () => {
    const refused = await api.post('/api/menu/delmenu', { Id: ids.archive }, admin);
    expect([refused.status, refused.code, refused.msg]).toEqual([200, 0, 'menuHasSubmenus']);
    const role = await api.post('/api/role/addoreditrole', { Id: 0, RoleName: 'Archive readers', MenuIds: `${ids.archive},${ids.archiveExport}` }, admin);
    expect(role.code).toBe(1);
    expect((await api.post('/api/menu/delmenu', { Id: ids.archiveExport }, admin)).code).toBe(1);
    expect((await api.get('/api/menu/getmenubyid', { id: ids.archiveExport }, admin)).msg).toBe('notFound');
    const grants = await s.app.db.select().from(roleMenus).where(eq(roleMenus.roleId, role.data.id));
    expect(grants.map((g) => g.menuId)).toEqual([ids.archive]);
    expect((await api.post('/api/menu/delmenu', { Id: ids.archive }, admin)).code).toBe(1);
    expect((await api.post('/api/menu/delmenu', { Id: ids.archive }, admin)).msg).toBe('notFound');
  });

  it('disables and enables an entry; a disabled one leaves the tree and the side menu', async () => {
    const tw = await api.login('tw.sales');
    const before = await api.get('/api/menu/getmenusbyuser', {}, tw);
    const routes = (r: typeof before) => r.data.sideMenuList.flatMap((g: { submenuList: Array<{ routePath: string }> }) => g.submenuList.map((m) => m.routePath));
    expect(routes(before)).toContain('/SalesDataList');
    const off = await api.post('/api/menu/disabledmenu', { Id: ids.salesData, IsDisabled: true, UserNumber: 'forged' }, admin);
    expect(off.code).toBe(1);
    const [row] = await s.app.db.select().from(menus).where(eq(menus.id, ids.salesData));
    expect([row.isDisabled, row.disabledUserNumber]).toEqual([true, 'admin']);
    expect(routes(await api.get('/api/menu/getmenusbyuser', {}, tw))).not.toContain('/SalesDataList');
    const tree = await api.get<TreeNode[]>('/api/menu/getmenutree', {}, admin);
    expect(tree.data.flatMap(flat).some((n) => n.id === ids.salesData)).toBe(false);
    expect((await api.get('/api/menu/getmenupage', { parentMenuId: 1, isDisabled: true }, admin)).data.items.map((m: { id: number }) => m.id)).toEqual([ids.salesData]);
    expect((await api.post('/api/menu/disabledmenu', { Id: ids.salesData, IsDisabled: false }, admin)).code).toBe(1);
    expect(routes(await api.get('/api/menu/getmenusbyuser', {}, tw))).toContain('/SalesDataList');
  });
});

describe('roles', () => {
  it('adds a role with its grants in one save and reads them back as id strings and names', async () => {
    const r = await api.post(
      '/api/role/addoreditrole',
      {
        Id: 0,
        RoleName: 'Regional leads',
        Companys: `${ids.SG},${ids.TW}`,
        Departments: String(ids['TW-SALES']),
        Users: `${ids['sg.sales']}, ${ids['tw.sales']}`,
        MenuIds: `${ids.companyList},${ids.salesData}`,
        MenuAllData: String(ids.salesData),
        UserNumber: 'forged',
      },
      admin,
    );
    expect(r.code).toBe(1);
    ids.leads = r.data.id;
    const got = await api.get('/api/role/getrolebyid', { id: ids.leads }, admin);
    expect(got.data).toEqual({
      id: ids.leads,
      roleName: 'Regional leads',
      companys: [ids.TW, ids.SG].sort((a, b) => a - b).join(','),
      departments: String(ids['TW-SALES']),
      users: [ids['sg.sales'], ids['tw.sales']].sort((a, b) => a - b).join(','),
      menuIds: [ids.companyList, ids.salesData].sort((a, b) => a - b).join(','),
      menuAllData: String(ids.salesData),
      companyNames: ids.TW < ids.SG ? 'Taiwan,Singapore' : 'Singapore,Taiwan',
      departmentNames: 'Sales',
      userNames: ids['sg.sales'] < ids['tw.sales'] ? 'Samuel Tan,Tina Huang' : 'Tina Huang,Samuel Tan',
      isDisabled: false,
    });
    const [row] = await s.app.db.select().from(roles).where(eq(roles.id, ids.leads));
    expect(row.addUserNumber).toBe('admin');
  });

  it('pages roles by company, department, user, name and disabled flag', async () => {
    const names = (r: { data: { items: Array<{ roleName: string }> } }) => r.data.items.map((x) => x.roleName);
    expect(names(await api.get('/api/role/getrolepage', { companyNumber: 'sg' }, admin))).toEqual(['Regional leads', 'Subsidiary sales staff']);
    expect(names(await api.get('/api/role/getrolepage', { departmentNumber: 'TW-SALES' }, admin))).toEqual(['Regional leads']);
    expect(names(await api.get('/api/role/getrolepage', { userNumber: 'SG.SALES' }, admin))).toEqual(['Regional leads']);
    expect(names(await api.get('/api/role/getrolepage', { roleName: 'regional' }, admin))).toEqual(['Regional leads']);
    expect(names(await api.get('/api/role/getrolepage', { roleName: '%' }, admin))).toEqual([]);
    const all = await api.get('/api/role/getrolepage', { isDisabled: false, pageIndex: 1, pageSize: 2 }, admin);
    const total = (await s.app.db.select().from(roles)).length;
    expect([all.data.count, all.data.items.length]).toEqual([total, 2]);
    expect(all.data.items[0].id).toBeGreaterThan(all.data.items[1].id);
    const seeded = (await api.get('/api/role/getrolepage', { roleName: 'Subsidiary' }, admin)).data.items[0];
    expect(seeded.companyNames).toBe('Hong Kong,Taiwan,Singapore,Malaysia,Australia');
    expect([seeded.departmentNames, seeded.userNames]).toEqual(['', '']);
  });

  it('refuses a duplicate name, a missing name, unknown ids and a missing role', async () => {
    const dup = await api.post('/api/role/addoreditrole', { Id: 0, RoleName: 'REGIONAL LEADS' }, admin);
    expect([dup.status, dup.code, dup.msg]).toEqual([200, 0, 'roleNameExists']);
    const renamed = await api.post('/api/role/addoreditrole', { Id: ids.leads, RoleName: 'Administrators' }, admin);
    expect(renamed.msg).toBe('roleNameExists');
    const noName = await api.post('/api/role/addoreditrole', { Id: 0, RoleName: '' }, admin);
    expect([noName.status, fields(noName)]).toEqual([400, ['roleName']]);
    const junk = await api.post('/api/role/addoreditrole', { Id: 0, RoleName: 'Junk', Companys: '1,x' }, admin);
    expect([junk.status, fields(junk)]).toEqual([400, ['companys.1']]);
    for (const key of ['Companys', 'Departments', 'Users', 'MenuIds']) {
      const r = await api.post('/api/role/addoreditrole', { Id: 0, RoleName: 'Unknown', [key]: '999999' }, admin);
      expect([r.status, fields(r)]).toEqual([400, [key === 'MenuIds' ? 'menuIds' : key.toLowerCase()]]);
    }
    expect((await s.app.db.select().from(roles).where(eq(roles.roleName, 'Unknown'))).length).toBe(0);
    const missing = await api.post('/api/role/addoreditrole', { Id: 999999, RoleName: 'Ghost' }, admin);
    expect(missing.msg).toBe('roleNotExist');
    expect((await api.get('/api/role/getrolebyid', { id: 999999 }, admin)).msg).toBe('roleNotExist');
    expect((await api.post('/api/role/delrole', { Id: 999999 }, admin)).msg).toBe('roleNotExist');
    expect((await api.post('/api/role/disabledrole', { Id: 999999, IsDisabled: true }, admin)).msg).toBe('roleNotExist');
  });

  it('edits a role, replacing its grants', async () => {
    const r = await api.post('/api/role/addoreditrole', { Id: ids.leads, RoleName: 'Regional leads', Companys: String(ids.SG), Departments: '', Users: '', MenuIds: String(ids.roleList), MenuAllData: '' }, admin);
    expect(r.code).toBe(1);
    const got = await api.get('/api/role/getrolebyid', { id: ids.leads }, admin);
    expect(got.data).toMatchObject({ companys: String(ids.SG), departments: '', users: '', menuIds: String(ids.roleList), menuAllData: '', companyNames: 'Singapore' });
  });
});

describe('grants take effect on the next request', () => {
  it('grants, disables, enables and deletes a role; the same token follows each change', async () => {
    const token = await api.login('my.sales');
    const denied = await api.get('/api/company/getcompanypage', {}, token);
    expect([denied.status, denied.msg]).toEqual([403, '401']);
    expect((await api.get('/api/menu/getmenusbyuser', { routePath: '/CompanyList' }, token)).msg).toBe('401');

    // The administrator grants the company screen to the MY company with the role screen's call.
    const grant = await api.post('/api/role/addoreditrole', { Id: ids.leads, RoleName: 'Regional leads', Companys: `${ids.SG},${ids.MY}`, MenuIds: String(ids.companyList) }, admin);
    expect(grant.code).toBe(1);
    const ok = await api.get('/api/company/getcompanypage', {}, token);
    expect([ok.status, ok.code]).toEqual([200, 1]);
    expect(ok.data.items.map((c: { companyNumber: string }) => c.companyNumber)).toEqual(['MY']);
    const menu = await api.get('/api/menu/getmenusbyuser', { routePath: '/CompanyList' }, token);
    expect(menu.data.currentMenu.routeComponent).toBe('CompanyList');
    const routes = menu.data.sideMenuList.flatMap((g: { submenuList: Array<{ routePath: string }> }) => g.submenuList.map((m) => m.routePath));
    expect(routes).toContain('/CompanyList');
    // Buttons are granted separately: the edit call stays closed.
    expect((await api.post('/api/company/addoreditcompany', { Id: ids.MY, companyName: 'Malaysia', CompanyNumber: 'MY' }, token)).status).toBe(403);

    expect((await api.post('/api/role/disabledrole', { Id: ids.leads, IsDisabled: true, UserNumber: 'forged' }, admin)).code).toBe(1);
    const [row] = await s.app.db.select().from(roles).where(eq(roles.id, ids.leads));
    expect([row.isDisabled, row.disabledUserNumber]).toEqual([true, 'admin']);
    expect((await api.get('/api/company/getcompanypage', {}, token)).status).toBe(403);
    expect((await api.get('/api/role/getrolepage', { isDisabled: true }, admin)).data.items.map((r: { id: number }) => r.id)).toEqual([ids.leads]);
    expect((await api.post('/api/role/disabledrole', { Id: ids.leads, IsDisabled: false }, admin)).code).toBe(1);
    expect((await api.get('/api/company/getcompanypage', {}, token)).status).toBe(200);

    expect((await api.post('/api/role/delrole', { Id: ids.leads }, admin)).code).toBe(1);
    expect((await api.get('/api/company/getcompanypage', {}, token)).status).toBe(403);
    expect((await api.get('/api/role/getrolebyid', { id: ids.leads }, admin)).msg).toBe('roleNotExist');
  });

  it('a user granted nothing of the organisation gets 403 on every non-lookup call; lookups stay scoped', async () => {
    const dep = await api.post('/api/department/addoreditdepartment', { Id: 0, CompanyId: ids.FAC, DepartmentName: 'Assembly' }, admin);
    const add = await api.post('/api/user/addoredituser', { Id: 0, CompanyId: ids.FAC, DepartmentId: dep.data.id, Name: 'Fay Zhou', Account: 'fac.worker', Password: 'fac-pass-1', Language: 'en' }, admin);
    expect(add.code).toBe(1);
    const token = await api.login('fac.worker', 'fac-pass-1');
    const lookups = new Set([companyApi.getCompanyList.path, departmentApi.getDepartmentList.path, userApi.getUserList.path, menuApi.getMenusByUser.path]);
    // Every call of the company, department, role and menu contracts, and the user management calls of user.ts.
    const userManagement = [userApi.getUserPage, userApi.getUserById, userApi.addOrEditUser, userApi.disabledUser, userApi.editUserPassword];
    const mine = [companyApi, departmentApi, roleApi, menuApi]
      .flatMap((m) => Object.values(m) as unknown[])
      .filter((v): v is Endpoint => !!v && typeof v === 'object' && 'path' in v && 'access' in v)
      .concat(userManagement)
      .filter((e) => e.access === 'user' && !lookups.has(e.path));
    expect(mine.length).toBe(24);
    for (const e of mine) {
      const r = await api.call(e.method, e.path, { Id: 1, id: 1, IsDisabled: true }, token);
      expect([e.path, r.status, r.msg]).toEqual([e.path, 403, '401']);
    }
    const companiesSeen = await api.get(companyApi.getCompanyList.path, {}, token);
    expect(companiesSeen.data.map((c: { companyNumber: string }) => c.companyNumber)).toEqual(['FAC']);
    expect((await api.get(departmentApi.getDepartmentList.path, {}, token)).data.map((d: { departmentName: string }) => d.departmentName)).toEqual(['Assembly']);
    expect((await api.get(userApi.getUserList.path, {}, token)).data.map((u: { number: string }) => u.number)).toEqual(['fac.worker']);
  });
});

describe('roles and country scope', () => {
  let tw: string;
  beforeAll(async () => {
    const tree = await api.get<TreeNode[]>('/api/menu/getmenutree', {}, admin);
    const org = tree.data.find((n) => n.id === 331)!;
    const r = await api.post('/api/role/addoreditrole', { Id: 0, RoleName: 'Org test', Users: String(ids['tw.sales']), MenuIds: flat(org).map((n) => n.id).join(',') }, admin);
    expect(r.code).toBe(1);
    ids.orgTest = r.data.id;
    tw = await api.login('tw.sales');
  });

  it('shows a TW user only the TW grantees of a role', async () => {
    const seededId = (await s.app.db.select().from(roles).where(eq(roles.roleName, 'Subsidiary sales staff')))[0].id;
    ids.subsidiary = seededId;
    const got = await api.get('/api/role/getrolebyid', { id: seededId }, tw);
    expect([got.data.companys, got.data.companyNames]).toEqual([String(ids.TW), 'Taiwan']);
    const page = await api.get('/api/role/getrolepage', { roleName: 'Subsidiary' }, tw);
    expect(page.data.items[0].companyNames).toBe('Taiwan');
  });

  it('refuses a TW user granting to HK, or deleting or disabling a role that reaches HK', async () => {
    const calls: Array<Record<string, unknown>> = [
      { Id: 0, RoleName: 'Mine', Users: String(ids['hk.sales']) },
      { Id: 0, RoleName: 'Mine', Companys: String(ids.HK) },
      { Id: 0, RoleName: 'Mine', Departments: String(ids['HK-SALES']) },
      { Id: ids.orgTest, RoleName: 'Org test', Users: `${ids['tw.sales']},${ids['hk.sales']}` },
    ];
    for (const body of calls) {
      const r = await api.post('/api/role/addoreditrole', body, tw);
      expect([r.status, r.msg]).toEqual([403, '401']);
    }
    expect((await api.post('/api/role/delrole', { Id: ids.subsidiary }, tw)).status).toBe(403);
    expect((await api.post('/api/role/disabledrole', { Id: ids.subsidiary, IsDisabled: true }, tw)).status).toBe(403);
    expect((await s.app.db.select().from(roles).where(eq(roles.roleName, 'Mine'))).length).toBe(0);
  });

  it("keeps a role's grantees outside the caller's scope when a TW user saves it", async () => {
    const before = (await api.get('/api/role/getrolebyid', { id: ids.subsidiary }, tw)).data;
    const same = { Id: ids.subsidiary, RoleName: 'Subsidiary sales staff', Companys: String(ids.TW), MenuIds: before.menuIds, MenuAllData: before.menuAllData };
    const r = await api.post('/api/role/addoreditrole', { ...same, Users: String(ids['tw.sales']) }, tw);
    expect(r.code).toBe(1);
    const asAdmin = await api.get('/api/role/getrolebyid', { id: ids.subsidiary }, admin);
    expect(asAdmin.data.companyNames).toBe('Hong Kong,Taiwan,Singapore,Malaysia,Australia');
    expect(asAdmin.data.userNames).toBe('Tina Huang');
    expect([asAdmin.data.menuIds, asAdmin.data.menuAllData]).toEqual([before.menuIds, before.menuAllData]);
    const [row] = await s.app.db.select().from(roles).where(eq(roles.id, ids.subsidiary));
    expect(row.editUserNumber).toBe('tw.sales');
  });

  it('refuses a non-admin granting a menu or an all-data flag they do not hold themselves', async () => {
    const product = await menuId('route:/Product');
    const roleList = await menuId('route:/RoleList');
    const beyond = await api.post('/api/role/addoreditrole', { Id: 0, RoleName: 'Escalation', Users: String(ids['tw.sales']), MenuIds: String(product) }, tw);
    expect([beyond.status, beyond.code, beyond.msg]).toEqual([200, 0, 'roleGrantBeyondOwn']);
    const flag = await api.post('/api/role/addoreditrole', { Id: 0, RoleName: 'Escalation', MenuIds: String(roleList), MenuAllData: String(roleList) }, tw);
    expect(flag.msg).toBe('roleGrantBeyondOwn');
    expect((await s.app.db.select().from(roles).where(eq(roles.roleName, 'Escalation'))).length).toBe(0);
    // What they hold, they may pass on.
    const held = await api.post('/api/role/addoreditrole', { Id: 0, RoleName: 'Escalation', MenuIds: String(roleList) }, tw);
    expect(held.code).toBe(1);
    expect((await api.post('/api/role/delrole', { Id: held.data.id }, tw)).code).toBe(1);
  });

  it("refuses a TW user changing the menus or all-data flags of a role that reaches other countries (DESIGN §5)", async () => {
    const before = (await api.get('/api/role/getrolebyid', { id: ids.subsidiary }, admin)).data;
    const base = { Id: ids.subsidiary, RoleName: 'Subsidiary sales staff', Companys: String(ids.TW), Users: String(ids['tw.sales']) };
    const flagged = before.menuAllData ? before.menuAllData.split(',')[0] : '';
    const changes = [
      { MenuIds: `${before.menuIds},${ids.roleList}`, MenuAllData: before.menuAllData },
      { MenuIds: before.menuIds.split(',').slice(1).join(','), MenuAllData: before.menuAllData },
      { MenuIds: before.menuIds, MenuAllData: flagged ? before.menuAllData.split(',').slice(1).join(',') : String(ids.salesData) },
    ];
    for (const c of changes) {
      const r = await api.post('/api/role/addoreditrole', { ...base, ...c }, tw);
      expect([r.status, r.msg]).toEqual([403, '401']);
    }
    const after = (await api.get('/api/role/getrolebyid', { id: ids.subsidiary }, admin)).data;
    expect([after.menuIds, after.menuAllData]).toEqual([before.menuIds, before.menuAllData]);
    // A role that reaches only the caller's country is theirs to change.
    const own = await api.post('/api/role/addoreditrole', { Id: ids.orgTest, RoleName: 'Org test', Users: String(ids['tw.sales']), MenuIds: String(ids.roleList), MenuAllData: '' }, tw);
    expect(own.code).toBe(1);
    expect((await api.get('/api/role/getrolebyid', { id: ids.orgTest }, admin)).data.menuIds).toBe(String(ids.roleList));
  });
});
