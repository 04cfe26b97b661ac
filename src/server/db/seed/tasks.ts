// The seeded scheduled tasks (DESIGN §11): the daily report mail every day at 08:00 and the Monday report mail on
// Mondays at 08:00 (server time zone), owned by admin, so a fresh start has a working schedule. Idempotent: a task is
// added only when its name and group are free and nobody deleted it before (its log keeps the delete).
import { and, eq } from 'drizzle-orm';
import { dailyReportTaskOptions, reportTaskOptions } from '@/shared/contracts/report';
import { JOB_ACTION, TASK_STATUS } from '@/shared/contracts/task';
import { nextFireTime } from '@/shared/domain/cron';
import type { Db } from '../client';
import { scheduledTasks, taskLogs } from '../schema/index';

export const SEEDED_TASKS = [
  { taskName: 'Daily report mail', groupName: 'Reports', cron: '0 8 * * *', apiUrl: dailyReportTaskOptions.path, describe: 'Mails the daily report to REPORT_MAIL_TO' },
  { taskName: 'Monday report mail', groupName: 'Reports', cron: '0 8 * * 1', apiUrl: reportTaskOptions.path, describe: 'Mails the Monday report to REPORT_MAIL_TO' },
] as const;

export async function seedTasks(db: Db) {
  for (const t of SEEDED_TASKS) {
    const [deleted] = await db
      .select({ id: taskLogs.id })
      .from(taskLogs)
      .where(and(eq(taskLogs.taskName, t.taskName), eq(taskLogs.jobActionType, JOB_ACTION.delete)))
      .limit(1);
    if (deleted) continue;
    const now = new Date();
    const [row] = await db
      .insert(scheduledTasks)
      .values({ ...t, requestType: 'GET', status: TASK_STATUS.normal, nextFireAt: nextFireTime(t.cron, now), ownerNumber: 'admin', addUserNumber: 'system' })
      .onConflictDoNothing()
      .returning({ id: scheduledTasks.id });
    if (row) {
      await db.insert(taskLogs).values({ taskId: row.id, taskName: t.taskName, jobActionType: JOB_ACTION.add, runTime: now, status: 'success', userNumber: 'system' });
    }
  }
}
