// The scheduler part of `npm run bench` (issue 10), called by run.ts: what a firing costs on top of the call it makes.
// N tasks due at the same moment, each calling a light in-process API (the task list, granted to admin, the owner),
// are claimed and run by one scheduler tick (claim by compare-and-set, run log row, the owner's short session, the call
// through app.inject, settling the log and freeing the slot); the reference is the same N calls made directly through
// app.inject with a session of the same user, as many at once. Alternating rounds after a warm-up; medians and the
// ratio scheduler / direct. On PGlite and PostgreSQL. Nothing here asserts a time.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/server/plugins/permissions';
import { createScheduler } from '@/server/scheduler/scheduler';
import { getTaskPage } from '@/shared/contracts/task';
import { benchDatabases, signIn, withBenchApp, type BenchDb } from './bench-app';

const TASKS = Number(process.env.BENCH_TASKS ?? 100);
const ROUNDS = 5;
const WARMUP = 1;
const TARGET = `${getTaskPage.path}?pageIndex=1&pageSize=10`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Figure {
  db: BenchDb;
  scheduler: number;
  direct: number;
}

async function run(kind: BenchDb): Promise<Figure> {
  return withBenchApp(kind, { SEED_DEMO: false }, async (app, config) => {
    const token = await signIn(app, 'admin', config.INITIAL_PASSWORD);
    const due = new Date('2031-01-01T00:00:00Z');
    let clock = due;
    const scheduler = createScheduler({ app, now: () => clock, instance: 'bench' });
    // Only the bench's tasks (not the seeded report mails): yearly tasks due at `due`; each round puts them back to due.
    await app.db.execute(sql`delete from scheduled_tasks`);
    await app.db.execute(sql`
      insert into scheduled_tasks (task_name, group_name, cron, api_url, request_type, owner_number, next_fire_at)
      select 'Bench task ' || g, 'Bench', '0 0 1 1 *', ${TARGET}, 'GET', 'admin', ${due.toISOString()}::timestamptz
      from generate_series(1, ${TASKS}) g`);

    const viaScheduler = async (round: number) => {
      await app.db.execute(sql`update scheduled_tasks set next_fire_at = ${due.toISOString()}::timestamptz where group_name = 'Bench'`);
      clock = new Date(due.getTime() + 1000 + round);
      const start = performance.now();
      await scheduler.tick();
      await scheduler.settle();
      return performance.now() - start;
    };
    const direct = async () => {
      const start = performance.now();
      const replies = await Promise.all(Array.from({ length: TASKS }, () => app.inject({ method: 'GET', url: TARGET, headers: { authorization: `Bearer ${token}` } })));
      if (replies.some((r) => r.json().code !== 1)) throw new Error('a direct call failed');
      return performance.now() - start;
    };

    const times = { scheduler: [] as number[], direct: [] as number[] };
    for (let r = 0; r < WARMUP + ROUNDS; r++) {
      const s = await viaScheduler(r);
      const d = await direct();
      if (r >= WARMUP) {
        times.scheduler.push(s);
        times.direct.push(d);
      }
    }
    await scheduler.stop(0);
    const [{ ok, all }] = rowsOf<{ ok: number; all: number }>(
      await app.db.execute(sql`select count(*) filter (where status = 'success')::int as ok, count(*)::int as all from task_logs where job_action_type = 1`),
    );
    const expected = TASKS * (WARMUP + ROUNDS);
    if (ok !== expected || all !== expected) throw new Error(`expected ${expected} successful runs, got ${ok} of ${all}`);
    return { db: kind, scheduler: median(times.scheduler), direct: median(times.direct) };
  });
}

export async function runSchedulerBench(): Promise<void> {
  console.log(`\nScheduler: ${TASKS} tasks due at once, claimed and run by one tick, against the same calls made directly, median of ${ROUNDS} rounds`);
  const figures: Figure[] = [];
  for (const kind of await benchDatabases()) figures.push(await run(kind));
  console.log('\n| database | firings | scheduler ms | direct calls ms | per firing (scheduler) ms | ratio |');
  console.log('|---|---|---|---|---|---|');
  for (const f of figures) console.log(`| ${f.db} | ${TASKS} | ${f.scheduler.toFixed(0)} | ${f.direct.toFixed(0)} | ${(f.scheduler / TASKS).toFixed(2)} | ${(f.scheduler / f.direct).toFixed(2)} |`);
}
