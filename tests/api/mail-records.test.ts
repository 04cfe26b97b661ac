// Mail records (spec part 3 §2.7 /MailRecordList, §7 getmailrecordpage, §9 default page size 50; DESIGN §11): the
// list shows every recorded mail newest first, as soon as it is recorded (the list is cached; the mailer drops it),
// after a forgot-password mail and after a report mail (attachments by name, type and size, never their bytes);
// no body, so no reset link, is ever in the reply; each row's outbox state (status, attempts, last error, resendable:
// a reset mail is not); paging; the PO number filter (contains, case-insensitive, wildcards taken literally); the grant
// of the screen's API entries decides who reads and resends, with no country filter. Delivery: mail-outbox.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/server/plugins/permissions';
import { invalidate } from '@/server/plugins/cache';
import { mailsSettled } from '@/server/modules/identity/identity.service';
import { getMailRecordPage, type MailRecordItem } from '@/shared/contracts/mail-record';
import { dailyReportTaskOptions } from '@/shared/contracts/report';
import { FORGOT_PASSWORD } from '@/shared/contracts/workflow';
import { client, startServer, type TestServer } from './helpers';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Page = { items: MailRecordItem[]; count: number };

let s: TestServer;
let api: ReturnType<typeof client>;
let admin: string;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await s.app.db.execute(query));
}
const page = async (input: Record<string, unknown> = {}, token = admin) => {
  const r = await api.get<Page>(getMailRecordPage.path, input, token);
  expect([r.status, r.code]).toEqual([200, 1]);
  return r.data;
};

beforeAll(async () => {
  s = await startServer({ REPORT_MAIL_TO: 'ops@example.com, Finance Desk <fin@example.com>' });
  api = client(s.app);
  admin = await api.login('admin');
});
afterAll(() => s.close());

describe('the list of recorded mails', () => {
  it('shows a forgot-password mail once it is recorded, without its body or reset link', async () => {
    // Read first, so that a cached page would be served stale if the mailer did not drop it.
    const before = await page();
    expect(before).toEqual({ items: [], count: 0 });

    expect((await api.forgotPassword('sg.sales')).code).toBe(1);
    await mailsSettled(s.app.mailer);
    const [stored] = await rows<{ email: string; name: string }>(sql`select email, name from users where number = 'sg.sales'`);

    const after = await page();
    expect(after.count).toBe(1);
    const [mail] = after.items;
    expect(mail).toMatchObject({
      addUserName: 'SalesDesk',
      addresSeeName: stored.name,
      addresSeeEmail: stored.email,
      subject: 'SalesDesk password reset',
      poNumber: '',
      sapT9Number: '',
      content: 'recorded',
      formType: FORGOT_PASSWORD.formType,
      formId: FORGOT_PASSWORD.formId,
      attachments: [],
      status: 'recorded',
      attempts: 0,
      lastError: '',
      nextAttemptAt: null,
      sentAt: null,
      resendable: false,
    });
    expect(new Date(mail.addTime).toISOString()).toBe(mail.addTime);
    // Exactly the contract's fields: no body, html or attachment bytes.
    expect(Object.keys(mail).sort()).toEqual(
      [
        'addTime', 'addUserName', 'addresSeeEmail', 'addresSeeName', 'attachments', 'content', 'formId', 'formType', 'id', 'poNumber', 'sapT9Number', 'subject',
        'status', 'attempts', 'lastError', 'nextAttemptAt', 'sentAt', 'resendable',
      ].sort(),
    );
    // The stored body has the link with its token masked; even that is not in the reply.
    const [body] = await rows<{ body: string }>(sql`select body from mail_records where id = ${mail.id}`);
    expect(body.body).toContain('/UserChangePassword?token=***');
    const json = JSON.stringify(after);
    expect(json).not.toContain('UserChangePassword');
    expect(json).not.toContain('token');
  });

  it('shows a report mail per recipient, newest first, with the workbook listed by name, type and size', async () => {
    const sent = await api.get<Array<{ mailRecordId: number; to: string; attachment: string }>>(dailyReportTaskOptions.path, {}, admin);
    expect([sent.status, sent.code, sent.data.length]).toEqual([200, 1, 2]);

    const list = await page();
    expect(list.count).toBe(3);
    // Newest first: the second recipient's mail was recorded last; the reset mail is the oldest.
    expect(list.items.map((m) => m.id)).toEqual([sent.data[1].mailRecordId, sent.data[0].mailRecordId, list.items[2].id]);
    expect(list.items.map((m) => m.addresSeeEmail)).toEqual(['fin@example.com', 'ops@example.com', list.items[2].addresSeeEmail]);
    expect(list.items[2].subject).toBe('SalesDesk password reset');
    expect(Date.parse(list.items[0].addTime)).toBeGreaterThanOrEqual(Date.parse(list.items[2].addTime));

    const files = await rows<{ id: number; mail_record_id: number; size: number; bytes: number }>(
      sql`select id, mail_record_id, size, length(decode(content_base64, 'base64'))::int as bytes from mail_attachments order by mail_record_id desc`,
    );
    for (const [i, mail] of list.items.slice(0, 2).entries()) {
      expect(mail).toMatchObject({ addUserName: 'Administrator', addresSeeName: i === 0 ? 'Finance Desk' : '', content: 'recorded', poNumber: '', status: 'recorded', resendable: true });
      expect(mail.subject).toMatch(/^SalesDesk Daily report \d{4}-\d{2} \(all companies\)$/);
      expect(mail.attachments).toHaveLength(1);
      const [file] = mail.attachments;
      const stored = files.find((f) => f.mail_record_id === mail.id)!;
      expect(file).toEqual({ id: stored.id, filename: sent.data[0].attachment, contentType: XLSX_TYPE, size: stored.bytes });
      expect(file.filename).toMatch(/^DailyDataReport_\d{8}_\d{6}\.xlsx$/);
      // A real workbook: a zip of some kilobytes.
      expect(file.size).toBeGreaterThan(1000);
    }
    const json = JSON.stringify(list);
    expect(json).not.toMatch(/<table|base64|UEsDB/);
  });
});

