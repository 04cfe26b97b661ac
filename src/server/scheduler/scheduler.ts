// The scheduler loop (DESIGN §11): every instance runs the same small loop over the scheduled_tasks table; the
// database decides who runs what, so any number of servers sharing one PostgreSQL (or one PGlite) fire each task
// exactly once per firing.
//  - A due firing is claimed by a compare-and-set on next_fire_at: `update … set next_fire_at = <following> where
//    id = $1 and next_fire_at = $due and status = 0 returning`; one instance wins it. <following> is the first firing
//    after NOW, so firings missed while every server was down run once, at the first tick (a firing found only a few
//    seconds late, lateMs, is not a misfire: <following> is then the firing after it, so a stall loses nothing).
//  - No overlapping runs: the same statement takes the run slot (run_token) only when it is free; a firing that comes
//    while a run is still going is not started (its log row says it was skipped). The slot has a lease the running
//    instance renews every tick; an instance that died mid-run loses it after the lease, and its run is logged failed.
//  - Pause, Start, Run now and Delete are rows the loop reads each tick, so they act on every instance at once. Run
//    now is a marker taken by a compare-and-set too (one run however often it was pressed before it started).
//  - stop() lets runs going finish within a grace period, else marks their log rows failed (abnormal) with the reason
//    and frees their slots.
// croner is used only to compute fire times (shared/domain/cron.ts). The clock is injectable: tests call tick() with
// their own time, no sleeping.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { JOB_ACTION, TASK_STATUS } from '@/shared/contracts/task';
import { nextFireTime } from '@/shared/domain/cron';
import type { Db } from '../db/client';
import { scheduledTasks as T, taskLogs } from '../db/schema/index';
import { describeError } from '../plugins/errors';
import { setTaskClock, setTaskWaker, type Clock } from './clock';
import { runTaskTarget, type RunnerOptions } from './runner';
import { failed, LOG_STATUS, settleLog, writeLog } from './task-log';

export interface SchedulerOptions {
  app: FastifyInstance;
  /** The clock (default: the wall clock). Also the task service's clock for this database. */
  now?: Clock;
  /** How often the loop looks at the table (default 1000 ms). */
  tickMs?: number;
  /** How long a run slot holds without being renewed (default the larger of 30 s and 5 ticks). */
  leaseMs?: number;
  /** A firing found this late or less still runs on its own, and the one after it is next (a busy loop or a short
   * stall loses nothing); found later, it is a misfire: it runs once for all the firings missed, and the next firing
   * is the first after now. Default the larger of 5 s and 5 ticks. */
  lateMs?: number;
  /** How long stop() lets runs finish (default 20 s). */
  graceMs?: number;
  /** This instance's name in the log (default host:pid:random). */
  instance?: string;
  /** Time limit of one call (default 60 s). */
  timeoutMs?: number;
  /** Host name resolution for absolute URLs (tests). */
  resolve?: RunnerOptions['resolve'];
}

interface Run {
  token: string;
  taskId: number;
  logId: number | null;
  startedAt: number;
  done: Promise<void>;
  /** Settled by stop(): the run's own outcome must not overwrite it. */
  abandoned: boolean;
}

type TaskRow = typeof T.$inferSelect;

export interface Scheduler {
  readonly instance: string;
  /** Starts the loop (a first tick at once: firings missed while down run now, once). */
  start(): void;
  /** Stops the loop; runs going get graceMs to finish, else their log rows say why they did not. */
  stop(graceMs?: number): Promise<void>;
  /** One look at the table: claims and starts what is due. Resolves once the claims are made (not the runs). */
  tick(): Promise<void>;
  /** Resolves when every run this instance started has finished. */
  settle(): Promise<void>;
}

/** How long the run log keeps its rows (DESIGN §11 leaves it open; 90 days covers a quarter's audit). */
export const LOG_KEEP_DAYS = 90;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

