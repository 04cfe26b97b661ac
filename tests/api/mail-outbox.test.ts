// Mail records as an outbox (DESIGN §11; issue 10): with a real SMTP peer, a mail is a queued record first and the
// sender (mailer.outbox.deliverDue, driven here with the test's own clock) delivers it — the daily report with its
// xlsx attachment; with the peer down the record stays queued with its attempts, last error and next attempt time
// (exponential backoff), is delivered once the peer is back, exactly once even when several senders (two in this
// process, on their own connection pool when on PostgreSQL) run at the same moment, and fails for good after
// MAX_ATTEMPTS or at once on a permanent (5xx) refusal; Resend queues it again; reset mails are sent at once, stored
// masked and never resent; the list shows each mail's state; a listening server runs the sender loop by itself.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '@/server/db/client';
import { mailRecords } from '@/server/db/schema/index';
import { createMailer } from '@/server/mail/mailer';
import { backoffMs, LEASE_MS, MAX_ATTEMPTS } from '@/server/mail/outbox';
import { mailsSettled } from '@/server/modules/identity/identity.service';
import { rowsOf } from '@/server/plugins/permissions';
import { getMailRecordPage, resendMailRecord, type MailRecordItem } from '@/shared/contracts/mail-record';
import { dailyReportTaskOptions } from '@/shared/contracts/report';
import { smtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { client, startServer, type TestServer } from './helpers';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Row {
  id: number;
  status: string;
  content: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | string | null;
  lease_until: Date | string | null;
  resendable: boolean;
  body: string;
}

let smtp: SmtpPeer;
let s: TestServer;
let api: ReturnType<typeof client>;
let admin: string;
/** A second sender on its own connection pool (PostgreSQL) or the same database (PGlite): another instance. */
let other: Database | null = null;

const time = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());
async function row(id: number): Promise<Row> {
  return rowsOf<Row>(await s.app.db.execute(sql`select id, status, content, attempts, last_error, next_attempt_at, lease_until, resendable, body from mail_records where id = ${id}`))[0];
}
async function reportMail(): Promise<number[]> {
  const r = await api.get<Array<{ mailRecordId: number }>>(dailyReportTaskOptions.path, {}, admin);
  expect([r.status, r.code]).toEqual([200, 1]);
  return r.data.map((m) => m.mailRecordId);
}
const list = async (input: Record<string, unknown> = {}) => (await api.get<{ items: MailRecordItem[]; count: number }>(getMailRecordPage.path, input, admin)).data;
/** The attachment of a raw message: its part's headers and its decoded bytes. */
function attachmentOf(raw: string) {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /Content-Type:\s+application\/vnd\.openxmlformats/i.test(p));
  if (!part) return null;
  const split = part.search(/\r?\n\r?\n/);
  return { head: part.slice(0, split), bytes: Buffer.from(part.slice(split).replace(/\s+/g, '').replace(/--.*$/, ''), 'base64') };
}

beforeAll(async () => {
  smtp = await smtpPeer();
  s = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, REPORT_MAIL_TO: 'ops@example.com' });
  api = client(s.app);
  admin = await api.login('admin');
  if (s.config.DATABASE_URL) other = await openDatabase({ databaseUrl: s.config.DATABASE_URL });
});
afterAll(async () => {
  await other?.close();
  await s.close();
  await smtp.down();
});
beforeEach(async () => {
  // Every test starts with the peer up and nothing due.
  await smtp.up();
  await s.app.mailer.outbox.deliverDue(new Date(Date.now() + 24 * 3_600_000));
  smtp.received.length = 0;
});

