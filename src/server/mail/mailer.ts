// Outgoing mail: through SMTP_URL when set; every mail is also recorded in mail_records (it feeds the mail-records screen).
import nodemailer from 'nodemailer';
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

export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  return {
    async send(mail) {
      let outcome = 'recorded';
      if (transport) {
        try {
          await transport.sendMail({ from: config.MAIL_FROM, to: `"${mail.to.name}" <${mail.to.email}>`, subject: mail.subject, text: mail.text });
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
