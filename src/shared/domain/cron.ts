// Cron rules of the scheduled tasks (spec part 3 §2.6, §4.5; DESIGN §11), shared by the task form and the server:
// an expression has five fields, or six with seconds first (Quartz style); one croner refuses, or one that never
// fires (e.g. February 30), is refused. croner is used only to parse and to compute the next fire times here: the
// server's scheduler does its own firing (a compare-and-set per firing in the database), never croner's timers.
import { Cron } from 'croner';

export type CronCheck = { ok: true } | { ok: false; reason: 'invalid' | 'neverFires' };

/** The longest expression accepted (the contract's field length). */
const MAX_LENGTH = 120;

/** A parsed, never-started croner job (no callback: croner schedules nothing), or null when croner refuses it. */
function parse(expr: string, timezone?: string): Cron | null {
  const text = expr.trim();
  if (text === '' || text.length > MAX_LENGTH) return null;
  const parts = text.split(/\s+/);
  // Five or six fields only: croner's nicknames (@daily) and seven-field (year) patterns are not part of the rules.
  if (parts.length !== 5 && parts.length !== 6) return null;
  try {
    return new Cron(text, { mode: '5-or-6-parts', paused: true, ...(timezone ? { timezone } : {}) });
  } catch {
    return null;
  }
}

/** Whether a task may be saved with this expression: croner accepts it, and it fires at least once from now on. */
export function checkCron(expr: string): CronCheck {
  const job = parse(expr);
  if (!job) return { ok: false, reason: 'invalid' };
  let next: Date | null;
  try {
    next = job.nextRun(new Date());
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  return next ? { ok: true } : { ok: false, reason: 'neverFires' };
}

/**
 * The next `count` fire times strictly after `from`, in `timezone` (an IANA name; the local time zone when omitted).
 * Empty when the expression is refused or never fires; fewer than `count` when it stops firing.
 */
export function nextFireTimes(expr: string, from: Date, count: number, timezone?: string): Date[] {
  if (count <= 0) return [];
  const job = parse(expr, timezone);
  if (!job) return [];
  try {
    return job.nextRuns(count, from);
  } catch {
    return [];
  }
}

/** The first fire time strictly after `from`, or null (refused or never fires). */
export function nextFireTime(expr: string, from: Date, timezone?: string): Date | null {
  return nextFireTimes(expr, from, 1, timezone)[0] ?? null;
}
