// User management (spec part 2 §2 Users, §5, §7; part 3 §2.9 user picker; DESIGN §5 scope and sessions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, departments, users } from '@/server/db/schema/index';
import { client, INITIAL, startServer, type TestServer } from './helpers';

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
const fields = (r: { data: Array<{ field: string }> }) => r.data.map((f) => f.field).sort();

async function idOf(table: 'company' | 'department' | 'user', key: string) {
  if (table === 'company') return (await s.app.db.select({ id: companies.id }).from(companies).where(eq(companies.companyNumber, key)))[0].id;
  if (table === 'department') return (await s.app.db.select({ id: departments.id }).from(departments).where(eq(departments.departmentNumber, key)))[0].id;
  return (await s.app.db.select({ id: users.id }).from(users).where(eq(users.number, key)))[0].id;
}

const newUser = (over: Record<string, unknown> = {}) => ({
  Id: 0,
  CompanyId: ids.TW,
  DepartmentId: ids.twSales,
  Password: 'first-pass',
  Name: 'Wen Lee',
  Account: 'tw.wen',
  Language: 'zh-tw',
  Sex: 2,
  Email: 'wen.lee@example.com',
  LeaderNumber: 'tw.sales',
  Rank: 3,
  Grade: 7,
  Address: 'Joined in spring',
  UserNumber: 'forged',
  ...over,
});

beforeAll(async () => {
  s = await startServer();
  api = client(s.app);
  admin = await api.login('admin');
  for (const c of ['TW', 'HK', 'SG', 'OIH']) ids[c] = await idOf('company', c);
  ids.twSales = await idOf('department', 'TW-SALES');
  ids.twMkt = await idOf('department', 'TW-MKT');
  ids.hkSales = await idOf('department', 'HK-SALES');
  ids.hkUser = await idOf('user', 'hk.sales');
  ids.twUser = await idOf('user', 'tw.sales');
  ids.oihUser = await idOf('user', 'oih.analyst');
  const tree = await api.get<TreeNode[]>('/api/menu/getmenutree', {}, admin);
  const org = tree.data.find((n) => n.id === 331)!;
  const role = await api.post('/api/role/addoreditrole', { Id: 0, RoleName: 'Org test', Users: `${ids.twUser},${ids.oihUser}`, MenuIds: subtree(org).join(',') }, admin);
  expect(role.code).toBe(1);
  tw = await api.login('tw.sales');
  oih = await api.login('oih.analyst');
});
afterAll(() => s.close());

