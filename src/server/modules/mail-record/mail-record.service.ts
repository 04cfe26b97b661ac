// Mail records (spec part 3 §2.7 /MailRecordList; DESIGN §11): the paged list of every recorded mail (reset links,
// report mails, later workflow notices), newest first, searched by PO number. Mail records hold other people's mail:
// the spec defines no country filter, so the grant alone decides who reads them (admin, or whom a role gives the
// screen). No body is read at all (a reset mail keeps its link masked, but it is still not the reader's mail);
// attachments are listed by name, type and size, never their content.
import { asc, desc, inArray } from 'drizzle-orm';
import type { ListResult } from '@/shared/contracts/endpoint';
import type { MailAttachmentItem, MailRecordItem } from '@/shared/contracts/mail-record';
import type { Db } from '../../db/client';
import { mailAttachments, mailRecords } from '../../db/schema/index';
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
};

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
    return page.map((r) => ({
      ...r,
      addTime: r.addTime.toISOString(),
      addUserName: r.addUserName ?? '',
      poNumber: r.poNumber ?? '',
      sapT9Number: r.sapT9Number ?? '',
      attachments: files.get(r.id) ?? [],
    }));
  };
  // The rows read the attachments too: a page is dropped when either table is written.
  return pageOf(db, p, rows, { ...count, tables: ['mail_records', 'mail_attachments'] });
}
