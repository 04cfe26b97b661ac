// The HTTP foundation (DESIGN §4, §5): envelope, statuses, bad input, headers, logs, menus and grants, seed.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Endpoint } from '@/shared/contracts/endpoint';
import { seed } from '@/server/db/seed/index';
import { rowsOf } from '@/server/plugins/permissions';
import { client, INITIAL, startServer, type TestServer } from './helpers';

let s: TestServer;
let api: ReturnType<typeof client>;
const logs: string[] = [];

beforeAll(async () => {
  s = await startServer({ LOG_LEVEL: 'info' }, { write: (line) => void logs.push(line) });
  api = client(s.app);
});
afterAll(() => s.close());

async function count(table: string) {
  const r = await s.app.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number(rowsOf<{ n: number }>(r)[0].n);
}

describe('envelope and bad input', () => {
  it('answers an unknown API with 404 and msg 404', async () => {
    const r = await api.get('/api/nothing/here');
    expect([r.status, r.code, r.msg]).toEqual([404, 0, '404']);
  });

  it('answers an API URL that cannot be decoded with a 400 envelope', async () => {
    const r = await s.app.inject({ method: 'GET', url: '/api/user/getcurrentuser%E0%A4%A' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ code: 0, msg: 'validationError', data: null });
  });

  it('matches API paths case-insensitively', async () => {
    const r = await s.app.inject({ method: 'POST', url: '/API/User/LOGIN', payload: { Number: 'admin', Password: INITIAL } });
    expect(r.json().code).toBe(1);
  });

  it('refuses malformed JSON, wrong types, missing fields and big bodies with 400/413 envelopes and writes nothing', async () => {
    const before = await count('sessions');
    const malformed = await s.app.inject({ method: 'POST', url: '/api/user/login', payload: '{"Number": "admin",', headers: { 'content-type': 'application/json' } });
    expect([malformed.statusCode, malformed.json().msg]).toEqual([400, 'malformedJson']);
    const wrongType = await api.post('/api/user/login', { Number: ['admin'], Password: INITIAL });
    expect([wrongType.status, wrongType.msg]).toEqual([400, 'validationError']);
    // Each field error carries a message key both locales translate (the form shows it under the input).
    expect(wrongType.data).toEqual([{ field: 'number', message: 'crud.validation.invalid' }]);
    const missing = await api.post('/api/user/login', { Password: INITIAL });
    expect([missing.status, missing.msg]).toEqual([400, 'validationError']);
    expect(missing.data).toEqual([{ field: 'number', message: 'crud.validation.required' }]);
    const big = await s.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: JSON.stringify({ Number: 'admin', Password: INITIAL, pad: 'x'.repeat(1024 * 1024 + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    expect([big.statusCode, big.json().msg]).toEqual([413, 'payloadTooLarge']);
    const text = await s.app.inject({ method: 'POST', url: '/api/user/login', payload: 'Number=admin', headers: { 'content-type': 'text/plain' } });
    expect([text.statusCode, text.json().msg]).toEqual([400, 'validationError']);
    const xml = await s.app.inject({ method: 'POST', url: '/api/user/login', payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ code: 0, msg: 'unsupportedMediaType', data: null });
    expect(await count('sessions')).toBe(before);
  });

  it('sends helmet headers with a strict CSP and a request id', async () => {
    const r = await s.app.inject({ method: 'GET', url: '/api/ping' });
    expect(r.json()).toMatchObject({ code: 1, msg: 'success' });
    // It names the server's time zone: scheduled tasks fire in it, and the task form previews their times in it.
    expect(r.json().data.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('never logs passwords or tokens', async () => {
    const r = await api.post('/api/user/login', { Number: 'admin', Password: INITIAL });
    await api.get('/api/user/getcurrentuser', {}, r.data.token);
    await s.app.inject({ method: 'GET', url: '/UserChangePassword?token=SECRET-RESET-TOKEN' });
    await api.post('/api/workflow/mailsend2', { UserNumber: 'sg.sales', FormType: 9, FormId: 0, CheckContent: 'Forget Password', Operates: 1 });
    const all = logs.join('\n');
    expect(all).toContain('reqId');
    expect(all).not.toContain(INITIAL);
    expect(all).not.toContain(r.data.token);
    expect(all).not.toContain('SECRET-RESET-TOKEN');
    expect(all).toMatch(/UserChangePassword\?token=\*\*\*/);
  });
});

describe('database connections', () => {
  it.runIf(Boolean(process.env.DATABASE_URL))('keeps serving after PostgreSQL terminates its idle connections', async () => {
    expect((await api.get('/api/ping')).code).toBe(1);
    const { default: pg } = await import('pg');
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    const db = new URL(s.config.DATABASE_URL!).pathname.slice(1);
    await other.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [db]);
    await other.end();
    await new Promise((r) => setTimeout(r, 200));
    const token = await api.login('admin');
    expect((await api.get('/api/user/getcurrentuser', {}, token)).code).toBe(1);
  });
});

describe('menus and grants', () => {
  it('gives admin the four open groups and every screen', async () => {
    const t = await api.login('admin');
    const r = await api.get('/api/menu/getmenusbyuser', {}, t);
    const ids = r.data.sideMenuList.map((m: { id: number }) => m.id);
    expect(ids).toEqual(expect.arrayContaining([1, 69, 331, 451]));
    const routes = r.data.sideMenuList.flatMap((g: { submenuList: { routePath: string }[] }) => g.submenuList.map((m) => m.routePath));
    expect(routes).toEqual(expect.arrayContaining(['/Product', '/UserList', '/RoleList', '/MenuList', '/SalesDataList', '/TaskOptions']));
    const names = r.data.sideMenuList.find((m: { id: number }) => m.id === 69);
    expect([names.menuNameEN, names.menuNameZHTW, names.menuNameZHCN]).toEqual(['Master data', '主檔', '主数据']);
  });

  it('gives a subsidiary user only the granted screens and refuses the others with 401, unknown routes with 404', async () => {
    const t = await api.login('tw.sales');
    const r = await api.get('/api/menu/getmenusbyuser', {}, t);
    const routes = r.data.sideMenuList.flatMap((g: { submenuList: { routePath: string }[] }) => g.submenuList.map((m) => m.routePath));
    expect(routes).toContain('/SalesDataList');
    expect(routes).not.toContain('/CompanyList');
    expect(routes).not.toContain('/Product');
    const granted = await api.get('/api/menu/getmenusbyuser', { routePath: '/salesdataedit' }, t);
    expect(granted.data.currentMenu).toMatchObject({ routeComponent: 'SalesDataEdit', routeParentName: 'SalesDataList' });
    const denied = await api.get('/api/menu/getmenusbyuser', { routePath: '/CompanyList' }, t);
    expect([denied.code, denied.msg]).toEqual([0, '401']);
    const unknown = await api.get('/api/menu/getmenusbyuser', { routePath: '/NoSuchScreen' }, t);
    expect([unknown.code, unknown.msg]).toEqual([0, '404']);
  });

  it('refuses an API call that no role grants with 403 and a message beginning with 401', async () => {
    const t = await api.login('tw.sales');
    const r = await api.post('/api/user/edituserpassword', { Id: 2, Password: 'Abcdef1' }, t);
    expect([r.status, r.code, r.msg.startsWith('401')]).toEqual([403, 0, true]);
  });

  it('has a type-3 menu entry for every call that needs a grant', async () => {
    const dir = path.resolve('src/shared/contracts');
    const endpoints: Endpoint[] = [];
    for (const f of readdirSync(dir)) {
      const mod = (await import(path.join(dir, f))) as Record<string, unknown>;
      for (const v of Object.values(mod)) {
        if (v && typeof v === 'object' && 'path' in v && 'access' in v && 'method' in v) endpoints.push(v as Endpoint);
      }
    }
    expect(endpoints.length).toBeGreaterThan(5);
    const rows = rowsOf<{ p: string }>(await s.app.db.execute(sql`select distinct lower(route_path) as p from menus where type = 3`));
    const seeded = new Set(rows.map((r) => r.p));
    const missing = endpoints.filter((e) => e.access === 'user' && !seeded.has(e.path.toLowerCase())).map((e) => e.path);
    expect(missing).toEqual([]);
  });
});

describe('seed', () => {
  it('seeds the companies, a menu for every route, the roles and the demo users, and adds nothing on a second run', async () => {
    const companies = rowsOf<{ company_number: string }>(await s.app.db.execute(sql`select company_number from companies order by id`));
    expect(companies.map((c) => c.company_number)).toEqual(expect.arrayContaining(['OIH', 'HK', 'TW', 'SG', 'MY', 'AU']));
    const tables = ['companies', 'currencies', 'menus', 'roles', 'role_menus', 'role_companies', 'users', 'departments'];
    const before = await Promise.all(tables.map(count));
    await seed(s.app.db, s.config);
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });
});
