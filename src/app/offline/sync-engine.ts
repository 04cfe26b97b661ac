// The sync engine (DESIGN §6): replays the signed-in account's outbox to the server, in queue order, one pass at a time
// per device (a Web Lock; a mutex where there is none). It keeps the server's rules on replay: an add that was never
// sent runs the form's existence check first (an existing record is a conflict, not a duplicate); a resend after a lost
// reply goes with the same Idempotency-Key, so the server answers with its stored reply instead of applying it twice;
// an edit carries its base version and a stale one becomes a conflict. Connection failures back off (1 s … 5 min);
// an invalid session pauses the account's queue until that account signs in again; refusals are kept as failed.
// Walking the queue costs little beside the calls: the pending entries are read by index a page at a time; the next
// entry's existence check overlaps the write on the wire (weekly months are checked a country-year at a time, see
// existenceChecks); an entry's synced row is stored with the next entry's claim, one transaction per entry.
// Built from injected pieces (database, session getters, transport, lock, clock, timers) so it also runs in Node
// (fake-indexeddb, fetchTransport) for tests and benchmarks: createSyncEngine({ db, account, token, baseUrl }).
import { ping } from '@/shared/contracts/system';
import { parsePeriod } from '@/shared/domain/sales';
import type { Endpoint } from '@/shared/contracts/endpoint';
import {
  addOrEditSalesData,
  addOrEditWeekSalesData,
  getSalesDataPage,
  getWeekSalesDataPage2,
  salesDataExist,
  type SalesDataFormInput,
  type WeekSalesFormInput,
} from '@/shared/contracts/sales-data';
import { addOrEditSalesTarget, copySalesTarget, getSalesTargetPage, salesTargetExist, type SalesTargetFormInput } from '@/shared/contracts/sales-target';
import type { OfflineDb } from './db';
import { backoffDelay, entriesWith, idempotencyKeyOf, purgeSynced, recordIdOf, resetBackoff } from './outbox';
import { defaultLock, fetchTransport, type LockFn, type SendResult, type Transport } from './transport';
import type { OutboxEntry } from './types';

export const SYNC_LOCK = 'salesdesk-sync';
/** A ping's timeout: reachability must be decided quickly. */
export const PING_TIMEOUT_MS = 5_000;
/** A write's timeout: a big month of rows on a slow link still fits. */
export const SEND_TIMEOUT_MS = 30_000;
/** Unreachable server: pings back off like sends, but never wait longer than this. */
export const PING_BACKOFF_CAP_MS = 60_000;
/** While entries wait with nothing else scheduled (offline, a pass cut short), look again this often. */
export const IDLE_POLL_MS = 30_000;
/**
 * How long an existence answer stands for later entries of the same pass: a year of weekly months (one check answers
 * the year's twelve), or a record the pass itself just wrote. Older answers are asked again.
 */
export const CHECK_FRESH_MS = 5_000;
/** Pending entries read per index lookup while a pass walks the queue. */
export const QUEUE_PAGE = 100;

/** The messages that say "this record exists already" for an add, per area. */
const DUPLICATE = new Set(['dataDuplication', 'hasSalesData', 'hasTarget']);

export type Reach = 'reachable' | 'unreachable' | 'offline';

export interface PassResult {
  /**
   * idle: nothing waiting; done: every sendable entry went; offline / unreachable: nothing sent; paused: the session is
   * invalid; backoff: the next entry waits for its retry time; noSession: nobody signed in; aborted: the session
   * changed during the pass.
   */
  state: 'idle' | 'done' | 'offline' | 'unreachable' | 'paused' | 'backoff' | 'noSession' | 'aborted';
  synced: number;
  failed: number;
  conflicts: number;
  /** The account's entries still waiting after the pass. */
  pending: number;
  /** When the engine tries again on its own (epoch ms), if it does. */
  nextAt: number | null;
}

export type SyncEvent =
  | { type: 'synced'; entry: OutboxEntry }
  | { type: 'failed'; entry: OutboxEntry }
  | { type: 'conflict'; entry: OutboxEntry }
  | { type: 'paused'; account: string }
  | { type: 'resumed'; account: string }
  | { type: 'reach'; reach: Reach }
  | { type: 'pass'; result: PassResult };

