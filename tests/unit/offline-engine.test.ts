// The sync engine (DESIGN §6) in Node on fake-indexeddb, against an in-memory transport that keeps the server's
// contract (offline-fake-server.ts): replay order, per-account isolation, backoff and Sync now, the 401 pause, conflicts
// on existing adds and stale edits, overwrite and discard, exactly once when a reply is lost, one pass at a time.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createOfflineDb, type OfflineDb } from '@/app/offline/db';
import { createSyncEngine, pauseKey, type SyncEvent } from '@/app/offline/sync-engine';
import { BACKOFF_CAP_MS, discardEntry, enqueueEntry, entriesOf, otherAccountsWaiting, overwriteEntry, retryEntry } from '@/app/offline/outbox';
import { createMutex } from '@/app/offline/transport';
import type { SalesDataFormInput, WeekSalesFormInput } from '@/shared/contracts/sales-data';
import type { SalesTargetFormInput } from '@/shared/contracts/sales-target';
import { FakeServer } from './offline-fake-server';

const T0 = 1_750_000_000_000;
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
const period = (datePeriod: string, country = 'TW'): SalesDataFormInput => ({
  id: 0,
  datePeriod,
  country,
  rules: 2,
  salesDataDetailEntities: [{ id: 0, salesDataDetailSubs: [{ salesDataDate: `${datePeriod}-01`, uploadQuantity: 0, onlineAmount: 5, retailAmount: 7 }] }],
});
const target = (month: number, country = 'TW'): SalesTargetFormInput => ({
  id: 0,
  year: 2026,
  month,
  rule: 1,
  country,
  oihTargetAmount: 0,
  oihCorporateAmount: 0,
  brandCollaboration: 0,
  webSales: 0,
  headOffice: 0,
  salesTargetDetailEntities: [{ id: 0, date: '', productId: 3, targetQuantity: 10, targetAmount: 0, corporatAmount: 0, offlineAmount: 0 }],
});

function setup() {
  const server = new FakeServer();
  server.tokens.set('tok-tw', 'tw.sales');
  server.tokens.set('tok-hk', 'hk.sales');
  const db = createOfflineDb(`offline-test-${crypto.randomUUID()}`);
  dbs.push(db);
  const env = {
    server,
    db,
    session: { account: 'tw.sales', token: 'tok-tw' } as { account: string; token: string } | null,
    now: T0,
    online: true,
    events: [] as SyncEvent[],
  };
  const lock = createMutex();
  const make = () =>
    createSyncEngine({
      db,
      account: () => env.session?.account ?? null,
      token: () => env.session?.token ?? null,
      transport: server.transport,
      lock,
      now: () => env.now,
      isOnline: () => env.online,
      onEvent: (e) => env.events.push(e),
    });
  const engine = make();
  const add = (kind: 'weekSales' | 'salesData' | 'salesTarget', payload: unknown, account = 'tw.sales', op: 'add' | 'edit' | 'copy' = 'add') =>
    enqueueEntry(db, { account, kind, op, payload: payload as never, label: `${kind} ${account}`, now: env.now });
  return { ...env, env, engine, make, add };
}

