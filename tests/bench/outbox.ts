// The mail part of `npm run bench` (issue 10), called by run.ts: what the outbox costs. N mails go through the real
// mailer (a mail_records row each, queued) and are delivered by the outbox's sender (claim by lease, SMTP, settle) to
// a real SMTP peer in this process; the reference is the same N mails sent straight to the same peer through a
// nodemailer transport of the same settings (pooled, as the mailer's), with nothing recorded. Alternating rounds after a warm-up; medians and the
// ratio outbox / direct. On PGlite and PostgreSQL. Nothing here asserts a time.
import { performance } from 'node:perf_hooks';
import nodemailer from 'nodemailer';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/server/plugins/permissions';
import { smtpPeer } from '../support/smtp-peer';
import { benchDatabases, withBenchApp, type BenchDb } from './bench-app';

const MAILS = Number(process.env.BENCH_MAILS ?? 200);
const ROUNDS = 5;
const WARMUP = 1;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Figure {
  db: BenchDb;
  outbox: number;
  direct: number;
}

const mail = (i: number) => ({
  to: { name: `Reader ${i}`, email: `reader${i}@example.test` },
  subject: `Bench mail ${i}`,
  text: `Mail number ${i} of the outbox bench.`,
  safeText: `Mail number ${i} of the outbox bench.`,
});

async function run(kind: BenchDb): Promise<Figure> {
  const peer = await smtpPeer();
  const url = `smtp://127.0.0.1:${peer.port}`;
  try {
    return await withBenchApp(kind, { SMTP_URL: url, SEED_DEMO: false }, async (app) => {
      const transport = nodemailer.createTransport({ url, pool: true, maxConnections: 2, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
      const from = { name: 'SalesDesk', address: 'no-reply@salesdesk.local' };

      const viaOutbox = async () => {
        const start = performance.now();
        for (let i = 0; i < MAILS; i++) await app.mailer.send(mail(i));
        let delivered = 0;
        while (delivered < MAILS) {
          const r = await app.mailer.outbox.deliverDue();
          if (r.sent === 0) throw new Error('the outbox delivered nothing');
          delivered += r.sent;
        }
        return performance.now() - start;
      };
      const direct = async () => {
        const start = performance.now();
        for (let i = 0; i < MAILS; i++) {
          const m = mail(i);
          await transport.sendMail({ from, to: { name: m.to.name, address: m.to.email }, subject: m.subject, text: m.text });
        }
        return performance.now() - start;
      };

      const times = { outbox: [] as number[], direct: [] as number[] };
      for (let r = 0; r < WARMUP + ROUNDS; r++) {
        const o = await viaOutbox();
        const d = await direct();
        if (r >= WARMUP) {
          times.outbox.push(o);
          times.direct.push(d);
        }
      }
      transport.close();
      const [{ n }] = rowsOf<{ n: number }>(await app.db.execute(sql`select count(*)::int as n from mail_records where status = 'sent'`));
      const expected = MAILS * (WARMUP + ROUNDS);
      if (n !== expected || peer.received.length !== expected * 2) throw new Error(`expected ${expected} mails each way, got ${n} sent records and ${peer.received.length} received`);
      return { db: kind, outbox: median(times.outbox), direct: median(times.direct) };
    });
  } finally {
    await peer.close();
  }
}

export async function runOutboxBench(): Promise<void> {
  console.log(`\nMail outbox: ${MAILS} mails recorded, queued and delivered by the sender against the same mails sent straight over SMTP, median of ${ROUNDS} rounds`);
  const figures: Figure[] = [];
  for (const kind of await benchDatabases()) figures.push(await run(kind));
  console.log('\n| database | mails | outbox ms | direct SMTP ms | per mail (outbox) ms | ratio |');
  console.log('|---|---|---|---|---|---|');
  for (const f of figures) console.log(`| ${f.db} | ${MAILS} | ${f.outbox.toFixed(0)} | ${f.direct.toFixed(0)} | ${(f.outbox / MAILS).toFixed(2)} | ${(f.outbox / f.direct).toFixed(2)} |`);
}