export interface SyncEngineDeps {
  db: OfflineDb;
  /** The signed-in account number (null: nobody). Read with `token` before every step: a switch stops the pass. */
  account(): string | null;
  token(): string | null;
  /** How calls reach the server. Default: fetchTransport({ baseUrl, fetch }). */
  transport?: Transport;
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Default: the Web Lock, else an in-process mutex. */
  lock?: LockFn;
  /** Default Date.now. */
  now?(): number;
  /** Default: navigator.onLine where there is a navigator, else true. False means offline; true does not mean reachable. */
  isOnline?(): boolean;
  setTimer?(fn: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
  onEvent?(e: SyncEvent): void;
  pingTimeoutMs?: number;
  sendTimeoutMs?: number;
  /** How long an existence answer stands for later entries of a pass (CHECK_FRESH_MS); 0: every add asks its own. */
  checkFreshMs?: number;
}

export interface SyncEngine {
  /** Listens for the triggers (online, visibility, the service worker's sync message, its own timer) and runs a pass. */
  start(): void;
  /** Stops listening and the timer; a pass on the wire finishes. */
  stop(): void;
  /** A pass that respects backoff (what the triggers run). Resolves when a pass that began after the call ends. */
  kick(): Promise<PassResult>;
  /** "Sync now": resets the account's backoff, then a pass. */
  syncNow(): Promise<PassResult>;
  readonly started: boolean;
  readonly lastResult: PassResult | null;
}

/** The pause note keeps a fingerprint of the token it was refused with, never the token. */
export function tokenTag(token: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    h ^= token.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0') + String(token.length);
}

export const pauseKey = (account: string) => `pause:${account}`;
export const REACH_KEY = 'reach';

/** The write call of an entry. */
export function endpointOf(e: Pick<OutboxEntry, 'kind' | 'op'>): Endpoint {
  if (e.kind === 'weekSales') return addOrEditWeekSalesData;
  if (e.kind === 'salesData') return addOrEditSalesData;
  return e.op === 'copy' ? copySalesTarget : addOrEditSalesTarget;
}

type Classified = 'retry' | 'auth' | 'abort' | 'refused';

function classify(r: Exclude<SendResult, { ok: true }>): Classified {
  if (r.network) return 'retry';
  if (r.msg === 'sessionChanged') return 'abort';
  if (r.status === 401 || r.msg === 'tokenInvalid' || r.msg === 'mustChangePassword') return 'auth';
  if (r.status >= 500 || r.status === 429 || r.status === 408 || r.msg === 'tooManyRequests' || r.msg === 'requestTimeout') return 'retry';
  return 'refused';
}

const sameCountry = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The record an entry's existence check looks for (the server's one-per-period key): weekly sales by country and
 * year-month, period data by country and period, targets by country, year-month and rule.
 */
export function recordKeyOf(e: Pick<OutboxEntry, 'kind' | 'payload'>): string {
  const c = (country: unknown) => String(country ?? '').trim().toUpperCase();
  if (e.kind === 'weekSales') {
    const p = e.payload as WeekSalesFormInput;
    return `weekSales|${c(p.country)}|${Number(p.yearS)}-${Number(p.monthS)}`;
  }
  if (e.kind === 'salesData') {
    const p = e.payload as SalesDataFormInput;
    return `salesData|${c(p.country)}|${String(p.datePeriod)}`;
  }
  const p = e.payload as SalesTargetFormInput;
  return `salesTarget|${c(p.country)}|${Number(p.year)}-${Number(p.month)}|${Number(p.rule)}`;
}

type Existing = { ok: true; record: { id: number | null; version: number | null } | null } | { ok: false; result: Exclude<SendResult, { ok: true }> };

/**
 * The existence check the form runs before an add, and the id of what exists: weekly sales by year, month and country;
 * period data by period and country; targets by year, month, rule and country. `call` sends with the account's token.
 */