describe('adding and editing users', () => {
  it('adds a user whose account is the sign-in number, with the given password', async () => {
    const r = await api.post('/api/user/addoredituser', newUser(), admin);
    expect([r.status, r.code]).toEqual([200, 1]);
    ids.wen = r.data.id;
    const got = await api.get('/api/user/getuserbyid', { Id: ids.wen }, admin);
    expect(got.data).toEqual({
      id: ids.wen,
      companyId: ids.TW,
      companyName: 'Taiwan',
      companyNumber: 'TW',
      departmentId: ids.twSales,
      departmentName: 'Sales',
      departmentNumber: 'TW-SALES',
      number: 'tw.wen',
      account: 'tw.wen',
      name: 'Wen Lee',
      language: 'zh-tw',
      sex: 2,
      address: 'Joined in spring',
      email: 'wen.lee@example.com',
      rank: 3,
      grade: 7,
      leader: 'Tina Huang',
      leaderNumber: 'tw.sales',
      isDisabled: false,
      version: 1,
    });
    const [row] = await s.app.db.select().from(users).where(eq(users.id, ids.wen));
    expect(row.addUserNumber).toBe('admin');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const login = await api.post('/api/user/login', { Number: 'TW.WEN', Password: 'first-pass' });
    expect([login.code, login.data.mustChangePassword]).toEqual([1, false]);
  });

  it('refuses an account that exists, whatever its case', async () => {
    const r = await api.post('/api/user/addoredituser', newUser({ Account: 'TW.Sales' }), admin);
    expect([r.status, r.code, r.msg]).toEqual([200, 0, 'accountExists']);
    expect((await api.post('/api/user/addoredituser', newUser({ Account: 'ADMIN' }), admin)).msg).toBe('accountExists');
  });

  it('refuses missing and invalid fields with the field list', async () => {
    const empty = await api.post('/api/user/addoredituser', { Id: 0, Name: '', Account: '', Language: '', Email: 'not-mail' }, admin);
    expect([empty.status, empty.msg]).toEqual([400, 'validationError']);
    expect(fields(empty)).toEqual(['account', 'email', 'language', 'name']);
    const noPlace = await api.post('/api/user/addoredituser', newUser({ CompanyId: '', DepartmentId: 0 }), admin);
    expect(fields(noPlace)).toEqual(['companyId', 'departmentId']);
    for (const pw of ['', '12345', 'x'.repeat(21)]) {
      const r = await api.post('/api/user/addoredituser', newUser({ Account: 'tw.pw', Password: pw }), admin);
      expect([r.status, fields(r)]).toEqual([400, ['password']]);
    }
    expect((await api.post('/api/user/addoredituser', newUser({ Account: 'tw.pw6', Password: '123456' }), admin)).code).toBe(1);
    const ranks = await api.post('/api/user/addoredituser', newUser({ Account: 'tw.r', Rank: 22, Grade: 15, Sex: 3 }), admin);
    expect(fields(ranks)).toEqual(['grade', 'rank', 'sex']);
    const zero = await api.post('/api/user/addoredituser', newUser({ Account: 'tw.r', Rank: 0 }), admin);
    expect(fields(zero)).toEqual(['rank']);
    const otherCompany = await api.post('/api/user/addoredituser', newUser({ Account: 'tw.x', DepartmentId: await idOf('department', 'SG-SALES') }), admin);
    expect([otherCompany.status, fields(otherCompany)]).toEqual([400, ['departmentId']]);
    const byNumbers = await api.post('/api/user/addoredituser', newUser({ Account: 'tw.byno', CompanyId: '', CompanyNumber: 'tw', DepartmentId: '', DepartmentNumber: 'TW-MKT', Rank: '', Grade: null, Email: '' }), admin);
    expect(byNumbers.code).toBe(1);
    const got = await api.get('/api/user/getuserbyid', { id: byNumbers.data.id }, admin);
    expect(got.data).toMatchObject({ companyNumber: 'TW', departmentNumber: 'TW-MKT', rank: null, grade: null, email: '' });
  });

  it('edits a user; the password and account stay; a leader can be cleared', async () => {
    const r = await api.post(
      '/api/user/addoredituser',
      newUser({ Id: ids.wen, Name: 'Wen Lee-Chen', DepartmentId: ids.twMkt, Password: '', Language: 'en', Sex: 1, Rank: '', Grade: 14, LeaderNumber: '', Email: 'wen@example.com' }),
      admin,
    );
    expect(r.code).toBe(1);
    const got = await api.get('/api/user/getuserbyid', { Id: ids.wen }, admin);
    expect(got.data).toMatchObject({ name: 'Wen Lee-Chen', departmentName: 'Marketing', language: 'en', sex: 1, rank: null, grade: 14, leader: null, leaderNumber: null, email: 'wen@example.com' });
    const [row] = await s.app.db.select().from(users).where(eq(users.id, ids.wen));
    expect(row.editUserNumber).toBe('admin');
    expect((await api.post('/api/user/login', { Number: 'tw.wen', Password: 'first-pass' })).code).toBe(1);
    const rename = await api.post('/api/user/addoredituser', newUser({ Id: ids.wen, Account: 'tw.wen2' }), admin);
    expect([rename.code, rename.msg]).toEqual([0, 'accountLocked']);
    const taken = await api.post('/api/user/addoredituser', newUser({ Id: ids.wen, Account: 'sg.sales' }), admin);
    expect(taken.msg).toBe('accountExists');
    const missing = await api.get('/api/user/getuserbyid', { Id: 999999 }, admin);
    expect([missing.code, missing.msg]).toEqual([0, 'userNotExist']);
  });
});

