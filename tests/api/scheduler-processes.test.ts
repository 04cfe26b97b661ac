// Exactly once across real server processes (DESIGN §11; issue 10): two servers (`node --import tsx
// src/server/main.ts`, each its own port) share one fresh PostgreSQL database; a task fires every second (6-field
// cron) and calls a local HTTP target (allow-listed through TASK_URL_ALLOW) that counts its calls. Each firing runs
// exactly once across the two, by the run log and by the calls received; one server is killed (SIGKILL) halfway and
// the other carries on alone. Real time here (two processes cannot share a fake clock); the test waits on the
// database, with a generous timeout. PostgreSQL is always at 127.0.0.1:5432, also in the PGlite pass.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ping } from '@/shared/contracts/system';
import { tempPostgres, type TempDatabase } from '../support/temp-postgres';

const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const FIRINGS = 30;

let db: TempDatabase;
let conn: pg.Client;
let calls = 0;
const target = http.createServer((req, res) => {
  calls += 1;
  req.resume();
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":1,"msg":"success","data":null}');
});
let targetOrigin = '';
const servers: ChildProcess[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

async function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    STATIC_DIR: './.no-static',
    TASK_URL_ALLOW: targetOrigin,
    SCHEDULER_TICK_MS: '200',
  };
  // node itself (not npx) so that a kill reaches the server process.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  servers.push(child);
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}${ping.path}`)).ok) return { child, port };
    } catch {
      // not up yet
    }
    await sleep(300);
  }
  throw new Error('server did not come up');
}

const exited = (c: ChildProcess) =>
  c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => c.once('exit', () => resolve()));

interface LogRow {
  fire_at: Date;
  status: string;
  instance: string;
}
const runs = async (taskId: number) =>
  (await conn.query<LogRow>('select fire_at, status, instance from task_logs where task_id = $1 and job_action_type = 1 order by fire_at', [taskId])).rows;

beforeAll(async () => {
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetOrigin = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  db = await tempPostgres(PG_URL, 'sd_sched');
  conn = new pg.Client({ connectionString: db.url });
});

afterAll(async () => {
  for (const c of servers) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await Promise.all(servers.map(exited));
  await conn?.end().catch(() => undefined);
  await db?.drop();
  await new Promise((resolve) => target.close(resolve));
});

describe('two server processes on one PostgreSQL', () => {
  it(
    'run every firing of a per-second task exactly once, and one carries on when the other is killed',
    async () => {
      // The first start migrates and seeds; the second joins the migrated database.
      const a = await startServer();
      const b = await startServer();
      await conn.connect();
      // The seeded report tasks stay out of the way.
      await conn.query('update scheduled_tasks set status = 1');
      const start = new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000);
      const {
        rows: [task],
      } = await conn.query<{ id: number }>(
        `insert into scheduled_tasks (task_name, group_name, cron, api_url, request_type, owner_number, next_fire_at)
         values ('Every second', 'Processes', '* * * * * *', $1, 'GET', 'admin', $2) returning id`,
        [`${targetOrigin}/tick`, start],
      );

      const waitRuns = async (n: number) => {
        const until = Date.now() + 120_000;
        while (Date.now() < until) {
          if ((await runs(task.id)).length >= n) return;
          await sleep(250);
        }
        throw new Error(`fewer than ${n} runs`);
      };

      await waitRuns(FIRINGS / 2);
      const killedAt = new Date();
      a.child.kill('SIGKILL');
      await exited(a.child);
      await waitRuns(FIRINGS);
      await conn.query('update scheduled_tasks set status = 1 where id = $1', [task.id]);
      // Let a run in flight finish.
      const until = Date.now() + 30_000;
      while (Date.now() < until && (await runs(task.id)).some((r) => r.status === 'running')) await sleep(200);
      await sleep(500);

      const log = await runs(task.id);
      expect(log.length).toBeGreaterThanOrEqual(FIRINGS);
      expect(log.every((r) => r.status === 'success'), JSON.stringify(log.filter((r) => r.status !== 'success'))).toBe(true);
      // Once per firing: no firing twice, none left out between the first and the last, and one call per run.
      const seconds = log.map((r) => r.fire_at.getTime() / 1000);
      expect(new Set(seconds).size).toBe(seconds.length);
      expect(seconds[0]).toBe(start.getTime() / 1000);
      expect(seconds[seconds.length - 1] - seconds[0] + 1).toBe(seconds.length);
      expect(calls).toBe(log.length);
      // Both instances ran firings before the kill; only the survivor after it.
      const pidOf = (r: LogRow) => Number(r.instance.split(':')[1]);
      const before = log.filter((r) => r.fire_at < killedAt);
      const after = log.filter((r) => r.fire_at.getTime() > killedAt.getTime() + 1000);
      expect(new Set(before.map(pidOf))).toEqual(new Set([a.child.pid, b.child.pid]));
      expect(after.length).toBeGreaterThanOrEqual(FIRINGS / 2 - 2);
      expect(new Set(after.map(pidOf))).toEqual(new Set([b.child.pid]));

      // The survivor shuts down cleanly.
      b.child.kill('SIGTERM');
      await exited(b.child);
      expect(b.child.exitCode).toBe(0);
    },
    300_000,
  );
});