describe('replay order', () => {
  it('sends the account’s entries in the order they were queued and marks each synced with the stored id and version', async () => {
    const s = setup();
    const a = await s.add('weekSales', week(3));
    const b = await s.add('weekSales', week(1));
    const c = await s.add('weekSales', week(2));
    const r = await s.engine.kick();
    expect(r).toMatchObject({ state: 'done', synced: 3, pending: 0 });
    expect(s.server.writes().map((w) => w.input.monthS)).toEqual([3, 1, 2]);
    expect(s.server.writes().map((w) => w.key)).toEqual([a.id, b.id, c.id]);
    const stored = await entriesOf(s.db, 'tw.sales');
    expect(stored.map((e) => e.status)).toEqual(['synced', 'synced', 'synced']);
    expect(stored.map((e) => e.result?.id)).toEqual(s.server.records.map((x) => x.id));
  });

  it('holds back the later entries while an earlier one waits for its retry', async () => {
    const s = setup();
    await s.add('weekSales', week(1));
    await s.add('weekSales', week(2));
    s.server.writeFaults.push('503');
    const r = await s.engine.kick();
    expect(r.state).toBe('backoff');
    expect(s.server.writes()).toHaveLength(1);
    // Still within the first entry's backoff: nothing goes, not even the second entry.
    s.env.now += 500;
    const r2 = await s.engine.kick();
    expect(r2).toMatchObject({ state: 'backoff', pending: 2 });
    expect(s.server.writes()).toHaveLength(1);
    s.env.now += 600;
    expect(await s.engine.kick()).toMatchObject({ synced: 2, pending: 0 });
    expect(s.server.writes().map((w) => w.input.monthS)).toEqual([1, 1, 2]);
  });

  it('keeps going past a refused entry: it is failed with the server’s message and field errors, the next one is sent', async () => {
    const s = setup();
    const bad = await s.add('weekSales', week(1));
    await s.add('weekSales', week(2));
    const fields = [{ field: 'country', message: 'required' }];
    s.server.writeFaults.push({ status: 400, msg: 'validationError', data: fields });
    const r = await s.engine.kick();
    expect(r).toMatchObject({ failed: 1, synced: 1, pending: 0 });
    const e = await s.db.outbox.get(bad.id);
    expect(e).toMatchObject({ status: 'failed', error: 'validationError', errorData: fields });
    // A refusal is kept for the user; Retry sends it again.
    expect(await retryEntry(s.db, bad.id, s.env.now)).toBe(true);
    expect(await s.engine.kick()).toMatchObject({ synced: 1 });
    expect((await s.db.outbox.get(bad.id))?.status).toBe('synced');
  });

  it('treats 403 and business refusals as failed, not as retries', async () => {
    const s = setup();
    const a = await s.add('weekSales', week(1));
    const b = await s.add('weekSales', week(2));
    s.server.writeFaults.push({ status: 403, msg: '401' }, { status: 200, msg: 'outOfScope' });
    await s.engine.kick();
    expect((await s.db.outbox.get(a.id))).toMatchObject({ status: 'failed', error: '401' });
    expect((await s.db.outbox.get(b.id))).toMatchObject({ status: 'failed', error: 'outOfScope' });
  });
});

describe('per account', () => {
  it('sends only the signed-in account’s entries, with its own token; the others wait, counted per account', async () => {
    const s = setup();
    await s.add('weekSales', week(1, 10, 'HK'), 'hk.sales');
    await s.add('weekSales', week(2), 'tw.sales');
    await s.add('weekSales', week(3, 10, 'HK'), 'hk.sales');
    expect(await otherAccountsWaiting(s.db, 'tw.sales')).toEqual([{ account: 'hk.sales', count: 2 }]);

    await s.engine.kick();
    expect(s.server.writes().map((w) => [w.input.country, w.token])).toEqual([['TW', 'tok-tw']]);
    expect((await entriesOf(s.db, 'hk.sales')).map((e) => e.status)).toEqual(['pending', 'pending']);

    // hk.sales signs in on the same tablet: now its entries go, with its token, and tw.sales's synced one is not resent.
    s.env.session = { account: 'hk.sales', token: 'tok-hk' };
    await s.engine.kick();
    expect(s.server.writes().map((w) => [w.input.country, w.input.monthS, w.token])).toEqual([
      ['TW', 2, 'tok-tw'],
      ['HK', 1, 'tok-hk'],
      ['HK', 3, 'tok-hk'],
    ]);
  });

  it('stops the pass when the session changes under it: no entry goes with another account’s token', async () => {
    const s = setup();
    await s.add('weekSales', week(1));
    await s.add('weekSales', week(2));
    const transport = s.server.transport;
    // Someone else signs in (another tab) while the first entry is on the wire.
    s.server.transport = async (ep, input, opts) => {
      const r = await transport(ep, input, opts);
      if (ep.path.includes('addoreditweeksalesdata')) s.env.session = { account: 'hk.sales', token: 'tok-hk' };
      return r;
    };
    const engine = s.make();
    const r = await engine.kick();
    expect(r.state).toBe('aborted');
    expect(s.server.writes().map((w) => w.token)).toEqual(['tok-tw']);
    expect(s.server.log.filter((c) => c.token === 'tok-hk')).toEqual([]);
    expect((await entriesOf(s.db, 'tw.sales')).map((e) => e.status)).toEqual(['synced', 'pending']);
  });

  it('sends nothing without a session', async () => {
    const s = setup();
    await s.add('weekSales', week(1));
    s.env.session = null;
    expect((await s.engine.kick()).state).toBe('noSession');
    expect(s.server.log).toEqual([]);
  });
});

