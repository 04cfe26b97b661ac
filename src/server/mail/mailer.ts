// Outgoing mail (DESIGN §11 "Mail records are an outbox"): every mail is first a mail_records row with its HTML body
// and its attachments (mail_attachments, base64); the outbox's sender loop (outbox.ts) delivers it through SMTP_URL
// with retry and backoff. `send` answers at once with the record's id and outcome:
// - "queued": SMTP is configured; the sender loop delivers it (status queued → sent, or failed after the retries).
// - "recorded": no SMTP_URL; the mail is only recorded (and logged with secrets masked), as before the outbox.
// - A mail carrying a secret (its text differs from its safeText: the reset link's token) is never stored readable,
//   so it cannot wait in the outbox: it is sent at once, once, and recorded masked with resendable false ("sent" or
//   "failed: …"). If SMTP is down the user asks for a new reset mail; a reset mail is never resent.
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { mailAttachments, mailRecords } from '../db/schema/index';
import { invalidate } from '../plugins/cache';
import { createOutbox, errorText, type Deliver, type Outbox } from './outbox';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface OutgoingMail {
  to: { name: string; email: string };
  subject: string;
  /** The plain-text body (the whole mail for clients without HTML). */
  text: string;
  /** The text as it may be stored and logged: secrets (reset tokens) masked. */
  safeText: string;
  /** An HTML body besides the text (report mails: the report table). */
  html?: string;
  attachments?: MailAttachment[];
  from?: { number: string; name: string };
  formType?: number;
  formId?: number;
  /** The form's reference (PO number) and external (SAP/T9) reference the mail-record list shows and searches. */
  poNumber?: string;
  sapT9Number?: string;
}

/** What became of a mail: its mail_records id and outcome ("queued", "recorded"; a secret-carrying mail "sent" or "failed: …"). */
export interface SentMail {
  id: number;
  outcome: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<SentMail>;
  /** The sender loop delivering the queued mails. */
  outbox: Outbox;
  /** Closes the SMTP connections (after the outbox stopped). */
  close(): void;
}

/** A mailbox as nodemailer takes it: as an object, nodemailer quotes and encodes the name itself. */
export interface Mailbox {
  name: string;
  address: string;
}

/**
 * MAIL_FROM ("Name <address>" or "address") as a mailbox, parsed once. Recipients are never built by joining strings:
 * a display name holding `" <attacker@evil.test>, "` would add a recipient.
 */
export function parseMailbox(text: string): Mailbox {
  const first = addressparser(text, { flatten: true })[0];
  if (!first?.address) throw new Error(`Invalid mail address: ${text}`);
  return { name: first.name ?? '', address: first.address };
}

/** Every mailbox of a comma-separated list ("a@x.test, Bo <b@x.test>"); entries without an address are dropped. */
export function parseMailboxes(text: string): Mailbox[] {
  return addressparser(text, { flatten: true })
    .filter((m) => !!m.address)
    .map((m) => ({ name: m.name ?? '', address: m.address }));
}

/**
 * The SMTP transport of SMTP_URL, with time-outs well inside the outbox's lease; null without SMTP_URL. Pooled: the
 * sender delivers a batch over kept connections (a new connection per mail cost about 7 times as much in the bench).
 */
function smtpTransport(config: Config) {
  if (!config.SMTP_URL) return null;
  return nodemailer.createTransport({ url: config.SMTP_URL, pool: true, maxConnections: 2, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
}

export function createMailer(config: Config, db: Db, log: FastifyBaseLogger, opts: { deliver?: Deliver | null } = {}): Mailer {
  const transport = opts.deliver !== undefined ? null : smtpTransport(config);
  const deliver: Deliver | null = opts.deliver !== undefined ? opts.deliver : transport && ((message) => transport.sendMail(message));
  const from = parseMailbox(config.MAIL_FROM);
  const outbox = createOutbox({ db, log, deliver, from });
  return {
    outbox,
    close: () => transport?.close(),
    async send(mail) {
      const attachments = mail.attachments ?? [];
      const secret = mail.text !== mail.safeText;
      const now = new Date();
      // The record's state: recorded without SMTP; queued for the sender loop; a secret-carrying mail is sent here.
      let state: Partial<typeof mailRecords.$inferInsert>;
      if (!deliver) state = { status: 'recorded', content: 'recorded' };
      else if (!secret) state = { status: 'queued', content: 'queued', nextAttemptAt: now };
      else {
        try {
          await deliver({
            from,
            to: { name: mail.to.name, address: mail.to.email },
            subject: mail.subject,
            text: mail.text,
            ...(mail.html !== undefined ? { html: mail.html } : {}),
            ...(attachments.length
              ? { attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })) }
              : {}),
          });
          state = { status: 'sent', content: 'sent', attempts: 1, sentAt: now };
        } catch (err) {
          const message = errorText(err);
          state = { status: 'failed', content: `failed: ${message}`.slice(0, 500), attempts: 1, lastError: message };
          log.warn({ to: mail.to.email, subject: mail.subject, err: message }, 'mail not sent');
        }
      }
      const record = {
        addUserNumber: mail.from?.number ?? null,
        addUserName: mail.from?.name ?? 'SalesDesk',
        addresSeeName: mail.to.name,
        addresSeeEmail: mail.to.email,
        subject: mail.subject,
        body: mail.safeText,
        formType: mail.formType ?? null,
        formId: mail.formId ?? null,
        poNumber: mail.poNumber ?? null,
        sapT9Number: mail.sapT9Number ?? null,
        html: mail.html ?? null,
        resendable: !secret,
        ...state,
      };
      const insert = (q: Db | Tx) => q.insert(mailRecords).values(record).returning({ id: mailRecords.id });
      // The record and its attachments together: a queued mail is never missing a file when the sender claims it. A
      // mail without attachments is one statement, atomic by itself.
      const id = !attachments.length
        ? (await insert(db))[0].id
        : await db.transaction(async (tx) => {
            const [row] = await insert(tx);
            await tx.insert(mailAttachments).values(
              attachments.map((a) => ({
                mailRecordId: row.id,
                filename: a.filename,
                contentType: a.contentType,
                size: a.content.byteLength,
                contentBase64: Buffer.from(a.content).toString('base64'),
              })),
            );
            return row.id;
          });
      // Mails are recorded outside any module's POST (report mail GETs, background reset mails, tasks): the cached
      // pages of the mail-record list are dropped here, on every instance.
      await invalidate(db, 'mail_records', 'mail_attachments');
      const outcome = state.content ?? 'recorded';
      log.info({ mailRecordId: id, to: mail.to.email, subject: mail.subject, outcome, text: mail.safeText, attachments: attachments.map((a) => a.filename) }, 'mail');
      if (state.status === 'queued') outbox.kick();
      return { id, outcome };
    },
  };
}
