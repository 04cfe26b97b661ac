// The caches of plugins/cache.ts (sessions, grants, companies and scope, list pages and counts) never serve a stale
// answer after a write: each case reads once (so the answer is cached), writes, and expects the very next request to
// see the write. On PostgreSQL, a second server on the same database drops its caches through LISTEN/NOTIFY.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '@/server/app';
import { cacheOf } from '@/server/plugins/cache';
import { rowsOf } from '@/server/plugins/permissions';
import { client, productForm, startServer, type TestServer } from './helpers';

let s: TestServer;
let api: ReturnType<typeof client>;
let admin: string;

const idOf = async (table: 'users' | 'menus', where: ReturnType<typeof sql>) =>
  rowsOf<{ id: number }>(await s.app.db.execute(sql`select id from ${sql.identifier(table)} where ${where}`))[0].id;

const product = (productCode: string, companys = 'TW') => productForm({ productCode, companys });

beforeAll(async () => {
  s = await startServer();
  api = client(s.app);
  admin = await api.login('admin');
});
afterAll(() => s.close());

describe('sessions', () => {
  it('a disabled user is refused on the very next request', async () => {
    const sg = await api.login('sg.sales');
    expect((await api.get('/api/user/getcurrentuser', {}, sg)).code).toBe(1);
    expect((await api.get('/api/user/getcurrentuser', {}, sg)).code).toBe(1);
    const id = await idOf('users', sql`number = 'sg.sales'`);
    expect((await api.post('/api/user/disableduser', { id, isDisabled: true }, admin)).code).toBe(1);
    const next = await api.get('/api/user/getcurrentuser', {}, sg);
    expect(next.status).toBe(401);
    expect(next.msg).toBe('tokenInvalid');
  });

  it('a token is dead right after logout', async () => {
    const my = await api.login('my.sales');
    expect((await api.get('/api/user/getcurrentuser', {}, my)).code).toBe(1);
    expect((await api.post('/api/user/logout', {}, my)).code).toBe(1);
    expect((await api.get('/api/user/getcurrentuser', {}, my)).status).toBe(401);
  });

  it('every session of a user ends when an administrator sets their password', async () => {
    const au = await api.login('au.sales');
    expect((await api.get('/api/user/getcurrentuser', {}, au)).code).toBe(1);
    const id = await idOf('users', sql`number = 'au.sales'`);
    expect((await api.post('/api/user/edituserpassword', { id, password: 'Newpass12' }, admin)).code).toBe(1);
    expect((await api.get('/api/user/getcurrentuser', {}, au)).status).toBe(401);
  });
});

describe('grants', () => {
  it('a revoked role grant is refused on the very next request', async () => {
    const tw = await api.login('tw.sales');
    const page = '/api/Product/getproductpage';
    expect((await api.get(page, { pageIndex: 1, pageSize: 10 }, tw)).status).toBe(403);
    const screen = await idOf('menus', sql`code = 'route:/Product'`);
    const twId = await idOf('users', sql`number = 'tw.sales'`);
    const role = await api.post<{ id: number } | number>(
      '/api/role/addoreditrole',
      { Id: 0, RoleName: 'Cache product readers', Users: String(twId), MenuIds: String(screen) },
      admin,
    );
    expect(role.code).toBe(1);
    // Granted at once (the grant cache of tw.sales held the refusal), and cached again.
    expect((await api.get(page, { pageIndex: 1, pageSize: 10 }, tw)).code).toBe(1);
    expect((await api.get(page, { pageIndex: 1, pageSize: 10 }, tw)).code).toBe(1);
    const roleId = rowsOf<{ id: number }>(await s.app.db.execute(sql`select id from roles where role_name = 'Cache product readers'`))[0].id;
    const revoke = await api.post('/api/role/addoreditrole', { Id: roleId, RoleName: 'Cache product readers', Users: String(twId), MenuIds: '' }, admin);
    expect(revoke.code).toBe(1);
    const next = await api.get(page, { pageIndex: 1, pageSize: 10 }, tw);
    expect(next.status).toBe(403);
    expect(next.msg).toBe('401');
  });
});

describe('companies and scope', () => {
  it('a company added is in the scope of the next request', async () => {
    const oih = await api.login('oih.analyst');
    const numbers = async () => ((await api.get<Array<{ companyNumber: string }>>('/api/company/getcompanylist', {}, oih)).data ?? []).map((c) => c.companyNumber);
    expect(await numbers()).not.toContain('NZ');
    expect((await api.post('/api/company/addoreditcompany', { id: 0, companyNumber: 'NZ', companyName: 'New Zealand', isFactory: 2 }, admin)).code).toBe(1);
    expect(await numbers()).toContain('NZ');
    // A product of the new country is then visible to the head office.
    expect((await api.post('/api/Product/addproduct', product('NZ-ONLY', 'NZ'), admin)).code).toBe(1);
    const page = await api.get<{ count: number }>('/api/Product/getproductpage', { pageIndex: 1, pageSize: 10, productCode: 'NZ-ONLY' }, oih);
    expect(page.data.count).toBe(1);
  });
});

