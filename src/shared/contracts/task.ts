// Scheduled-task calls (spec part 3 §2.6, §4.5, §7 TaskOptions; DESIGN §11): the task list, the add/edit form, the
// actions (pause, start, run now, delete) and the run log. The cron expression is checked by the shared rules in
// shared/domain/cron.ts on both sides; the auth value is write-only (never in a reply, masked in forms).
import { z } from 'zod';
import { get, listParams, listResult, none, post, PAGE_SIZE_MAX } from './endpoint';
import { id, int, optInt, optText, recordId, reqText } from './fields';

/** Task status (spec part 3 §4.5): anything else shows as "not existing". */
export const TASK_STATUS = { normal: 0, paused: 1, completed: 2, abnormal: 3, blocked: 4, stopped: 5 } as const;
export const REQUEST_TYPES = ['GET', 'POST'] as const;

/** The run log's action types (jobActionType). */
export const JOB_ACTION = { scheduled: 1, runNow: 2, pause: 3, start: 4, add: 5, update: 6, delete: 7 } as const;

/** What a list and a form show for a stored auth value (the value itself never leaves the server). */
export const AUTH_VALUE_MASK = '********';

export const taskItem = z.object({
  id: z.number(),
  taskName: z.string(),
  groupName: z.string(),
  /** The cron expression (croner: 5 or 6 fields, seconds first when 6). */
  interval: z.string(),
  apiUrl: z.string(),
  requestType: z.enum(REQUEST_TYPES),
  authKey: z.string(),
  /** AUTH_VALUE_MASK when a value is stored, '' when none. */
  authValue: z.string(),
  describe: z.string(),
  status: z.number(),
  /** ISO times; null when never run / not scheduled. */
  lastRunTime: z.string().nullable(),
  nextRunTime: z.string().nullable(),
  /** Who saved it last: the task runs as this user. */
  ownerNumber: z.string(),
  version: z.number(),
});
export type TaskItem = z.infer<typeof taskItem>;

/** Keyword: task name contains (case-insensitive). Default page size 50 (spec part 3 §9). */
export const getTaskPage = get(
  '/api/TaskOptions/getTaskOptionspage',
  listParams.extend({ pageSize: int(1, PAGE_SIZE_MAX).default(50), keyword: optText }),
  listResult(taskItem),
);

export const getTaskById = get('/api/TaskOptions/GetTaskOptionsById', z.object({ id: recordId }), taskItem);

/**
 * Add (id 0) and update (id > 0). interval: a cron expression the shared rules accept, else `taskOptionsAddError`
 * (spec: 'Expression error'); name + group taken → `taskOptionsAddError2` ('Task already exists'). authValue: blank or
 * AUTH_VALUE_MASK on update keeps the stored value; any other text replaces it.
 */
export const taskForm = z.object({
  id: id.default(0),
  taskName: reqText(100),
  groupName: reqText(100),
  interval: reqText(120),
  apiUrl: reqText(2000),
  authKey: z.string().trim().max(100).default(''),
  authValue: z.string().max(2000).default(''),
  requestType: z.enum(REQUEST_TYPES),
  describe: z.string().trim().max(500).default(''),
  /** On update, the version the form loaded (staleVersion when another save came first); missing = no check. */
  version: optInt,
});
export type TaskFormInput = z.input<typeof taskForm>;

export const addTask = post('/api/TaskOptions/AddTaskOptions', taskForm, taskItem);
export const updateTask = post('/api/TaskOptions/Update', taskForm, taskItem);

const taskAction = z.object({ id: recordId });
export const pauseTask = post('/api/TaskOptions/Pause', taskAction, none);
export const startTask = post('/api/TaskOptions/Start', taskAction, none);
/** Run now: one run, even when pressed twice at once (the second is answered with the same pending run). */
export const runTask = post('/api/TaskOptions/Run', taskAction, none);
export const deleteTask = post('/api/TaskOptions/Delete', taskAction, none);
/** The spec's second delete path; same behaviour. */
export const delTask = post('/api/TaskOptions/delTaskOptions', taskAction, none);

export const taskLogItem = z.object({
  id: z.number(),
  taskOptionsId: z.number(),
  /** The task's name when the row was written (kept after a delete). */
  taskOptions: z.string(),
  jobActionType: z.number(),
  /** ISO time of the action or the start of the run. */
  strRunTime: z.string(),
  /** 'success', 'running' or 'failed: <reason>'. */
  status: z.string(),
  /** Run duration in ms; null for actions and runs still going. */
  durationMs: z.number().nullable(),
  userNumber: z.string(),
});
export type TaskLogItem = z.infer<typeof taskLogItem>;

/** Newest first. taskOptionsId omitted: every task's log (the dialog variant that does not send it). */
export const getTaskLog = get(
  '/api/TaskOptions/GetTaskLogByTaskOptionsId',
  listParams.extend({ pageSize: int(1, PAGE_SIZE_MAX).default(50), taskOptionsId: int(1).optional() }),
  listResult(taskLogItem),
);
