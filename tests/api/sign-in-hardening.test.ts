// Issue 6, security items 2, 3, 8 and 10: sign-in budgets counted before the password check and shared by every call
// that checks one, progressive slow-down per account and IP instead of a lock-out, no account enumeration through
// forgot-password or getuserbyname, and reset tokens / password rules (DESIGN §5).
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/server/plugins/permissions';
import { createResetToken, mailsSettled } from '@/server/modules/identity/identity.service';
import { CHANGED, client, INITIAL, startServer, type TestServer } from './helpers';
import type { App } from '@/server/app';

interface Out {
  status: number;
  code: number;
  msg: string;
  data: any;
  body: string;
}

/** POST from a given client IP (app.inject's remoteAddress becomes req.ip). */
async function post(app: App, url: string, payload: Record<string, unknown>, ip = '10.0.0.1', token?: string): Promise<Out> {
  const res = await app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = res.json();
  return { status: res.statusCode, code: body.code, msg: body.msg, data: body.data, body: res.body };
}
const login = (app: App, number: string, password: string, ip?: string) => post(app, '/api/user/login', { Number: number, Password: password }, ip);
const getuser = (app: App, number: string, password: string, ip?: string) => post(app, '/api/user/getuser', { Number: number, Password: password }, ip);
const forgot = (app: App, number: string, ip?: string) =>
  post(app, '/api/workflow/mailsend2', { UserNumber: number, FormType: 9, FormId: 0, CheckContent: 'Forget Password', Operates: 1 }, ip);
const tally = (replies: Out[]) => {
  const t: Record<string, number> = {};
  for (const r of replies) t[`${r.status} ${r.msg}`] = (t[`${r.status} ${r.msg}`] ?? 0) + 1;
  return t;
};
/** Moves every throttle record into the past, as if that many seconds had gone by (no wall-clock waits). */
const elapse = (app: App, seconds: number) =>
  app.db.execute(sql`update auth_throttle set window_start = window_start - make_interval(secs => ${seconds})`);
const userId = async (app: App, number: string) =>
  Number(rowsOf<{ id: number }>(await app.db.execute(sql`select id from users where number = ${number}`))[0].id);

describe('sign-in budgets are counted before the password is checked (item 2)', () => {
  let s: TestServer;
  // A wait long enough that none ends during the test: every admission past the free ones would be a race.
  beforeAll(async () => (s = await startServer({ AUTH_MAX_FAILURES: 5, AUTH_ACCOUNT_MAX_FAILURES: 8, AUTH_DELAY_SECONDS: 600 })));
  afterAll(() => s.close());

  it('checks at most the pair budget of 60 concurrent wrong passwords for one account; the rest get 429 unchecked', async () => {
    const replies = await Promise.all(Array.from({ length: 60 }, (_, i) => login(s.app, 'sg.sales', `Wrong${i}x`, '10.1.0.1')));
    const t = tally(replies);
    expect(t['200 wrongAccountOrPassword']).toBeLessThanOrEqual(5);
    expect(t['200 wrongAccountOrPassword']).toBeGreaterThanOrEqual(1);
    expect(t['429 tooManyAttempts']).toBe(60 - t['200 wrongAccountOrPassword']);
  });

  it('checks at most the account budget of 60 concurrent wrong passwords from 60 IPs', async () => {
    const replies = await Promise.all(Array.from({ length: 60 }, (_, i) => login(s.app, 'my.sales', `Wrong${i}x`, `10.2.0.${i + 1}`)));
    const t = tally(replies);
    expect(t['200 wrongAccountOrPassword']).toBeLessThanOrEqual(8);
    expect(t['429 tooManyAttempts']).toBe(60 - t['200 wrongAccountOrPassword']);
  });
});

describe('one per-IP budget for every call that checks a password (items 2, 3)', () => {
  it('login, getuser and a wrong current password share the budget, over every account; another IP is not affected', async () => {
    const s = await startServer({ AUTH_IP_PER_MINUTE: 4 });
    try {
      const token = (await login(s.app, 'hk.sales', INITIAL, '10.3.0.9')).data.token as string;
      const ip = '10.3.0.1';
      expect((await login(s.app, 'tw.sales', 'Wrong1x', ip)).msg).toBe('wrongAccountOrPassword');
      expect((await getuser(s.app, 'sg.sales', 'Wrong1x', ip)).msg).toBe('wrongAccountOrPassword');
      expect((await post(s.app, '/api/user/changeuserpassword', { OldPassword: 'Wrong1x', Password: 'Abc123' }, ip, token)).msg).toBe('oldPasswordWrong');
      expect((await getuser(s.app, 'au.sales', INITIAL, ip)).code).toBe(1);
      // The budget is spent: the right password of yet another account waits, unchecked.
      const over = await login(s.app, 'admin', INITIAL, ip);
      expect([over.status, over.code, over.msg]).toEqual([429, 0, 'tooManyAttempts']);
      expect((await getuser(s.app, 'admin', INITIAL, ip)).status).toBe(429);
      expect((await login(s.app, 'admin', INITIAL, '10.3.0.2')).code).toBe(1);
    } finally {
      await s.close();
    }
  });
});

