// Scheduled tasks (spec part 3 §2.6, §4.5, §8.3; DESIGN §11): the list, one task, add/edit, the actions (pause,
// start, run now, delete) and the run log. Every action writes a log row. The actions only change the task's row:
// the scheduler loop of every instance reads it each tick, so they act at once everywhere. The auth value is
// write-only: replies carry AUTH_VALUE_MASK when one is stored, and a blank or masked value on update keeps it.
// Lists are read directly (not through the list cache): the scheduler writes run times and log rows outside requests.
import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListResult } from '@/shared/contracts/endpoint';
import { AUTH_VALUE_MASK, JOB_ACTION, TASK_STATUS, type taskForm, type TaskItem, type TaskLogItem } from '@/shared/contracts/task';
import { checkCron, nextFireTime } from '@/shared/domain/cron';
import type { Db } from '../../db/client';
import { scheduledTasks, taskLogs } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { refuse } from '../../plugins/errors';
import { taskNow, wakeTaskLoop } from '../../scheduler/clock';
import { LOG_STATUS, writeLog } from '../../scheduler/task-log';
import { contains, countExpr, offsetOf, withUniqueKeys } from '../common/query';
import { invalid } from '../common/sales-access';

type TaskForm = z.output<typeof taskForm>;
type TaskRow = typeof scheduledTasks.$inferSelect;

const T = scheduledTasks;
const L = taskLogs;
const uniqueKeys = { scheduled_tasks_name_group_uq: 'taskOptionsAddError2' } as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toItem(r: TaskRow): TaskItem {
  return {
    id: r.id,
    taskName: r.taskName,
    groupName: r.groupName,
    interval: r.cron,
    apiUrl: r.apiUrl,
    requestType: r.requestType === 'POST' ? 'POST' : 'GET',
    authKey: r.authKey,
    authValue: r.authValue ? AUTH_VALUE_MASK : '',
    describe: r.describe,
    status: r.status,
    lastRunTime: iso(r.lastRunAt),
    nextRunTime: iso(r.nextFireAt),
    ownerNumber: r.ownerNumber,
    version: r.version,
  };
}

// ---- Reads

export async function taskPage(db: Db, p: { pageIndex: number; pageSize: number; keyword?: string }): Promise<ListResult<TaskItem>> {
  const where = p.keyword ? contains(T.taskName, p.keyword) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(T).where(where).orderBy(sql`lower(${T.groupName})`, sql`lower(${T.taskName})`, T.id).limit(p.pageSize).offset(offsetOf(p)),
    db.select({ n: countExpr }).from(T).where(where),
  ]);
  return { items: rows.map(toItem), count: n };
}

async function storedTask(db: Db, id: number): Promise<TaskRow> {
  const [row] = await db.select().from(T).where(eq(T.id, id));
  return row ?? refuse('taskNotExist');
}

export async function taskById(db: Db, id: number): Promise<TaskItem> {
  return toItem(await storedTask(db, id));
}

export async function taskLogPage(db: Db, p: { pageIndex: number; pageSize: number; taskOptionsId?: number }): Promise<ListResult<TaskLogItem>> {
  const where: SQL | undefined = p.taskOptionsId ? eq(L.taskId, p.taskOptionsId) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(L).where(where).orderBy(desc(L.id)).limit(p.pageSize).offset(offsetOf(p)),
    db.select({ n: countExpr }).from(L).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      taskOptionsId: r.taskId,
      taskOptions: r.taskName,
      jobActionType: r.jobActionType,
      strRunTime: r.runTime.toISOString(),
      status: r.status,
      durationMs: r.durationMs,
      userNumber: r.userNumber,
    })),
    count: n,
  };
}

// ---- Save

/** A relative URL must be an API path (it runs inside the server); an absolute one http or https (TASK_URL_ALLOW
 * decides at run time whether its origin may be called). */
