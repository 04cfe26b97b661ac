// How the sync engine walks the outbox quickly without loosening DESIGN §6, in Node on fake-indexeddb against the
// in-memory server (offline-fake-server.ts): the next entry's existence check overlaps the write on the wire (but
// waits when both are for the same record, and a record added meanwhile still ends as a conflict); weekly months are
// checked a country-year at a time for a few seconds; a synced row stored with the next claim survives a crash in
// between as a resend with the same key; the schema's version 2 keeps every row of version 1 and finds them by index.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { createOfflineDb, DB_NAME, type OfflineDb } from '@/app/offline/db';
import { CHECK_FRESH_MS, createSyncEngine, type SyncEngineDeps } from '@/app/offline/sync-engine';
import { enqueueEntry, entriesOf, overwriteEntry, purgeSynced, SYNCED_KEEP_MS } from '@/app/offline/outbox';
import { createMutex, type Transport } from '@/app/offline/transport';
import type { SalesDataFormInput, WeekSalesFormInput } from '@/shared/contracts/sales-data';
import type { OutboxEntry } from '@/app/offline/types';
import { FakeServer } from './offline-fake-server';

const T0 = 1_750_000_000_000;
const dbs: OfflineDb[] = [];
const rawDbs: Dexie[] = [];

afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await db.delete();
  }
  for (const db of rawDbs.splice(0)) {
    db.close();
    await db.delete();
  }
});

const week = (year: number, month: number, country = 'TW', amount = 100): WeekSalesFormInput => ({
  id: 0,
  country,
  yearS: year,
  monthS: month,
  salesDataDetailEntities: [{ id: 0, salesDataDetailSubs: [{ salesDataDate: `${year}-${String(month).padStart(2, '0')}-07`, uploadAmount: amount }] }],
});
const period = (datePeriod: string, country = 'TW'): SalesDataFormInput => ({
  id: 0,
  datePeriod,
  country,
  rules: 2,
  salesDataDetailEntities: [{ id: 0, salesDataDetailSubs: [{ salesDataDate: `${datePeriod}-01`, uploadQuantity: 0, onlineAmount: 5, retailAmount: 7 }] }],
});

/** A label per call: the last path segment plus the period it is about (year-wide weekly checks say so). */
function labelOf(path: string, input: Record<string, unknown>): string {
  const name = path.split('/').pop()!;
  if (input.datePeriod) return `${name} ${input.datePeriod}`;
  if (input.yearS) return `${name} ${input.country} ${input.yearS}-${input.monthS}`;
  if (input.year) return `${name} ${input.country} ${input.year}${input.month === undefined ? '' : `-${input.month}`}`;
  return name;
}

function setup(extra: Partial<SyncEngineDeps> = {}) {
  const server = new FakeServer();
  server.tokens.set('tok-tw', 'tw.sales');
  const db = createOfflineDb(`offline-pipeline-${crypto.randomUUID()}`);
  dbs.push(db);
  const env = { now: T0, trace: [] as string[], onWriteSent: null as null | ((label: string) => void), afterWrite: null as null | ((label: string) => void) };
  // Writes take a few ms on the wire, so what goes meanwhile shows in the trace ("> " sent, "< " answered).
  const transport: Transport = async (ep, input, opts) => {
    const label = labelOf(ep.path, (input ?? {}) as Record<string, unknown>);
    const write = !!opts.idempotencyKey;
    env.trace.push(`> ${label}`);
    if (write) {
      env.onWriteSent?.(label);
      await new Promise((r) => setTimeout(r, 5));
    }
    const r = await server.transport(ep, input, opts);
    env.trace.push(`< ${label}`);
    if (write) env.afterWrite?.(label);
    return r;
  };
  const make = (d: OfflineDb = db) =>
    createSyncEngine({ db: d, account: () => 'tw.sales', token: () => 'tok-tw', transport, lock: createMutex(), now: () => env.now, isOnline: () => true, ...extra });
  const add = (kind: 'weekSales' | 'salesData', payload: unknown, d: OfflineDb = db) =>
    enqueueEntry(d, { account: 'tw.sales', kind, op: 'add', payload: payload as never, label: kind, now: env.now });
  return { server, db, env, make, add };
}

const checks = (trace: string[]) => trace.filter((t) => t.startsWith('> getweeksalesdatapage2') || t.startsWith('> salesdataexist'));

