// Mail records (spec part 3 §2.7 /MailRecordList; DESIGN §11): the paged list of every recorded mail (reset links,
// report mails, workflow notices), newest first, searched by PO number, with its outbox state; and Resend, which
// queues a mail again on the same record (status queued, attempts from 0, the last error cleared) for the sender loop. Mail records hold other people's mail:
// the spec defines no country filter, so the grant alone decides who reads them (admin, or whom a role gives the
// screen). No body is read at all (a reset mail keeps its link masked, but it is still not the reader's mail);
// attachments are listed by name, type and size, never their content.
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { ListResult } from '@/shared/contracts/endpoint';
import { MAIL_NOT_RESENDABLE, type MailAttachmentItem, type MailRecordItem, type MailStatus } from '@/shared/contracts/mail-record';
import type { Db } from '../../db/client';
import { mailAttachments, mailRecords } from '../../db/schema/index';
import { invalidate } from '../../plugins/cache';
import { refuse } from '../../plugins/errors';
import { contains, countOf, offsetOf, pageOf } from '../common/query';

const M = mailRecords;
const A = mailAttachments;

const itemColumns = {
  id: M.id,
  addTime: M.addTime,
  addUserName: M.addUserName,
  addresSeeName: M.addresSeeName,
  addresSeeEmail: M.addresSeeEmail,
  subject: M.subject,
  poNumber: M.poNumber,
  sapT9Number: M.sapT9Number,
  content: M.content,
  formType: M.formType,
  formId: M.formId,
  status: M.status,
  attempts: M.attempts,
  lastError: M.lastError,
  nextAttemptAt: M.nextAttemptAt,
  sentAt: M.sentAt,
  resendable: M.resendable,
};
type ItemRow = { [K in keyof typeof itemColumns]: (typeof itemColumns)[K]['_']['data'] | ((typeof itemColumns)[K]['_']['notNull'] extends true ? never : null) };

/** A row as the contract's item. */
function itemOf(r: ItemRow, attachments: MailAttachmentItem[]): MailRecordItem {
  return {
    ...r,
    addTime: r.addTime.toISOString(),
    addUserName: r.addUserName ?? '',
    poNumber: r.poNumber ?? '',
    sapT9Number: r.sapT9Number ?? '',
    status: r.status as MailStatus,
    lastError: r.lastError ?? '',
    nextAttemptAt: r.status === 'queued' ? (r.nextAttemptAt?.toISOString() ?? null) : null,
    sentAt: r.sentAt?.toISOString() ?? null,
    attachments,
  };
}

/** The attachments of the given mails, by mail, in the order they were attached. */
async function attachmentsOf(db: Db, ids: number[]): Promise<Map<number, MailAttachmentItem[]>> {
  const byMail = new Map<number, MailAttachmentItem[]>();
  if (!ids.length) return byMail;
  const rows = await db
    .select({ mailRecordId: A.mailRecordId, id: A.id, filename: A.filename, contentType: A.contentType, size: A.size })
    .from(A)
    .where(inArray(A.mailRecordId, ids))
    .orderBy(asc(A.id));
  for (const { mailRecordId, ...a } of rows) {
    let list = byMail.get(mailRecordId);
    if (!list) byMail.set(mailRecordId, (list = []));
    list.push(a);
  }
  return byMail;
}

/**
 * The list, newest first (ties by id, so a page boundary never repeats or skips a mail recorded in the same
 * instant). poNumber matches the form reference, contains, case-insensitive. Cached like every list; the mailer
 * drops the 'mail_records' topic after each mail it records (mails are written outside any module's POST).
 */
export async function mailRecordPage(db: Db, p: { pageIndex: number; pageSize: number; poNumber?: string }): Promise<ListResult<MailRecordItem>> {
  const where = p.poNumber === undefined ? undefined : contains(M.poNumber, p.poNumber);
  const count = countOf(db, M, where);
  const rows = async (): Promise<MailRecordItem[]> => {
    const page = await db.select(itemColumns).from(M).where(where).orderBy(desc(M.addTime), desc(M.id)).limit(p.pageSize).offset(offsetOf(p));
    const files = await attachmentsOf(db, page.map((r) => r.id));
    return page.map((r) => itemOf(r, files.get(r.id) ?? []));
  };
  // The rows read the attachments too: a page is dropped when either table is written.
  return pageOf(db, p, rows, { ...count, tables: ['mail_records', 'mail_attachments'] });
}

/**
 * Resend: the same record queued again, due now (the sender loop is nudged by the caller). A mail already queued
 * stays as it is (pressing twice queues once); a reset mail is refused (its token is stored masked: a new reset must
 * be asked); an unknown id is notFound. The record's add time stays; its sent time is cleared until it goes again.
 */
export async function resendMailRecord(db: Db, id: number, now = new Date()): Promise<MailRecordItem> {
  const [row] = await db.select({ resendable: M.resendable }).from(M).where(eq(M.id, id));
  if (!row) return refuse('notFound');
  if (!row.resendable) return refuse(MAIL_NOT_RESENDABLE);
  await db
    .update(M)
    .set({ status: 'queued', content: 'queued', attempts: 0, lastError: null, nextAttemptAt: now, sentAt: null, leaseId: null, leaseUntil: null })
    .where(and(eq(M.id, id), ne(M.status, 'queued'), eq(M.resendable, true)));
  await invalidate(db, 'mail_records');
  const [item] = await db.select(itemColumns).from(M).where(eq(M.id, id));
  return itemOf(item, (await attachmentsOf(db, [id])).get(id) ?? []);
}
