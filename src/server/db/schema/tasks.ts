// Scheduled tasks and their run log (spec part 3 §2.6, §4.5; DESIGN §11). The scheduler (server/scheduler) claims
// each firing by a compare-and-set on next_fire_at, and one run at a time by the run token with a lease, so every
// instance sharing the database may run the same loop. The SQL is migration 0009_scheduler.sql (hand-written).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const scheduledTasks = pgTable(
  'scheduled_tasks',
  {
    id: serial('id').primaryKey(),
    taskName: text('task_name').notNull(),
    groupName: text('group_name').notNull(),
    /** The cron expression (5 fields, or 6 with seconds first), checked by shared/domain/cron.ts. */
    cron: text('cron').notNull(),
    /** A relative /api/... path (run inside the server as the owner) or an absolute http(s) URL (TASK_URL_ALLOW). */
    apiUrl: text('api_url').notNull(),
    /** GET or POST. */
    requestType: text('request_type').notNull().default('GET'),
    authKey: text('auth_key').notNull().default(''),
    /** Write-only: never in a reply or a log. */
    authValue: text('auth_value').notNull().default(''),
    describe: text('describe').notNull().default(''),
    /** 0 normal, 1 paused, 2 completed (never fires again), 3 abnormal, 4 blocked, 5 stopped. */
    status: integer('status').notNull().default(0),
    /** The next firing; the claim compares and sets it. Null when not scheduled. */
    nextFireAt: timestamp('next_fire_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    /** The run going now (no overlapping runs): its token, instance, log row and lease (renewed while it runs). */
    runToken: text('run_token'),
    runInstance: text('run_instance'),
    runLogId: integer('run_log_id'),
    runLeaseUntil: timestamp('run_lease_until', { withTimezone: true }),
    /** A pending "run now" (one run however often it is pressed before it starts), and who pressed it. */
    runNowAt: timestamp('run_now_at', { withTimezone: true }),
    runNowBy: text('run_now_by'),
    /** Who saved it last: runs go as this user. */
    ownerNumber: text('owner_number').notNull(),
    version: integer('version').notNull().default(1),
    addTime: timestamp('add_time', { withTimezone: true }).notNull().defaultNow(),
    addUserNumber: text('add_user_number'),
    editTime: timestamp('edit_time', { withTimezone: true }),
    editUserNumber: text('edit_user_number'),
  },
  (t) => [
    uniqueIndex('scheduled_tasks_name_group_uq').on(sql`lower(${t.taskName})`, sql`lower(${t.groupName})`),
    index('scheduled_tasks_due_idx').on(t.nextFireAt).where(sql`${t.status} = 0`),
  ],
);

/** One row per action and run. No foreign key: a deleted task's log stays. */
export const taskLogs = pgTable(
  'task_logs',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id').notNull(),
    /** The task's name when the row was written. */
    taskName: text('task_name').notNull(),
    /** 1 scheduled, 2 run now, 3 pause, 4 start, 5 add, 6 update, 7 delete. */
    jobActionType: integer('job_action_type').notNull(),
    /** The action's time, or the start of the run. */
    runTime: timestamp('run_time', { withTimezone: true }).notNull(),
    /** For a scheduled run: the firing it ran for. */
    fireAt: timestamp('fire_at', { withTimezone: true }),
    /** 'success', 'running' or 'failed: <reason>'. */
    status: text('status').notNull(),
    durationMs: integer('duration_ms'),
    userNumber: text('user_number').notNull().default(''),
    /** The server instance that ran it (runs only). */
    instance: text('instance'),
  },
  (t) => [index('task_logs_task_idx').on(t.taskId, t.id)],
);
