// Report mails (spec part 1 §2 Reports, §7 TaskWork calls; issue 8 decisions): DailyReportTaskOptions and
// ReportTaskOptions build the daily and Monday reports as the caller and mail them to every REPORT_MAIL_TO address:
// one recorded mail per recipient, the report table as HTML, a text summary, and the xlsx attached (stored base64)
// whose cells are the figures of the shared report table; the same access rules as the screens; code 0
// reportMailNoRecipients without recipients; through a real SMTP peer, the mail is queued in the outbox and the
// sender delivers it with the attachment (the outbox itself: mail-outbox.test.ts).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { read, utils } from 'xlsx';
import { rowsOf } from '@/server/plugins/permissions';
import { dailyReportTaskOptions, getDailyData, getMondayData, reportTaskOptions, type ReportRow } from '@/shared/contracts/report';
import { gridTable, type Translate } from '@/shared/domain/report-table';
import { client, startServer, type Reply, type TestServer } from './helpers';
import { smtpPeer } from '../support/smtp-peer';

const YM = '2025-03';
const RECIPIENTS = 'ops@example.com, Finance Desk <fin@example.com>';
const PASSWORD = 'Rep2025x';

/** The English labels, read as the mail must use them. */
type Tree = { [k: string]: string | Tree };
const english = JSON.parse(readFileSync('locales/en/reports.json', 'utf8')) as Tree;
const t: Translate = (key, params) => {
  let node: string | Tree | undefined = english;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params?.[p] ?? '')) : key;
};
const NO_RATE = t('reports.noRate');

type MailReply = Reply<Array<{ mailRecordId: number; to: string; subject: string; attachment: string }>>;

async function rows<T>(server: TestServer, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await server.app.db.execute(query));
}
const mailCount = async (server: TestServer) => (await rows<{ n: number }>(server, sql`select count(*)::int as n from mail_records`))[0].n;

