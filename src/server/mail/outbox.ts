// The mail outbox's sender (DESIGN §11 "Mail records are an outbox"): queued mail_records rows are delivered through
// SMTP with retry and exponential backoff, so an SMTP outage loses nothing.
//
// - Claim: a due row (status queued, next_attempt_at <= now, no live lease) is taken by one compare-and-set update
//   that sets a lease (lease_id, lease_until) and counts the attempt; the candidate is picked by a scalar subquery
//   (evaluated once; a joined one may be rescanned and claim several rows) `for update skip locked`,
//   and the update re-checks the lease, so on PGlite and on any number of servers sharing one PostgreSQL each attempt
//   is made by one sender only. The attempt is settled (sent / retry later / failed) only by the lease's holder.
// - Retry: after a failed attempt the row stays queued with last_error and next_attempt_at = now + backoff
//   (1 min, doubling, at most 1 h); after MAX_ATTEMPTS (8, about two hours of tries) or a permanent SMTP refusal
//   (5xx) it is failed for good (Resend queues it again).
// - A sender that dies mid-send leaves its lease to expire (LEASE_MS); the mail is then tried again. That is the one
//   case a message can arrive twice (the peer took it but the sender died before saying so).
// - Without SMTP_URL there is no transport: a queued row (a resend, or a mail queued while SMTP was configured) is
//   marked recorded, as every mail is then.
// - Time comes from the caller (`deliverDue(now)`), so tests drive the backoff with their own clock; the timer loop
//   (start/stop, started when the server listens) uses the wall clock.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SendMailOptions } from 'nodemailer';
import type { Db } from '../db/client';
import { mailAttachments, mailRecords } from '../db/schema/index';
import { rowsOf } from '../plugins/permissions';
import { invalidate } from '../plugins/cache';

/** Attempts before a mail is failed for good. */
export const MAX_ATTEMPTS = 8;
/** How long a claim holds: longer than the transport's own time-outs (connection 30 s, socket 60 s). */
export const LEASE_MS = 10 * 60_000;
/** Mails one deliverDue call sends at most (the loop comes back for the rest). */
const BATCH = 50;

/** Delay before the attempt after the given number of failed ones: 1 min, 2, 4, … capped at 1 h. */
export function backoffMs(failedAttempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, failedAttempts - 1), 3_600_000);
}

/** What sends one message (nodemailer's transport.sendMail); null without SMTP_URL. */
export type Deliver = (message: SendMailOptions) => Promise<unknown>;

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
  recorded: number;
}

export interface Outbox {
  /** Delivers every mail due at `now` (default: the wall clock) that this sender can claim. */
  deliverDue(now?: Date): Promise<DeliveryReport>;
  /** Starts the timer loop (every intervalMs, and soon after each kick). */
  start(intervalMs?: number): void;
  /** Asks the running loop to look now (a mail was queued); nothing when the loop is not started. */
  kick(): void;
  /** Stops the loop: a round in progress finishes the mail it is on (claims no more) and is waited for. */
  stop(): Promise<void>;
}

/** A transport error as stored: one line, bounded. */
export const errorText = (err: unknown) => String((err as Error)?.message ?? err).replace(/\s+/g, ' ').trim().slice(0, 500) || 'unknown error';