export async function findExisting(e: Pick<OutboxEntry, 'kind' | 'payload'>, call: (ep: Endpoint, input: unknown) => Promise<SendResult>): Promise<Existing> {
  if (e.kind === 'weekSales') {
    const p = e.payload as WeekSalesFormInput;
    const r = await call(getWeekSalesDataPage2, { year: p.yearS, month: p.monthS, country: p.country });
    if (!r.ok) return { ok: false, result: r };
    const first = (r.data as Array<{ id: number; version: number }>)[0];
    return { ok: true, record: first ? { id: first.id, version: first.version } : null };
  }
  if (e.kind === 'salesData') {
    const p = e.payload as SalesDataFormInput;
    const r = await call(salesDataExist, { datePeriod: p.datePeriod, country: p.country });
    if (!r.ok) return { ok: false, result: r };
    if (r.data !== true) return { ok: true, record: null };
    const [year, month] = String(p.datePeriod).split('-').map(Number);
    const page = await call(getSalesDataPage, { pageIndex: 1, pageSize: 100, year, month, country: p.country });
    const items = page.ok ? (page.data as { items: Array<{ id: number; version: number; datePeriod: string; country: string }> }).items : [];
    const hit = items.find((i) => i.datePeriod === p.datePeriod && sameCountry(i.country, p.country));
    return { ok: true, record: { id: hit?.id ?? null, version: hit?.version ?? null } };
  }
  const p = e.payload as SalesTargetFormInput;
  const key = { year: Number(p.year), month: Number(p.month), rule: Number(p.rule), country: p.country };
  const r = await call(salesTargetExist, key);
  if (!r.ok) return { ok: false, result: r };
  if (r.data !== true) return { ok: true, record: null };
  const page = await call(getSalesTargetPage, { pageIndex: 1, pageSize: 100, ...key });
  const items = page.ok
    ? (page.data as { items: Array<{ id: number; version: number; year: number; month: number; rule: number; country: string }> }).items
    : [];
  const hit = items.find((i) => i.year === key.year && i.month === key.month && i.rule === key.rule && sameCountry(i.country, key.country));
  return { ok: true, record: { id: hit?.id ?? null, version: hit?.version ?? null } };
}

type Found = { id: number | null; version: number | null } | null;

/**
 * A pass's existence checks (DESIGN §6: an add never sent is checked before it goes). Weekly sales are asked a year at
 * a time (the form's month check, getweeksalesdatapage2, without the month): the answer settles the other months of
 * that country and year for the next `freshMs`, so a queue of months costs one check per country-year. What the pass
 * writes is noted too (a later entry for the same record is a conflict before anything is written, as a fresh check
 * would say). An answer can only miss a record someone else added since: the server refuses that add as a duplicate,
 * and the engine turns the refusal into the same conflict. Period data and targets are asked per entry.
 */
export function existenceChecks(call: (ep: Endpoint, input: unknown) => Promise<SendResult>, now: () => number, freshMs: number) {
  const known = new Map<string, { record: Found; at: number; order: number }>();
  let order = 0;
  /** An answer asked before another was learned never overwrites it (a write's outcome beats an older read). */
  const note = (key: string, record: Found, at: number, asked: number) => {
    const k = known.get(key);
    if (!k || k.order <= asked) known.set(key, { record, at, order: asked });
  };
  const fresh = (e: Pick<OutboxEntry, 'kind' | 'payload'>) => {
    const k = freshMs > 0 ? known.get(recordKeyOf(e)) : undefined;
    return k && k.at >= now() - freshMs ? k : null;
  };
  async function check(e: Pick<OutboxEntry, 'kind' | 'payload'>): Promise<Existing> {
    const k = fresh(e);
    if (k) return { ok: true, record: k.record };
    if (e.kind !== 'weekSales' || freshMs <= 0) return findExisting(e, call);
    const p = e.payload as WeekSalesFormInput;
    const at = now();
    const asked = ++order;
    const r = await call(getWeekSalesDataPage2, { year: p.yearS, country: p.country });
    if (!r.ok) return { ok: false, result: r };
    const byMonth = new Map<number, Found>();
    for (const row of r.data as Array<{ id: number; version: number; datePeriod: string }>) {
      const period = parsePeriod(String(row.datePeriod));
      // Newest first, as the month check answers: its first row of a month is the one that check would give.
      if (period?.year === Number(p.yearS) && !byMonth.has(period.month)) byMonth.set(period.month, { id: row.id, version: row.version });
    }
    for (let m = 1; m <= 12; m++) note(recordKeyOf({ kind: 'weekSales', payload: { ...p, monthS: m } }), byMonth.get(m) ?? null, at, asked);
    return { ok: true, record: byMonth.get(Number(p.monthS)) ?? null };
  }
  return {
    check,
    /** Whether the answer for `e` is known (and fresh) without asking the server. */
    knows: (e: Pick<OutboxEntry, 'kind' | 'payload'>) => fresh(e) !== null,
    /** The server applied `e` as record `rec`. An edit may have moved its record to another period: forget the rest. */
    wrote(e: Pick<OutboxEntry, 'kind' | 'op' | 'payload'>, rec: Found) {
      if (e.op === 'edit') known.clear();
      note(recordKeyOf(e), rec, now(), ++order);
    },
  };
}