describe('the next entry’s existence check overlaps the write on the wire', () => {
  it('asks the next add’s check while the current write is on the wire, and sends the writes in queue order', async () => {
    const s = setup();
    await s.add('salesData', period('2026-01'));
    await s.add('salesData', period('2026-02'));
    await s.add('salesData', period('2026-03'));
    expect(await s.make().kick()).toMatchObject({ state: 'done', synced: 3, pending: 0 });
    expect(s.env.trace).toEqual([
      '> ping',
      '< ping',
      '> salesdataexist 2026-01',
      '< salesdataexist 2026-01',
      '> addoreditsalesdata 2026-01',
      '> salesdataexist 2026-02',
      '< salesdataexist 2026-02',
      '< addoreditsalesdata 2026-01',
      '> addoreditsalesdata 2026-02',
      '> salesdataexist 2026-03',
      '< salesdataexist 2026-03',
      '< addoreditsalesdata 2026-02',
      '> addoreditsalesdata 2026-03',
      '< addoreditsalesdata 2026-03',
    ]);
  });

  it('waits for the write when the next add is for the same record: a conflict before anything is written', async () => {
    const s = setup();
    const a = await s.add('salesData', period('2026-04'));
    const b = await s.add('salesData', period('2026-04'));
    const r = await s.make().kick();
    expect(r).toMatchObject({ synced: 1, conflicts: 1 });
    // Not asked early; then answered by what the pass just wrote (what a fresh check would say), so not asked at all.
    expect(checks(s.env.trace)).toEqual(['> salesdataexist 2026-04']);
    expect(s.server.writes().map((w) => w.key)).toEqual([a.id]);
    const first = await s.db.outbox.get(a.id);
    expect(await s.db.outbox.get(b.id)).toMatchObject({ status: 'conflict', attempts: 0, conflict: { reason: 'exists', serverId: first!.result!.id } });
  });

  it('a record someone adds after the early check is still refused by the server and becomes a conflict', async () => {
    const s = setup();
    await s.add('salesData', period('2026-05'));
    const b = await s.add('salesData', period('2026-06'));
    const other: { rec?: { id: number } } = {};
    // Another device adds June once this device's early check of June has been answered "none".
    s.env.afterWrite = (label) => {
      if (label === 'addoreditsalesdata 2026-05') other.rec = s.server.seed('salesData', period('2026-06'), 3);
    };
    const r = await s.make().kick();
    expect(r).toMatchObject({ synced: 1, conflicts: 1 });
    expect(s.env.trace.indexOf('< salesdataexist 2026-06')).toBeLessThan(s.env.trace.indexOf('< addoreditsalesdata 2026-05'));
    expect(await s.db.outbox.get(b.id)).toMatchObject({ status: 'conflict', conflict: { reason: 'exists', serverId: other.rec!.id, serverVersion: 3 } });
    expect(s.server.records.filter((x) => x.body.datePeriod === '2026-06')).toHaveLength(1);
  });

  it('drops the early answer when the pass stops: the next pass checks again before writing', async () => {
    const s = setup();
    await s.add('salesData', period('2026-07'));
    const b = await s.add('salesData', period('2026-08'));
    s.server.writeFaults.push('503');
    expect((await s.make().kick()).state).toBe('backoff');
    expect(await s.db.outbox.get(b.id)).toMatchObject({ status: 'pending', attempts: 0 });
    // Someone adds August meanwhile: the next pass asks again and finds it, before anything is written for it.
    const other = s.server.seed('salesData', period('2026-08'), 1);
    s.env.now += 2_000;
    s.env.trace = [];
    expect(await s.make().kick()).toMatchObject({ synced: 1, conflicts: 1 });
    expect(checks(s.env.trace)).toEqual(['> salesdataexist 2026-08']);
    expect(s.server.writes().filter((w) => w.input.datePeriod === '2026-08')).toEqual([]);
    expect((await s.db.outbox.get(b.id))?.conflict?.serverId).toBe(other.id);
  });
});

