// The run log of the scheduled tasks (DESIGN §11): one row per action (add, update, pause, start, delete) and per run
// (scheduled, run now). A run's row is written 'running' when it starts and settled with its outcome and duration.
// Reasons are written as given: callers never put the auth value in one.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { taskLogs } from '../db/schema/index';

export const LOG_STATUS = { success: 'success', running: 'running' } as const;
export const failed = (reason: string) => `failed: ${reason}`.slice(0, 2000);

export interface LogEntry {
  taskId: number;
  taskName: string;
  jobActionType: number;
  runTime: Date;
  status: string;
  userNumber: string;
  fireAt?: Date | null;
  durationMs?: number | null;
  instance?: string | null;
}

export async function writeLog(db: Db, e: LogEntry): Promise<number> {
  const [row] = await db
    .insert(taskLogs)
    .values({
      taskId: e.taskId,
      taskName: e.taskName,
      jobActionType: e.jobActionType,
      runTime: e.runTime,
      status: e.status,
      userNumber: e.userNumber,
      fireAt: e.fireAt ?? null,
      durationMs: e.durationMs ?? null,
      instance: e.instance ?? null,
    })
    .returning({ id: taskLogs.id });
  return row.id;
}

/** Settles a run's row, once: a row already settled (by a shutdown or a takeover) keeps its outcome. */
export async function settleLog(db: Db, id: number, status: string, durationMs: number): Promise<void> {
  await db
    .update(taskLogs)
    .set({ status, durationMs: Math.max(0, Math.round(durationMs)) })
    .where(and(eq(taskLogs.id, id), eq(taskLogs.status, LOG_STATUS.running)));
}