describe('with REPORT_MAIL_TO set', () => {
  let s: TestServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let tw: string;

  beforeAll(async () => {
    s = await startServer({ SEED_DEMO: false, REPORT_MAIL_TO: RECIPIENTS });
    api = client(s.app);
    admin = await api.login('admin');
    const post = async (path: string, body: Record<string, unknown>) => {
      const r = await api.post(path, body, admin);
      expect(r.code).toBe(1);
      return r.data;
    };
    const dep = await post('/api/department/addoreditdepartment', { Id: 0, CompanyNumber: 'TW', DepartmentName: 'TW sales' });
    await post('/api/user/addoredituser', { Id: 0, CompanyNumber: 'TW', DepartmentId: dep.id, Name: 'tw.rep', Account: 'tw.rep', Password: PASSWORD, Language: 'en' });
    tw = await api.login('tw.rep', PASSWORD);
    await post('/api/ExchangeRate/addexchangerate', { Id: 0, YearMonth: YM, Country: 'SG', OriCurrency: 'RMB', LocCurrency: 'SGD', Exchangerate: 0.19 });
    await post('/api/salesData/addoreditsalesdata', {
      Id: 0, DatePeriod: YM, Country: 'SG', Rules: 2,
      SalesDataDetailEntities: [{ Id: 0, ProductId: '', SalesDataDetailSubs: [{ SalesDataDate: '2025-03-10', OnlineAmount: 1234.56, RetailAmount: 789.01 }, { SalesDataDate: '2025-03-11', OnlineAmount: 10, RetailAmount: 0 }] }],
    });
    await post('/api/salestarget/addoreditsalestarget', { Id: 0, Year: 2025, Month: 3, Rule: 2, Country: 'SG', SalesTargetDetailEntities: [{ Id: 0, Date: '10', CorporatAmount: 2000, OfflineAmount: 1000 }] });
    // MY sells without a rate: the consolidated mail shows "no rate".
    await post('/api/salesData/addoreditsalesdata', {
      Id: 0, DatePeriod: YM, Country: 'MY', Rules: 2,
      SalesDataDetailEntities: [{ Id: 0, ProductId: '', SalesDataDetailSubs: [{ SalesDataDate: '2025-03-10', OnlineAmount: 700, RetailAmount: 300 }] }],
    });
  });
  afterAll(() => s.close());

  /** The recorded mails of a reply, with their attachments. */
  async function recorded(reply: MailReply) {
    const ids = reply.data.map((m) => m.mailRecordId);
    const mails = await rows<{ id: number; addressee_email: string; addressee_name: string; subject: string; body: string; html: string; content: string; add_user_number: string }>(
      s,
      sql`select id, addressee_email, addressee_name, subject, body, html, content, add_user_number from mail_records where id in ${ids} order by id`,
    );
    const files = await rows<{ mail_record_id: number; filename: string; content_type: string; size: number; content_base64: string }>(
      s,
      sql`select mail_record_id, filename, content_type, size, content_base64 from mail_attachments where mail_record_id in ${ids} order by mail_record_id`,
    );
    return { mails, files };
  }

  /** Every body cell of the workbook against the report table the screen shows for the same reply. */
  function expectWorkbookMatches(base64: string, kind: 'daily' | 'monday', reportRows: ReportRow[]) {
    const book = read(Buffer.from(base64, 'base64'), { type: 'buffer', cellNF: true });
    const table = gridTable(kind, reportRows, t);
    expect(book.SheetNames).toEqual([table.name]);
    const sheet = book.Sheets[table.name];
    const grid = utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null });
    expect(grid[0][0]).toBe(t('reports.columns.item'));
    expect(grid[1].slice(1, table.head[1].length + 1)).toEqual(table.head[1].map((h) => h.text));
    const body = grid.slice(table.head.length);
    expect(body).toHaveLength(table.body.length);
    table.body.forEach((row, r) => expect(body[r]).toEqual(row.cells.map((c) => (c.value === null ? NO_RATE : c.value))));
    return { sheet, table };
  }

  it('mails the daily report to each recipient: the table as HTML, a text summary, the workbook attached', async () => {
    const r = (await api.get(dailyReportTaskOptions.path, { yearMonth: YM, country: 'SG' }, admin)) as MailReply;
    expect([r.status, r.code, r.msg]).toEqual([200, 1, 'success']);
    expect(r.data.map((m) => m.to)).toEqual(['ops@example.com', 'fin@example.com']);
    expect(r.data[0].attachment).toMatch(/^DailyDataReport_\d{8}_\d{6}\.xlsx$/);
    expect(r.data[0].subject).toBe('SalesDesk Daily report 2025-03 (SG)');

    const { mails, files } = await recorded(r);
    expect(mails.map((m) => [m.addressee_email, m.addressee_name, m.content, m.add_user_number])).toEqual([
      ['ops@example.com', '', 'recorded', 'admin'],
      ['fin@example.com', 'Finance Desk', 'recorded', 'admin'],
    ]);
    for (const m of mails) {
      expect(m.subject).toBe(r.data[0].subject);
      expect(m.html).toMatch(/^<table/);
      expect(m.html).toContain('>Total actual<');
      // SG's total actual on the 10th: (1,234.56 + 789.01) / 0.19 = 10,650.37 RMB, shown as a whole number.
      expect(m.html).toContain('>10,650<');
      expect(m.html).toContain('>SG 0.19<');
      expect(m.body).toContain('Daily report for 2025-03');
      expect(m.body).toContain(`Total actual: ${(10650.37 + 52.63).toLocaleString('en-US', { maximumFractionDigits: 0 })}`);
      expect(m.body).toContain(r.data[0].attachment);
    }
    expect(files.map((f) => [f.mail_record_id, f.filename, f.content_type])).toEqual(
      mails.map((m) => [m.id, r.data[0].attachment, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']),
    );
    expect(files[0].size).toBe(Buffer.from(files[0].content_base64, 'base64').length);

    const screen = await api.get<ReportRow[]>(getDailyData.path, { yearMonth: YM, country: 'SG' }, admin);
    const { sheet, table } = expectWorkbookMatches(files[0].content_base64, 'daily', screen.data);
    // The achievement row keeps two decimals with red negatives in Excel.
    const ratioRow = table.head.length + 2;
    expect(sheet[utils.encode_cell({ r: ratioRow, c: 10 })]).toMatchObject({ t: 'n', z: '#,##0.00;[Red]-#,##0.00' });
  });

  it('mails the Monday report likewise', async () => {
    const r = (await api.get(reportTaskOptions.path, { yearMonth: YM, country: 'SG' }, admin)) as MailReply;
    expect([r.code, r.data.length]).toEqual([1, 2]);
    expect(r.data[0].attachment).toMatch(/^MondayDataReport_\d{8}_\d{6}\.xlsx$/);
    const { mails, files } = await recorded(r);
    expect(mails[0].html).toContain('Week of 03-10');
    const screen = await api.get<ReportRow[]>(getMondayData.path, { yearMonth: YM, country: 'SG' }, admin);
    expectWorkbookMatches(files[1].content_base64, 'monday', screen.data);
  });

  it('mails the consolidated report of the current month by default, with "no rate" for a company without one', async () => {
    const r = (await api.get(dailyReportTaskOptions.path, {}, admin)) as MailReply;
    expect([r.code, r.data.length]).toEqual([1, 2]);
    const now = new Date();
    expect(r.data[0].subject).toBe(`SalesDesk Daily report ${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')} (all companies)`);
    const march = (await api.get(dailyReportTaskOptions.path, { yearMonth: YM }, admin)) as MailReply;
    const { mails, files } = await recorded(march);
    expect(mails[0].html).toContain(`>MY ${NO_RATE}<`);
    const screen = await api.get<ReportRow[]>(getDailyData.path, { yearMonth: YM }, admin);
    expectWorkbookMatches(files[0].content_base64, 'daily', screen.data);
  });

  it('builds the report as the caller: a subsidiary user may mail only their own country', async () => {
    const before = await mailCount(s);
    for (const q of [{ country: 'SG' }, {}, { country: 'OIH' }]) {
      const r = await api.get(dailyReportTaskOptions.path, { yearMonth: YM, ...q }, tw);
      expect([r.status, r.code, r.msg]).toEqual([403, 0, '401']);
    }
    expect((await api.get(reportTaskOptions.path, { yearMonth: YM, country: 'SG' }, tw)).status).toBe(403);
    expect(await mailCount(s)).toBe(before);
    const own = (await api.get(dailyReportTaskOptions.path, { yearMonth: YM, country: 'TW' }, tw)) as MailReply;
    expect([own.code, own.data.length]).toEqual([1, 2]);
    expect((await recorded(own)).mails.every((m) => m.add_user_number === 'tw.rep')).toBe(true);
  });
});