describe('weekly months are checked a country-year at a time', () => {
  it('one check per country and year answers its months; an existing month and a month queued twice are conflicts before writing', async () => {
    const s = setup();
    const existing = s.server.seed('weekSales', week(2026, 5), 4);
    const ids: Record<string, string> = {};
    for (const m of [1, 2, 3, 4, 5, 6]) ids[`TW ${m}`] = (await s.add('weekSales', week(2026, m))).id;
    ids['SG 1'] = (await s.add('weekSales', week(2026, 1, 'SG'))).id;
    ids['TW 3 again'] = (await s.add('weekSales', week(2026, 3, 'TW', 300))).id;
    ids['TW 2027-1'] = (await s.add('weekSales', week(2027, 1))).id;
    const r = await s.make().kick();
    expect(r).toMatchObject({ state: 'done', synced: 7, conflicts: 2, pending: 0 });
    expect(checks(s.env.trace)).toEqual(['> getweeksalesdatapage2 TW 2026', '> getweeksalesdatapage2 SG 2026', '> getweeksalesdatapage2 TW 2027']);
    expect(await s.db.outbox.get(ids['TW 5'])).toMatchObject({ status: 'conflict', conflict: { reason: 'exists', serverId: existing.id, serverVersion: 4 } });
    const march = await s.db.outbox.get(ids['TW 3']);
    expect(await s.db.outbox.get(ids['TW 3 again'])).toMatchObject({ status: 'conflict', attempts: 0, conflict: { serverId: march!.result!.id } });
    // Nothing was written for either conflict; every other month once.
    expect(s.server.writes().map((w) => `${w.input.country} ${w.input.yearS}-${w.input.monthS}`)).toEqual([
      'TW 2026-1',
      'TW 2026-2',
      'TW 2026-3',
      'TW 2026-4',
      'TW 2026-6',
      'SG 2026-1',
      'TW 2027-1',
    ]);
  });

  it(`asks again once an answer is older than ${CHECK_FRESH_MS / 1000} s`, async () => {
    const s = setup();
    for (const m of [1, 2, 3, 4]) await s.add('weekSales', week(2026, m));
    // Each write takes 3 s here: the year's answer (asked at 0 s) serves months 1 and 2, month 3 (at 6 s) asks again.
    s.env.afterWrite = () => (s.env.now += 3_000);
    expect(await s.make().kick()).toMatchObject({ synced: 4 });
    expect(checks(s.env.trace)).toEqual(['> getweeksalesdatapage2 TW 2026', '> getweeksalesdatapage2 TW 2026']);
  });

  it('with checkFreshMs 0 every weekly add asks its own month, as the form does', async () => {
    const s = setup({ checkFreshMs: 0 });
    for (const m of [1, 2]) await s.add('weekSales', week(2026, m));
    await s.make().kick();
    expect(checks(s.env.trace)).toEqual(['> getweeksalesdatapage2 TW 2026-1', '> getweeksalesdatapage2 TW 2026-2']);
  });

  it('an edit the pass sends may move a record: later adds ask the server again', async () => {
    const s = setup();
    const rec = s.server.seed('weekSales', week(2026, 8), 1);
    await s.add('weekSales', week(2026, 1));
    // The edit moves the record from August to September: August is free afterwards.
    await enqueueEntry(s.db, { account: 'tw.sales', kind: 'weekSales', op: 'edit', payload: { ...week(2026, 9), id: rec.id, version: 1 }, label: 'edit', now: s.env.now });
    const aug = await s.add('weekSales', week(2026, 8));
    expect(await s.make().kick()).toMatchObject({ synced: 3, conflicts: 0 });
    expect(checks(s.env.trace)).toEqual(['> getweeksalesdatapage2 TW 2026', '> getweeksalesdatapage2 TW 2026']);
    expect((await s.db.outbox.get(aug.id))?.status).toBe('synced');
  });
});

describe('one write per entry', () => {
  it('a synced row not yet stored when the pass dies is resent with its key and answered from the stored reply', async () => {
    const name = `offline-pipeline-crash-${crypto.randomUUID()}`;
    const s = setup();
    const db = createOfflineDb(name);
    const a = await s.add('weekSales', week(2026, 1), db);
    const b = await s.add('weekSales', week(2026, 2), db);
    // The tab dies right after the server answered the first write: its synced row rides with the next claim, which
    // never commits.
    s.env.afterWrite = (label) => {
      if (label.endsWith('2026-1')) db.close({ disableAutoOpen: true });
    };
    const r = await s.make(db).kick();
    expect(r.state).toBe('aborted');
    expect(s.server.records).toHaveLength(1);

    const again = createOfflineDb(name);
    dbs.push(again);
    expect(await again.outbox.get(a.id)).toMatchObject({ status: 'sending', attempts: 1 });
    s.env.afterWrite = null;
    expect(await s.make(again).kick()).toMatchObject({ synced: 2, pending: 0 });
    expect(s.server.writes().map((w) => w.key)).toEqual([a.id, a.id, b.id]);
    expect(s.server.records).toHaveLength(2);
    const stored = await entriesOf(again, 'tw.sales');
    expect(stored.map((e) => [e.status, e.result?.id])).toEqual([
      ['synced', s.server.records[0].id],
      ['synced', s.server.records[1].id],
    ]);
  });

  it('stores every synced row and drops the draft copies by the end of the pass', async () => {
    const s = setup();
    const entries: OutboxEntry[] = [];
    for (const m of [1, 2, 3]) entries.push(await enqueueEntry(s.db, { account: 'tw.sales', kind: 'weekSales', op: 'add', payload: week(2026, m), label: 'x', draftValues: { m } }));
    const synced: string[] = [];
    const engine = createSyncEngine({
      db: s.db,
      account: () => 'tw.sales',
      token: () => 'tok-tw',
      transport: s.server.transport,
      lock: createMutex(),
      onEvent: (e) => {
        if (e.type === 'synced') synced.push(e.entry.id);
      },
    });
    expect(await engine.kick()).toMatchObject({ synced: 3 });
    expect(synced).toEqual(entries.map((e) => e.id));
    expect((await entriesOf(s.db, 'tw.sales')).map((e) => e.status)).toEqual(['synced', 'synced', 'synced']);
    expect(await s.db.drafts.count()).toBe(0);
  });

  it('picks up an entry queued while the pass runs, after the ones before it', async () => {
    const s = setup();
    await s.add('weekSales', week(2026, 1));
    const late: { entry?: Promise<OutboxEntry> } = {};
    s.env.onWriteSent = (label) => {
      if (label.endsWith('2026-1')) late.entry ??= s.add('weekSales', week(2026, 2));
    };
    expect(await s.make().kick()).toMatchObject({ synced: 2, pending: 0 });
    expect(s.server.writes().map((w) => w.input.monthS)).toEqual([1, 2]);
    expect((await s.db.outbox.get((await late.entry!).id))?.status).toBe('synced');
  });
});

