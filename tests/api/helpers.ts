// API test harness: the real server (buildApp) on a fresh database per test file:
// an in-memory PGlite, or a new PostgreSQL database when DATABASE_URL is set.
import { buildApp, type App } from '@/server/app';
import { loadConfig, type Config } from '@/server/config';
import { tempPostgres } from '../support/temp-postgres';
import { FORGOT_PASSWORD } from '@/shared/contracts/workflow';

export const INITIAL = 'Sales@123';
/** What login() changes an initial password to (6–8 characters with a digit, a letter and a capital). */
export const CHANGED = 'Chg2Pass';

const changedByApp = new WeakMap<App, Map<string, string>>();
function changedPasswords(app: App) {
  let m = changedByApp.get(app);
  if (!m) changedByApp.set(app, (m = new Map()));
  return m;
}

export interface TestServer {
  app: App;
  config: Config;
  close(): Promise<void>;
}

export async function startServer(overrides: Partial<Config> = {}, logStream?: { write(line: string): void }): Promise<TestServer> {
  const pgUrl = process.env.DATABASE_URL;
  const temp = pgUrl ? await tempPostgres(pgUrl) : undefined;
  const config = loadConfig(
    {},
    {
      DATA_DIR: 'memory://',
      DATABASE_URL: temp?.url,
      INITIAL_PASSWORD: INITIAL,
      LOG_LEVEL: 'silent',
      AUTH_IP_PER_MINUTE: 100_000,
      STATIC_DIR: './.no-static',
      ...overrides,
    },
  );
  const app = await buildApp(config, logStream ? { logStream } : { logger: false });
  return {
    app,
    config,
    async close() {
      await app.close();
      await temp?.drop();
    },
  };
}

export interface Reply<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

/** A small client over app.inject: call(method, path, input, token). */
export function client(app: App) {
  async function call<T = any>(method: 'GET' | 'POST', url: string, input: Record<string, unknown> = {}, token?: string): Promise<Reply<T>> {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const res =
      method === 'GET'
        ? await app.inject({ method, url, query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v ?? '')])), headers })
        : await app.inject({ method, url, payload: input, headers });
    const body = res.json();
    return { status: res.statusCode, code: body.code, msg: body.msg, data: body.data };
  }
  /** Signs in exactly as asked: the token of a session that may still have to change the initial password. */
  async function loginAsIs(number: string, password = INITIAL): Promise<string> {
    const r = await call<{ token: string }>('POST', '/api/user/login', { Number: number, Password: password });
    if (r.code !== 1) throw new Error(`login ${number} failed: ${r.status} ${r.msg}`);
    return r.data.token;
  }
  /** Signs in and returns the token. An account still on the initial password has its forced change done first
   * (the server serves nothing else to such a session), once per server; later calls use the changed password. */
  async function login(number: string, password = INITIAL): Promise<string> {
    const changed = changedPasswords(app);
    const key = number.toLowerCase();
    const use = password === INITIAL && changed.has(key) ? changed.get(key)! : password;
    const r = await call<{ token: string; mustChangePassword: boolean }>('POST', '/api/user/login', { Number: number, Password: use });
    if (r.code !== 1) throw new Error(`login ${number} failed: ${r.status} ${r.msg}`);
    if (!r.data.mustChangePassword) return r.data.token;
    const done = await call('POST', '/api/user/changeuserpassword', { OldPassword: use, Password: CHANGED }, r.data.token);
    if (done.code !== 1) throw new Error(`initial password change of ${number} failed: ${done.status} ${done.msg}`);
    changed.set(key, CHANGED);
    return login(number, CHANGED);
  }
  /** The forgot-password mail of an account, as the login screen asks for it (mailsend2 with the spec's fixed values). */
  const forgotPassword = (number: string) =>
    call('POST', '/api/workflow/mailsend2', {
      UserNumber: number,
      FormType: FORGOT_PASSWORD.formType,
      FormId: FORGOT_PASSWORD.formId,
      CheckContent: FORGOT_PASSWORD.checkContent,
      Operates: FORGOT_PASSWORD.operates,
    });
  return { call, login, loginAsIs, forgotPassword, get: <T = any>(u: string, i?: Record<string, unknown>, t?: string) => call<T>('GET', u, i, t), post: <T = any>(u: string, i?: Record<string, unknown>, t?: string) => call<T>('POST', u, i, t) };
}

/** An addproduct body: a TW chair product of the demo set's category, model and colour; `over` changes any field. */
export const productForm = (over: Record<string, unknown> = {}) => ({
  id: 0,
  productType: '1',
  productCode: 'TEST-1',
  itemCode: 'IT-TEST-1',
  factoryCode: 'F-1',
  category: 'MC',
  modelNo: 'OG-7598',
  productName: 'Test chair',
  productColour: 'C0001',
  currency: 'TWD',
  unitPrice: 0,
  price: 1000,
  uom: 'SET',
  companys: 'TW',
  ...over,
});