describe('user lists', () => {
  it('pages users with each filter; the picker pages by company, department and keyword', async () => {
    const all = await api.get('/api/user/getuserpage', { pageIndex: 1, pageSize: 3 }, admin);
    const total = (await s.app.db.select({ id: users.id }).from(users)).length;
    expect([all.data.count, all.data.items.length]).toEqual([total, 3]);
    expect(all.data.items[0].id).toBeGreaterThan(all.data.items[1].id);
    const tw1 = await api.get('/api/user/getuserpage', { companyNumber: 'tw', pageSize: 50 }, admin);
    expect(tw1.data.items.every((u: { companyNumber: string }) => u.companyNumber === 'TW')).toBe(true);
    expect(tw1.data.count).toBe(5);
    const dept = await api.get('/api/user/getuserpage', { companyNumber: 'TW', departmentNumber: 'TW-MKT', pageSize: 10 }, admin);
    expect(dept.data.items.map((u: { number: string }) => u.number).sort()).toEqual(['tw.byno', 'tw.wen']);
    for (const keyword of ['LEE-CHEN', 'tw.we', 'wen@example', 'wen']) {
      const r = await api.get('/api/user/getuserpage', { keyword }, admin);
      expect(r.data.items.map((u: { number: string }) => u.number)).toContain('tw.wen');
    }
    expect((await api.get('/api/user/getuserpage', { keyword: '_' }, admin)).data.count).toBe(0);
    const row = (await api.get('/api/user/getuserpage', { keyword: 'tw.sales' }, admin)).data.items[0];
    expect(row).toMatchObject({ companyName: 'Taiwan', departmentName: 'Sales', account: 'tw.sales', number: 'tw.sales', name: 'Tina Huang', email: 'tina.huang@example.com', isDisabled: false });
  });

  it('looks users up by company and department id or number, keyword, and isAll', async () => {
    const byId = await api.get('/api/user/getuserlist', { companyId: ids.TW, departmentId: ids.twMkt }, admin);
    expect(byId.data.map((u: { number: string }) => u.number).sort()).toEqual(['tw.byno', 'tw.wen']);
    expect(byId.data[0]).toMatchObject({ companyName: 'Taiwan', departmentName: 'Marketing', companyNumber: 'TW', departmentNumber: 'TW-MKT' });
    const byNumber = await api.get('/api/user/getuserlist', { companyNumber: 'SG', keyword: 'samuel' }, admin);
    expect(byNumber.data.map((u: { number: string }) => u.number)).toEqual(['sg.sales']);
    const byDept = await api.get('/api/user/getuserlist', { departmentNumber: 'HK-SALES' }, admin);
    expect(byDept.data.map((u: { number: string }) => u.number)).toEqual(['hk.sales']);
  });
});