describe('list pages and counts', () => {
  const page = (input: Record<string, unknown>) => api.get<{ items: Array<{ productCode: string }>; count: number }>('/api/Product/getproductpage', input, admin);

  it('a product added shows in the next page and count, filtered and unfiltered', async () => {
    const all = { pageIndex: 1, pageSize: 1 };
    const filtered = { pageIndex: 1, pageSize: 1, productCode: 'cache-count' };
    const before = (await page(all)).data.count;
    expect((await page(all)).data.count).toBe(before);
    expect((await page(filtered)).data.count).toBe(0);
    expect((await api.post('/api/Product/addproduct', product('CACHE-COUNT-1'), admin)).code).toBe(1);
    const after = await page(all);
    expect(after.data.count).toBe(before + 1);
    expect(after.data.items[0].productCode).toBe('CACHE-COUNT-1');
    expect((await page(filtered)).data.count).toBe(1);
    expect((await api.post('/api/Product/addproduct', product('CACHE-COUNT-2'), admin)).code).toBe(1);
    expect((await page(filtered)).data.count).toBe(2);
    expect((await page({ ...filtered, pageIndex: 2 })).data.items.map((p) => p.productCode)).toEqual(['CACHE-COUNT-1']);
  });

  it('a disabled product leaves the enabled list at once', async () => {
    const enabled = { pageIndex: 1, pageSize: 10, isDisabled: false, productCode: 'CACHE-COUNT' };
    expect((await page(enabled)).data.count).toBe(2);
    expect((await api.post('/api/Product/disabledproduct', { productCode: 'CACHE-COUNT-2', isDisabled: true }, admin)).code).toBe(1);
    expect((await page(enabled)).data.count).toBe(1);
  });

  it('a renamed category shows in the product rows at once', async () => {
    const name = async () => (await api.get<{ items: Array<{ categoryName: string }> }>('/api/Product/getproductpage', { pageIndex: 1, pageSize: 1, productCode: 'CACHE-COUNT-1' }, admin)).data.items[0].categoryName;
    const before = await name();
    const [cat] = rowsOf<{ id: number; category_number: string }>(await s.app.db.execute(sql`select id, category_number from categories where category_number = 'MC'`));
    const saved = await api.post('/api/Category/addcategory', { id: cat.id, category: `${before} (renamed)`, categoryNumber: cat.category_number }, admin);
    expect(saved.code).toBe(1);
    expect(await name()).toBe(`${before} (renamed)`);
  });

  it('other paged lists count afresh after a write too', async () => {
    const count = async () => (await api.get<{ count: number }>('/api/company/getcompanypage', { pageIndex: 1, pageSize: 1 }, admin)).data.count;
    const before = await count();
    expect((await api.post('/api/company/addoreditcompany', { id: 0, companyNumber: 'FJ', companyName: 'Fiji', isFactory: 2 }, admin)).code).toBe(1);
    expect(await count()).toBe(before + 1);
  });
});

describe.runIf(process.env.DATABASE_URL)('several instances on one PostgreSQL', () => {
  let other: App;
  beforeAll(async () => {
    other = await buildApp(s.config, { skipSeed: true, logger: false });
    // Each instance caches only while it listens for the others' invalidations.
    for (let i = 0; i < 200 && !(cacheOf(s.app.db)?.enabled && cacheOf(other.db)?.enabled); i++) await new Promise((r) => setTimeout(r, 25));
    expect(cacheOf(other.db)?.enabled).toBe(true);
  });
  afterAll(() => other.close());

  it('a write on one instance reaches the caches of the other', async () => {
    const there = client(other as App);
    const input = { pageIndex: 1, pageSize: 1, productCode: 'multi-instance' };
    const count = async () => (await there.get<{ count: number }>('/api/Product/getproductpage', input, admin)).data.count;
    expect(await count()).toBe(0);
    expect(await count()).toBe(0);
    expect((await api.post('/api/Product/addproduct', product('MULTI-INSTANCE-1'), admin)).code).toBe(1);
    // The notification arrives asynchronously: wait for it (bounded), then the other instance counts afresh.
    let seen = 0;
    for (let i = 0; i < 200 && seen === 0; i++) {
      seen = await count();
      if (!seen) await new Promise((r) => setTimeout(r, 10));
    }
    expect(seen).toBe(1);
  });
});
