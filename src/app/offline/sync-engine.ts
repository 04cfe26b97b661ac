// The sync engine (DESIGN §6): replays the signed-in account's outbox to the server, in queue order, one pass at a time
// per device (a Web Lock; a mutex where there is none). It keeps the server's rules on replay: an add that was never
// sent runs the form's existence check first (an existing record is a conflict, not a duplicate); a resend after a lost
// reply goes with the same Idempotency-Key, so the server answers with its stored reply instead of applying it twice;
// an edit carries its base version and a stale one becomes a conflict. Connection failures back off (1 s … 5 min);
// an invalid session pauses the account's queue until that account signs in again; refusals are kept as failed.
// Built from injected pieces (database, session getters, transport, lock, clock, timers) so it also runs in Node
// (fake-indexeddb, fetchTransport) for tests and benchmarks: createSyncEngine({ db, account, token, baseUrl }).
import { ping } from '@/shared/contracts/system';
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
import { backoffDelay, entriesOf, idempotencyKeyOf, purgeSynced, recordIdOf, resetBackoff } from './outbox';
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

  async function update(id: string, changes: Partial<OutboxEntry>): Promise<OutboxEntry | undefined> {
    await db.outbox.update(id, { ...changes, updatedAt: now() });
    return db.outbox.get(id);
  }

  /** Back to pending after a failure that is no fault of the entry; `failure` counts it toward the backoff. */
  async function release(e: OutboxEntry, failure: boolean): Promise<number | null> {
    if (!failure) {
      await update(e.id, { status: 'pending' });
      return null;
    }
    const failures = (e.failures ?? 0) + 1;
    const nextAttemptAt = now() + backoffDelay(failures);
    await update(e.id, { status: 'pending', error: 'connectionError', failures, nextAttemptAt });
    return nextAttemptAt;
  }

  async function pause(account: string, token: string) {
    await db.meta.put({ key: pauseKey(account), value: { tag: tokenTag(token), at: now() } });
    emit({ type: 'paused', account });
  }

  async function conflict(e: OutboxEntry, reason: 'exists' | 'stale', serverId: number | null, serverVersion: number | null) {
    const saved = await update(e.id, { status: 'conflict', conflict: { reason, serverId, serverVersion }, error: reason === 'stale' ? 'staleVersion' : 'conflictExists' });
    if (saved) emit({ type: 'conflict', entry: saved });
  }

  type Step = { next: true } | { next: false; state: PassResult['state']; nextAt: number | null };
  const NEXT: Step = { next: true };

  /** The outcome of a failed call (existence check or write) for the entry. */
  async function onFailure(e: OutboxEntry, r: Exclude<SendResult, { ok: true }>, s: { account: string; token: string }, tally: PassResult): Promise<Step> {
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
    if (DUPLICATE.has(refusal.msg) && e.op !== 'edit') {
      const found = await findExisting(e, (ep, input) => transport(ep, input, { token: s.token, timeoutMs: sendTimeout }));
      const rec = found.ok ? found.record : null;
      await conflict(e, 'exists', rec?.id ?? null, rec?.version ?? null);
      tally.conflicts++;
      return NEXT;
    }
    const saved = await update(e.id, { status: 'failed', error: refusal.msg, errorData: refusal.data ?? undefined });
    if (saved) emit({ type: 'failed', entry: saved });
    tally.failed++;
    return NEXT;
  }

  async function processEntry(e: OutboxEntry, s: { account: string; token: string }, tally: PassResult): Promise<Step> {
    const call = (ep: Endpoint, input: unknown, key?: string) =>
      same(s)
        ? transport(ep, input, { token: s.token, idempotencyKey: key, timeoutMs: sendTimeout })
        : Promise.resolve<SendResult>({ ok: false, network: false, status: 0, msg: 'sessionChanged', data: null });

    // Never sent: the form's existence check first. Possibly sent (attempts > 0): resend with the same key first, so
    // an add the server applied without our hearing the reply is answered from its stored reply, not a conflict.
    if (e.op !== 'edit' && e.attempts === 0) {
      const found = await findExisting(e, (ep, input) => call(ep, input));
      if (!found.ok) return onFailure(e, found.result, s, tally);
      if (found.record) {
        await conflict(e, 'exists', found.record.id, found.record.version);
        tally.conflicts++;
        return NEXT;
      }
    }

    // Claimed durably before it goes on the wire: from here on, a crash or a lost reply means "may have been applied".
    const claimed = await db.transaction('rw', db.outbox, async () => {
      const cur = await db.outbox.get(e.id);
      if (!cur || cur.status !== 'pending' || cur.account !== s.account) return null;
      const next: OutboxEntry = { ...cur, status: 'sending', attempts: cur.attempts + 1, updatedAt: now() };
      await db.outbox.put(next);
      return next;
    });
    if (!claimed) return NEXT;

    const r = await call(endpointOf(claimed), claimed.payload, idempotencyKeyOf(claimed));
    if (r.ok) {
      const rec = (r.data ?? {}) as { id?: number; version?: number };
      const saved = await update(claimed.id, {
        status: 'synced',
        result: { id: Number(rec.id ?? 0), version: Number(rec.version ?? 0) },
        error: undefined,
        errorData: undefined,
        conflict: undefined,
        failures: 0,
        nextAttemptAt: 0,
      });
      if (claimed.draftKey) await db.drafts.delete([claimed.account, claimed.draftKey]);
      tally.synced++;
      if (saved) emit({ type: 'synced', entry: saved });
      return NEXT;
    }
    return onFailure(claimed, r, s, tally);
  }

  async function pass(): Promise<PassResult> {
    const tally: PassResult = { state: 'idle', synced: 0, failed: 0, conflicts: 0, pending: 0, nextAt: null };
    const s = session();
    if (!s) return { ...tally, state: 'noSession' };
    const waiting = async () => (await entriesOf(db, s.account)).filter((e) => e.status === 'pending' || e.status === 'sending');
    const finish = async (state: PassResult['state'], nextAt: number | null): Promise<PassResult> => {
      const pending = (await waiting()).length;
      return { ...tally, state: state === 'done' && pending === 0 && tally.synced + tally.failed + tally.conflicts === 0 ? 'idle' : state, pending, nextAt };
    };

    await purgeSynced(db, now());
    // We hold the lock: a row still "sending" belongs to a pass that died (a closed tab). It may have been applied.
    await db.outbox.where('[account+status]').equals([s.account, 'sending']).modify({ status: 'pending' });

    if (!isOnline()) {
      await setReach('offline');
      return finish('offline', null);
    }
    const note = await db.meta.get(pauseKey(s.account));
    if (note) {
      if ((note.value as { tag?: string }).tag === tokenTag(s.token)) return finish('paused', null);
      // A new sign-in of this account since the pause: the queue goes on.
      await db.meta.delete(pauseKey(s.account));
      emit({ type: 'resumed', account: s.account });
    }

    const pong = await transport(ping, {}, { token: null, timeoutMs: pingTimeout });
    if (!pong.ok && pong.network) {
      pingFailures++;
      await setReach('unreachable');
      return finish('unreachable', now() + Math.min(backoffDelay(pingFailures), PING_BACKOFF_CAP_MS));
    }
    pingFailures = 0;
    await setReach('reachable');

    const queue = (await entriesOf(db, s.account)).filter((e) => e.status === 'pending');
    for (const e of queue) {
      if (!same(s)) return finish('aborted', null);
      // Order is kept: an entry waiting for its retry time holds back the ones queued after it.
      if (e.nextAttemptAt > now()) return finish('backoff', e.nextAttemptAt);
      const step = await processEntry(e, s, tally);
      if (!step.next) return finish(step.state, step.nextAt);
    }
    return finish('done', null);
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