describe('without REPORT_MAIL_TO', () => {
  it('refuses with reportMailNoRecipients and records nothing', async () => {
    const s = await startServer({ SEED_DEMO: false, REPORT_MAIL_TO: '' });
    try {
      const api = client(s.app);
      const admin = await api.login('admin');
      for (const path of [dailyReportTaskOptions.path, reportTaskOptions.path]) {
        const r = await api.get(path, { yearMonth: YM }, admin);
        expect([r.status, r.code, r.msg]).toEqual([200, 0, 'reportMailNoRecipients']);
      }
      expect(await mailCount(s)).toBe(0);
    } finally {
      await s.close();
    }
  });
});

describe('through a real SMTP peer', () => {
  it('queues the mail, then the sender delivers the HTML body and the workbook as an attachment and records it sent', async () => {
    const smtp = await smtpPeer();
    const { port, received } = smtp;
    const s = await startServer({ SEED_DEMO: false, SMTP_URL: `smtp://127.0.0.1:${port}`, REPORT_MAIL_TO: 'ops@example.com' });
    try {
      const api = client(s.app);
      const admin = await api.login('admin');
      const r = (await api.get(reportTaskOptions.path, { yearMonth: YM }, admin)) as MailReply;
      expect([r.code, r.data.length]).toEqual([1, 1]);
      const status = async () => (await rows<{ status: string; content: string }>(s, sql`select status, content from mail_records where id = ${r.data[0].mailRecordId}`))[0];
      expect(await status()).toEqual({ status: 'queued', content: 'queued' });
      expect(received).toHaveLength(0);
      expect(await s.app.mailer.outbox.deliverDue()).toMatchObject({ sent: 1, retried: 0, failed: 0 });
      expect(received).toHaveLength(1);
      const message = received[0];
      expect(message).toContain('ops@example.com');
      expect(message).toMatch(/Content-Type: text\/html/i);
      // Long headers are folded onto the next line.
      expect(message).toMatch(/Content-Type:\s+application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet/i);
      expect(message).toContain(r.data[0].attachment);
      expect(await status()).toEqual({ status: 'sent', content: 'sent' });
    } finally {
      await s.close();
      await smtp.close();
    }
  });
});