export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const { db } = deps;
  const transport = deps.transport ?? fetchTransport({ baseUrl: deps.baseUrl ?? '', fetch: deps.fetch });
  const lock = deps.lock ?? defaultLock();
  const now = deps.now ?? Date.now;
  const isOnline = deps.isOnline ?? (() => (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean' ? navigator.onLine : true));
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const emit = (e: SyncEvent) => deps.onEvent?.(e);
  const pingTimeout = deps.pingTimeoutMs ?? PING_TIMEOUT_MS;
  const sendTimeout = deps.sendTimeoutMs ?? SEND_TIMEOUT_MS;
  const checkFresh = deps.checkFreshMs ?? CHECK_FRESH_MS;

  let started = false;
  let timer: unknown = null;
  let pingFailures = 0;
  let lastResult: PassResult | null = null;
  let current: Promise<PassResult> | null = null;
  let queued: Promise<PassResult> | null = null;
  const detach: Array<() => void> = [];

  const session = () => {
    const account = deps.account();
    const token = deps.token();
    return account && token ? { account, token } : null;
  };
  const same = (a: { account: string; token: string }) => {
    const b = session();
    return !!b && b.account === a.account && b.token === a.token;
  };

  async function setReach(reach: Reach) {
    const cur = await db.meta.get(REACH_KEY);
    if ((cur?.value as { reach?: Reach } | undefined)?.reach === reach) return;
    await db.meta.put({ key: REACH_KEY, value: { reach, at: now() } });
    emit({ type: 'reach', reach });
  }

  /** Writes `changes` to an entry; returns it as it now stands, or null when it is gone (discarded meanwhile). */
  async function update(e: OutboxEntry, changes: Partial<OutboxEntry>): Promise<OutboxEntry | null> {
    const updatedAt = now();
    const n = await db.outbox.update(e.id, { ...changes, updatedAt });
    return n ? { ...e, ...changes, updatedAt } : null;
  }

  /** Back to pending after a failure that is no fault of the entry; `failure` counts it toward the backoff. */
  async function release(e: OutboxEntry, failure: boolean): Promise<number | null> {
    if (!failure) {
      await update(e, { status: 'pending' });
      return null;
    }
    const failures = (e.failures ?? 0) + 1;
    const nextAttemptAt = now() + backoffDelay(failures);
    await update(e, { status: 'pending', error: 'connectionError', failures, nextAttemptAt });
    return nextAttemptAt;
  }

  async function pause(account: string, token: string) {
    await db.meta.put({ key: pauseKey(account), value: { tag: tokenTag(token), at: now() } });
    emit({ type: 'paused', account });
  }

  async function conflict(e: OutboxEntry, reason: 'exists' | 'stale', serverId: number | null, serverVersion: number | null) {
    const saved = await update(e, { status: 'conflict', conflict: { reason, serverId, serverVersion }, error: reason === 'stale' ? 'staleVersion' : 'conflictExists' });
    if (saved) emit({ type: 'conflict', entry: saved });
  }

  type Session = { account: string; token: string };
  /** One pass's state. `settled`: entries the server applied whose synced row is not stored yet (see claim). */
  type Pass = { s: Session; tally: PassResult; settled: OutboxEntry[]; checks: ReturnType<typeof existenceChecks> };
  type Step = { next: true } | { next: false; state: PassResult['state']; nextAt: number | null };
  const NEXT: Step = { next: true };

  /** A call with the pass's token, never with another session's: a sign-in in between answers sessionChanged unsent. */
  const caller =
    (s: Session) =>
    (ep: Endpoint, input: unknown, key?: string): Promise<SendResult> =>
      same(s)
        ? transport(ep, input, { token: s.token, idempotencyKey: key, timeoutMs: sendTimeout })
        : Promise.resolve<SendResult>({ ok: false, network: false, status: 0, msg: 'sessionChanged', data: null });

  /** A transport that throws counts as no answer (retried with backoff). */
  const noAnswer = (): Existing => ({ ok: false, result: { ok: false, network: true } });
  /** The existence check of an entry (answered by the pass's checks when they know); never throws. */
  const check = (e: OutboxEntry, p: Pass): Promise<Existing> => p.checks.check(e).catch(noAnswer);

  /** The synced rows go in the caller's transaction, with their draft copies; their events once it has committed. */
  async function storeSynced(list: readonly OutboxEntry[]) {
    await Promise.all(list.flatMap((e) => [db.outbox.put(e), ...(e.draftKey ? [db.drafts.delete([e.account, e.draftKey])] : [])]));
  }
  const emitSynced = (list: readonly OutboxEntry[]) => list.forEach((entry) => emit({ type: 'synced', entry }));

  /** Stores the settled entries now (before the pass ends, or when no claim follows). */
  async function flush(p: Pass) {
    const list = p.settled.splice(0);
    if (!list.length) return;
    await db.transaction('rw', db.outbox, db.drafts, () => storeSynced(list));
    emitSynced(list);
  }

  /**
   * Marks the entry "sending" (attempts + 1) durably before it goes on the wire: from then on a crash or a lost reply
   * means "may have been applied", so replay resends with the same key instead of checking again. The previous
   * entry's synced row rides in the same transaction (one write per entry). Null when the entry is no longer pending
   * (discarded or replaced meanwhile). Rows "sending" belong to the pass holding the lock: nobody else changes them.
   */
  async function claim(e: OutboxEntry, p: Pass): Promise<OutboxEntry | null> {
    const list = p.settled.splice(0);
    const claimed = await db.transaction('rw', db.outbox, db.drafts, async () => {
      const [cur] = await Promise.all([db.outbox.get(e.id), storeSynced(list)]);
      if (!cur || cur.status !== 'pending' || cur.account !== p.s.account) return null;
      const next: OutboxEntry = { ...cur, status: 'sending', attempts: cur.attempts + 1, updatedAt: now() };
      await db.outbox.put(next);
      return next;
    });
    emitSynced(list);
    return claimed;
  }

  /** The outcome of a failed call (existence check or write) for the entry. */
  async function onFailure(e: OutboxEntry, r: Exclude<SendResult, { ok: true }>, p: Pass): Promise<Step> {
    const { s, tally } = p;
    const kind = classify(r);
    if (kind === 'retry') return { next: false, state: 'backoff', nextAt: await release(e, true) };
    if (kind === 'abort') {
      await release(e, false);
      return { next: false, state: 'aborted', nextAt: null };
    }
    if (kind === 'auth') {
      await release(e, false);
      await pause(s.account, s.token);
      return { next: false, state: 'paused', nextAt: null };
    }
    const refusal = r as Extract<SendResult, { network: false }>;
    if (refusal.msg === 'staleVersion' && e.op === 'edit') {
      const d = (refusal.data ?? {}) as { id?: number; version?: number };
      await conflict(e, 'stale', Number(d.id ?? recordIdOf(e.payload)) || null, typeof d.version === 'number' ? d.version : null);
      tally.conflicts++;
      return NEXT;
    }
    // The server's own duplicate refusal: someone (or an earlier entry, see lookAhead) added the record after the check.
    if (DUPLICATE.has(refusal.msg) && e.op !== 'edit') {
      const found = await findExisting(e, caller(s)).catch(noAnswer);
      const rec = found.ok ? found.record : null;
      await conflict(e, 'exists', rec?.id ?? null, rec?.version ?? null);
      tally.conflicts++;
      return NEXT;
    }
    const saved = await update(e, { status: 'failed', error: refusal.msg, errorData: refusal.data ?? undefined });
    if (saved) emit({ type: 'failed', entry: saved });
    tally.failed++;
    return NEXT;
  }

  /** The existence check an entry still needs: an add or copy never put on the wire. */
  const needsCheck = (e: OutboxEntry) => e.op !== 'edit' && e.attempts === 0;

  /**
   * One entry: the existence check (its answer may have been asked for already, `early`, while the previous entry
   * was on the wire), the claim, the write. While the write is on the wire, `lookAhead` asks the next entry's check.
   */
  async function processEntry(e: OutboxEntry, p: Pass, early: Promise<Existing> | null, lookAhead: (onWire: OutboxEntry) => Promise<void>): Promise<Step> {
    const { s, tally } = p;
    // Never sent: the form's existence check first. Possibly sent (attempts > 0): resend with the same key first, so
    // an add the server applied without our hearing the reply is answered from its stored reply, not a conflict.
    if (needsCheck(e)) {
      const found = await (early ?? check(e, p));
      if (!found.ok) return onFailure(e, found.result, p);
      if (found.record) {
        await conflict(e, 'exists', found.record.id, found.record.version);
        tally.conflicts++;
        return NEXT;
      }
    }

    const claimed = await claim(e, p);
    if (!claimed) return NEXT;

    const sent = caller(s)(endpointOf(claimed), claimed.payload, idempotencyKeyOf(claimed));
    await lookAhead(claimed);
    const r = await sent;
    if (r.ok) {
      const rec = (r.data ?? {}) as { id?: number; version?: number };
      const { error: _error, errorData: _data, conflict: _conflict, ...rest } = claimed;
      const synced: OutboxEntry = { ...rest, status: 'synced', result: { id: Number(rec.id ?? 0), version: Number(rec.version ?? 0) }, failures: 0, nextAttemptAt: 0, updatedAt: now() };
      // Stored with the next claim (or at the end of the pass); until then the row says "sending", which a crash
      // turns into a resend with the same key, answered from the server's stored reply.
      p.settled.push(synced);
      p.checks.wrote(claimed, synced.result ?? null);
      tally.synced++;
      return NEXT;
    }
    return onFailure(claimed, r, p);
  }

  /** The account's pending entries in queue order, a page at a time by index; entries queued meanwhile come last. */
  function pendingQueue(account: string) {
    let page: OutboxEntry[] = [];
    let at = 0;
    let after = -Infinity;
    const fill = async () => {
      if (at < page.length) return;
      page = await db.outbox
        .where('[account+status+seq]')
        .between([account, 'pending', after], [account, 'pending', Infinity], false, true)
        .limit(QUEUE_PAGE)
        .toArray();
      at = 0;
    };
    return {
      async peek(): Promise<OutboxEntry | null> {
        await fill();
        return page[at] ?? null;
      },
      async next(): Promise<OutboxEntry | null> {
        await fill();
        const e = page[at++] ?? null;
        if (e) after = e.seq;
        return e;
      },
    };
  }

  async function finish(p: Pass, state: PassResult['state'], nextAt: number | null): Promise<PassResult> {
    const { s, tally } = p;
    await flush(p);
    const [pending, sending] = await Promise.all([entriesWith(db, s.account, 'pending').count(), entriesWith(db, s.account, 'sending').count()]);
    const waiting = pending + sending;
    const idle = state === 'done' && waiting === 0 && tally.synced + tally.failed + tally.conflicts === 0;
    return { ...tally, state: idle ? 'idle' : state, pending: waiting, nextAt };
  }

  async function pass(): Promise<PassResult> {
    const tally: PassResult = { state: 'idle', synced: 0, failed: 0, conflicts: 0, pending: 0, nextAt: null };
    const s = session();
    if (!s) return { ...tally, state: 'noSession' };
    const p: Pass = { s, tally, settled: [], checks: existenceChecks(caller(s), now, checkFresh) };

    await purgeSynced(db, now());
    // We hold the lock: a row still "sending" belongs to a pass that died (a closed tab). It may have been applied.
    await entriesWith(db, s.account, 'sending').modify({ status: 'pending' });

    if (!isOnline()) {
      await setReach('offline');
      return finish(p, 'offline', null);
    }
    const note = await db.meta.get(pauseKey(s.account));
    if (note) {
      if ((note.value as { tag?: string }).tag === tokenTag(s.token)) return finish(p, 'paused', null);
      // A new sign-in of this account since the pause: the queue goes on.
      await db.meta.delete(pauseKey(s.account));
      emit({ type: 'resumed', account: s.account });
    }

    // Reachability once per pass; after that, each entry's own calls say whether the server still answers.
    const pong = await transport(ping, {}, { token: null, timeoutMs: pingTimeout });
    if (!pong.ok && pong.network) {
      pingFailures++;
      await setReach('unreachable');
      return finish(p, 'unreachable', now() + Math.min(backoffDelay(pingFailures), PING_BACKOFF_CAP_MS));
    }
    pingFailures = 0;
    await setReach('reachable');

    const queue = pendingQueue(s.account);
    // (Assigned in lookAhead; the cast keeps TypeScript from narrowing it to null.)
    let ahead = null as { id: string; found: Promise<Existing> } | null;
    // While an entry's write is on the wire, the next entry's existence check (a read) goes too, so the two round
    // trips overlap. Safe: a record the write on the wire creates is still refused by the server as a duplicate, which
    // becomes a conflict (onFailure); and when the next entry is for the same record key, its check waits for the
    // write, so that case is a conflict before anything is written, as without the overlap.
    const lookAhead = async (onWire: OutboxEntry) => {
      const n = await queue.peek();
      if (!n || !needsCheck(n) || n.nextAttemptAt > now() || recordKeyOf(n) === recordKeyOf(onWire) || p.checks.knows(n)) return;
      ahead = { id: n.id, found: check(n, p) };
    };
    for (;;) {
      if (!same(s)) return finish(p, 'aborted', null);
      const e = await queue.next();
      if (!e) return finish(p, 'done', null);
      // Order is kept: an entry waiting for its retry time holds back the ones queued after it.
      if (e.nextAttemptAt > now()) return finish(p, 'backoff', e.nextAttemptAt);
      const early: Promise<Existing> | null = ahead?.id === e.id ? ahead.found : null;
      ahead = null;
      const step = await processEntry(e, p, early, lookAhead);
      if (!step.next) return finish(p, step.state, step.nextAt);
    }
  }

  function schedule(r: PassResult) {
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (!started || r.pending === 0 || r.state === 'paused' || r.state === 'noSession') return;
    const at = r.nextAt ?? now() + IDLE_POLL_MS;
    timer = setTimer(
      () => {
        timer = null;
        void kick();
      },
      Math.max(0, at - now()),
    );
  }

  function runLocked(): Promise<PassResult> {
    return lock(SYNC_LOCK, pass)
      .catch(
        // Storage or lock trouble (e.g. the database closed by an upgrade in another tab): nothing was lost (every
        // step is its own transaction); look again a little later.
        (): PassResult => ({ state: 'aborted', synced: 0, failed: 0, conflicts: 0, pending: 1, nextAt: now() + IDLE_POLL_MS }),
      )
      .then((r) => {
        lastResult = r;
        emit({ type: 'pass', result: r });
        schedule(r);
        return r;
      });
  }

  function kick(): Promise<PassResult> {
    if (!current) {
      current = runLocked().finally(() => {
        current = null;
      });
      return current;
    }
    queued ??= current
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return kick();
      });
    return queued;
  }

  async function syncNow(): Promise<PassResult> {
    const s = session();
    pingFailures = 0;
    if (s) await resetBackoff(db, s.account);
    return kick();
  }

  function start() {
    if (started) return;
    started = true;
    const on = (target: EventTarget | undefined, type: string, fn: (e: Event) => void) => {
      if (!target?.addEventListener) return;
      target.addEventListener(type, fn);
      detach.push(() => target.removeEventListener(type, fn));
    };
    const trigger = () => void kick();
    if (typeof window !== 'undefined') {
      on(window, 'online', trigger);
      on(window, 'offline', trigger);
    }
    if (typeof document !== 'undefined') on(document, 'visibilitychange', () => document.visibilityState === 'visible' && trigger());
    // Background sync: the service worker posts { type: 'sync' } where the browser has it.
    if (typeof navigator !== 'undefined' && navigator.serviceWorker)
      on(navigator.serviceWorker, 'message', (e) => (e as MessageEvent<{ type?: string } | undefined>).data?.type === 'sync' && trigger());
    trigger();
  }

  function stop() {
    started = false;
    if (timer !== null) clearTimer(timer);
    timer = null;
    for (const d of detach.splice(0)) d();
  }

  return {
    start,
    stop,
    kick,
    syncNow,
    get started() {
      return started;
    },
    get lastResult() {
      return lastResult;
    },
  };
}
