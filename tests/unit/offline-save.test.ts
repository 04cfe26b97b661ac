// The save path, the queue's bookkeeping and the wire (DESIGN §6), in Node on fake-indexeddb: one save path online or
// offline with the form's draft kept until the entry syncs, a refused save handing the draft back, newer saves
// replacing older unsent ones, drafts offered on reopen, the routes that open an entry, and the fetch transport's
// request format (against a plain local HTTP listener).
import 'fake-indexeddb/auto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createOfflineDb, offlineDb, type OfflineDb } from '@/app/offline/db';
import { createSyncEngine } from '@/app/offline/sync-engine';
import { countsOf, enqueueEntry, entriesOf, entryDraftKey, resetBackoff } from '@/app/offline/outbox';
import { saveFlow, type SaveFlowDeps } from '@/app/offline/save-flow';
import { findDraft } from '@/app/offline/drafts';
import { entryPath, recordPath, summarizePayload } from '@/app/offline/entry-view';
import { createMutex, fetchTransport } from '@/app/offline/transport';
import { getWeekSalesDataPage2, addOrEditWeekSalesData } from '@/shared/contracts/sales-data';
import { ping } from '@/shared/contracts/system';
import type { WeekSalesFormInput } from '@/shared/contracts/sales-data';
import { FakeServer } from './offline-fake-server';

const dbs: OfflineDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await db.delete();
  }
});

const week = (month: number, amount = 100, country = 'TW'): WeekSalesFormInput => ({
  id: 0,
  country,
  yearS: 2026,
  monthS: month,
  salesDataDetailEntities: [{ id: 0, salesDataDetailSubs: [{ salesDataDate: `2026-${String(month).padStart(2, '0')}-07`, uploadAmount: amount }] }],
});

function setup(waitMs = 2000) {
  const server = new FakeServer();
  server.tokens.set('tok', 'tw.sales');
  const db = createOfflineDb(`offline-save-${crypto.randomUUID()}`);
  dbs.push(db);
  const engine = createSyncEngine({ db, account: () => 'tw.sales', token: () => 'tok', transport: server.transport, lock: createMutex() });
  const deps: SaveFlowDeps = { db, account: 'tw.sales', kick: () => engine.kick(), online: true, waitMs };
  const draft = (key: string, values: unknown, savedAt = 1000) => db.drafts.put({ account: 'tw.sales', key, kind: 'weekSales', values, savedAt });
  return { server, db, engine, deps, draft };
}