describe('a mail is a queued record first, then delivered', () => {
  it('delivers the daily report mail with its xlsx attachment, once', async () => {
    const [id] = await reportMail();
    expect(await row(id)).toMatchObject({ status: 'queued', content: 'queued', attempts: 0, last_error: null, resendable: true });
    expect(smtp.received).toHaveLength(0);

    expect(await s.app.mailer.outbox.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0, recorded: 0 });
    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0];
    expect(message).toContain('ops@example.com');
    expect(message).toMatch(/^Subject: SalesDesk Daily report \d{4}-\d{2} \(all companies\)/m);
    expect(message).toMatch(/Content-Type: text\/html/i);
    const file = attachmentOf(message);
    expect(file?.head).toMatch(/DailyDataReport_\d{8}_\d{6}\.xlsx/);
    expect(file!.head.replace(/\s+/g, ' ')).toContain(`Content-Type: ${XLSX_TYPE}`);
    // The very workbook that was recorded: a zip.
    const [stored] = rowsOf<{ content_base64: string }>(await s.app.db.execute(sql`select content_base64 from mail_attachments where mail_record_id = ${id}`));
    expect(file!.bytes.equals(Buffer.from(stored.content_base64, 'base64'))).toBe(true);
    expect(file!.bytes.subarray(0, 2).toString()).toBe('PK');
    expect(await row(id)).toMatchObject({ status: 'sent', content: 'sent', attempts: 1, last_error: null, next_attempt_at: null, lease_until: null });

    // Nothing is due any more: a second round sends nothing.
    expect(await s.app.mailer.outbox.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0, recorded: 0 });
    expect(smtp.received).toHaveLength(1);
  });
});