describe('backoff', () => {
  it('doubles from 1 s up to a 5-minute cap on connection failures, and Sync now starts again at 1 s', async () => {
    const s = setup();
    const e = await s.add('weekSales', week(1));
    const delays: number[] = [];
    for (let i = 0; i < 12; i++) {
      s.server.writeFaults.push(i % 2 ? '503' : 'down');
      const r = await s.engine.kick();
      expect(r.state).toBe('backoff');
      const stored = await s.db.outbox.get(e.id);
      expect(stored).toMatchObject({ status: 'pending', error: 'connectionError' });
      delays.push(stored!.nextAttemptAt - s.env.now);
      s.env.now = stored!.nextAttemptAt;
    }
    expect(delays).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300].map((x) => x * 1000));
    expect(Math.max(...delays)).toBe(BACKOFF_CAP_MS);

    // Waiting 5 minutes: Sync now sends at once, and a new failure waits 1 s again.
    s.env.now -= 1;
    expect((await s.engine.kick()).state).toBe('backoff');
    const sent = s.server.writes().length;
    s.server.writeFaults.push('429');
    await s.engine.syncNow();
    expect(s.server.writes().length).toBe(sent + 1);
    const after = await s.db.outbox.get(e.id);
    expect(after!.nextAttemptAt - s.env.now).toBe(1000);
    await s.engine.syncNow();
    expect((await s.db.outbox.get(e.id))?.status).toBe('synced');
  });

  it('pings before sending: an unreachable server leaves the entries untouched, offline sends nothing at all', async () => {
    const s = setup();
    const e = await s.add('weekSales', week(1));
    s.server.down = true;
    const r = await s.engine.kick();
    expect(r.state).toBe('unreachable');
    expect(r.nextAt).toBe(s.env.now + 1000);
    expect(s.server.log.map((c) => c.path)).toEqual(['/api/ping']);
    expect(await s.db.outbox.get(e.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(s.events).toContainEqual({ type: 'reach', reach: 'unreachable' });

    s.env.online = false;
    s.server.log = [];
    expect((await s.engine.kick()).state).toBe('offline');
    expect(s.server.log).toEqual([]);

    s.env.online = true;
    s.server.down = false;
    expect(await s.engine.kick()).toMatchObject({ synced: 1 });
    expect(s.events).toContainEqual({ type: 'reach', reach: 'reachable' });
  });
});

describe('invalid session', () => {
  it('pauses the account’s queue on 401 without losing anything, and resumes after a new sign-in of that account', async () => {
    const s = setup();
    const a = await s.add('weekSales', week(1));
    const b = await s.add('weekSales', week(2));
    s.server.tokens.delete('tok-tw');
    const r = await s.engine.kick();
    expect(r.state).toBe('paused');
    expect(s.events).toContainEqual({ type: 'paused', account: 'tw.sales' });
    expect((await entriesOf(s.db, 'tw.sales')).map((e) => e.status)).toEqual(['pending', 'pending']);
    expect(await s.db.meta.get(pauseKey('tw.sales'))).toBeTruthy();

    // Still the refused token: nothing is sent, not even a ping.
    s.server.log = [];
    expect((await s.engine.kick()).state).toBe('paused');
    expect(s.server.log).toEqual([]);

    // The same account signs in again (a new token): the queue goes on, with the new token.
    s.server.tokens.set('tok-tw-2', 'tw.sales');
    s.env.session = { account: 'tw.sales', token: 'tok-tw-2' };
    expect(await s.engine.kick()).toMatchObject({ synced: 2, pending: 0 });
    expect(s.events).toContainEqual({ type: 'resumed', account: 'tw.sales' });
    expect(s.server.writes().filter((w) => w.token === 'tok-tw-2').map((w) => w.key)).toEqual([a.id, b.id]);
    expect(await s.db.meta.get(pauseKey('tw.sales'))).toBeUndefined();
  });

  it('pauses on a 401 of the write itself too, and keeps that entry for the resend', async () => {
    const s = setup();
    const a = await s.add('weekSales', week(1));
    s.server.writeFaults.push('401');
    expect((await s.engine.kick()).state).toBe('paused');
    expect(await s.db.outbox.get(a.id)).toMatchObject({ status: 'pending', attempts: 1 });
  });
});

