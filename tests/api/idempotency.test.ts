// Exactly-once writes (DESIGN §6): an Idempotency-Key makes a write apply once per user and key; a retry with the same
// body gets the stored reply, a different body 409; failures release the key; keys are purged after 7 days.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { cacheOf } from '@/server/plugins/cache';
import { requestHash } from '@/server/plugins/idempotency';
import { rowsOf } from '@/server/plugins/permissions';
import { client, startServer, type TestServer } from './helpers';

let s: TestServer;
let api: ReturnType<typeof client>;
let admin: string;
let oihAdmin: string;

const ADD = '/api/Category/addcategory';
const category = (n: string, over: Record<string, unknown> = {}) => ({ id: 0, category: `Idem ${n}`, categoryNumber: `IDEM-${n}`, ...over });

/** One raw request, so that headers (the key, the replay mark) can be set and read. */
async function send(opts: { token?: string; key?: string; method?: 'GET' | 'POST'; url?: string; body?: Record<string, unknown>; query?: Record<string, string> }) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.key !== undefined) headers['idempotency-key'] = opts.key;
  const res = await s.app.inject({
    method: opts.method ?? 'POST',
    url: opts.url ?? ADD,
    headers,
    ...(opts.method === 'GET' ? { query: opts.query ?? {} } : { payload: opts.body ?? {} }),
  });
  return { status: res.statusCode, body: res.body, json: res.json(), replayed: res.headers['idempotent-replayed'] };
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await s.app.db.execute(query));
}
const categoriesNumbered = async (n: string) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from categories where category_number = ${`IDEM-${n}`}`))[0].n;
const keyRows = (key: string) =>
  rows<{ user_id: number; state: number; reply_status: number | null }>(sql`select user_id, state, reply_status from idempotency_keys where key = ${key}`);

beforeAll(async () => {
  s = await startServer();
  api = client(s.app);
  admin = await api.login('admin');
  oihAdmin = await api.login('oih.admin');
});
afterAll(() => s.close());
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('a key applies a write once', () => {
  it('serves the second request with the same key and body the stored reply, marked replayed, without applying it', async () => {
    const first = await send({ token: admin, key: 'k-once', body: category('1') });
    expect([first.status, first.json.code, first.replayed]).toEqual([200, 1, undefined]);
    const again = await send({ token: admin, key: 'k-once', body: category('1') });
    expect([again.status, again.body, again.replayed]).toEqual([200, first.body, 'true']);
    expect(await categoriesNumbered('1')).toBe(1);
    expect(await keyRows('k-once')).toEqual([{ user_id: expect.any(Number), state: 1, reply_status: 200 }]);
  });

  it('hashes the body by content: the same fields in another key order are the same request', async () => {
    const first = await send({ token: admin, key: 'k-order', body: { id: 0, category: 'Idem order', categoryNumber: 'IDEM-ORDER' } });
    const again = await send({ token: admin, key: 'k-order', body: { categoryNumber: 'IDEM-ORDER', category: 'Idem order', id: 0 } });
    expect(first.json.code).toBe(1);
    expect([again.body, again.replayed]).toEqual([first.body, 'true']);
  });

  it('refuses the same key with a different body (409 idempotencyMismatch) and applies neither again', async () => {
    expect((await send({ token: admin, key: 'k-diff', body: category('2') })).json.code).toBe(1);
    const other = await send({ token: admin, key: 'k-diff', body: category('3') });
    expect([other.status, other.json]).toEqual([409, { code: 0, msg: 'idempotencyMismatch', data: null }]);
    expect([await categoriesNumbered('2'), await categoriesNumbered('3')]).toEqual([1, 0]);
  });

  it('refuses the same key on another endpoint as a different request', async () => {
    expect((await send({ token: admin, key: 'k-path', body: category('4') })).json.code).toBe(1);
    const other = await send({ token: admin, key: 'k-path', url: '/api/currency/addcurrency', body: category('4') });
    expect([other.status, other.json.msg]).toEqual([409, 'idempotencyMismatch']);
  });

  it('matches the path case-insensitively, as routes do', async () => {
    const first = await send({ token: admin, key: 'k-case', body: category('5') });
    const again = await send({ token: admin, key: 'k-case', url: ADD.toUpperCase(), body: category('5') });
    expect([again.body, again.replayed]).toEqual([first.body, 'true']);
  });

  it('stores a business refusal (code 0 at 200) and replays it: the handler decided, nothing was written', async () => {
    const dup = await send({ token: admin, key: 'k-refused', body: category('1', { categoryNumber: 'IDEM-1-OTHER' }) });
    expect([dup.status, dup.json.code, dup.json.msg]).toEqual([200, 0, 'categoryExists']);
    const again = await send({ token: admin, key: 'k-refused', body: category('1', { categoryNumber: 'IDEM-1-OTHER' }) });
    expect([again.body, again.replayed]).toEqual([dup.body, 'true']);
    expect(await keyRows('k-refused')).toEqual([{ user_id: expect.any(Number), state: 1, reply_status: 200 }]);
  });

  it('applies concurrent requests with one key once: the others wait for the first and get its reply', async () => {
    const replies = await Promise.all([1, 2, 3, 4].map(() => send({ token: admin, key: 'k-race', body: category('6') })));
    expect(await categoriesNumbered('6')).toBe(1);
    expect(replies.map((r) => [r.status, r.body])).toEqual(replies.map(() => [200, replies[0].body]));
    expect(replies[0].json.code).toBe(1);
    expect(replies.filter((r) => r.replayed === 'true')).toHaveLength(3);
  });

  it('keeps keys per user: the same key of another user is another request', async () => {
    const a = await send({ token: admin, key: 'k-shared', body: category('7') });
    const b = await send({ token: oihAdmin, key: 'k-shared', body: category('8') });
    expect([a.json.code, a.replayed, b.json.code, b.replayed]).toEqual([1, undefined, 1, undefined]);
    expect([await categoriesNumbered('7'), await categoriesNumbered('8')]).toEqual([1, 1]);
    expect((await keyRows('k-shared')).length).toBe(2);
  });

  it('serves GET routes too (releasesalestarget is a GET that writes): the query is the hashed input', async () => {
    const url = '/api/Category/getcategorypage';
    const first = await send({ token: admin, key: 'k-get', method: 'GET', url, query: { pageIndex: '1', pageSize: '5' } });
    expect(first.json.code).toBe(1);
    // A category added since would change a fresh read: the replay is the stored reply.
    expect((await send({ token: admin, key: 'k-get-add', body: category('9') })).json.code).toBe(1);
    const again = await send({ token: admin, key: 'k-get', method: 'GET', url, query: { pageSize: '5', pageIndex: '1' } });
    expect([again.body, again.replayed]).toEqual([first.body, 'true']);
    const other = await send({ token: admin, key: 'k-get', method: 'GET', url, query: { pageIndex: '2', pageSize: '5' } });
    expect([other.status, other.json.msg]).toEqual([409, 'idempotencyMismatch']);
  });
});

describe('what is not kept', () => {
  it('refuses a malformed key (400 validationError) and applies nothing', async () => {
    for (const key of ['', 'has space', 'a/b', 'x'.repeat(201), 'k1, k2']) {
      const r = await send({ token: admin, key, body: category('10') });
      expect([key, r.status, r.json.msg]).toEqual([key, 400, 'validationError']);
    }
    expect(await categoriesNumbered('10')).toBe(0);
    const longest = await send({ token: admin, key: `${'x'.repeat(190)}:._-AZ09`, body: category('10') });
    expect(longest.json.code).toBe(1);
  });

  it('releases the key of a validation refusal: a corrected retry with the same key applies', async () => {
    const bad = await send({ token: admin, key: 'k-invalid', body: category('11', { category: '' }) });
    expect([bad.status, bad.json.msg]).toEqual([400, 'validationError']);
    expect(await keyRows('k-invalid')).toEqual([]);
    const fixed = await send({ token: admin, key: 'k-invalid', body: category('11') });
    expect([fixed.json.code, fixed.replayed]).toEqual([1, undefined]);
    expect(await categoriesNumbered('11')).toBe(1);
  });

  it('releases the key of a 500 (rolled back): the retry applies', async () => {
    // A real failure of the database, through the real route: a constraint the insert breaks.
    await s.app.db.execute(sql`alter table categories add constraint idem_boom check (category_number <> 'IDEM-12')`);
    try {
      const failed = await send({ token: admin, key: 'k-500', body: category('12') });
      expect([failed.status, failed.json.msg]).toEqual([500, 'serverError']);
      expect(await keyRows('k-500')).toEqual([]);
    } finally {
      await s.app.db.execute(sql`alter table categories drop constraint idem_boom`);
    }
    const retry = await send({ token: admin, key: 'k-500', body: category('12') });
    expect([retry.json.code, retry.replayed]).toEqual([1, undefined]);
    expect(await categoriesNumbered('12')).toBe(1);
  });

  it('keeps nothing for a request without a session (a refusal before the handler) nor for public calls', async () => {
    const anonymous = await send({ key: 'k-anon', body: category('13') });
    expect([anonymous.status, anonymous.json.msg]).toEqual([401, 'tokenInvalid']);
    const login = { Number: 'admin', Password: 'Chg2Pass' };
    const a = await send({ key: 'k-login', url: '/api/user/login', body: login });
    const b = await send({ key: 'k-login', url: '/api/user/login', body: login });
    expect([a.json.code, b.json.code, b.replayed]).toEqual([1, 1, undefined]);
    expect(a.json.data.token).not.toBe(b.json.data.token);
    expect([...(await keyRows('k-anon')), ...(await keyRows('k-login'))]).toEqual([]);
  });

  it('invalidates cached reads when applying, not when replaying', async () => {
    const count = async () => (await api.get('/api/Category/getcategorypage', { pageIndex: 1, pageSize: 1 }, admin)).data.count as number;
    const before = await count();
    const invalidate = vi.spyOn(cacheOf(s.app.db)!, 'invalidate');
    expect((await send({ token: admin, key: 'k-cache', body: category('14') })).json.code).toBe(1);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(await count()).toBe(before + 1);
    expect((await send({ token: admin, key: 'k-cache', body: category('14') })).replayed).toBe('true');
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});

describe('a key held by another request', () => {
  const hashOf = (body: Record<string, unknown>) => requestHash('POST', ADD, body);
  const adminId = async () => (await rows<{ id: number }>(sql`select id from users where number = 'admin'`))[0].id;
  const hold = async (key: string, body: Record<string, unknown>, age = '0 seconds') =>
    s.app.db.execute(sql`insert into idempotency_keys (user_id, key, method, path, body_hash, state, created_at)
      values (${await adminId()}, ${key}, 'POST', ${ADD.toLowerCase()}, ${hashOf(body)}, 0, now() - ${age}::interval)`);

  it('waits for a running request and serves its reply when it finishes', async () => {
    const body = category('15');
    await hold('k-wait', body);
    const stored = JSON.stringify({ code: 1, msg: 'success', data: { stored: true } });
    const pending = send({ token: admin, key: 'k-wait', body });
    await new Promise((r) => setTimeout(r, 300));
    await s.app.db.execute(sql`update idempotency_keys set state = 1, reply_status = 200, reply_body = ${stored} where key = 'k-wait'`);
    const r = await pending;
    expect([r.status, r.body, r.replayed]).toEqual([200, stored, 'true']);
    expect(await categoriesNumbered('15')).toBe(0);
  });

  it('applies once the running request released its key (it failed)', async () => {
    const body = category('16');
    await hold('k-vanish', body);
    const pending = send({ token: admin, key: 'k-vanish', body });
    await new Promise((r) => setTimeout(r, 300));
    await s.app.db.execute(sql`delete from idempotency_keys where key = 'k-vanish'`);
    const r = await pending;
    expect([r.json.code, r.replayed]).toEqual([1, undefined]);
    expect(await categoriesNumbered('16')).toBe(1);
  });

  it('takes over a key left running by a dead instance and applies', async () => {
    const body = category('17');
    await hold('k-dead', body, '10 minutes');
    const r = await send({ token: admin, key: 'k-dead', body });
    expect([r.json.code, r.replayed]).toEqual([1, undefined]);
    expect(await categoriesNumbered('17')).toBe(1);
    expect(await keyRows('k-dead')).toEqual([{ user_id: expect.any(Number), state: 1, reply_status: 200 }]);
  });

  it('refuses a different body at once, even while the key is running', async () => {
    await hold('k-running-diff', category('18'));
    const r = await send({ token: admin, key: 'k-running-diff', body: category('19') });
    expect([r.status, r.json.msg]).toEqual([409, 'idempotencyMismatch']);
  });
});

describe('purge', () => {
  it('deletes keys older than 7 days, at most once an hour, on a keyed request', async () => {
    expect((await send({ token: admin, key: 'k-old', body: category('20') })).json.code).toBe(1);
    expect((await send({ token: admin, key: 'k-recent', body: category('21') })).json.code).toBe(1);
    await s.app.db.execute(sql`update idempotency_keys set created_at = now() - interval '8 days' where key = 'k-old'`);
    await s.app.db.execute(sql`update idempotency_keys set created_at = now() - interval '6 days' where key = 'k-recent'`);
    // Within the hour of the last purge: kept.
    expect((await send({ token: admin, key: 'k-trigger-1', body: category('22') })).json.code).toBe(1);
    expect((await keyRows('k-old')).length).toBe(1);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    expect((await send({ token: admin, key: 'k-trigger-2', body: category('23') })).json.code).toBe(1);
    expect(await keyRows('k-old')).toEqual([]);
    expect((await keyRows('k-recent')).length).toBe(1);
    // The purged key is free again: the old request applies anew (its reply is no longer promised).
    expect((await send({ token: admin, key: 'k-old', body: category('20', { category: 'Idem 20 again', categoryNumber: 'IDEM-20B' }) })).json.code).toBe(1);
  });
});