describe('an SMTP outage loses nothing', () => {
  it('keeps the mail queued with attempts, last error and next attempt, and delivers it exactly once when the peer is back', async () => {
    await smtp.down();
    const [id] = await reportMail();
    const t0 = new Date(Date.now() + 1000);
    expect(await s.app.mailer.outbox.deliverDue(t0)).toMatchObject({ sent: 0, retried: 1 });
    let r = await row(id);
    expect(r).toMatchObject({ status: 'queued', attempts: 1, lease_until: null });
    expect(r.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(time(r.next_attempt_at)).toBe(t0.getTime() + backoffMs(1));
    expect(backoffMs(1)).toBe(60_000);

    // Not due before its next attempt time.
    expect(await s.app.mailer.outbox.deliverDue(new Date(t0.getTime() + 59_000))).toMatchObject({ retried: 0, sent: 0 });
    expect((await row(id)).attempts).toBe(1);

    // Still down at the next attempt: the delay doubles.
    const t1 = new Date(t0.getTime() + 60_000);
    expect(await s.app.mailer.outbox.deliverDue(t1)).toMatchObject({ retried: 1 });
    r = await row(id);
    expect([r.status, r.attempts, time(r.next_attempt_at)]).toEqual(['queued', 2, t1.getTime() + 120_000]);

    // The list shows it queued with the error and the next attempt.
    const shown = (await list()).items.find((m) => m.id === id)!;
    expect(shown).toMatchObject({ status: 'queued', content: 'queued', attempts: 2, resendable: true, sentAt: null });
    expect(shown.lastError).toBe(r.last_error);
    expect(Date.parse(shown.nextAttemptAt!)).toBe(t1.getTime() + 120_000);

    // Back: three senders at the same moment (two on this server's mailer, one as another instance) deliver it once.
    await smtp.up();
    const second = createMailer(s.config, other?.db ?? s.app.db, s.app.log);
    const t2 = new Date(t1.getTime() + 120_000);
    const reports = await Promise.all([s.app.mailer.outbox.deliverDue(t2), s.app.mailer.outbox.deliverDue(t2), second.outbox.deliverDue(t2)]);
    expect(reports.reduce((n, x) => n + x.sent, 0)).toBe(1);
    expect(smtp.received).toHaveLength(1);
    r = await row(id);
    expect(r).toMatchObject({ status: 'sent', content: 'sent', attempts: 3, last_error: null, next_attempt_at: null });
    expect((await list()).items.find((m) => m.id === id)).toMatchObject({ status: 'sent', lastError: '', nextAttemptAt: null });
    expect(await second.outbox.deliverDue(new Date(t2.getTime() + 3_600_000))).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('many due mails and several senders at once: each mail goes exactly once', async () => {
    await smtp.down();
    const ids = [...(await reportMail()), ...(await reportMail()), ...(await reportMail()), ...(await reportMail()), ...(await reportMail())];
    await smtp.up();
    const second = createMailer(s.config, other?.db ?? s.app.db, s.app.log);
    const now = new Date(Date.now() + 1000);
    const reports = await Promise.all([s.app.mailer.outbox.deliverDue(now), second.outbox.deliverDue(now), second.outbox.deliverDue(now)]);
    expect(reports.reduce((n, x) => n + x.sent, 0)).toBe(ids.length);
    expect(smtp.received).toHaveLength(ids.length);
    for (const id of ids) expect((await row(id)).status).toBe('sent');
  });

  it('a claim whose sender died is taken again after the lease; the dead sender can no longer settle it', async () => {
    const [id] = await reportMail();
    // A sender claimed it and died: its lease is still running.
    const now = new Date(Date.now() + 1000);
    await s.app.db.execute(sql`update mail_records set lease_id = 'dead', lease_until = ${new Date(now.getTime() + 1000).toISOString()}::timestamptz, attempts = 1 where id = ${id}`);
    expect(await s.app.mailer.outbox.deliverDue(now)).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(0);
    expect(await s.app.mailer.outbox.deliverDue(new Date(now.getTime() + 1000))).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, lease_until: null });
    expect(LEASE_MS).toBeGreaterThanOrEqual(5 * 60_000);
  });

  it(`fails a mail for good after ${MAX_ATTEMPTS} attempts; Resend queues it again and it is delivered`, async () => {
    await smtp.down();
    const [id] = await reportMail();
    let now = Date.now() + 1000;
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      const r = await s.app.mailer.outbox.deliverDue(new Date(now));
      expect(r).toMatchObject(i < MAX_ATTEMPTS ? { retried: 1, failed: 0 } : { retried: 0, failed: 1 });
      now += backoffMs(i);
    }
    let r = await row(id);
    expect(r).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, next_attempt_at: null });
    expect(r.content).toMatch(/^failed: /);
    expect(r.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(await s.app.mailer.outbox.deliverDue(new Date(now + 86_400_000))).toMatchObject({ retried: 0, failed: 0 });

    await smtp.up();
    const again = await api.post<MailRecordItem>(resendMailRecord.path, { Id: id }, admin);
    expect([again.status, again.code]).toEqual([200, 1]);
    expect(again.data).toMatchObject({ id, status: 'queued', content: 'queued', attempts: 0, lastError: '' });
    expect((await list()).items.find((m) => m.id === id)).toMatchObject({ status: 'queued' });
    expect(await s.app.mailer.outbox.deliverDue()).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(1);
    r = await row(id);
    expect(r).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('permanent refusals', () => {
  it('fails a mail the peer refuses with a 5xx at once, without retries', async () => {
    const sent = await s.app.mailer.send({ to: { name: 'Nobody', email: 'nobody@reject.test' }, subject: 'Refused', text: 'x', safeText: 'x' });
    expect(sent.outcome).toBe('queued');
    expect(await s.app.mailer.outbox.deliverDue()).toMatchObject({ failed: 1, retried: 0, sent: 0 });
    const r = await row(sent.id);
    expect(r).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null });
    expect(r.last_error).toMatch(/No such user here/);
    expect(smtp.received).toHaveLength(0);
  });
});

describe('the sender loop of a listening server', () => {
  it('starts when the server listens, delivers a queued mail without being called, and stops on close', async () => {
    const t = await startServer({ SEED_DEMO: false, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const sent = await t.app.mailer.send({ to: { name: 'Ops', email: 'ops@example.com' }, subject: 'Loop', text: 'looped', safeText: 'looped' });
      expect(sent.outcome).toBe('queued');
      // Event-driven: the queued mail nudges the running loop; no clock is involved.
      await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 15_000, interval: 50 });
      await vi.waitFor(async () => expect((await t.app.db.select().from(mailRecords).where(eq(mailRecords.id, sent.id)))[0].status).toBe('sent'), { timeout: 5000 });
    } finally {
      await t.close();
    }
  });
});