describe('conflicts', () => {
  it('an add of weekly sales for a month the server has becomes a conflict, before anything is written', async () => {
    const s = setup();
    const rec = s.server.seed('weekSales', { ...week(11), id: 0 }, 4);
    const e = await s.add('weekSales', week(11, 999));
    const r = await s.engine.kick();
    expect(r.conflicts).toBe(1);
    expect(s.server.writes()).toEqual([]);
    expect(await s.db.outbox.get(e.id)).toMatchObject({ status: 'conflict', conflict: { reason: 'exists', serverId: rec.id, serverVersion: 4 } });
    expect(s.server.records).toHaveLength(1);
  });

  it('period sales data and targets run their existence checks and find the existing record’s id', async () => {
    const s = setup();
    const sd = s.server.seed('salesData', period('2026-10'), 2);
    const st = s.server.seed('salesTarget', target(12), 3);
    const a = await s.add('salesData', period('2026-10'));
    const b = await s.add('salesTarget', target(12));
    const c = await s.add('salesTarget', target(12), 'tw.sales', 'copy');
    const d = await s.add('salesData', period('2026-09'));
    await s.engine.kick();
    expect((await s.db.outbox.get(a.id))?.conflict).toEqual({ reason: 'exists', serverId: sd.id, serverVersion: 2 });
    expect((await s.db.outbox.get(b.id))?.conflict).toEqual({ reason: 'exists', serverId: st.id, serverVersion: 3 });
    expect((await s.db.outbox.get(c.id))?.conflict).toEqual({ reason: 'exists', serverId: st.id, serverVersion: 3 });
    expect((await s.db.outbox.get(d.id))?.status).toBe('synced');
    const paths = s.server.log.map((x) => x.path);
    expect(paths).toContain('/api/salesData/salesdataexist');
    expect(paths).toContain('/api/salestarget/salestargetexist');
    expect(s.server.writes().map((w) => w.input.datePeriod)).toEqual(['2026-09']);
  });

  it('an edit based on an old version becomes a stale conflict carrying the server’s version', async () => {
    const s = setup();
    const rec = s.server.seed('weekSales', week(5), 3);
    const e = await s.add('weekSales', { ...week(5, 50), id: rec.id, version: 2 }, 'tw.sales', 'edit');
    await s.engine.kick();
    expect(await s.db.outbox.get(e.id)).toMatchObject({ status: 'conflict', error: 'staleVersion', conflict: { reason: 'stale', serverId: rec.id, serverVersion: 3 } });
    expect(rec.version).toBe(3);
  });

  it('"Overwrite with mine" turns the conflict into an edit of the server’s record with a fresh key; it then syncs', async () => {
    const s = setup();
    const rec = s.server.seed('weekSales', week(11), 4);
    const e = await s.add('weekSales', week(11, 999));
    await s.engine.kick();
    expect((await s.db.outbox.get(e.id))?.status).toBe('conflict');

    expect(await overwriteEntry(s.db, e.id, rec.id, 4, s.env.now)).toBe(true);
    const o = await s.db.outbox.get(e.id);
    expect(o).toMatchObject({ status: 'pending', op: 'edit', attempts: 0, payload: { id: rec.id, version: 4 } });
    expect(o!.key).toBeTruthy();
    expect(o!.key).not.toBe(e.id);
    expect(o!.conflict).toBeUndefined();

    await s.engine.kick();
    expect(await s.db.outbox.get(e.id)).toMatchObject({ status: 'synced', result: { id: rec.id, version: 5 } });
    expect(rec.body.salesDataDetailEntities).toEqual(week(11, 999).salesDataDetailEntities);
    expect(s.server.writes().at(-1)?.key).toBe(o!.key);
    // Only a conflict can be overwritten.
    expect(await overwriteEntry(s.db, e.id, rec.id, 5)).toBe(false);
  });

  it('"Discard mine" deletes the entry and its draft copy; an entry on the wire cannot be discarded', async () => {
    const s = setup();
    s.server.seed('weekSales', week(11), 1);
    const e = await enqueueEntry(s.db, { account: 'tw.sales', kind: 'weekSales', op: 'add', payload: week(11), label: 'TW 2026-11', draftValues: { form: 1 } });
    await s.engine.kick();
    expect((await s.db.outbox.get(e.id))?.status).toBe('conflict');
    expect(await s.db.drafts.get(['tw.sales', e.draftKey!])).toBeTruthy();
    expect(await discardEntry(s.db, e.id)).toBe(true);
    expect(await s.db.outbox.get(e.id)).toBeUndefined();
    expect(await s.db.drafts.get(['tw.sales', e.draftKey!])).toBeUndefined();

    const f = await s.add('weekSales', week(1));
    await s.db.outbox.update(f.id, { status: 'sending' });
    expect(await discardEntry(s.db, f.id)).toBe(false);
    expect(await s.db.outbox.get(f.id)).toBeTruthy();
  });
});

