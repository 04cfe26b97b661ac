// Pure rules of the scheduled-task screens (spec part 3 §2.6, §4.5, §5, §8.3, §9; DESIGN §11): status and action
// names, the links, times and durations as shown, the form's own check (each required field its own message, the
// interval checked by the shared cron rules the server uses), the payload (the auth value is write-only: the mask
// or a blank keeps the stored one), and the preview of the next firing times under the Interval field.
import { z } from 'zod';
import dayjs from 'dayjs';
import { checkCron, nextFireTimes } from '@/shared/domain/cron';
import { AUTH_VALUE_MASK, REQUEST_TYPES, taskForm, type TaskFormInput, type TaskItem } from '@/shared/contracts/task';

/** Default page sizes of the task list and the run log (spec part 3 §9). */
export const TASK_PAGE_SIZE = 50;
export const TASK_LOG_PAGE_SIZE = 50;
export const TASK_LIST_PATH = '/TaskOptions';
/** How many firing times the form previews. */
export const PREVIEW_COUNT = 5;

export const addTaskLink = () => '/AddTaskOptions';
export const editTaskLink = (id: number) => `/EditTaskOptions?id=${id}`;
export const taskLogLink = (id?: number) => (id ? `/ShowTaskLog?id=${id}` : '/ShowTaskLog');

/** The translation key of a task status: 0–5 by name (spec part 3 §4.5), anything else "not existing". */
export function statusKey(status: number | null | undefined): string {
  return typeof status === 'number' && Number.isInteger(status) && status >= 0 && status <= 5 ? `task.status.${status}` : 'task.status.unknown';
}

/** The translation key of a run-log action type (1 scheduled … 7 delete); others as "Other (n)". */
export function actionKey(type: number | null | undefined): string {
  return typeof type === 'number' && Number.isInteger(type) && type >= 1 && type <= 7 ? `task.action.${type}` : 'task.action.unknown';
}

/** A run-log status ('success', 'running', 'failed: <reason>') as a key and its parameters; other texts as they are. */
export function logStatus(status: string): { key: string; params?: Record<string, string> } | { text: string } {
  const s = status.trim();
  if (/^success$/i.test(s)) return { key: 'task.logStatus.success' };
  if (/^running$/i.test(s)) return { key: 'task.logStatus.running' };
  const failed = /^failed\s*:?\s*([\s\S]*)$/i.exec(s);
  if (failed) return { key: 'task.logStatus.failed', params: { reason: failed[1].trim() } };
  return { text: s };
}

/** Is a run-log row a failure (shown in red)? */
export const isFailed = (status: string) => /^failed/i.test(status.trim());

/** An ISO time as local date and time ('' when none or unreadable). */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : '';
}

/** A duration in ms as "850 ms" below a second, "12.3 s" above; null for none. */
export function formatDuration(ms: number | null | undefined): { key: string; value: string } | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return null;
  if (ms < 1000) return { key: 'task.ms', value: String(Math.round(ms)) };
  const s = ms / 1000;
  return { key: 'task.seconds', value: s < 100 ? s.toFixed(1) : String(Math.round(s)) };
}

/** The form's values: every input as text (the request type '' until chosen). */
export interface TaskValues extends Record<string, unknown> {
  id: number;
  taskName: string;
  groupName: string;
  interval: string;
  apiUrl: string;
  authKey: string;
  authValue: string;
  requestType: string;
  describe: string;
  version: number;
}

export const emptyTask: TaskValues = {
  id: 0,
  taskName: '',
  groupName: '',
  interval: '',
  apiUrl: '',
  authKey: '',
  authValue: '',
  requestType: 'GET',
  describe: '',
  version: 0,
};

/** A loaded task as form values: the auth value stays the mask the server sends ('' when none is stored). */
export const taskValues = (r: TaskItem): TaskValues => ({
  id: r.id,
  taskName: r.taskName,
  groupName: r.groupName,
  interval: r.interval,
  apiUrl: r.apiUrl,
  authKey: r.authKey,
  authValue: r.authValue,
  requestType: r.requestType,
  describe: r.describe,
  version: r.version,
});

/**
 * The add/update body. The auth value goes as typed: the mask (untouched) or a blank keeps the stored value on the
 * server; on add, the mask means nothing was typed. An edit carries the version it loaded.
 */
