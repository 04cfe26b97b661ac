// Scheduled tasks through the real server and database (spec part 3 §2.6, §4.5, §8.3; DESIGN §11), the scheduler
// driven by hand: a controllable clock and tick(), no sleeping. A due task runs once; firings missed while stopped run
// once; pause stops firings and start resumes them; run now pressed twice at once runs once; two instances on one
// database fire once; a run going is not started again; a disabled owner or a lost grant fails the run with the
// reason; absolute URLs go through the outbound guard (refusals logged, an allow-listed origin called with the auth
// header); stop() marks an unfinished run abnormal; the CRUD refusals and the write-only auth value.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/server/plugins/permissions';
import { createScheduler, LOG_KEEP_DAYS, type Scheduler } from '@/server/scheduler/scheduler';
import { AUTH_VALUE_MASK, JOB_ACTION, TASK_STATUS, type TaskItem, type TaskLogItem } from '@/shared/contracts/task';
import { client, startServer, type TestServer } from './helpers';

const SECRET = 'sEcReT-value-42';
const INTERNAL_HOST = 'http://internal.example.test';

interface Hit {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
}

/** The allow-listed target: records every call; /slow waits until released (while held); /redirect sends a 302. */
function target() {
  const hits: Hit[] = [];
  let release: (() => void) | null = null;
  let holding = true;
  const server = http.createServer((req, res) => {
    hits.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    req.resume();
    const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 1, msg: 'success', data: null }));
    if (req.url === '/redirect') return void res.writeHead(302, { location: 'http://10.0.0.1/' }).end();
    if (req.url === '/refuse') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 0, msg: 'notToday', data: null }));
    if (req.url === '/broken') return void res.writeHead(500).end('oops');
    if (req.url === '/slow' && holding) {
      release = answer;
      return;
    }
    answer();
  });
  return {
    hits,
    server,
    /** Answers the waiting /slow call; later ones are answered at once until hold() again. */
    release: () => {
      holding = false;
      release?.();
      release = null;
    },
    hold: () => {
      holding = true;
    },
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('scheduled tasks', () => {
  let s: TestServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let sch: Scheduler;
  let clock = new Date('2030-01-01T00:00:30Z');
  const peer = target();
  let origin = '';

  const fire = async (at?: Date, scheduler = sch) => {
    if (at) clock = at;
    await scheduler.tick();
    await scheduler.settle();
  };
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await s.app.db.execute(query));
  const logsOf = async (taskId: number) => (await api.get<{ items: TaskLogItem[]; count: number }>('/api/TaskOptions/GetTaskLogByTaskOptionsId', { taskOptionsId: taskId, pageSize: 100 }, admin)).data.items;
  const runsOf = async (taskId: number) => (await logsOf(taskId)).filter((l) => l.jobActionType === JOB_ACTION.scheduled || l.jobActionType === JOB_ACTION.runNow);
  const taskOf = async (id: number) => (await api.get<TaskItem>('/api/TaskOptions/GetTaskOptionsById', { id }, admin)).data;

  let seq = 0;
  async function addTask(over: Record<string, unknown> = {}): Promise<TaskItem> {
    seq += 1;
    const r = await api.post<TaskItem>(
      '/api/TaskOptions/AddTaskOptions',
      { Id: 0, TaskName: `Task ${seq}`, GroupName: 'Tests', Interval: '0 0 1 1 *', ApiUrl: `${origin}/hit`, RequestType: 'GET', ...over },
      admin,
    );
    expect(r.code, r.msg).toBe(1);
    return r.data;
  }

  beforeAll(async () => {
    origin = await peer.listen();
    s = await startServer({ SEED_DEMO: false, REPORT_MAIL_TO: 'ops@example.com', TASK_URL_ALLOW: [origin, INTERNAL_HOST] });
    api = client(s.app);
    admin = await api.login('admin');
    sch = createScheduler({
      app: s.app,
      now: () => clock,
      instance: 'test-a',
      // internal.example.test resolves to a private address (what a rebinding or internal DNS name would do).
      resolve: async (host) => (host === 'internal.example.test' ? [{ address: '10.1.2.3', family: 4 }] : [{ address: '93.184.216.34', family: 4 }]),
    });
  });
  afterAll(async () => {
    peer.release();
    await sch.stop(1000);
    await s.close();
    await peer.close();
  });

  it('seeds the daily and Monday report mail tasks owned by admin, once', async () => {
    const page = await api.get<{ items: TaskItem[]; count: number }>('/api/TaskOptions/getTaskOptionspage', { keyword: 'report mail' }, admin);
    expect(page.code).toBe(1);
    const byUrl = new Map(page.data.items.map((t) => [t.apiUrl.toLowerCase(), t]));
    expect(byUrl.get('/api/taskwork/dailyreporttaskoptions')).toMatchObject({ interval: '0 8 * * *', ownerNumber: 'admin', status: TASK_STATUS.normal, requestType: 'GET' });
    expect(byUrl.get('/api/taskwork/reporttaskoptions')).toMatchObject({ interval: '0 8 * * 1', ownerNumber: 'admin', status: TASK_STATUS.normal });
    expect(page.data.count).toBe(2);
    const { seedTasks } = await import('@/server/db/seed/tasks');
    await seedTasks(s.app.db);
    expect((await q<{ n: number }>(sql`select count(*)::int as n from scheduled_tasks where api_url ilike '/api/TaskWork/%'`))[0].n).toBe(2);
    // Paused from here on: the tests' clock would fire them along with the tasks under test.
    for (const t of page.data.items) expect((await api.post('/api/TaskOptions/Pause', { Id: t.id }, admin)).code).toBe(1);
  });

  it('refuses a bad or never-firing cron, a taken name+group, missing fields and a bad URL', async () => {
    const base = { Id: 0, TaskName: 'Refusals', GroupName: 'Tests', ApiUrl: '/api/TaskWork/DailyReportTaskOptions', RequestType: 'GET' };
    for (const Interval of ['bad', '61 * * * *', '0 8 * *', '0 0 30 2 *']) {
      const r = await api.post('/api/TaskOptions/AddTaskOptions', { ...base, Interval }, admin);
      expect([r.code, r.msg], Interval).toEqual([0, 'taskOptionsAddError']);
    }
    const first = await api.post<TaskItem>('/api/TaskOptions/AddTaskOptions', { ...base, Interval: '0 0 1 1 *' }, admin);
    expect(first.code).toBe(1);
    const dup = await api.post('/api/TaskOptions/AddTaskOptions', { ...base, TaskName: 'REFUSALS', GroupName: 'tests', Interval: '0 0 2 1 *' }, admin);
    expect([dup.code, dup.msg]).toEqual([0, 'taskOptionsAddError2']);
    // Two adds racing past the check: the unique index answers the same refusal.
    const race = await Promise.all([1, 2].map(() => api.post('/api/TaskOptions/AddTaskOptions', { ...base, TaskName: 'Racer', Interval: '0 0 1 1 *' }, admin)));
    expect(race.map((r) => r.msg).sort()).toEqual(['success', 'taskOptionsAddError2']);
    // Another task renamed onto a taken name+group.
    const other = await addTask();
    const clash = await api.post('/api/TaskOptions/Update', { ...base, Id: other.id, Interval: '0 0 1 1 *' }, admin);
    expect([clash.code, clash.msg]).toEqual([0, 'taskOptionsAddError2']);

    const missing = await api.post('/api/TaskOptions/AddTaskOptions', { Id: 0 }, admin);
    expect([missing.status, missing.msg]).toEqual([400, 'validationError']);
    const fields = (missing.data as Array<{ field: string }>).map((e) => e.field).sort();
    expect(fields).toEqual(['apiUrl', 'groupName', 'interval', 'requestType', 'taskName']);
    for (const ApiUrl of ['ftp://example.com/x', 'api/x', '/other/x', 'http://user:pw@example.com/']) {
      const r = await api.post('/api/TaskOptions/AddTaskOptions', { ...base, TaskName: 'Bad URL', Interval: '0 0 1 1 *', ApiUrl }, admin);
      expect([r.status, r.msg], ApiUrl).toEqual([400, 'validationError']);
    }
    const unknown = await api.post('/api/TaskOptions/Update', { ...base, Id: 999_999, Interval: '0 0 1 1 *' }, admin);
    expect([unknown.code, unknown.msg]).toEqual([0, 'taskNotExist']);
    for (const action of ['Pause', 'Start', 'Run', 'Delete', 'delTaskOptions']) {
      const r = await api.post(`/api/TaskOptions/${action}`, { Id: 999_999 }, admin);
      expect([r.code, r.msg], action).toEqual([0, 'taskNotExist']);
    }
    const stale = await api.post('/api/TaskOptions/Update', { ...base, Id: first.data.id, Interval: '0 0 1 1 *', Version: first.data.version + 5 }, admin);
    expect([stale.code, stale.msg]).toEqual([0, 'staleVersion']);
    // Without a grant: no access.
    expect((await api.get('/api/TaskOptions/getTaskOptionspage', {})).status).toBe(401);
  });

  it('keeps the auth value write-only: masked in every reply, kept by blank or mask, never logged', async () => {
    const t = await addTask({ AuthKey: 'X-Api-Key', AuthValue: SECRET });
    expect(t.authValue).toBe(AUTH_VALUE_MASK);
    expect((await taskOf(t.id)).authValue).toBe(AUTH_VALUE_MASK);
    const list = await api.get('/api/TaskOptions/getTaskOptionspage', { pageSize: 100 }, admin);
    expect(JSON.stringify(list)).not.toContain(SECRET);
    for (const AuthValue of ['', AUTH_VALUE_MASK]) {
      const u = await api.post<TaskItem>('/api/TaskOptions/Update', { Id: t.id, TaskName: t.taskName, GroupName: t.groupName, Interval: t.interval, ApiUrl: t.apiUrl, RequestType: 'POST', AuthKey: 'X-Api-Key', AuthValue }, admin);
      expect(u.code).toBe(1);
      expect(JSON.stringify(u)).not.toContain(SECRET);
    }
    expect((await q<{ auth_value: string }>(sql`select auth_value from scheduled_tasks where id = ${t.id}`))[0].auth_value).toBe(SECRET);
    // Called with it: the allow-listed origin gets the header, and the log never carries it.
    peer.hits.length = 0;
    expect((await api.post('/api/TaskOptions/Run', { Id: t.id }, admin)).code).toBe(1);
    await fire();
    expect(peer.hits).toHaveLength(1);
    expect(peer.hits[0]).toMatchObject({ method: 'POST', path: '/hit' });
    expect(peer.hits[0].headers['x-api-key']).toBe(SECRET);
    const logs = await logsOf(t.id);
    expect(logs[0]).toMatchObject({ jobActionType: JOB_ACTION.runNow, status: 'success', userNumber: 'admin' });
    expect(JSON.stringify(logs)).not.toContain(SECRET);
    expect(JSON.stringify(await q(sql`select * from task_logs`))).not.toContain(SECRET);
    // A new value replaces it; no header name clears it.
    await api.post('/api/TaskOptions/Update', { Id: t.id, TaskName: t.taskName, GroupName: t.groupName, Interval: t.interval, ApiUrl: t.apiUrl, RequestType: 'GET', AuthKey: 'X-Api-Key', AuthValue: 'other' }, admin);
    expect((await q<{ auth_value: string }>(sql`select auth_value from scheduled_tasks where id = ${t.id}`))[0].auth_value).toBe('other');
    const cleared = await api.post<TaskItem>('/api/TaskOptions/Update', { Id: t.id, TaskName: t.taskName, GroupName: t.groupName, Interval: t.interval, ApiUrl: t.apiUrl, RequestType: 'GET', AuthKey: '', AuthValue: '' }, admin);
    expect(cleared.data.authValue).toBe('');
  });

  it('runs a task due at T once, as its owner, and records what the target did', async () => {
    const mails = async () => (await q<{ n: number }>(sql`select count(*)::int as n from mail_records`))[0].n;
    const t = await addTask({ ApiUrl: '/api/TaskWork/DailyReportTaskOptions', Interval: '0 8 * * *' });
    const due = new Date(t.nextRunTime!);
    expect(due.getTime()).toBeGreaterThan(clock.getTime());
    const before = await mails();
    await fire(new Date(due.getTime() - 1000));
    expect(await runsOf(t.id)).toHaveLength(0);
    await fire(due);
    await fire(due);
    await fire(new Date(due.getTime() + 1000));
    const runs = await runsOf(t.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ jobActionType: JOB_ACTION.scheduled, status: 'success', userNumber: 'admin', strRunTime: due.toISOString() });
    expect(runs[0].durationMs).toEqual(expect.any(Number));
    expect(await mails()).toBe(before + 1);
    const after = await taskOf(t.id);
    expect(after.lastRunTime).toBe(due.toISOString());
    expect(new Date(after.nextRunTime!).getTime()).toBe(due.getTime() + 86_400_000);
    // Its add is in the log too.
    expect((await logsOf(t.id)).map((l) => l.jobActionType)).toContain(JOB_ACTION.add);
  });

  it('runs firings missed while stopped once, at the first tick', async () => {
    peer.hits.length = 0;
    const t = await addTask({ Interval: '0 * * * *' });
    const first = new Date(t.nextRunTime!);
    // Three firings (first, +1 h, +2 h) pass with no instance running; the first tick after runs one.
    await fire(new Date(first.getTime() + 2 * 3_600_000 + 30 * 60_000));
    const runs = await runsOf(t.id);
    expect(runs).toHaveLength(1);
    expect(peer.hits).toHaveLength(1);
    expect(new Date((await taskOf(t.id)).nextRunTime!).getTime()).toBe(first.getTime() + 3 * 3_600_000);
    await fire();
    expect(await runsOf(t.id)).toHaveLength(1);
    await api.post('/api/TaskOptions/Pause', { Id: t.id }, admin);
  });

  it('runs firings found only a few seconds late each on its own (a stall is not a misfire)', async () => {
    peer.hits.length = 0;
    const t = await addTask({ Interval: '* * * * * *' });
    const first = new Date(t.nextRunTime!);
    // The loop stalled 3 s: the first firing runs, then the ones after it, one per tick, until caught up.
    clock = new Date(first.getTime() + 3000);
    for (let i = 0; i < 6; i++) await fire();
    const fired = (await q<{ fire_at: Date }>(sql`select fire_at from task_logs where task_id = ${t.id} and job_action_type = 1 order by fire_at`)).map((r) => new Date(r.fire_at).getTime());
    expect(fired).toEqual([0, 1, 2, 3].map((i) => first.getTime() + i * 1000));
    expect(peer.hits).toHaveLength(4);
    expect(new Date((await taskOf(t.id)).nextRunTime!).getTime()).toBe(first.getTime() + 4000);
    await api.post('/api/TaskOptions/Pause', { Id: t.id }, admin);
  });

  it('stops firing when paused and resumes from now when started', async () => {
    peer.hits.length = 0;
    const t = await addTask({ Interval: '0 */10 * * * *' });
    const due = new Date(t.nextRunTime!);
    expect((await api.post('/api/TaskOptions/Pause', { Id: t.id }, admin)).code).toBe(1);
    expect((await taskOf(t.id)).status).toBe(TASK_STATUS.paused);
    await fire(due);
    await fire(new Date(due.getTime() + 30 * 60_000));
    expect(await runsOf(t.id)).toHaveLength(0);
    expect(peer.hits).toHaveLength(0);
    expect((await api.post('/api/TaskOptions/Start', { Id: t.id }, admin)).code).toBe(1);
    const resumed = await taskOf(t.id);
    expect(resumed.status).toBe(TASK_STATUS.normal);
    // Next firing from the clock's now: the ones missed while paused are not made up.
    const next = new Date(resumed.nextRunTime!);
    expect(next.getTime()).toBeGreaterThan(clock.getTime());
    await fire();
    expect(await runsOf(t.id)).toHaveLength(0);
    await fire(next);
    expect(await runsOf(t.id)).toHaveLength(1);
    expect(peer.hits).toHaveLength(1);
    const actions = (await logsOf(t.id)).map((l) => l.jobActionType);
    expect(actions).toEqual(expect.arrayContaining([JOB_ACTION.add, JOB_ACTION.pause, JOB_ACTION.start, JOB_ACTION.scheduled]));
    await api.post('/api/TaskOptions/Pause', { Id: t.id }, admin);
  });

  it('runs once when run now is pressed twice at once, and once per firing with two instances', async () => {
    peer.hits.length = 0;
    const t = await addTask({ Interval: '0 0 1 1 *' });
    const presses = await Promise.all([1, 2].map(() => api.post('/api/TaskOptions/Run', { Id: t.id }, admin)));
    expect(presses.map((p) => p.code)).toEqual([1, 1]);
    const other = createScheduler({ app: s.app, now: () => clock, instance: 'test-b' });
    try {
      await Promise.all([sch.tick(), other.tick()]);
      await Promise.all([sch.settle(), other.settle()]);
      await fire();
      expect((await runsOf(t.id)).filter((l) => l.jobActionType === JOB_ACTION.runNow)).toHaveLength(1);
      expect(peer.hits).toHaveLength(1);

      // Both instances tick at a due firing: one wins it.
      const u = await addTask({ Interval: '*/5 * * * *' });
      const due = new Date(u.nextRunTime!);
      clock = due;
      await Promise.all([sch.tick(), other.tick(), sch.tick(), other.tick()]);
      await Promise.all([sch.settle(), other.settle()]);
      const runs = await runsOf(u.id);
      expect(runs).toHaveLength(1);
      expect(peer.hits).toHaveLength(2);
      await api.post('/api/TaskOptions/Pause', { Id: u.id }, admin);
    } finally {
      await other.stop(1000);
    }
  });

  it('does not start a run while the previous one is still going', async () => {
    peer.hits.length = 0;
    peer.hold();
    const t = await addTask({ Interval: '* * * * *', ApiUrl: `${origin}/slow` });
    const due = new Date(t.nextRunTime!);
    clock = due;
    await sch.tick();
    await expect.poll(() => peer.hits.length).toBe(1);
    // The next firing comes while the run waits: skipped, logged as such.
    await sch.tick();
    clock = new Date(due.getTime() + 60_000);
    await sch.tick();
    expect(peer.hits).toHaveLength(1);
    peer.release();
    await sch.settle();
    const runs = await runsOf(t.id);
    expect(runs.map((r) => r.status).sort()).toEqual(['failed: skipped, the previous run is still going', 'success']);
    // Free again: the following firing runs.
    await fire(new Date(due.getTime() + 120_000));
    expect(peer.hits).toHaveLength(2);
    await api.post('/api/TaskOptions/Delete', { Id: t.id }, admin);
  });

  it('fails the run with the reason when the owner is disabled or has lost the grant', async () => {
    const dep = await api.post('/api/department/addoreditdepartment', { Id: 0, CompanyNumber: 'FAC', DepartmentName: 'Ops' }, admin);
    const user = await api.post<{ id: number }>('/api/user/addoredituser', { Id: 0, CompanyNumber: 'FAC', DepartmentId: dep.data.id, Name: 'task.owner', Account: 'task.owner', Password: 'Own2025x', Language: 'en' }, admin);
    expect(user.code).toBe(1);
    const t = await addTask({ ApiUrl: '/api/TaskWork/DailyReportTaskOptions', Interval: '0 0 1 1 *' });
    // The last saver is the owner; here the row is handed to task.owner (a factory user: no role, no grants).
    const [{ number }] = await q<{ number: string }>(sql`select number from users where id = ${user.data.id}`);
    await s.app.db.execute(sql`update scheduled_tasks set owner_number = ${number} where id = ${t.id}`);
    await api.post('/api/TaskOptions/Run', { Id: t.id }, admin);
    await fire();
    expect((await runsOf(t.id))[0].status).toBe(`failed: the owner ${number} has no grant for /api/TaskWork/DailyReportTaskOptions`);
    expect((await api.post('/api/user/disableduser', { Id: user.data.id, IsDisabled: true }, admin)).code).toBe(1);
    await api.post('/api/TaskOptions/Run', { Id: t.id }, admin);
    await fire();
    expect((await runsOf(t.id))[0].status).toBe(`failed: the owner ${number} is disabled`);
    // No session of the owner is left behind by the runs.
    expect((await q<{ n: number }>(sql`select count(*)::int as n from sessions where user_id = ${user.data.id}`))[0].n).toBe(0);
    // The owner is whoever saved last: admin saves it again and it runs.
    const saved = await api.post<TaskItem>('/api/TaskOptions/Update', { Id: t.id, TaskName: t.taskName, GroupName: t.groupName, Interval: t.interval, ApiUrl: t.apiUrl, RequestType: 'GET' }, admin);
    expect(saved.data.ownerNumber).toBe('admin');
    await api.post('/api/TaskOptions/Run', { Id: t.id }, admin);
    await fire();
    expect((await runsOf(t.id))[0].status).toBe('success');
  });

  it('refuses and logs absolute URLs the outbound guard refuses; a failing reply is a failed run', async () => {
    const cases: Array<[string, RegExp]> = [
      ['http://127.0.0.1:1/x', /^failed: origin not allowed: http:\/\/127\.0\.0\.1:1 \(.*loopback/],
      ['http://169.254.169.254/latest/meta-data/', /^failed: origin not allowed: http:\/\/169\.254\.169\.254 \(/],
      ['http://10.0.0.1/', /^failed: origin not allowed: http:\/\/10\.0\.0\.1 \(.*private/],
      ['http://[::1]/', /^failed: origin not allowed: http:\/\/\[::1\] \(.*loopback/],
      [`${INTERNAL_HOST}/x`, /^failed: address not allowed: internal\.example\.test resolves to 10\.1\.2\.3/],
      [`${origin}/redirect`, /^failed: redirect refused \(302 to http:\/\/10\.0\.0\.1\/\)/],
      [`${origin}/refuse`, /^failed: code 0: notToday$/],
      [`${origin}/broken`, /^failed: HTTP 500$/],
    ];
    for (const [url, reason] of cases) {
      const t = await addTask({ ApiUrl: url, Interval: '0 0 1 1 *', AuthKey: 'Authorization', AuthValue: SECRET });
      await api.post('/api/TaskOptions/Run', { Id: t.id }, admin);
      await fire();
      const [run] = await runsOf(t.id);
      expect(run.status, url).toMatch(reason);
      expect(run.status).not.toContain(SECRET);
    }
    // The refused ones never reached the target; the redirect one got no auth header sent elsewhere.
    expect(peer.hits.filter((h) => h.path === '/redirect')).toHaveLength(1);
  });

  it('keeps the log of a deleted task and stops firing it', async () => {
    peer.hits.length = 0;
    const t = await addTask({ Interval: '*/10 * * * *' });
    const due = new Date(t.nextRunTime!);
    expect((await api.post('/api/TaskOptions/delTaskOptions', { Id: t.id }, admin)).code).toBe(1);
    await fire(due);
    expect(peer.hits).toHaveLength(0);
    expect((await api.get('/api/TaskOptions/GetTaskOptionsById', { id: t.id }, admin)).msg).toBe('taskNotExist');
    const logs = await logsOf(t.id);
    expect(logs[0]).toMatchObject({ jobActionType: JOB_ACTION.delete, taskOptions: t.taskName, status: 'success', userNumber: 'admin' });
    // Every task's log, when no task is named.
    const all = await api.get<{ items: TaskLogItem[]; count: number }>('/api/TaskOptions/GetTaskLogByTaskOptionsId', { pageIndex: 1, pageSize: 10 }, admin);
    expect(all.data.items).toHaveLength(10);
    expect(all.data.count).toBeGreaterThan(10);
  });

  it('takes over the slot of an instance that died mid-run once its lease ran out, logging that run as failed', async () => {
    peer.hits.length = 0;
    const t = await addTask({ Interval: '*/5 * * * *' });
    const due = new Date(t.nextRunTime!);
    // A run of a dead instance: slot taken, lease still running at first, its log row 'running'.
    const [{ id: logId }] = await q<{ id: number }>(
      sql`insert into task_logs (task_id, task_name, job_action_type, run_time, status, user_number, instance)
          values (${t.id}, ${t.taskName}, 1, ${clock.toISOString()}::timestamptz, 'running', 'admin', 'dead:1:x') returning id`,
    );
    const leaseEnd = new Date(due.getTime() + 10_000);
    await s.app.db.execute(
      sql`update scheduled_tasks set run_token = 'dead-token', run_instance = 'dead:1:x', run_log_id = ${logId}, run_lease_until = ${leaseEnd.toISOString()}::timestamptz where id = ${t.id}`,
    );
    await fire(due);
    expect(peer.hits).toHaveLength(0);
    expect((await runsOf(t.id)).map((r) => r.status)).toContain('failed: skipped, the previous run is still going');
    await fire(new Date(due.getTime() + 5 * 60_000));
    expect(peer.hits).toHaveLength(1);
    const statuses = (await runsOf(t.id)).map((r) => r.status);
    expect(statuses[0]).toBe('success');
    expect(statuses).toContain('failed: abnormal: the server running it stopped answering');
    await api.post('/api/TaskOptions/Delete', { Id: t.id }, admin);
  });

  it('a started loop starts a run now at once (woken by the press), and stops', async () => {
    peer.hits.length = 0;
    const looping = createScheduler({ app: s.app, now: () => clock, instance: 'test-loop', tickMs: 60_000 });
    looping.start();
    try {
      const t = await addTask({ Interval: '0 0 1 1 *' });
      expect((await api.post('/api/TaskOptions/Run', { Id: t.id }, admin)).code).toBe(1);
      // The next tick is a minute away: the press woke the loop.
      await expect.poll(async () => (await runsOf(t.id))[0]?.status).toBe('success');
      expect(peer.hits).toHaveLength(1);
    } finally {
      await looping.stop(1000);
    }
  });

  it('marks a run still going at stop() as failed (abnormal) with the reason and frees it', async () => {
    peer.hits.length = 0;
    peer.hold();
    const stopping = createScheduler({ app: s.app, now: () => clock, instance: 'test-stop' });
    const t = await addTask({ Interval: '0 0 1 1 *', ApiUrl: `${origin}/slow` });
    await api.post('/api/TaskOptions/Run', { Id: t.id }, admin);
    await stopping.tick();
    await expect.poll(() => peer.hits.length).toBe(1);
    await stopping.stop(20);
    const [run] = await runsOf(t.id);
    expect(run.status).toMatch(/^failed: abnormal: the server stopped during the run/);
    expect((await q<{ run_token: string | null }>(sql`select run_token from scheduled_tasks where id = ${t.id}`))[0].run_token).toBeNull();
    peer.release();
    // Its late outcome does not overwrite the log row.
    await expect.poll(async () => (await runsOf(t.id))[0].status).toMatch(/^failed: abnormal/);
  });

  it(`deletes run-log rows older than ${LOG_KEEP_DAYS} days, at most once an hour`, async () => {
    const day = 86_400_000;
    const pruner = createScheduler({ app: s.app, now: () => clock, instance: 'test-prune' });
    const at = clock.getTime();
    const addLog = async (name: string, ageDays: number) =>
      q(sql`insert into task_logs (task_id, task_name, job_action_type, run_time, status) values (0, ${name}, 1, ${new Date(at - ageDays * day)}, 'success')`);
    const names = async () => (await q<{ n: string }>(sql`select task_name as n from task_logs where task_id = 0 order by task_name`)).map((r) => r.n);
    await addLog('old', LOG_KEEP_DAYS + 1);
    await addLog('kept', LOG_KEEP_DAYS - 1);
    await pruner.tick();
    expect(await names()).toEqual(['kept']);
    // Within the hour nothing is pruned again; an hour later it is.
    await addLog('old again', LOG_KEEP_DAYS + 1);
    await pruner.tick();
    expect(await names()).toEqual(['kept', 'old again']);
    clock = new Date(at + 3_600_000);
    await pruner.tick();
    expect(await names()).toEqual(['kept']);
    await pruner.stop(0);
  });
});