describe('disabling users', () => {
  it('disables a user: their sessions end and sign-in is refused; the lists filter by it', async () => {
    const token = await api.login('tw.wen', 'first-pass');
    expect((await api.get('/api/user/getcurrentuser', {}, token)).code).toBe(1);
    const r = await api.post('/api/user/disableduser', { Id: ids.wen, IsDisabled: true, UserNumber: 'forged' }, admin);
    expect(r.code).toBe(1);
    expect((await api.get('/api/user/getcurrentuser', {}, token)).status).toBe(401);
    expect((await api.post('/api/user/login', { Number: 'tw.wen', Password: 'first-pass' })).msg).toBe('userDisabled');
    const [row] = await s.app.db.select().from(users).where(eq(users.id, ids.wen));
    expect([row.isDisabled, row.disabledUserNumber]).toEqual([true, 'admin']);
    const disabled = await api.get('/api/user/getuserpage', { isDisabled: true }, admin);
    expect(disabled.data.items.map((u: { id: number }) => u.id)).toEqual([ids.wen]);
    const enabled = await api.get('/api/user/getuserpage', { isDisabled: false, companyNumber: 'TW', pageSize: 50 }, admin);
    expect(enabled.data.items.some((u: { id: number }) => u.id === ids.wen)).toBe(false);
    expect((await api.get('/api/user/getuserlist', { companyNumber: 'TW' }, admin)).data.some((u: { id: number }) => u.id === ids.wen)).toBe(false);
    expect((await api.get('/api/user/getuserlist', { companyNumber: 'TW', isAll: true }, admin)).data.some((u: { id: number }) => u.id === ids.wen)).toBe(true);
    expect((await api.post('/api/user/disableduser', { Id: ids.wen, IsDisabled: false }, admin)).code).toBe(1);
    expect((await api.post('/api/user/login', { Number: 'tw.wen', Password: 'first-pass' })).code).toBe(1);
  });

  it('never disables the super user nor the caller themselves (a refusal the list shows, not /401)', async () => {
    const self = await api.post('/api/user/disableduser', { Id: ids.twUser, IsDisabled: true }, tw);
    expect([self.status, self.code, self.msg]).toEqual([200, 0, 'userCannotDisableSelf']);
    const adminId = await idOf('user', 'admin');
    const sup = await api.post('/api/user/disableduser', { Id: adminId, IsDisabled: true }, oih);
    expect([sup.status, sup.code, sup.msg]).toEqual([200, 0, 'userCannotDisableSuperUser']);
    expect((await api.get('/api/user/getuserbyid', { Id: ids.twUser }, admin)).data.isDisabled).toBe(false);
  });


  it('lets nobody but the super user change the super user, though head office can read them', async () => {
    const adminId = await idOf('user', 'admin');
    const oihSales = await idOf('department', 'OIH-SALES');
    expect((await api.get('/api/user/getuserbyid', { Id: adminId }, oih)).code).toBe(1);
    const takeOver = { Id: adminId, CompanyId: ids.OIH, DepartmentId: oihSales, Name: 'Not the admin', Account: 'admin', Language: 'en', Sex: 1, Email: 'me@example.com' };
    const r = await api.post('/api/user/addoredituser', takeOver, oih);
    expect([r.status, r.msg]).toEqual([403, '401']);
    const [row] = await s.app.db.select().from(users).where(eq(users.id, adminId));
    expect([row.name, row.email]).not.toContain('Not the admin');
    const own = await api.post('/api/user/addoredituser', { ...takeOver, Name: 'Administrator', Email: 'admin@example.com' }, admin);
    expect(own.code).toBe(1);
    // Not even head office's administrators (granted every screen) may edit the super user or set their password.
    const oihAdmin = await api.login('oih.admin');
    expect((await api.post('/api/user/addoredituser', takeOver, oihAdmin)).status).toBe(403);
    const password = await api.post('/api/user/edituserpassword', { Id: adminId, Password: 'taken-over-1' }, oihAdmin);
    expect([password.status, password.msg]).toEqual([403, '401']);
    const auSales = await idOf('user', 'au.sales');
    expect((await api.post('/api/user/edituserpassword', { Id: auSales, Password: 'reset-by-oih' }, oihAdmin)).code).toBe(1);
  });
});