/** SMTP's permanent refusals (5xx): trying again will not help. */
const isPermanent = (err: unknown) => {
  const code = (err as { responseCode?: unknown })?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

const M = mailRecords;

interface Claimed {
  id: number;
  attempts: number;
  lease_id: string;
  addressee_name: string;
  addressee_email: string;
  subject: string;
  body: string;
  html: string | null;
}

export function createOutbox(opts: { db: Db; log: FastifyBaseLogger; deliver: Deliver | null; from: { name: string; address: string } }): Outbox {
  const { db, log, deliver, from } = opts;

  /** Claims one due mail: the compare-and-set on its lease. */
  async function claim(now: Date): Promise<Claimed | null> {
    const leaseId = randomUUID();
    const until = new Date(now.getTime() + LEASE_MS);
    const r = await db.execute(sql`
      update mail_records m
         set lease_id = ${leaseId}, lease_until = ${until.toISOString()}::timestamptz, attempts = m.attempts + 1
       where m.id = (select id from mail_records
                      where status = 'queued' and next_attempt_at <= ${now.toISOString()}::timestamptz
                        and (lease_until is null or lease_until <= ${now.toISOString()}::timestamptz)
                      order by next_attempt_at, id
                      limit 1
                      for update skip locked)
         and m.status = 'queued'
         and (m.lease_until is null or m.lease_until <= ${now.toISOString()}::timestamptz)
      returning m.id, m.attempts, m.lease_id, m.addressee_name, m.addressee_email, m.subject, m.body, m.html`);
    return rowsOf<Claimed>(r)[0] ?? null;
  }

  /** Settles the claimed attempt; false when the lease was lost (another sender took the row after it expired). */
  async function settle(c: Claimed, set: Partial<typeof M.$inferInsert>): Promise<boolean> {
    const done = await db
      .update(M)
      .set({ ...set, leaseId: null, leaseUntil: null })
      .where(and(eq(M.id, c.id), eq(M.leaseId, c.lease_id)))
      .returning({ id: M.id });
    return done.length > 0;
  }

  async function deliverOne(c: Claimed, now: Date, report: DeliveryReport) {
    if (!deliver) {
      await settle(c, { status: 'recorded', content: 'recorded', attempts: 0, nextAttemptAt: null, lastError: null });
      report.recorded++;
      return;
    }
    const files = await db
      .select({ filename: mailAttachments.filename, contentType: mailAttachments.contentType, contentBase64: mailAttachments.contentBase64 })
      .from(mailAttachments)
      .where(eq(mailAttachments.mailRecordId, c.id))
      .orderBy(asc(mailAttachments.id));
    try {
      await deliver({
        from,
        to: { name: c.addressee_name, address: c.addressee_email },
        subject: c.subject,
        text: c.body,
        ...(c.html !== null ? { html: c.html } : {}),
        ...(files.length ? { attachments: files.map((f) => ({ filename: f.filename, contentType: f.contentType, content: Buffer.from(f.contentBase64, 'base64') })) } : {}),
      });
    } catch (err) {
      const message = errorText(err);
      const final = c.attempts >= MAX_ATTEMPTS || isPermanent(err);
      await settle(
        c,
        final
          ? { status: 'failed', content: `failed: ${message}`.slice(0, 500), lastError: message, nextAttemptAt: null }
          : { lastError: message, nextAttemptAt: new Date(now.getTime() + backoffMs(c.attempts)) },
      );
      log.warn({ mailRecordId: c.id, to: c.addressee_email, attempt: c.attempts, final, err: message }, 'mail not sent');
      if (final) report.failed++;
      else report.retried++;
      return;
    }
    const settled = await settle(c, { status: 'sent', content: 'sent', lastError: null, nextAttemptAt: null, sentAt: now });
    if (settled) report.sent++;
    // A lost lease (this send outlived LEASE_MS): another sender may send it too; say so.
    log[settled ? 'info' : 'warn']({ mailRecordId: c.id, to: c.addressee_email, subject: c.subject, attempt: c.attempts, settled }, 'mail sent');
  }

  // Set by stop(): a round in progress finishes the mail it is sending and claims no more.
  let halted = false;

  async function deliverDue(now: Date = new Date()): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retried: 0, failed: 0, recorded: 0 };
    for (let i = 0; i < BATCH && !halted; i++) {
      const c = await claim(now);
      if (!c) break;
      await deliverOne(c, now, report);
    }
    if (report.sent + report.retried + report.failed + report.recorded > 0) await invalidate(db, 'mail_records');
    return report;
  }

  // The timer loop: one round at a time in this process; a kick during a round asks for another right after.
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  let interval = 5_000;

  const round = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    running = deliverDue()
      .then((r) => {
        // A full batch: more may be due.
        if (r.sent + r.retried + r.failed + r.recorded >= BATCH) again = true;
      })
      .catch((err: unknown) => log.warn({ err: errorText(err) }, 'mail outbox round failed'))
      .finally(() => {
        running = null;
        if (stopped) return;
        const next = again ? 0 : interval;
        again = false;
        timer = setTimeout(round, next);
        timer.unref();
      });
  };

  return {
    deliverDue,
    start(intervalMs = 5_000) {
      interval = intervalMs;
      if (!stopped) return;
      stopped = false;
      halted = false;
      timer = setTimeout(round, 0);
      timer.unref();
    },
    kick() {
      if (stopped) return;
      if (running) again = true;
      else setImmediate(round);
    },
    async stop() {
      stopped = true;
      halted = running !== null;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      halted = false;
    },
  };
}
