// The time the scheduled tasks go by, per database: the scheduler's injectable clock (tests move it by hand), read
// also by the task service so that Add, Update and Start compute the next firing from the same "now" as the loop;
// and the running loop's wake-up, which Run now calls so that this instance starts the run without waiting a tick.
import type { Db } from '../db/client';

export type Clock = () => Date;

const clocks = new WeakMap<object, Clock>();

/** Makes `now` the task clock of this database (the scheduler does, when created). */
export function setTaskClock(db: Db, now: Clock): void {
  clocks.set(db, now);
}

/** The task clock's time: the scheduler's clock when one was set for this database, else the wall clock. */
export function taskNow(db: Db): Date {
  const clock = clocks.get(db);
  return clock ? clock() : new Date();
}

const wakers = new WeakMap<object, () => void>();

/** A running loop of this instance asks to be told of a new pending run now (it then looks at once, not next tick). */
export function setTaskWaker(db: Db, wake: (() => void) | null): void {
  if (wake) wakers.set(db, wake);
  else wakers.delete(db);
}

/** Tells this instance's loop, if one runs, that a run now is pending; other instances see it at their next tick. */
export function wakeTaskLoop(db: Db): void {
  wakers.get(db)?.();
}