describe('failures slow one account and IP down instead of locking the account (item 3)', () => {
  let s: TestServer;
  beforeAll(
    async () =>
      (s = await startServer({ AUTH_MAX_FAILURES: 3, AUTH_ACCOUNT_MAX_FAILURES: 4, AUTH_DELAY_SECONDS: 60, AUTH_DELAY_MAX_SECONDS: 150 })),
  );
  afterAll(() => s.close());

  it('an attacker hammering admin from one IP does not keep the right password out from another IP', async () => {
    const attacker = '10.4.0.1';
    const replies = [];
    for (let i = 0; i < 10; i++) replies.push(await login(s.app, 'admin', `Guess${i}x`, attacker));
    expect(tally(replies)).toEqual({ '200 wrongAccountOrPassword': 3, '429 tooManyAttempts': 7 });
    expect((await login(s.app, 'admin', INITIAL, attacker)).status).toBe(429);
    const owner = await login(s.app, 'admin', INITIAL, '10.4.0.2');
    expect([owner.status, owner.code]).toEqual([200, 1]);
  });

  it('each further failure of a pair waits longer (capped); the right password after the wait signs in and clears the pair', async () => {
    const ip = '10.5.0.1';
    for (let i = 0; i < 3; i++) expect((await login(s.app, 'oih.analyst', `Guess${i}x`, ip)).msg).toBe('wrongAccountOrPassword');
    expect((await login(s.app, 'oih.analyst', INITIAL, ip)).status).toBe(429);
    await elapse(s.app, 61); // the first wait is 60 s
    expect((await login(s.app, 'oih.analyst', 'Guess3x', ip)).msg).toBe('wrongAccountOrPassword');
    expect((await getuser(s.app, 'oih.analyst', INITIAL, ip)).status).toBe(429);
    await elapse(s.app, 61); // the second wait is 120 s
    expect((await login(s.app, 'oih.analyst', INITIAL, ip)).status).toBe(429);
    await elapse(s.app, 60);
    expect((await login(s.app, 'oih.analyst', 'Guess4x', ip)).msg).toBe('wrongAccountOrPassword');
    await elapse(s.app, 121); // the third would be 240 s, capped at 150
    expect((await login(s.app, 'oih.analyst', INITIAL, ip)).status).toBe(429);
    await elapse(s.app, 30);
    const ok = await login(s.app, 'oih.analyst', INITIAL, ip);
    expect([ok.status, ok.code]).toEqual([200, 1]);
    // Success cleared the pair: the free failures start again.
    expect((await login(s.app, 'oih.analyst', 'Guess5x', ip)).msg).toBe('wrongAccountOrPassword');
  });

  it('failures from many IPs slow the account down for new IPs only, and only for the wait', async () => {
    const home = '10.6.0.100';
    expect((await login(s.app, 'tw.sales', INITIAL, home)).code).toBe(1);
    for (let i = 1; i <= 4; i++) expect((await login(s.app, 'tw.sales', `Guess${i}x`, `10.6.0.${i}`)).msg).toBe('wrongAccountOrPassword');
    expect((await login(s.app, 'tw.sales', 'Guess5x', '10.6.0.5')).status).toBe(429);
    expect((await login(s.app, 'tw.sales', INITIAL, '10.6.0.6')).status).toBe(429);
    // Where the owner signed in before, the right password still works.
    expect((await login(s.app, 'tw.sales', INITIAL, home)).code).toBe(1);
    await elapse(s.app, 61);
    expect((await login(s.app, 'tw.sales', INITIAL, '10.6.0.6')).code).toBe(1);
  });
});