describe('paging and the PO number filter', () => {
  const TOTAL_BEFORE = 3;
  beforeAll(async () => {
    // Mails of forms with a PO number (the workflow mails of a later issue), recorded a day apart in the past.
    await s.app.db.execute(sql`
      insert into mail_records (add_time, add_user_number, add_user_name, addressee_name, addressee_email, subject, body, content, status, attempts, last_error, form_type, form_id, po_number, sap_t9_number)
      select now() - make_interval(days => g), 'admin', 'Administrator', 'Buyer ' || g, 'buyer' || g || '@example.com', 'PO ' || g, 'body ' || g,
             case when g % 2 = 0 then 'sent' else 'failed: timeout' end, case when g % 2 = 0 then 'sent' else 'failed' end, 1,
             case when g % 2 = 1 then 'timeout' end, 1, 1000 + g,
             case when g <= 3 then 'PO-10' || g when g = 4 then 'po_1%x' else 'PO-2' || lpad(g::text, 3, '0') end, 'SAP-' || g
      from generate_series(1, 55) g`);
    // Written behind the server's back: drop its cached pages as a write through the mailer does.
    await invalidate(s.app.db, 'mail_records');
  });

  it('pages newest first with 50 rows by default and the total count', async () => {
    const first = await page();
    expect(first.count).toBe(TOTAL_BEFORE + 55);
    expect(first.items).toHaveLength(50);
    const times = first.items.map((m) => Date.parse(m.addTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The three mails of today come first, then the past ones from yesterday backwards.
    expect(first.items.slice(3, 6).map((m) => m.poNumber)).toEqual(['PO-101', 'PO-102', 'PO-103']);

    const second = await page({ pageIndex: 2 });
    expect([second.count, second.items.length]).toEqual([58, 8]);
    expect(second.items.at(-1)).toMatchObject({ subject: 'PO 55', sapT9Number: 'SAP-55', formId: 1055, content: 'failed: timeout', status: 'failed', attempts: 1, lastError: 'timeout' });
    expect(second.items.at(-2)).toMatchObject({ subject: 'PO 54', content: 'sent', status: 'sent', lastError: '' });

    const small = await page({ PageIndex: 3, PageSize: 10 });
    expect(small.items.map((m) => m.subject)).toEqual(first.items.slice(20, 30).map((m) => m.subject));
    expect(small.count).toBe(58);
    const none = await page({ pageIndex: 7, pageSize: 10 });
    expect([none.items.length, none.count]).toEqual([0, 58]);
  });

  it('filters by PO number: contains, any case, the spec key PONumber, wildcards taken as text', async () => {
    const po10 = await page({ PONumber: 'po-10' });
    expect(po10.items.map((m) => m.poNumber)).toEqual(['PO-101', 'PO-102', 'PO-103']);
    expect(po10.count).toBe(3);
    expect((await page({ poNumber: 'PO-102' })).items.map((m) => m.subject)).toEqual(['PO 2']);
    expect((await page({ poNumber: '1%' })).items.map((m) => m.poNumber)).toEqual(['po_1%x']);
    expect((await page({ poNumber: 'o_1' })).items.map((m) => m.poNumber)).toEqual(['po_1%x']);
    expect(await page({ poNumber: 'PO-999' })).toEqual({ items: [], count: 0 });
    const paged = await page({ poNumber: 'PO-2', pageSize: 20, pageIndex: 3 });
    expect([paged.count, paged.items.length]).toEqual([51, 11]);
    // Blank is no filter.
    expect((await page({ poNumber: '  ' })).count).toBe(58);
  });

  it('refuses a page size or index out of range as a field error', async () => {
    for (const q of [{ pageSize: 0 }, { pageIndex: 0 }, { pageSize: 'ten' }]) {
      const r = await api.get(getMailRecordPage.path, q, admin);
      expect([r.status, r.msg]).toEqual([400, 'validationError']);
    }
  });
});

describe('who may read', () => {
  it('refuses a user without the grant (403, message 401), signed out callers (401)', async () => {
    const tw = await api.login('tw.sales');
    const r = await api.get(getMailRecordPage.path, {}, tw);
    expect([r.status, r.code, r.msg.startsWith('401')]).toEqual([403, 0, true]);
    expect((await api.get(getMailRecordPage.path, {})).status).toBe(401);
  });

  it('lets whoever a role gives the screen read every mail, whatever their country', async () => {
    const [screen] = await rows<{ id: number }>(sql`select id from menus where code = 'route:/MailRecordList'`);
    const [hk] = await rows<{ id: number }>(sql`select id from users where number = 'hk.sales'`);
    const role = await api.post('/api/role/addoreditrole', { Id: 0, RoleName: 'Mail readers', Users: String(hk.id), MenuIds: String(screen.id) }, admin);
    expect(role.code).toBe(1);
    const reader = await api.login('hk.sales');
    const list = await page({}, reader);
    expect(list.count).toBe(58);
    expect(list.items.slice(0, 2).map((m) => m.addresSeeEmail)).toEqual(['fin@example.com', 'ops@example.com']);

    // Taking the grant away closes the list again at once.
    expect((await api.post('/api/role/addoreditrole', { Id: role.data.id, RoleName: 'Mail readers', Users: String(hk.id), MenuIds: '' }, admin)).code).toBe(1);
    expect((await api.get(getMailRecordPage.path, {}, reader)).status).toBe(403);
  });
});
