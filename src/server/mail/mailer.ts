// Outgoing mail: through SMTP_URL when set; every mail is also recorded in mail_records (it feeds the mail-records screen),
// with its HTML body and its attachments (mail_attachments, base64), so a recorded mail can be shown and sent again.
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { mailAttachments, mailRecords } from '../db/schema/index';
import { invalidate } from '../plugins/cache';

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
}

/** What became of a mail: its mail_records id and outcome ("sent", "recorded" or "failed: …"). */
export interface SentMail {
  id: number;
  outcome: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<SentMail>;
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

export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  const from = parseMailbox(config.MAIL_FROM);
  return {
    async send(mail) {
      let outcome = 'recorded';
      const attachments = mail.attachments ?? [];
      if (transport) {
        try {
          await transport.sendMail({
            from,
            to: { name: mail.to.name, address: mail.to.email },
            subject: mail.subject,
            text: mail.text,
            ...(mail.html !== undefined ? { html: mail.html } : {}),
            ...(attachments.length
              ? { attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })) }
              : {}),
          });
          outcome = 'sent';
        } catch (err) {
          outcome = `failed: ${(err as Error).message}`.slice(0, 500);
          log.warn({ to: mail.to.email, subject: mail.subject, err: (err as Error).message }, 'mail not sent');
        }
      }
      // The record and its attachments together: a recorded mail is never missing a file.
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(mailRecords)
          .values({
            addUserNumber: mail.from?.number ?? null,
            addUserName: mail.from?.name ?? 'SalesDesk',
            addresSeeName: mail.to.name,
            addresSeeEmail: mail.to.email,
            subject: mail.subject,
            body: mail.safeText,
            content: outcome,
            formType: mail.formType ?? null,
            formId: mail.formId ?? null,
            html: mail.html ?? null,
          })
          .returning({ id: mailRecords.id });
        if (attachments.length) {
          await tx.insert(mailAttachments).values(
            attachments.map((a) => ({
              mailRecordId: row.id,
              filename: a.filename,
              contentType: a.contentType,
              size: a.content.byteLength,
              contentBase64: Buffer.from(a.content).toString('base64'),
            })),
          );
        }
        return row.id;
      });
      // Mails are recorded outside any module's POST (report mail GETs, background reset mails, tasks): the cached
      // pages of the mail-record list are dropped here, on every instance.
      await invalidate(db, 'mail_records', 'mail_attachments');
      log.info({ to: mail.to.email, subject: mail.subject, outcome, text: mail.safeText, attachments: attachments.map((a) => a.filename) }, 'mail');
      return { id, outcome };
    },
  };
}
