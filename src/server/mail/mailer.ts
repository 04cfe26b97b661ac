// Outgoing mail: through SMTP_URL when set; every mail is also recorded in mail_records (it feeds the mail-records screen).
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { mailRecords } from '../db/schema/index';

export interface OutgoingMail {
  to: { name: string; email: string };
  subject: string;
  text: string;
  /** The text as it may be stored and logged: secrets (reset tokens) masked. */
  safeText: string;
  from?: { number: string; name: string };
  formType?: number;
  formId?: number;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
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

export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  const from = parseMailbox(config.MAIL_FROM);
  return {
    async send(mail) {
      let outcome = 'recorded';
      if (transport) {
        try {
          await transport.sendMail({ from, to: { name: mail.to.name, address: mail.to.email }, subject: mail.subject, text: mail.text });
          outcome = 'sent';
        } catch (err) {
          outcome = `failed: ${(err as Error).message}`.slice(0, 500);
          log.warn({ to: mail.to.email, subject: mail.subject, err: (err as Error).message }, 'mail not sent');
        }
      }
      await db.insert(mailRecords).values({
        addUserNumber: mail.from?.number ?? null,
        addUserName: mail.from?.name ?? 'SalesDesk',
        addresSeeName: mail.to.name,
        addresSeeEmail: mail.to.email,
        subject: mail.subject,
        body: mail.safeText,
        content: outcome,
        formType: mail.formType ?? null,
        formId: mail.formId ?? null,
      });
      log.info({ to: mail.to.email, subject: mail.subject, outcome, text: mail.safeText }, 'mail');
    },
  };
}