describe('schema version 2', () => {
  /** Version 1 exactly as the first release declared it. */
  function versionOne(name: string) {
    const db = new Dexie(name);
    db.version(1).stores({ outbox: 'id, account, [account+seq], status, [account+status]', drafts: '[account+key], account, savedAt', meta: 'key' });
    return db;
  }

  it('keeps every row of version 1 (all statuses, drafts, state) and finds them by its new indexes', async () => {
    const name = `offline-upgrade-${crypto.randomUUID()}`;
    const old = versionOne(name);
    const row = (id: string, seq: number, status: OutboxEntry['status'], op: OutboxEntry['op'], payload: unknown, account = 'tw.sales'): OutboxEntry =>
      ({ id, account, seq, kind: 'weekSales', op, payload, label: id, status, attempts: status === 'sending' ? 1 : 0, nextAttemptAt: 0, createdAt: T0, updatedAt: T0 }) as OutboxEntry;
    const rows = [
      row('a', 1, 'pending', 'add', week(2026, 1)),
      row('b', 2, 'failed', 'edit', { ...week(2026, 2), id: 7, version: 1 }),
      row('c', 3, 'conflict', 'add', week(2026, 3)),
      row('d', 4, 'sending', 'edit', { ...week(2026, 4), id: 8, version: 2 }),
      row('e', 5, 'synced', 'add', week(2026, 5)),
      row('f', 6, 'pending', 'add', week(2026, 6, 'HK'), 'hk.sales'),
    ];
    rows[0].draftKey = 'outbox:a';
    await old.table('outbox').bulkAdd(rows);
    await old.table('drafts').bulkAdd([
      { account: 'tw.sales', key: 'outbox:a', kind: 'weekSales', values: { v: 1 }, savedAt: T0 },
      { account: 'tw.sales', key: 'weekSales:add:new', kind: 'weekSales', values: { v: 2 }, savedAt: T0 },
    ]);
    await old.table('meta').bulkAdd([
      { key: 'seq', value: 6 },
      { key: 'pause:hk.sales', value: { tag: 'x', at: T0 } },
    ]);
    old.close();

    const db = createOfflineDb(name);
    dbs.push(db);
    await db.open();
    expect(db.verno).toBe(2);
    const after = await db.outbox.toArray();
    expect(after).toHaveLength(rows.length);
    for (const r of rows) expect(await db.outbox.get(r.id)).toMatchObject({ ...r, editOf: r.op === 'edit' ? (r.payload as { id: number }).id : 0 });
    expect(await db.drafts.count()).toBe(2);
    expect(await db.meta.get('seq')).toEqual({ key: 'seq', value: 6 });
    expect(await db.meta.get('pause:hk.sales')).toBeTruthy();

    // The new indexes answer for the old rows: the queue by status, an edit replaced by a newer one, a draft copy's
    // entry replaced, the next sequence number.
    expect((await entriesOf(db, 'tw.sales')).map((e) => e.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    const edit = await enqueueEntry(db, { account: 'tw.sales', kind: 'weekSales', op: 'edit', payload: { ...week(2026, 2, 'TW', 9), id: 7, version: 1 }, label: 'b2' });
    expect(edit.seq).toBe(7);
    expect(await db.outbox.get('b')).toBeUndefined();
    const fromCopy = await enqueueEntry(db, { account: 'tw.sales', kind: 'weekSales', op: 'add', payload: week(2026, 1, 'TW', 5), label: 'a2', fromDraftKey: 'outbox:a' });
    expect(await db.outbox.get('a')).toBeUndefined();
    expect(await db.drafts.get(['tw.sales', 'outbox:a'])).toBeUndefined();
    // An edit on the wire is never replaced.
    await enqueueEntry(db, { account: 'tw.sales', kind: 'weekSales', op: 'edit', payload: { ...week(2026, 4), id: 8, version: 2 }, label: 'd2' });
    expect(await db.outbox.get('d')).toMatchObject({ status: 'sending' });
    expect((await entriesOf(db, 'tw.sales')).map((e) => e.id)).toEqual(['c', 'd', 'e', edit.id, fromCopy.id, expect.any(String)]);
  });

  it('the app database opens at version 2 under its usual name', async () => {
    const db = createOfflineDb(DB_NAME);
    dbs.push(db);
    await db.open();
    expect(db.verno).toBe(2);
    expect(db.outbox.schema.indexes.map((i) => i.name).sort()).toEqual(['[account+kind+editOf]', '[account+seq]', '[account+status+seq]', '[status+updatedAt]']);
  });
});

describe('replacement and purge by index', () => {
  it('a newer edit replaces pending, failed and conflicting edits of the record only, of that kind and account', async () => {
    const s = setup();
    const edit = (id: number, kind: 'weekSales' | 'salesData' = 'weekSales', account = 'tw.sales') =>
      enqueueEntry(s.db, { account, kind, op: 'edit', payload: { ...(kind === 'weekSales' ? week(2026, 1) : period('2026-01')), id, version: 1 } as never, label: 'e' });
    const failed = await edit(5);
    await s.db.outbox.update(failed.id, { status: 'failed' });
    const synced = await edit(6);
    await s.db.outbox.update(synced.id, { status: 'synced' });
    const otherKind = await edit(5, 'salesData');
    const otherAccount = await edit(5, 'weekSales', 'hk.sales');
    const otherRecord = await edit(4);
    const add = await s.add('weekSales', week(2026, 1));
    const newer = await edit(5);
    const newest6 = await edit(6);
    const left = new Set([...(await entriesOf(s.db, 'tw.sales')), ...(await entriesOf(s.db, 'hk.sales'))].map((e) => e.id));
    expect(left).toEqual(new Set([synced.id, otherKind.id, otherAccount.id, otherRecord.id, add.id, newer.id, newest6.id]));
  });

  it('an overwritten conflict is an edit of the server’s record: a later edit of that record replaces it', async () => {
    const s = setup();
    const e = await s.add('weekSales', week(2026, 1));
    await s.db.outbox.update(e.id, { status: 'conflict' });
    expect(await overwriteEntry(s.db, e.id, 42, 3)).toBe(true);
    const later = await enqueueEntry(s.db, { account: 'tw.sales', kind: 'weekSales', op: 'edit', payload: { ...week(2026, 1, 'TW', 1), id: 42, version: 3 }, label: 'x' });
    expect((await entriesOf(s.db, 'tw.sales')).map((x) => x.id)).toEqual([later.id]);
  });

  it('purges synced rows older than a day, of every account, and nothing else', async () => {
    const s = setup();
    const mk = async (account: string, status: OutboxEntry['status'], age: number) => {
      const e = await enqueueEntry(s.db, { account, kind: 'weekSales', op: 'add', payload: week(2026, 1), label: 'x' });
      await s.db.outbox.update(e.id, { status, updatedAt: T0 - age });
      return e.id;
    };
    const oldSynced = [await mk('tw.sales', 'synced', SYNCED_KEEP_MS + 1), await mk('hk.sales', 'synced', SYNCED_KEEP_MS + 5)];
    const kept = [
      await mk('tw.sales', 'synced', SYNCED_KEEP_MS - 1),
      await mk('tw.sales', 'pending', 10 * SYNCED_KEEP_MS),
      await mk('tw.sales', 'failed', 10 * SYNCED_KEEP_MS),
      await mk('tw.sales', 'conflict', 10 * SYNCED_KEEP_MS),
      await mk('hk.sales', 'sending', 10 * SYNCED_KEEP_MS),
    ];
    expect(await purgeSynced(s.db, T0)).toBe(2);
    for (const id of oldSynced) expect(await s.db.outbox.get(id)).toBeUndefined();
    for (const id of kept) expect(await s.db.outbox.get(id)).toBeTruthy();
  });
});