describe('no account enumeration (item 8)', () => {
  it('forgot-password replies the same for known and unknown accounts, without waiting for the SMTP server', async () => {
    // An SMTP peer that accepts connections and never answers: a request that waited for it would not return
    // before the mailer gave up and recorded the failure.
    const sockets = new Set<net.Socket>();
    let hangUp = false;
    const silent = net.createServer((sock) => {
      sock.on('error', () => {});
      if (hangUp) sock.destroy();
      else sockets.add(sock);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const s = await startServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const known = await forgot(s.app, 'sg.sales');
      const unknown = await forgot(s.app, 'nobody.here');
      expect([known.status, known.body]).toEqual([200, JSON.stringify({ code: 1, msg: 'success', data: null })]);
      expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
      // The reply came while the mail was still with the (silent) SMTP server: nothing recorded yet.
      expect(rowsOf(await s.app.db.execute(sql`select id from mail_records`))).toHaveLength(0);
      // Now let the mailer fail fast, and see that the mail was handed over for the known account only.
      hangUp = true;
      for (const sock of sockets) sock.destroy();
      await mailsSettled(s.app.mailer);
      const rows = rowsOf<{ addressee_email: string; content: string }>(await s.app.db.execute(sql`select addressee_email, content from mail_records`));
      expect(rows).toHaveLength(1);
      expect(rows[0].addressee_email).toBe('samuel.tan@example.com');
      expect(rows[0].content).toMatch(/^failed/);
    } finally {
      await s.close();
      for (const sock of sockets) sock.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('getuserbyname gives the same reply for an account out of scope and an unknown one', async () => {
    const s = await startServer();
    try {
      const api = client(s.app);
      const token = await api.login('oih.analyst');
      const outOfScope = await api.get('/api/user/getuserbyname', { userName: 'hk.sales' }, token);
      const unknown = await api.get('/api/user/getuserbyname', { userName: 'nobody.here' }, token);
      expect([outOfScope.status, outOfScope.code, outOfScope.msg, outOfScope.data]).toEqual([200, 0, 'userNotExist', null]);
      expect([unknown.status, unknown.code, unknown.msg, unknown.data]).toEqual([200, 0, 'userNotExist', null]);
      expect((await api.get('/api/user/getuserbyname', { userName: 'sg.sales' }, token)).code).toBe(1);
    } finally {
      await s.close();
    }
  });
});

describe('reset tokens and password rules (item 10)', () => {
  let s: TestServer;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    s = await startServer();
    api = client(s.app);
  });
  afterAll(() => s.close());
  const reset = (token: string, password: string) => api.post('/api/user/resetpassword', { Token: token, Password: password });

  it('every password change ends all of the user reset tokens: own change, administrator set, reset link', async () => {
    const id = await userId(s.app, 'sg.sales');
    const own = await createResetToken(s.app.db, id);
    await api.login('sg.sales'); // the forced change of the initial password
    expect((await reset(own, 'Reset12')).msg).toBe('resetTokenInvalid');

    const byAdmin = await createResetToken(s.app.db, id);
    const admin = await api.login('admin');
    expect((await api.post('/api/user/edituserpassword', { Id: id, Password: 'Admin-set-1' }, admin)).code).toBe(1);
    expect((await reset(byAdmin, 'Reset12')).msg).toBe('resetTokenInvalid');

    const first = await createResetToken(s.app.db, id);
    const second = await createResetToken(s.app.db, id);
    expect((await reset(first, 'Reset12')).code).toBe(1);
    expect((await reset(second, 'Reset34')).msg).toBe('resetTokenInvalid');
    expect((await api.post('/api/user/login', { Number: 'sg.sales', Password: 'Reset12' })).code).toBe(1);
  });

  it("a disabled user's token sets nothing", async () => {
    const id = await userId(s.app, 'au.sales');
    const token = await createResetToken(s.app.db, id);
    await s.app.db.execute(sql`update users set is_disabled = true where id = ${id}`);
    const r = await reset(token, 'Reset12');
    expect([r.code, r.msg]).toEqual([0, 'resetTokenInvalid']);
    await s.app.db.execute(sql`update users set is_disabled = false where id = ${id}`);
    expect((await api.post('/api/user/login', { Number: 'au.sales', Password: 'Reset12' })).msg).toBe('wrongAccountOrPassword');
  });

  it('refuses control characters, spaces, the initial and the current password on the own change and the reset link', async () => {
    // An initial password that passes the 6–8 rule, else the rule alone would refuse it.
    const initial = 'Start12';
    const t = await startServer({ INITIAL_PASSWORD: initial });
    try {
      const c = client(t.app);
      const token = await c.login('hk.sales', initial); // the forced change: now on CHANGED
      const change = (password: string) => c.post('/api/user/changeuserpassword', { OldPassword: CHANGED, Password: password }, token);
      expect((await change('Abc 123')).msg).toBe('passwordCharacters');
      expect((await change('Abc\u001b123')).msg).toBe('passwordCharacters');
      expect((await change('Abc\t123')).msg).toBe('passwordCharacters');
      expect((await change(initial)).msg).toBe('passwordIsInitial');
      expect((await change(CHANGED)).msg).toBe('passwordSameAsCurrent');

      const link = await createResetToken(t.app.db, await userId(t.app, 'hk.sales'));
      const reset = (password: string) => c.post('/api/user/resetpassword', { Token: link, Password: password });
      expect((await reset('Abc\u0007123')).msg).toBe('passwordCharacters');
      expect((await reset('Abc\u00a0123')).msg).toBe('passwordCharacters');
      expect((await reset(initial)).msg).toBe('passwordIsInitial');
      expect((await reset(CHANGED)).msg).toBe('passwordSameAsCurrent');
      // None of those used the link up.
      expect((await reset('Fresh12')).code).toBe(1);
      expect((await c.post('/api/user/login', { Number: 'hk.sales', Password: 'Fresh12' })).code).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('the administrator set refuses control characters and spaces but may set the initial password on purpose', async () => {
    const admin = await api.login('admin');
    const id = await userId(s.app, 'tw.sales');
    const set = (password: string) => api.post('/api/user/edituserpassword', { Id: id, Password: password }, admin);
    expect((await set('with space 1')).msg).toBe('passwordCharacters');
    expect((await set('line\nbreak12')).msg).toBe('passwordCharacters');
    expect((await set(INITIAL)).code).toBe(1);
    const r = await api.post('/api/user/login', { Number: 'tw.sales', Password: INITIAL });
    expect([r.code, r.data.mustChangePassword]).toEqual([1, true]);
  });
});