describe('saveEntry’s flow', () => {
  it('online: the entry is written, synced, and the form’s draft and the entry’s copy are gone', async () => {
    const s = setup();
    await s.draft('weekSales:add:new', { month: 4 });
    const out = await saveFlow(s.deps, 'weekSales', 'add', week(4), { label: 'TW 2026-04', draftKey: 'weekSales:add:new' });
    expect(out).toMatchObject({ status: 'synced', id: s.server.records[0].id, version: 1 });
    expect(s.server.writes()[0].key).toBe(out.entryId);
    expect(await s.db.drafts.toArray()).toEqual([]);
    expect(await s.db.outbox.get(out.entryId)).toMatchObject({ status: 'synced' });
  });

  it('server unreachable: queued at once, the values kept in the entry’s draft copy; sent when the server is back', async () => {
    const s = setup();
    s.server.down = true;
    await s.draft('weekSales:add:new', { month: 5 });
    const out = await saveFlow(s.deps, 'weekSales', 'add', week(5), { label: 'TW 2026-05', draftKey: 'weekSales:add:new' });
    expect(out.status).toBe('queued');
    const e = await s.db.outbox.get(out.entryId);
    expect(e).toMatchObject({ status: 'pending', draftKey: entryDraftKey(out.entryId) });
    // The add form's key is free for the next add; "Open" from the outbox finds the values under the entry's copy.
    expect(await s.db.drafts.get(['tw.sales', 'weekSales:add:new'])).toBeUndefined();
    expect((await s.db.drafts.get(['tw.sales', e!.draftKey!]))?.values).toEqual({ month: 5 });

    s.server.down = false;
    await s.engine.kick();
    expect(await s.db.outbox.get(out.entryId)).toMatchObject({ status: 'synced' });
    expect(await s.db.drafts.toArray()).toEqual([]);
  });

  it('device offline: queued without waiting', async () => {
    const s = setup(60_000);
    let kicked = 0;
    const started = Date.now();
    const out = await saveFlow({ ...s.deps, online: false, kick: () => (kicked++, new Promise(() => undefined)) }, 'weekSales', 'add', week(6), { label: 'x' });
    expect(out.status).toBe('queued');
    expect(kicked).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a server slower than the wait: queued, and the entry still syncs in the background', async () => {
    const s = setup(50);
    const transport = s.server.transport;
    s.server.transport = async (ep, input, opts) => {
      if (ep.path === addOrEditWeekSalesData.path) await new Promise((r) => setTimeout(r, 300));
      return transport(ep, input, opts);
    };
    const engine = createSyncEngine({ db: s.db, account: () => 'tw.sales', token: () => 'tok', transport: s.server.transport, lock: createMutex() });
    const pass = { current: null as Promise<unknown> | null };
    const out = await saveFlow({ ...s.deps, kick: () => (pass.current = engine.kick()) as never }, 'weekSales', 'add', week(7), { label: 'x' });
    expect(out.status).toBe('queued');
    await pass.current;
    expect((await s.db.outbox.get(out.entryId))?.status).toBe('synced');
  });

  it('a refusal the user watches: failed with the message and field errors, the entry removed, the draft kept', async () => {
    const s = setup();
    await s.draft('weekSales:edit:9', { typed: true });
    const fields = [{ field: 'salesDataDetailEntities.0.salesDataDetailSubs.0.uploadAmount', message: 'invalid' }];
    s.server.writeFaults.push({ status: 400, msg: 'validationError', data: fields });
    const rec = s.server.seed('weekSales', week(8), 1);
    const out = await saveFlow(s.deps, 'weekSales', 'edit', { ...week(8), id: rec.id, version: 1 }, { label: 'x', draftKey: 'weekSales:edit:9' });
    expect(out).toEqual({ status: 'failed', entryId: out.entryId, msg: 'validationError', data: fields });
    expect(await s.db.outbox.count()).toBe(0);
    expect((await s.db.drafts.get(['tw.sales', 'weekSales:edit:9']))?.values).toEqual({ typed: true });
    expect(await s.db.drafts.count()).toBe(1);
  });

  it('an add meeting an existing record: conflict, the entry kept for the dialog', async () => {
    const s = setup();
    s.server.seed('weekSales', week(9), 2);
    const out = await saveFlow(s.deps, 'weekSales', 'add', week(9, 1), { label: 'x' });
    expect(out.status).toBe('conflict');
    expect(await s.db.outbox.get(out.entryId)).toMatchObject({ status: 'conflict', conflict: { reason: 'exists', serverVersion: 2 } });
  });

  it('saving from an entry’s draft copy (the outbox’s Open) replaces that entry; a refusal then hands the draft back', async () => {
    const s = setup();
    s.server.down = true;
    const first = await saveFlow(s.deps, 'weekSales', 'add', week(10), { label: 'x', draftKey: 'weekSales:add:new' });
    expect(first.status).toBe('queued');
    await s.draft('weekSales:add:new', { v: 1 });
    const queued = await saveFlow(s.deps, 'weekSales', 'add', week(10, 2), { label: 'x', draftKey: 'weekSales:add:new' });
    const copy = entryDraftKey(queued.entryId);
    expect((await s.db.drafts.get(['tw.sales', copy]))?.values).toEqual({ v: 1 });

    s.server.down = false;
    s.server.writeFaults.push({ status: 200, msg: 'detailError' }, { status: 200, msg: 'detailError' });
    const again = await saveFlow(s.deps, 'weekSales', 'add', week(10, 3), { label: 'x', draftKey: copy });
    expect(again).toMatchObject({ status: 'failed', msg: 'detailError' });
    // The replaced entry is gone, the refused one too; the draft the form was opened on is still there.
    const left = await entriesOf(s.db, 'tw.sales');
    expect(left.map((e) => e.id)).toEqual([first.entryId]);
    expect((await s.db.drafts.get(['tw.sales', copy]))?.values).toEqual({ v: 1 });
  });
});