describe('country scope', () => {
  it('lists only TW users to a TW user', async () => {
    const page = await api.get('/api/user/getuserpage', { pageSize: 100, userNumber: 'admin' }, tw);
    expect(new Set(page.data.items.map((u: { companyNumber: string }) => u.companyNumber))).toEqual(new Set(['TW']));
    expect(page.data.count).toBe(5);
    expect((await api.get('/api/user/getuserpage', { companyNumber: 'HK' }, tw)).data.count).toBe(0);
    expect((await api.get('/api/user/getuserlist', { companyNumber: 'HK' }, tw)).data).toEqual([]);
    expect((await api.get('/api/user/getuserlist', { keyword: 'henry' }, tw)).data).toEqual([]);
  });

  it('refuses a TW user reading, changing, disabling or setting the password of an HK user', async () => {
    const calls: Array<['GET' | 'POST', string, Record<string, unknown>]> = [
      ['GET', '/api/user/getuserbyid', { Id: ids.hkUser }],
      ['POST', '/api/user/addoredituser', newUser({ Id: ids.hkUser, CompanyId: ids.HK, DepartmentId: ids.hkSales, Account: 'hk.sales', Name: 'Changed' })],
      ['POST', '/api/user/addoredituser', newUser({ Id: ids.hkUser, Account: 'hk.sales', Name: 'Changed' })],
      ['POST', '/api/user/addoredituser', newUser({ Account: 'tw.hk1', CompanyId: ids.HK, DepartmentId: ids.hkSales })],
      ['POST', '/api/user/addoredituser', newUser({ Account: 'tw.hk2', CompanyId: '', CompanyNumber: 'HK', DepartmentId: ids.hkSales })],
      ['POST', '/api/user/addoredituser', newUser({ Account: 'tw.hk3', LeaderNumber: 'hk.sales' })],
      ['POST', '/api/user/disableduser', { Id: ids.hkUser, IsDisabled: true }],
      ['POST', '/api/user/edituserpassword', { Id: ids.hkUser, Password: 'taken-over1' }],
    ];
    for (const [method, path, input] of calls) {
      const r = await api.call(method, path, input, tw);
      expect([path, r.status, r.msg]).toEqual([path, 403, '401']);
    }
    const [hk] = await s.app.db.select().from(users).where(eq(users.id, ids.hkUser));
    expect([hk.name, hk.isDisabled]).toEqual(['Henry Wong', false]);
    expect((await api.post('/api/user/login', { Number: 'hk.sales', Password: INITIAL })).code).toBe(1);
    expect((await s.app.db.select().from(users).where(eq(users.number, 'tw.hk1'))).length).toBe(0);
  });

  it('lets a TW user manage TW users', async () => {
    const add = await api.post('/api/user/addoredituser', newUser({ Account: 'tw.kai', Name: 'Kai Wu' }), tw);
    expect(add.code).toBe(1);
    const [row] = await s.app.db.select().from(users).where(eq(users.id, add.data.id));
    expect(row.addUserNumber).toBe('tw.sales');
    expect((await api.get('/api/user/getuserbyid', { Id: add.data.id }, tw)).data.name).toBe('Kai Wu');
    expect((await api.post('/api/user/edituserpassword', { Id: add.data.id, Password: 'kai-pass-1' }, tw)).code).toBe(1);
    expect((await api.post('/api/user/disableduser', { Id: add.data.id, IsDisabled: true }, tw)).code).toBe(1);
  });

  it('shows an OIH user every company but HK', async () => {
    const page = await api.get('/api/user/getuserpage', { pageSize: 100 }, oih);
    const seen = new Set(page.data.items.map((u: { companyNumber: string }) => u.companyNumber));
    expect(seen.has('HK')).toBe(false);
    for (const c of ['OIH', 'TW', 'SG', 'MY', 'AU']) expect(seen.has(c)).toBe(true);
    expect((await api.get('/api/user/getuserbyid', { Id: ids.hkUser }, oih)).status).toBe(403);
    expect((await api.get('/api/user/getuserbyid', { Id: ids.twUser }, oih)).code).toBe(1);
  });
});

describe('enabling', () => {
  it('does not enable a user whose department is disabled, so a disabled department keeps no enabled people', async () => {
    const dep = await api.post('/api/department/addoreditdepartment', { Id: 0, CompanyId: ids.TW, DepartmentName: 'Pop-up store' }, admin);
    const user = await api.post('/api/user/addoredituser', newUser({ Account: 'tw.popup', DepartmentId: dep.data.id }), admin);
    expect(user.code).toBe(1);
    expect((await api.post('/api/user/disableduser', { Id: user.data.id, IsDisabled: true }, admin)).code).toBe(1);
    expect((await api.post('/api/department/disableddepartment', { Id: dep.data.id, IsDisabled: true }, admin)).code).toBe(1);
    const again = await api.post('/api/user/disableduser', { Id: user.data.id, IsDisabled: false }, admin);
    expect([again.status, again.code, again.msg]).toEqual([200, 0, 'userDepartmentDisabled']);
    expect((await api.post('/api/department/disableddepartment', { Id: dep.data.id, IsDisabled: false }, admin)).code).toBe(1);
    expect((await api.post('/api/user/disableduser', { Id: user.data.id, IsDisabled: false }, admin)).code).toBe(1);
  });
});
