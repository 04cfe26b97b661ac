// Mail-record calls (spec part 3 §2.7 /MailRecordList, §7; DESIGN §11): the paged list of recorded mails, newest
// first, searched by PO number. A row says who mailed whom about what and what became of it in the outbox (queued,
// sent, failed with the last error, recorded without SMTP); bodies are not in the reply (a reset mail's body is masked
// but still someone else's mail), attachments only by name, type and size. Resend queues a mail again (this product
// has no /POOIHCheck form to go to, unlike the spec's Resend); a reset mail cannot be resent.
import { z } from 'zod';
import type { MessageKey } from './messages';
import { get, listParams, listResult, PAGE_SIZE_MAX, post } from './endpoint';
import { int, optText, recordId } from './fields';

/** Outbox states: queued (waiting for the sender), sent, failed (for good, after the retries), recorded (no SMTP). */
export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'recorded'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** The refusal of Resend for a mail that cannot be sent again (a reset mail: its token is stored masked). */
export const MAIL_NOT_RESENDABLE = 'mailNotResendable' satisfies MessageKey;

export const mailAttachmentItem = z.object({
  id: z.number(),
  filename: z.string(),
  contentType: z.string(),
  /** Bytes. */
  size: z.number(),
});
export type MailAttachmentItem = z.infer<typeof mailAttachmentItem>;

export const mailRecordItem = z.object({
  id: z.number(),
  /** ISO time the mail was recorded (the spec's sent time). */
  addTime: z.string(),
  /** The sender; '' when unknown. */
  addUserName: z.string(),
  addresSeeName: z.string(),
  addresSeeEmail: z.string(),
  subject: z.string(),
  /** The form reference; '' when the mail has none. */
  poNumber: z.string(),
  /** The external (SAP/T9) reference; '' when none. */
  sapT9Number: z.string(),
  /** The outcome: "queued", "sent", "recorded" (no SMTP configured) or "failed: …". */
  content: z.string(),
  formType: z.number().nullable(),
  formId: z.number().nullable(),
  attachments: z.array(mailAttachmentItem),
  status: z.enum(MAIL_STATUSES),
  /** Delivery attempts since the mail was (re)queued. */
  attempts: z.number(),
  /** The last transport error ('' when none). */
  lastError: z.string(),
  /** ISO time of the next attempt of a queued mail; null otherwise. */
  nextAttemptAt: z.string().nullable(),
  /** ISO time it was sent; null until then. */
  sentAt: z.string().nullable(),
  /** False for a reset mail (its token is stored masked): Resend is refused. */
  resendable: z.boolean(),
});
export type MailRecordItem = z.infer<typeof mailRecordItem>;

/** poNumber (the spec's PONumber): contains, case-insensitive. Default page size 50 (spec part 3 §9). */
export const getMailRecordPage = get(
  '/api/MailRecord/getmailrecordpage',
  listParams.extend({ pageSize: int(1, PAGE_SIZE_MAX).default(50), poNumber: optText }),
  listResult(mailRecordItem),
);

/** Queues the mail again (the same record: status queued, attempts from 0); refused for a reset mail. */
export const resendMailRecord = post('/api/MailRecord/resend', z.object({ id: recordId }), mailRecordItem);
