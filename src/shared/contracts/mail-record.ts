// Mail-record calls (spec part 3 §2.7 /MailRecordList, §7; DESIGN §11): the paged list of recorded mails, newest
// first, searched by PO number. A row says who mailed whom about what and what became of it; bodies are not in the
// reply (a reset mail's body is masked but still someone else's mail), attachments only by name, type and size.
import { z } from 'zod';
import { get, listParams, listResult, PAGE_SIZE_MAX } from './endpoint';
import { int, optText } from './fields';

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
  /** The outcome: "sent", "recorded" (no SMTP configured) or "failed: …". */
  content: z.string(),
  formType: z.number().nullable(),
  formId: z.number().nullable(),
  attachments: z.array(mailAttachmentItem),
});
export type MailRecordItem = z.infer<typeof mailRecordItem>;

/** poNumber (the spec's PONumber): contains, case-insensitive. Default page size 50 (spec part 3 §9). */
export const getMailRecordPage = get(
  '/api/MailRecord/getmailrecordpage',
  listParams.extend({ pageSize: int(1, PAGE_SIZE_MAX).default(50), poNumber: optText }),
  listResult(mailRecordItem),
);