describe('the queue', () => {
  it('a new edit of a record replaces the older unsent edit of it, never one on the wire', async () => {
    const s = setup();
    const base = { account: 'tw.sales', kind: 'weekSales' as const, op: 'edit' as const, label: 'x' };
    const a = await enqueueEntry(s.db, { ...base, payload: { ...week(1), id: 5, version: 1 } });
    const b = await enqueueEntry(s.db, { ...base, payload: { ...week(1, 2), id: 5, version: 1 } });
    expect((await entriesOf(s.db, 'tw.sales')).map((e) => e.id)).toEqual([b.id]);
    expect(a.seq).toBeLessThan(b.seq);
    await s.db.outbox.update(b.id, { status: 'sending' });
    const c = await enqueueEntry(s.db, { ...base, payload: { ...week(1, 3), id: 5, version: 1 } });
    expect((await entriesOf(s.db, 'tw.sales')).map((e) => e.id)).toEqual([b.id, c.id]);
    // Another account's edit of the same record is its own.
    await enqueueEntry(s.db, { ...base, account: 'hk.sales', payload: { ...week(1, 3), id: 5, version: 1 } });
    expect(await entriesOf(s.db, 'tw.sales')).toHaveLength(2);
  });

  it('counts waiting, failed and conflicting entries; Sync now clears the account’s backoff only', async () => {
    const s = setup();
    const mk = (account: string) => enqueueEntry(s.db, { account, kind: 'weekSales', op: 'add', payload: week(1), label: 'x' });
    const [a, b, c, d] = [await mk('tw.sales'), await mk('tw.sales'), await mk('tw.sales'), await mk('hk.sales')];
    await s.db.outbox.update(b.id, { status: 'failed' });
    await s.db.outbox.update(c.id, { status: 'conflict' });
    await s.db.outbox.bulkUpdate([a, d].map((e) => ({ key: e.id, changes: { nextAttemptAt: 9e15, failures: 7 } })));
    expect(countsOf(await entriesOf(s.db, 'tw.sales'))).toEqual({ pending: 1, failed: 1, conflict: 1 });
    await resetBackoff(s.db, 'tw.sales');
    expect(await s.db.outbox.get(a.id)).toMatchObject({ nextAttemptAt: 0, failures: 0 });
    expect(await s.db.outbox.get(d.id)).toMatchObject({ nextAttemptAt: 9e15, failures: 7 });
  });

  it('keeps its rows when the database is closed and opened again (an app update or a reload)', async () => {
    const name = `offline-reopen-${crypto.randomUUID()}`;
    const db = createOfflineDb(name);
    const e = await enqueueEntry(db, { account: 'tw.sales', kind: 'weekSales', op: 'add', payload: week(1), label: 'x', draftValues: { a: 1 } });
    db.close();
    const again = createOfflineDb(name);
    dbs.push(again);
    expect(await again.outbox.get(e.id)).toMatchObject({ status: 'pending', seq: e.seq });
    expect(await again.drafts.count()).toBe(1);
    const next = await enqueueEntry(again, { account: 'tw.sales', kind: 'weekSales', op: 'add', payload: week(2), label: 'y' });
    expect(next.seq).toBe(e.seq + 1);
  });
});

describe('drafts on reopen', () => {
  it('offers the form’s own draft, else for an edit the copy of the newest waiting edit of that record', async () => {
    const db = offlineDb();
    await db.drafts.clear();
    await db.outbox.clear();
    expect(await findDraft('tw.sales', 'weekSales:edit:42')).toBeNull();
    const base = { account: 'tw.sales', kind: 'weekSales' as const, op: 'edit' as const, label: 'x' };
    await enqueueEntry(db, { ...base, payload: { ...week(1), id: 41, version: 1 }, draftValues: { other: true } });
    const waiting = await enqueueEntry(db, { ...base, payload: { ...week(1), id: 42, version: 1 }, draftValues: { waiting: true } });
    expect((await findDraft('tw.sales', 'weekSales:edit:42'))?.values).toEqual({ waiting: true });
    expect(await findDraft('hk.sales', 'weekSales:edit:42')).toBeNull();
    await db.drafts.put({ account: 'tw.sales', key: 'weekSales:edit:42', values: { own: true }, savedAt: 1 });
    expect((await findDraft('tw.sales', 'weekSales:edit:42'))?.values).toEqual({ own: true });
    expect((await findDraft('tw.sales', waiting.draftKey!))?.values).toEqual({ waiting: true });
    // Adds never borrow another entry's values: the add form's key is shared by every add.
    expect(await findDraft('tw.sales', 'weekSales:add:new')).toBeNull();
  });
});