export const taskPayload = (v: TaskValues, mode: 'add' | 'edit'): TaskFormInput => ({
  id: v.id,
  taskName: v.taskName,
  groupName: v.groupName,
  interval: v.interval.trim(),
  apiUrl: v.apiUrl,
  authKey: v.authKey,
  authValue: mode === 'add' && v.authValue === AUTH_VALUE_MASK ? '' : v.authValue,
  requestType: v.requestType as TaskFormInput['requestType'],
  describe: v.describe,
  version: mode === 'edit' ? v.version : undefined,
});

/** Is the auth value the stored one, untouched (the mask the server sent)? */
export const authValueKept = (value: string) => value === AUTH_VALUE_MASK;

/** A text that must not be blank, with its own message (spec part 3 §5), then the contract's own limits. */
const required = (message: string, then: z.ZodType<unknown, string>) => z.string().refine((v) => v.trim() !== '', { message, abort: true }).pipe(then);

/** The cron fields in order: six with seconds first, or the last five. */
const CRON_FIELDS = ['second', 'minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'] as const;

/** Why a cron expression is refused, as a translation key and its parameters; null when the shared rules accept it. */
export interface CronProblem {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * Why the shared cron rules refuse an expression, as precisely as they allow: the number of fields, the first field
 * croner cannot read (each field tried alone, the others '*'), or that it never fires; null when accepted.
 */
export function cronProblem(expr: string): CronProblem | null {
  const e = expr.trim();
  if (e === '') return { key: 'task.cron.empty' };
  const r = checkCron(e);
  if (r.ok) return null;
  if (r.reason === 'neverFires') return { key: 'task.cron.neverFires' };
  const parts = e.split(/\s+/);
  if (parts.length !== 5 && parts.length !== 6) return { key: 'task.cron.fieldCount', params: { count: parts.length } };
  const names = CRON_FIELDS.slice(6 - parts.length);
  for (const [i, value] of parts.entries()) {
    const alone = parts.map((p, j) => (j === i ? p : '*')).join(' ');
    if (!checkCron(alone).ok) return { key: 'task.cron.badField', params: { field: names[i], value } };
  }
  return { key: 'task.cron.invalid' };
}

/**
 * The form's check: the contract's schema with a message of its own for each required field (spec part 3 §5), and
 * the interval checked by the shared cron rules (the server refuses the same expressions with taskOptionsAddError).
 */
export const taskFormSchema = taskForm.extend({
  taskName: required('task.validation.taskNameRequired', taskForm.shape.taskName),
  groupName: required('task.validation.groupNameRequired', taskForm.shape.groupName),
  interval: required(
    'task.validation.intervalRequired',
    taskForm.shape.interval.refine((v) => checkCron(v).ok, { message: 'errors.taskOptionsAddError' }),
  ),
  apiUrl: required('task.validation.apiUrlRequired', taskForm.shape.apiUrl),
  requestType: z
    .string()
    .refine((v) => v !== '', { message: 'task.validation.requestTypeRequired', abort: true })
    .refine((v) => (REQUEST_TYPES as readonly string[]).includes(v), { message: 'crud.validation.invalid' }),
});

export type CronPreview =
  | { kind: 'empty' }
  | { kind: 'invalid'; problem: CronProblem }
  | { kind: 'times'; times: string[]; timeZone: string };

/** The time zone of this device (the preview's times are in it). */
export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A time as "Mon 2026-11-30 08:00:00" in a named time zone; the weekday in the language of `locale`. */
export function formatInZone(d: Date, timeZone: string, locale = 'en'): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(d);
  const p = (type: Intl.DateTimeFormatPartTypes) => parts.find((x) => x.type === type)?.value ?? '';
  const weekday = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short' }).format(d);
  return `${weekday} ${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')}:${p('second')}`;
}

/**
 * The preview under the Interval field: the next `count` firing times after `from`, formatted with the weekday in the
 * device's time zone, or why the expression is refused. Computed by the shared rules, so it is what the server uses.
 */
export function cronPreview(expr: string, from: Date, opts: { count?: number; timeZone?: string; locale?: string } = {}): CronPreview {
  const { count = PREVIEW_COUNT, timeZone = deviceTimeZone(), locale = 'en' } = opts;
  const e = expr.trim();
  if (e === '') return { kind: 'empty' };
  const problem = cronProblem(e);
  if (problem !== null) return { kind: 'invalid', problem };
  const times = nextFireTimes(e, from, count, timeZone);
  // Accepted now, but no firing after `from` (a time zone whose dates never match): the same as never firing.
  if (!times.length) return { kind: 'invalid', problem: { key: 'task.cron.neverFires' } };
  return { kind: 'times', times: times.map((d) => formatInZone(d, timeZone, locale)), timeZone };
}