describe('exactly once', () => {
  it('a write the server applied whose reply was lost is resent with the same key and answered from the stored reply', async () => {
    const s = setup();
    const e = await s.add('weekSales', week(7, 70));
    s.server.writeFaults.push('drop');
    const r = await s.engine.kick();
    expect(r.state).toBe('backoff');
    expect(s.server.records).toHaveLength(1);
    expect(await s.db.outbox.get(e.id)).toMatchObject({ status: 'pending', attempts: 1, error: 'connectionError' });

    await s.engine.syncNow();
    const writes = s.server.writes();
    expect(writes.map((w) => w.key)).toEqual([e.id, e.id]);
    // No existence check on the resend (it would have found the record and called it a conflict).
    expect(s.server.log.filter((c) => c.path.endsWith('getweeksalesdatapage2'))).toHaveLength(1);
    expect(s.server.records).toHaveLength(1);
    expect(await s.db.outbox.get(e.id)).toMatchObject({ status: 'synced', result: { id: s.server.records[0].id, version: 1 } });
  });

  it('a resent add whose first send never arrived, meeting a record someone else added, is a conflict with its id', async () => {
    const s = setup();
    const e = await s.add('weekSales', week(8));
    s.server.writeFaults.push('down');
    await s.engine.kick();
    const other = s.server.seed('weekSales', week(8, 5), 1);
    await s.engine.syncNow();
    expect(await s.db.outbox.get(e.id)).toMatchObject({ status: 'conflict', conflict: { reason: 'exists', serverId: other.id, serverVersion: 1 } });
  });

  it('an entry left "sending" by a closed tab is resent with its key by the next pass', async () => {
    const s = setup();
    const e = await s.add('weekSales', week(9));
    s.server.writeFaults.push('drop');
    await s.engine.kick();
    await s.db.outbox.update(e.id, { status: 'sending', nextAttemptAt: 0 });
    await s.engine.kick();
    expect(await s.db.outbox.get(e.id)).toMatchObject({ status: 'synced', attempts: 2 });
    expect(s.server.records).toHaveLength(1);
  });

  it('two engines on one device (two tabs) replay the queue one pass at a time: every entry is written once', async () => {
    const s = setup();
    for (let m = 1; m <= 6; m++) await s.add('weekSales', week(m));
    // Slow writes, so that two unguarded passes would overlap (and the second would take the first's "sending" rows).
    // (One pass overlaps a write with the next entry's existence check, a read; writes never overlap.)
    const transport = s.server.transport;
    let inFlight = 0;
    let most = 0;
    s.server.transport = async (ep, input, opts) => {
      const write = !!opts.idempotencyKey;
      if (write) most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 5));
      try {
        return await transport(ep, input, opts);
      } finally {
        if (write) inFlight--;
      }
    };
    const first = s.make();
    const other = s.make();
    const results = await Promise.all([first.kick(), other.kick(), first.syncNow(), other.syncNow()]);
    expect(results.reduce((n, r) => n + r.synced, 0)).toBe(6);
    expect(most).toBe(1);
    expect(s.server.writes()).toHaveLength(6);
    expect(s.server.writes().map((w) => w.input.monthS)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(s.server.writes().map((w) => w.key)).size).toBe(6);
    expect(s.server.records).toHaveLength(6);
  });
});

describe('synced entries', () => {
  it('drop their draft copy at once and are purged after a day; unsynced entries are never purged by age', async () => {
    const s = setup();
    const a = await enqueueEntry(s.db, { account: 'tw.sales', kind: 'weekSales', op: 'add', payload: week(1), label: 'a', draftValues: { x: 1 }, now: s.env.now });
    const old = await enqueueEntry(s.db, { account: 'hk.sales', kind: 'weekSales', op: 'add', payload: week(1, 1, 'HK'), label: 'b', now: s.env.now });
    await s.engine.kick();
    expect((await s.db.outbox.get(a.id))?.status).toBe('synced');
    expect(await s.db.drafts.get(['tw.sales', a.draftKey!])).toBeUndefined();

    s.env.now += 25 * 60 * 60 * 1000;
    await s.engine.kick();
    expect(await s.db.outbox.get(a.id)).toBeUndefined();
    s.env.now += 365 * 24 * 60 * 60 * 1000;
    await s.engine.kick();
    expect(await s.db.outbox.get(old.id)).toMatchObject({ status: 'pending' });
  });
});