export function createScheduler(opts: SchedulerOptions): Scheduler {
  const app = opts.app;
  const db = app.db as Db;
  const now = opts.now ?? (() => new Date());
  const tickMs = opts.tickMs ?? 1000;
  const leaseMs = opts.leaseMs ?? Math.max(30_000, 5 * tickMs);
  const lateMs = opts.lateMs ?? Math.max(5000, 5 * tickMs);
  const defaultGrace = opts.graceMs ?? 20_000;
  const instance = opts.instance ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const runner: RunnerOptions = { app, allow: app.config.TASK_URL_ALLOW, ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}), ...(opts.resolve ? { resolve: opts.resolve } : {}) };
  setTaskClock(db, now);

  const runs = new Map<string, Run>();
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let stopped = false;
  let ticking: Promise<void> | null = null;

  const leaseFrom = (at: Date) => new Date(at.getTime() + leaseMs);
  const takeSlot = (token: string, at: Date) => ({ runToken: token, runInstance: instance, runLeaseUntil: leaseFrom(at), runLogId: null, lastRunAt: at });

  /** Keeps this instance's run slots: renewed before anything else, so a run going is never taken over. */
  async function renewLeases(at: Date) {
    const tokens = [...runs.values()].filter((r) => !r.abandoned).map((r) => r.token);
    if (tokens.length) await db.update(T).set({ runLeaseUntil: leaseFrom(at) }).where(inArray(T.runToken, tokens));
  }

  /** Frees slots whose lease ran out (their instance died mid-run) and logs those runs as failed: the slot is
   * taken back by a compare-and-set on its token, so one instance settles each. */
  async function reclaimAbandoned(at: Date) {
    const expired = await db
      .select({ id: T.id, token: T.runToken, logId: T.runLogId })
      .from(T)
      .where(and(isNotNull(T.runToken), lt(T.runLeaseUntil, at)));
    for (const r of expired) {
      const [freed] = await db
        .update(T)
        .set({ runToken: null, runInstance: null, runLeaseUntil: null, runLogId: null })
        .where(and(eq(T.id, r.id), eq(T.runToken, r.token!), lt(T.runLeaseUntil, at)))
        .returning({ id: T.id });
      if (freed && r.logId) await settleLog(db, r.logId, failed('abnormal: the server running it stopped answering'), 0);
    }
  }

  /** Starts the run of a slot this instance holds. */
  function begin(task: TaskRow, token: string, at: Date, jobActionType: number, userNumber: string, fireAt: Date | null) {
    const run: Run = { token, taskId: task.id, logId: null, startedAt: performance.now(), done: Promise.resolve(), abandoned: false };
    run.done = (async () => {
      try {
        run.logId = await writeLog(db, {
          taskId: task.id,
          taskName: task.taskName,
          jobActionType,
          runTime: at,
          fireAt,
          status: LOG_STATUS.running,
          userNumber,
          instance,
        });
        if (run.abandoned) {
          // stop() came between the claim and this row: say so rather than leave it running.
          await settleLog(db, run.logId, failed('abnormal: the server stopped before the run started'), 0);
          return;
        }
        await db.update(T).set({ runLogId: run.logId }).where(eq(T.runToken, token));
        let outcome: string = LOG_STATUS.success;
        try {
          await runTaskTarget(runner, task);
        } catch (err) {
          outcome = failed((err as Error).message || String(err));
        }
        if (!run.abandoned) await settleLog(db, run.logId, outcome, performance.now() - run.startedAt);
      } catch (err) {
        app.log.warn({ error: describeError(err), taskId: task.id }, 'scheduled task run could not be recorded');
      } finally {
        try {
          if (!run.abandoned) await db.update(T).set({ runToken: null, runInstance: null, runLeaseUntil: null, runLogId: null }).where(eq(T.runToken, token));
        } catch (err) {
          app.log.warn({ error: describeError(err), taskId: task.id }, 'scheduled task slot could not be freed');
        }
        runs.delete(token);
      }
    })();
    runs.set(token, run);
  }

  /** The compare-and-set on a due firing; the winner also takes the run slot when it is free. */
  async function claimFiring(task: TaskRow, at: Date) {
    const due = task.nextFireAt!;
    const following = nextFireTime(task.cron, at.getTime() - due.getTime() <= lateMs ? due : at);
    const token = randomUUID();
    const free = sql`${T.runToken} is null`;
    const [won] = await db
      .update(T)
      .set({
        nextFireAt: following,
        ...(following ? {} : { status: TASK_STATUS.completed }),
        runToken: sql`case when ${free} then ${token} else ${T.runToken} end`,
        runInstance: sql`case when ${free} then ${instance} else ${T.runInstance} end`,
        runLeaseUntil: sql`case when ${free} then ${leaseFrom(at).toISOString()}::timestamptz else ${T.runLeaseUntil} end`,
        runLogId: sql`case when ${free} then null else ${T.runLogId} end`,
        lastRunAt: sql`case when ${free} then ${at.toISOString()}::timestamptz else ${T.lastRunAt} end`,
      })
      .where(and(eq(T.id, task.id), eq(T.nextFireAt, due), eq(T.status, TASK_STATUS.normal)))
      .returning();
    if (!won) return; // another instance took this firing, or it was paused, edited or deleted meanwhile
    if (won.runToken !== token) {
      await writeLog(db, {
        taskId: task.id,
        taskName: won.taskName,
        jobActionType: JOB_ACTION.scheduled,
        runTime: at,
        fireAt: due,
        status: failed('skipped, the previous run is still going'),
        userNumber: won.ownerNumber,
        instance,
      });
      return;
    }
    begin(won, token, at, JOB_ACTION.scheduled, won.ownerNumber, due);
  }

  /** The compare-and-set on a pending run now: taken only with the run slot (else it waits for the run going). */
  async function claimRunNow(task: TaskRow, at: Date) {
    const token = randomUUID();
    const [won] = await db
      .update(T)
      .set({ runNowAt: null, runNowBy: null, ...takeSlot(token, at) })
      .where(and(eq(T.id, task.id), eq(T.runNowAt, task.runNowAt!), isNull(T.runToken)))
      .returning();
    if (won) begin(won, token, at, JOB_ACTION.runNow, task.runNowBy ?? won.ownerNumber, null);
  }

  /** A normal task without a next firing (e.g. written by hand) is scheduled from now. */
  async function schedule(task: TaskRow, at: Date) {
    const following = nextFireTime(task.cron, at);
    await db
      .update(T)
      .set(following ? { nextFireAt: following } : { status: TASK_STATUS.completed })
      .where(and(eq(T.id, task.id), isNull(T.nextFireAt), eq(T.status, TASK_STATUS.normal)));
  }

  /** Run-log rows older than LOG_KEEP_DAYS are deleted, at most once an hour per instance (a task every second would
   * otherwise grow the log without end). */
  let prunedAt = 0;
  async function pruneLog(at: Date) {
    if (at.getTime() - prunedAt < 3_600_000) return;
    prunedAt = at.getTime();
    await db.delete(taskLogs).where(lt(taskLogs.runTime, new Date(at.getTime() - LOG_KEEP_DAYS * 86_400_000)));
  }

  async function look() {
    if (stopped) return;
    const at = now();
    await renewLeases(at);
    await reclaimAbandoned(at);
    await pruneLog(at);
    const candidates = await db
      .select()
      .from(T)
      .where(or(and(eq(T.status, TASK_STATUS.normal), or(lte(T.nextFireAt, at), isNull(T.nextFireAt))), isNotNull(T.runNowAt)))
      .orderBy(T.nextFireAt, T.id);
    for (const task of candidates) {
      if (stopped) return;
      if (task.runNowAt) await claimRunNow(task, at);
      if (task.status !== TASK_STATUS.normal) continue;
      if (!task.nextFireAt) await schedule(task, at);
      else if (task.nextFireAt.getTime() <= at.getTime()) await claimFiring(task, at);
    }
  }

  function tick(): Promise<void> {
    // One look at a time per instance; a tick asked for while one runs shares it.
    ticking ??= look().finally(() => {
      ticking = null;
    });
    return ticking;
  }

  function loop() {
    if (stopped) return;
    tick()
      .catch((err: unknown) => app.log.warn({ error: describeError(err) }, 'scheduler tick failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, tickMs);
      });
  }

  async function settle() {
    while (runs.size) await Promise.all([...runs.values()].map((r) => r.done));
  }

  async function stop(graceMs = defaultGrace) {
    stopped = true;
    if (started) setTaskWaker(db, null);
    if (timer) clearTimeout(timer);
    timer = null;
    await ticking?.catch(() => undefined);
    if (!runs.size) return;
    const finished = await Promise.race([settle().then(() => true), delay(graceMs).then(() => false)]);
    if (finished) return;
    for (const run of runs.values()) {
      run.abandoned = true;
      try {
        if (run.logId) {
          await settleLog(db, run.logId, failed(`abnormal: the server stopped during the run (not finished within ${graceMs} ms)`), performance.now() - run.startedAt);
        }
        await db.update(T).set({ runToken: null, runInstance: null, runLeaseUntil: null, runLogId: null }).where(eq(T.runToken, run.token));
      } catch (err) {
        app.log.warn({ error: describeError(err), taskId: run.taskId }, 'scheduled task run could not be marked stopped');
      }
    }
  }

  return {
    instance,
    start() {
      if (started || stopped) return;
      started = true;
      setTaskWaker(db, () => {
        if (!stopped) tick().catch((err: unknown) => app.log.warn({ error: describeError(err) }, 'scheduler tick failed'));
      });
      loop();
    },
    stop,
    tick,
    settle,
  };
}