function checkApiUrl(url: string) {
  if (/^\/api\//i.test(url)) return;
  try {
    const u = new URL(url);
    if ((u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password) return;
  } catch {
    // not a URL
  }
  invalid([{ field: 'apiUrl', message: 'crud.validation.invalid' }]);
}

const actionLog = (db: Db, task: { id: number; taskName: string }, jobActionType: number, user: AuthUser) =>
  writeLog(db, { taskId: task.id, taskName: task.taskName, jobActionType, runTime: taskNow(db), status: LOG_STATUS.success, userNumber: user.number });

/**
 * Add (id 0) or update (id > 0; an unknown one is taskNotExist). The cron must pass the shared rules
 * (taskOptionsAddError); name + group, case-insensitive, must be free (taskOptionsAddError2, also when two saves race:
 * the unique index decides). The saver becomes the owner. A changed cron (or a new task) is scheduled from now.
 */
export async function saveTask(db: Db, user: AuthUser, input: TaskForm): Promise<TaskItem> {
  const cron = input.interval.trim().replace(/\s+/g, ' ');
  if (!checkCron(cron).ok) refuse('taskOptionsAddError');
  const apiUrl = input.apiUrl.trim();
  checkApiUrl(apiUrl);
  const now = taskNow(db);
  const saved = await withUniqueKeys(
    () =>
      db.transaction(async (tx) => {
        const [stored] = input.id ? await tx.select().from(T).where(eq(T.id, input.id)).for('update') : [];
        if (input.id && !stored) refuse('taskNotExist');
        if (stored && input.version !== undefined && input.version !== stored.version) refuse('staleVersion', { id: stored.id, version: stored.version });
        const [clash] = await tx
          .select({ id: T.id })
          .from(T)
          .where(
            and(
              sql`lower(${T.taskName}) = ${input.taskName.toLowerCase()}`,
              sql`lower(${T.groupName}) = ${input.groupName.toLowerCase()}`,
              stored ? ne(T.id, stored.id) : undefined,
            ),
          )
          .limit(1);
        if (clash) refuse('taskOptionsAddError2');

        const authKey = input.authKey;
        // Write-only: blank or the mask keeps the stored value; no header name, no value.
        const keep = input.authValue === '' || input.authValue === AUTH_VALUE_MASK;
        const authValue = !authKey ? '' : keep ? (stored?.authValue ?? '') : input.authValue;
        const fields = {
          taskName: input.taskName,
          groupName: input.groupName,
          cron,
          apiUrl,
          requestType: input.requestType,
          authKey,
          authValue,
          describe: input.describe,
          ownerNumber: user.number,
        };
        if (stored) {
          const rescheduled = stored.cron !== cron;
          const next = rescheduled ? nextFireTime(cron, now) : stored.nextFireAt;
          const [row] = await tx
            .update(T)
            .set({
              ...fields,
              ...(rescheduled ? { nextFireAt: next, ...(stored.status === TASK_STATUS.completed ? { status: TASK_STATUS.normal } : {}) } : {}),
              editUserNumber: user.number,
              editTime: now,
              version: sql`${T.version} + 1`,
            })
            .where(eq(T.id, stored.id))
            .returning();
          return { row, action: JOB_ACTION.update };
        }
        const [row] = await tx
          .insert(T)
          .values({ ...fields, status: TASK_STATUS.normal, nextFireAt: nextFireTime(cron, now), addUserNumber: user.number, addTime: now })
          .returning();
        return { row, action: JOB_ACTION.add };
      }),
    uniqueKeys,
  );
  await actionLog(db, saved.row, saved.action, user);
  return toItem(saved.row);
}

// ---- Actions

/** Pause: the loop claims only tasks of status normal, so no instance fires it from now on (a run going finishes). */
export async function pauseTask(db: Db, user: AuthUser, id: number): Promise<null> {
  const [row] = await db.update(T).set({ status: TASK_STATUS.paused }).where(eq(T.id, id)).returning({ id: T.id, taskName: T.taskName });
  if (!row) refuse('taskNotExist');
  await actionLog(db, row, JOB_ACTION.pause, user);
  return null;
}

/** Start: normal again, next firing computed from now (firings missed while paused are not made up). */
export async function startTask(db: Db, user: AuthUser, id: number): Promise<null> {
  const task = await storedTask(db, id);
  if (task.status !== TASK_STATUS.normal || !task.nextFireAt) {
    const next = nextFireTime(task.cron, taskNow(db));
    await db
      .update(T)
      .set({ status: next ? TASK_STATUS.normal : TASK_STATUS.completed, nextFireAt: next })
      .where(eq(T.id, id));
  }
  await actionLog(db, task, JOB_ACTION.start, user);
  return null;
}

/**
 * Run now: marks one pending run (whoever's loop ticks first runs it, once). Pressed again before it started, it is
 * the same pending run. Its log row (run now) is written when it starts; the presser is named in it.
 */
export async function runTask(db: Db, user: AuthUser, id: number): Promise<null> {
  await storedTask(db, id);
  await db
    .update(T)
    .set({ runNowAt: taskNow(db), runNowBy: user.number })
    .where(and(eq(T.id, id), sql`${T.runNowAt} is null`));
  wakeTaskLoop(db);
  return null;
}

/** Delete: the row goes (every loop stops seeing it); the log stays. A run going finishes and logs its outcome. */
export async function deleteTask(db: Db, user: AuthUser, id: number): Promise<null> {
  const [row] = await db.delete(T).where(eq(T.id, id)).returning({ id: T.id, taskName: T.taskName });
  if (!row) refuse('taskNotExist');
  await actionLog(db, row, JOB_ACTION.delete, user);
  return null;
}