describe('Resend', () => {
  it('queues a sent mail again and delivers it again; pressed twice it is queued once', async () => {
    const [id] = await reportMail();
    await s.app.mailer.outbox.deliverDue();
    expect(smtp.received).toHaveLength(1);
    const presses = await Promise.all([api.post(resendMailRecord.path, { id }, admin), api.post(resendMailRecord.path, { id }, admin)]);
    expect(presses.map((p) => p.code)).toEqual([1, 1]);
    expect((await row(id)).status).toBe('queued');
    expect(await s.app.mailer.outbox.deliverDue()).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(2);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('refuses an unknown id, callers without the grant and signed-out callers', async () => {
    expect((await api.post(resendMailRecord.path, { id: 999999 }, admin)).msg).toBe('notFound');
    expect((await api.post(resendMailRecord.path, { id: 0 }, admin)).status).toBe(400);
    const tw = await api.login('tw.sales');
    expect((await api.post(resendMailRecord.path, { id: 1 }, tw)).status).toBe(403);
    expect((await api.post(resendMailRecord.path, { id: 1 })).status).toBe(401);
  });
});

describe('reset mails', () => {
  it('go out at once, are stored with the token masked and cannot be resent', async () => {
    expect((await api.forgotPassword('tw.sales')).code).toBe(1);
    await mailsSettled(s.app.mailer);
    expect(smtp.received).toHaveLength(1);
    const body = smtp.received[0].replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = /UserChangePassword\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
    expect(token).toBeTruthy();
    const [mail] = (await list()).items;
    expect(mail).toMatchObject({ subject: 'SalesDesk password reset', status: 'sent', attempts: 1, resendable: false });
    const stored = await row(mail.id);
    expect(stored.body).toContain('token=***');
    expect(JSON.stringify(rowsOf(await s.app.db.execute(sql`select * from mail_records where id = ${mail.id}`)))).not.toContain(token!);

    const again = await api.post(resendMailRecord.path, { id: mail.id }, admin);
    expect([again.status, again.code, again.msg]).toEqual([200, 0, 'mailNotResendable']);
    expect(await row(mail.id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await s.app.mailer.outbox.deliverDue(new Date(Date.now() + 3_600_000))).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('with SMTP down are failed, not queued: the user asks again', async () => {
    await smtp.down();
    expect((await api.forgotPassword('sg.sales')).code).toBe(1);
    await mailsSettled(s.app.mailer);
    const [mail] = (await list()).items;
    expect(mail).toMatchObject({ subject: 'SalesDesk password reset', status: 'failed', attempts: 1, resendable: false, nextAttemptAt: null });
    expect(mail.lastError).toMatch(/ECONNREFUSED|connect/i);
    await smtp.up();
    expect(await s.app.mailer.outbox.deliverDue(new Date(Date.now() + 3_600_000))).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(0);
  });
});

describe('without SMTP_URL', () => {
  it('records mails, and a resent mail is recorded again by the sender', async () => {
    const t = await startServer({ SEED_DEMO: false, REPORT_MAIL_TO: 'ops@example.com' });
    try {
      const c = client(t.app);
      const token = await c.login('admin');
      const r = await c.get<Array<{ mailRecordId: number }>>(dailyReportTaskOptions.path, {}, token);
      const id = r.data[0].mailRecordId;
      const status = async () => rowsOf<{ status: string; content: string }>(await t.app.db.execute(sql`select status, content from mail_records where id = ${id}`))[0];
      expect(await status()).toEqual({ status: 'recorded', content: 'recorded' });
      expect((await c.post(resendMailRecord.path, { id }, token)).data).toMatchObject({ status: 'queued' });
      expect(await t.app.mailer.outbox.deliverDue()).toMatchObject({ recorded: 1, sent: 0 });
      expect(await status()).toEqual({ status: 'recorded', content: 'recorded' });
    } finally {
      await t.close();
    }
  });
});