describe('entry routes and summaries', () => {
  it('opens edits on their record and adds on the add form, with the draft copy', () => {
    const sd = { id: 0, datePeriod: '2026-11', country: 'TW', rules: 2 };
    const st = { year: 2026, month: 2, rule: 1, country: 'TW', oihTargetAmount: 0, oihCorporateAmount: 0, brandCollaboration: 0, webSales: 0, headOffice: 0 };
    expect(recordPath('weekSales', 7, week(1))).toBe('/WeekSalesData?id=7&operate=edit&readonly=false');
    expect(recordPath('salesData', 8, sd)).toBe('/SalesDataEdit?id=8&operate=edit&readonly=false&rules=2&datePeriod=2026-11&country=TW');
    expect(recordPath('salesTarget', 9, st)).toBe('/SalesTargetEdit?id=9&operate=edit&readonly=false');
    expect(entryPath({ kind: 'weekSales', op: 'add', payload: week(1), draftKey: 'outbox:ab' })).toBe('/WeekSalesData?id=0&operate=add&readonly=false&draft=outbox%3Aab');
    expect(entryPath({ kind: 'salesData', op: 'edit', payload: { ...sd, id: 8 }, draftKey: 'outbox:c' })).toBe(
      '/SalesDataEdit?id=8&operate=edit&readonly=false&rules=2&datePeriod=2026-11&country=TW&draft=outbox%3Ac',
    );
    expect(entryPath({ kind: 'salesTarget', op: 'copy', payload: st })).toBe(
      '/SalesTargetAdd?id=0&operate=add&readonly=false',
    );
  });

  it('summarises an entry’s payload the way the server sums it', () => {
    const p = week(3);
    p.salesDataDetailEntities![0].salesDataDetailSubs.push({ salesDataDate: '2026-03-14', uploadAmount: '20.55' });
    expect(summarizePayload('weekSales', p)).toMatchObject({ country: 'TW', period: '2026-03', rows: 2, amount: 120.55 });
  });
});

describe('fetchTransport', () => {
  it('sends the token, the Idempotency-Key, GET queries and JSON bodies, and maps replies and failures', async () => {
    const seen: Array<{ method?: string; url?: string; headers: IncomingMessage['headers']; body: string }> = [];
    const http = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        if (req.url?.startsWith('/api/ping')) return res.end('<html>not json</html>');
        res.setHeader('content-type', 'application/json');
        if (req.method === 'GET') return res.end(JSON.stringify({ code: 1, msg: 'success', data: [] }));
        res.statusCode = 400;
        res.end(JSON.stringify({ code: 0, msg: 'validationError', data: [{ field: 'country', message: 'required' }] }));
      });
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    try {
      const t = fetchTransport({ baseUrl: `${base}/` });
      expect(await t(getWeekSalesDataPage2, { year: 2026, month: 3, country: 'TW', skip: undefined }, { token: 'abc' })).toEqual({ ok: true, data: [] });
      expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/salesData/getweeksalesdatapage2?year=2026&month=3&country=TW' });
      expect(seen[0].headers.authorization).toBe('Bearer abc');
      expect(seen[0].headers['idempotency-key']).toBeUndefined();

      const r = await t(addOrEditWeekSalesData, week(3), { token: 'abc', idempotencyKey: 'key-1' });
      expect(r).toEqual({ ok: false, network: false, status: 400, msg: 'validationError', data: [{ field: 'country', message: 'required' }] });
      expect(seen[1].headers['idempotency-key']).toBe('key-1');
      expect(seen[1].headers['content-type']).toBe('application/json');
      expect(JSON.parse(seen[1].body)).toEqual(week(3));

      // A reply that is not the envelope (a proxy's page) counts as no answer, as does a closed port.
      expect(await t(ping, {}, { token: null })).toEqual({ ok: false, network: true, status: 200 });
      expect(seen[2].headers.authorization).toBeUndefined();
    } finally {
      await new Promise((r) => http.close(r));
    }
    expect(await fetchTransport({ baseUrl: base })(ping, {}, { token: null, timeoutMs: 2000 })).toEqual({ ok: false, network: true });
  });
});
